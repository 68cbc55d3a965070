import { useTranslation } from 'react-i18next';
import type { ServiceLookupGroup } from '@shared';
import { FieldError, fieldA11y } from '../components/Field';
import type { Draft, FieldErrors, ServiceLineDraft } from './draft';
import { ServiceSelect } from './ServiceSelect';
import { ScheduleTime } from './ScheduleTime';

interface Props {
  draft: Draft;
  errors: FieldErrors;
  update: (patch: Partial<Draft>) => void;
  groups: ServiceLookupGroup[] | null;
}

const MAX_LINES = 20;
const NOTE_MAX = 2000;

/** The repeatable service lines: a service and what the guest wants to tell about it. */
export function ServiceLines({ draft, errors, update, groups }: Props) {
  const { t } = useTranslation();
  const setLine = (key: number, patch: Partial<ServiceLineDraft>) => update({ lines: draft.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  const add = () => {
    const key = Math.max(0, ...draft.lines.map((l) => l.key)) + 1;
    update({ lines: [...draft.lines, { key, serviceId: null, note: '' }] });
    // The new line's picker takes the focus so the guest can go straight on.
    requestAnimationFrame(() => document.getElementById(`service-${key}`)?.focus());
  };
  const specialId = groups?.flatMap((g) => g.services).find((s) => s.isSpecial)?.id;
  /** Nothing fits what the guest searched for: the line becomes a Special Request with their words as its details. */
  const askAsSpecial = (line: ServiceLineDraft, term: string) => {
    if (!specialId) return;
    const note = (line.note.trim() ? `${line.note}\n${term}` : term).slice(0, NOTE_MAX);
    setLine(line.key, { serviceId: specialId, note });
    // The details box takes the focus: the guest may say more than the few words searched.
    requestAnimationFrame(() => document.getElementById(`service-${line.key}-note`)?.focus());
  };
  const remove = (key: number) => update({ lines: draft.lines.filter((l) => l.key !== key) });

  return (
    <section className="stack" aria-labelledby="services-title">
      <h2 id="services-title">{t('service.services')}</h2>
      {draft.lines.map((line, index) => {
        const id = `service-${line.key}`;
        const error = errors[`service-${line.key}`];
        const noteError = errors[`service-${line.key}-note`];
        const special = groups?.some((g) => g.services.some((s) => s.id === line.serviceId && s.isSpecial)) ?? false;
        const label = t('service.serviceN', { n: index + 1 });
        return (
          <div key={line.key} className="panel service-line" role="group" aria-label={label}>
            <ServiceSelect
              id={id}
              label={label}
              loading={!groups}
              groups={groups ?? []}
              value={line.serviceId}
              onChange={(serviceId) => setLine(line.key, { serviceId })}
              invalid={Boolean(error)}
              errorId={error ? `${id}-error` : undefined}
              onSpecialRequest={specialId ? (term) => askAsSpecial(line, term) : undefined}
            />
            <FieldError id={`${id}-error`} message={error} />
            <div className="field">
              {/* A Special Request is only what the guest writes here, so its details are required. */}
              <label htmlFor={`${id}-note`}>{special ? t('service.descriptionRequired') : t('service.description')}</label>
              <textarea
                id={`${id}-note`}
                rows={2}
                maxLength={NOTE_MAX}
                required={special}
                placeholder={t('service.descriptionPlaceholder')}
                value={line.note}
                onChange={(e) => setLine(line.key, { note: e.target.value })}
                {...fieldA11y(`${id}-note`, noteError)}
              />
              <FieldError id={`${id}-note-error`} message={noteError} />
            </div>
            <ScheduleTime
              id={id}
              value={line.schedule ?? { scheduled: false, day: '', time: '' }}
              onChange={(schedule) => setLine(line.key, { schedule })}
              error={errors[`service-${line.key}-time`]}
            />
            {draft.lines.length > 1 && (
              <button type="button" className="link danger" onClick={() => remove(line.key)}>
                {t('service.remove', { n: index + 1 })}
              </button>
            )}
          </div>
        );
      })}
      {draft.lines.length < MAX_LINES && (
        <button type="button" className="secondary" onClick={add}>
          + {t('service.add')}
        </button>
      )}
    </section>
  );
}
