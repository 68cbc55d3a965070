import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import { ApiError, api } from '../api';
import type { Navigate } from '../App';
import { ErrorPanel } from '../components/ErrorPanel';
import { errorMessage } from '../components/errors';
import { setFlash } from '../flash';
import { CustomerFields } from './CustomerFields';
import { type Draft, type FieldErrors, type FieldKey, clearDraft, loadDraft, saveDraft, toRequestBody, validateDraft } from './draft';
import { ServiceLines } from './ServiceLines';
import { StayFields } from './StayFields';
import { useLookups } from './use-lookups';

const SERVER_FIELDS: Record<string, FieldKey> = { custName: 'custName', custEmail: 'custEmail', custPhone: 'custPhone', hotelId: 'hotelId', roomId: 'roomId' };

/** Request/Service: the page a guest reaches from the room's QR code. */
export function ServicePage({ query, navigate }: { query: URLSearchParams; navigate: Navigate }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => loadDraft(query));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const lookups = useLookups(i18n.language, draft.hotelId);

  useEffect(() => saveDraft(draft), [draft]);

  // A room from an old QR code or draft that this hotel does not have is dropped.
  useEffect(() => {
    if (lookups.rooms && draft.roomId && !lookups.rooms.some((r) => r.id === draft.roomId)) setDraft((d) => ({ ...d, roomId: null }));
  }, [lookups.rooms, draft.roomId]);

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };
  const errors: FieldErrors = { ...(showErrors ? validateDraft(draft) : {}), ...serverErrors };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const problems = validateDraft(draft);
    setShowErrors(true);
    setSubmitError(null);
    if (Object.keys(problems).length) {
      // The first field in page order with a problem takes the focus; its message is read with it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      const response = await api.addRequest(toRequestBody(draft));
      clearDraft();
      setFlash(response.message || t('service.success'));
      navigate(`${clientRoutes.guestReview}?id=${encodeURIComponent(response.id)}`);
    } catch (error) {
      setSubmitError(error);
      if (error instanceof ApiError) {
        const fields: FieldErrors = {};
        for (const e of error.fieldErrors) if (SERVER_FIELDS[e.field]) fields[SERVER_FIELDS[e.field]] = e.message;
        setServerErrors(fields);
      }
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  if (lookups.error && !lookups.hotels) {
    return <ErrorPanel title={t('service.title')} message={`${t('service.lookupsFailed')} ${errorMessage(lookups.error, t)}`} onRetry={lookups.retry} />;
  }
  const hasProblems = showErrors && Object.keys(errors).length > 0;

  return (
    <form ref={form} className="stack" noValidate onSubmit={submit} aria-busy={sending}>
      <div>
        <h1>{t('service.title')}</h1>
        <p className="muted">{t('service.intro')}</p>
      </div>
      {Boolean(lookups.error) && <ErrorPanel message={`${t('service.lookupsFailed')} ${errorMessage(lookups.error, t)}`} onRetry={lookups.retry} />}
      <CustomerFields draft={draft} errors={errors} update={update} />
      <StayFields draft={draft} errors={errors} update={update} hotels={lookups.hotels} rooms={lookups.rooms} />
      <ServiceLines draft={draft} errors={errors} update={update} groups={lookups.services} />
      <div role="alert" className="form-alert">
        {hasProblems && !submitError && <p className="field-error">{t('validation.summary')}</p>}
        {Boolean(submitError) && (
          <div className="panel error-panel">
            <p>{errorMessage(submitError, t)}</p>
            <p className="muted">{t('errors.draftKept')}</p>
          </div>
        )}
      </div>
      <button type="submit" className="primary submit" disabled={sending}>
        {sending ? t('service.sending') : t('service.submit')}
      </button>
    </form>
  );
}
