import { Combobox, Field, Option, OptionGroup, Tag, TagGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ASAP, ScheduleLine, missingTime } from './ScheduleLine';
import type { NewRequestForm } from './use-new-request-form';

/** The services asked for: found by typing, one tag and one time line each. */
export function ServicePicker({ desk }: { desk: NewRequestForm }) {
  const { t } = useTranslation();
  const { form, set, dispatch, serviceGroups, serviceName, problems, fieldProblem, servicesProblem, required, listProps } = desk;
  const { serviceIds, schedules } = form;
  return (
    <>
      <Field label={t('desk.services')} required validationMessage={required(problems.services) ?? servicesProblem}>
        {/* Typing finds a service; each one picked joins the chosen below (one line per service). */}
        <Combobox
          freeform
          placeholder={t('desk.servicesPlaceholder')}
          value={form.serviceText}
          selectedOptions={[]}
          {...listProps('services')}
          onChange={(e) => {
            set({ serviceText: e.target.value });
            desk.setOpenList('services');
          }}
          onOptionSelect={(_, d) => (d.optionValue ? dispatch({ type: 'addService', id: d.optionValue }) : set({ serviceText: '' }))}
          data-testid="new-request-services"
        >
          {serviceGroups.map((g) => (
            <OptionGroup key={g.name} label={g.name}>
              {g.services.map((s) => (
                <Option key={s.id} value={String(s.id)}>
                  {s.name}
                </Option>
              ))}
            </OptionGroup>
          ))}
        </Combobox>
      </Field>
      {serviceIds.length > 0 && (
        <TagGroup aria-label={t('desk.services')} onDismiss={(_, d) => dispatch({ type: 'removeService', id: d.value })} data-testid="new-request-chosen">
          {serviceIds.map((id) => (
            <Tag key={id} value={id} dismissible dismissIcon={{ 'aria-label': t('desk.removeService', { name: serviceName(id) }) }}>
              {serviceName(id)}
            </Tag>
          ))}
        </TagGroup>
      )}
      {serviceIds.map((id, i) => (
        <ScheduleLine
          key={id}
          serviceName={serviceName(id)}
          value={schedules[id] ?? ASAP}
          onChange={(value) => dispatch({ type: 'schedule', id, value })}
          error={fieldProblem(`services.${i}.scheduledAt`) ?? (form.tried && missingTime(schedules[id]) ? t('desk.timeRequired') : undefined)}
        />
      ))}
    </>
  );
}
