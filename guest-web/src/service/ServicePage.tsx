import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import { ApiError, api } from '../api';
import type { Navigate } from '../App';
import { ErrorPanel } from '../components/ErrorPanel';
import { errorMessage } from '../components/errors';
import { MyRequests } from '../components/MyRequests';
import { setFlash } from '../flash';
import { rememberRequest } from '../my-requests';
import { CustomerFields } from './CustomerFields';
import { type Draft, type FieldErrors, type FieldKey, afterSubmit, linkSignature, loadDraft, saveDraft, toRequestBody, validateDraft } from './draft';
import { ServiceLines } from './ServiceLines';
import { StayFields } from './StayFields';
import { useLookups } from './use-lookups';
import { useRoomStay } from './use-room-stay';

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
  /** Which part of the link (or saved draft) named a hotel or room that does not exist. */
  const [linkProblem, setLinkProblem] = useState<'hotel' | 'room' | null>(null);
  const specialIds = useMemo(() => new Set((lookups.services ?? []).flatMap((g) => g.services.filter((s) => s.isSpecial).map((s) => s.id))), [lookups.services]);

  useEffect(() => saveDraft(draft), [draft]);
  useRoomStay(draft.link, setDraft);

  // A hotel or room from an old QR code or draft that does not exist is dropped, never sent
  // hidden, and the guest is told which one to choose.
  useEffect(() => {
    if (lookups.hotels && draft.hotelId && !lookups.hotels.some((h) => h.id === draft.hotelId)) {
      setDraft((d) => ({ ...d, hotelId: null, roomId: null }));
      setLinkProblem('hotel');
    }
  }, [lookups.hotels, draft.hotelId]);
  // The room is judged only once the hotel is known to exist: an unknown hotel's rooms answer 404 (no
  // rooms), and that answer may come before the hotels' list; the problem is then the hotel, not the room.
  const hotelKnown = lookups.hotels?.some((h) => h.id === draft.hotelId) ?? false;
  useEffect(() => {
    if (hotelKnown && lookups.rooms && draft.roomId && !lookups.rooms.some((r) => r.id === draft.roomId)) {
      setDraft((d) => ({ ...d, roomId: null }));
      setLinkProblem('room');
    }
  }, [hotelKnown, lookups.rooms, draft.roomId]);

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
    if (patch.hotelId !== undefined || patch.roomId !== undefined) setLinkProblem(null);
  };
  const errors: FieldErrors = { ...(showErrors ? validateDraft(draft, specialIds) : {}), ...serverErrors };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const problems = validateDraft(draft, specialIds);
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
      const response = await api.addRequest(toRequestBody(draft), linkSignature(draft));
      rememberRequest({ id: response.id, at: new Date().toISOString() });
      // The next request starts with the same guest, hotel and room; only the services are new.
      saveDraft(afterSubmit(draft));
      setFlash(response.message || t('service.success'));
      navigate(`${clientRoutes.guestReview}?id=${encodeURIComponent(response.id)}`);
    } catch (error) {
      setSubmitError(error);
      if (error instanceof ApiError) {
        const fields: FieldErrors = {};
        for (const e of error.fieldErrors) {
          // A line's time the hotel's clock refuses (past, too far ahead): shown under that line's time.
          const time = /^services\.(\d+)\.scheduledAt$/.exec(e.field);
          const line = time ? draft.lines[Number(time[1])] : undefined;
          if (line) fields[`service-${line.key}-time`] = e.message;
          else if (SERVER_FIELDS[e.field]) fields[SERVER_FIELDS[e.field]] = e.message;
        }
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
      {linkProblem && (
        <p className="panel notice" role="status" data-testid="link-problem">
          {linkProblem === 'hotel' ? t('service.linkHotelUnknown') : t('service.linkRoomUnknown')}
        </p>
      )}
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
      <MyRequests navigate={navigate} />
    </form>
  );
}
