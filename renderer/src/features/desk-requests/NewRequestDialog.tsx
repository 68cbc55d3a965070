import './strings';
import {
  Button,
  Checkbox,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  OptionGroup,
  Radio,
  RadioGroup,
  Tag,
  TagGroup,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { isAxiosError } from 'axios';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_CODE } from '@shared/patterns';
import { DESK_CHANNELS, endpoints, type CreateRequestForGuestResponse, type Lookup, type RoomLookup, type ServiceLookupGroup } from '@shared';
import { call } from '../../api/client';
import { handleError, serverMessage } from '../../feedback/handle-error';
import { useReturnFocus } from '../../ui/use-return-focus';
import { deskPhone } from './desk-phone';
import { ASAP, ScheduleLine, missingTime, scheduledAtOf, type LineSchedule } from './ScheduleLine';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '10px' },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '10px' },
  hint: { color: tokens.colorNeutralForeground3 },
  // Numbers and addresses read left to right inside Arabic.
  ltr: { direction: 'ltr', textAlign: 'start' },
});

type Channel = (typeof DESK_CHANNELS)[number];

export interface NewRequestDialogProps {
  open: boolean;
  onClose(): void;
  /** The request was filed: the server's answer, and whether the tracking link was to be e-mailed. */
  onCreated(answer: CreateRequestForGuestResponse, emailAsked: boolean): void;
}

/** The server's problem with one field of the form, if it named one. */
function fieldErrorOf(err: unknown): { field: string; message: string } | undefined {
  if (!isAxiosError(err)) return undefined;
  const errors = (err.response?.data as { errors?: { field: string; message: string }[] } | undefined)?.errors;
  return errors?.[0];
}

/**
 * Files a request for a room on a guest's behalf: taken by phone or at the desk. What the
 * guest page asks, but the guest's name, phone and e-mail are optional; the server then
 * handles it as a guest's request (clock, alerts, routing, escalation).
 */
export function NewRequestDialog({ open, onClose, onCreated }: NewRequestDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  useReturnFocus(open);
  const [hotels, setHotels] = useState<Lookup[]>([]);
  const [rooms, setRooms] = useState<RoomLookup[]>([]);
  const [groups, setGroups] = useState<ServiceLookupGroup[]>([]);
  const [channel, setChannel] = useState<Channel>('phone');
  const [hotelId, setHotelId] = useState<number>();
  const [roomText, setRoomText] = useState('');
  const [name, setName] = useState('');
  const [phoneText, setPhoneText] = useState('');
  const [email, setEmail] = useState('');
  const [emailLink, setEmailLink] = useState(true);
  const [serviceIds, setServiceIds] = useState<string[]>([]);
  const [serviceText, setServiceText] = useState('');
  // Each chosen service's asked-for time, by its id: absent is as soon as possible.
  const [schedules, setSchedules] = useState<Record<string, LineSchedule>>({});
  // Text that arrives without key presses (an input method, Arabic on some keyboards, a paste) opens the choices too.
  const [openList, setOpenList] = useState<'room' | 'services'>();
  const listProps = (list: 'room' | 'services') => ({
    open: openList === list,
    onOpenChange: (_: unknown, d: { open: boolean }) => setOpenList(d.open ? list : undefined),
  });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ field: string; message: string }>();

  useEffect(() => {
    if (!open) return;
    setChannel('phone');
    setRoomText('');
    setName('');
    setPhoneText('');
    setEmail('');
    setEmailLink(true);
    setServiceIds([]);
    setServiceText('');
    setSchedules({});
    setNote('');
    setTried(false);
    setServerProblem(undefined);
    let live = true;
    Promise.all([call(endpoints.generateHotels), call(endpoints.generateServices)]).then(
      ([h, s]) => {
        if (!live) return;
        setHotels(h);
        setGroups(s);
        // One hotel (a usual desk): nothing to choose.
        setHotelId((current) => current ?? (h.length === 1 ? h[0].id : undefined));
      },
      (err: unknown) => handleError(err, t('desk.failed')),
    );
    return () => {
      live = false;
    };
  }, [open, t, i18n.language]);

  useEffect(() => {
    setRooms([]);
    if (!open || !hotelId) return;
    let live = true;
    call(endpoints.generateRooms, { query: { hotelId } }).then(
      (r) => live && setRooms(r),
      (err: unknown) => handleError(err, t('desk.failed')),
    );
    return () => {
      live = false;
    };
  }, [open, hotelId, t]);

  const typedRoom = roomText.trim();
  const room = rooms.find((r) => r.number === typedRoom);
  const roomOptions = useMemo(() => rooms.filter((r) => r.number.startsWith(typedRoom)).slice(0, 50), [rooms, typedRoom]);
  const phone = deskPhone(phoneText);
  const serviceGroups = useMemo(() => {
    const typed = serviceText.trim().toLocaleLowerCase();
    return groups
      .map((g) => ({ ...g, services: g.services.filter((s) => !serviceIds.includes(String(s.id)) && s.name.toLocaleLowerCase().includes(typed)) }))
      .filter((g) => g.services.length > 0);
  }, [groups, serviceIds, serviceText]);
  const serviceName = (id: string) => groups.flatMap((g) => g.services).find((s) => String(s.id) === id)?.name ?? '';

  const problems = {
    hotel: !hotelId,
    room: !room,
    services: serviceIds.length === 0,
    phone: phone.problem,
    times: serviceIds.some((id) => missingTime(schedules[id])),
  };
  const submit = async () => {
    setTried(true);
    setServerProblem(undefined);
    if (Object.values(problems).some(Boolean) || !hotelId || !room) return;
    setBusy(true);
    try {
      const emailAsked = emailLink && email.trim() !== '';
      const answer = await call(endpoints.createRequestForGuest, {
        body: {
          channel,
          hotelId,
          roomId: room.id,
          custName: name.trim(),
          custPhone: phone.phone,
          custEmail: email.trim(),
          emailLink: emailAsked,
          guestLanguage: i18n.language === 'ar' ? 'ar' : 'en',
          note,
          services: serviceIds.map((id) => ({ serviceId: Number(id), note: '', ...scheduledAtOf(schedules[id]) })),
        },
      });
      onCreated(answer, emailAsked);
    } catch (err) {
      const field = fieldErrorOf(err);
      if (field) setServerProblem(field);
      else if (serverMessage(err)) setServerProblem({ field: '', message: serverMessage(err)! });
      handleError(err, t('desk.failed'));
    } finally {
      setBusy(false);
    }
  };
  const fieldProblem = (field: string) => (serverProblem && serverProblem.field.startsWith(field) ? serverProblem.message : undefined);
  // A line's own problem (its time) shows on the line, not on the services field.
  const servicesProblem = serverProblem && /^services(\.\d+\.serviceId)?$/.test(serverProblem.field) ? serverProblem.message : undefined;
  const required = (missing: boolean) => (tried && missing ? t('desk.required') : undefined);

  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby="new-request-hint" data-testid="new-request-dialog">
        <DialogBody>
          <DialogTitle>{t('desk.title')}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text id="new-request-hint" className={styles.hint}>
              {t('desk.hint')}
            </Text>
            <Field label={t('desk.channel')}>
              <RadioGroup layout="horizontal" value={channel} onChange={(_, d) => setChannel(d.value as Channel)} data-testid="new-request-channel">
                {DESK_CHANNELS.map((c) => (
                  <Radio key={c} value={c} label={t(`lists.channels.${c}`)} />
                ))}
              </RadioGroup>
            </Field>
            <div className={styles.row}>
              <Field label={t('desk.hotel')} required validationMessage={required(problems.hotel) ?? fieldProblem('hotelId')}>
                <Dropdown
                  value={hotels.find((h) => h.id === hotelId)?.name ?? ''}
                  selectedOptions={hotelId ? [String(hotelId)] : []}
                  onOptionSelect={(_, d) => {
                    setHotelId(Number(d.optionValue));
                    setRoomText('');
                  }}
                  data-testid="new-request-hotel"
                >
                  {hotels.map((h) => (
                    <Option key={h.id} value={String(h.id)}>
                      {h.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field
                label={t('desk.room')}
                required
                validationMessage={
                  fieldProblem('roomId') ?? (tried && typedRoom && !room ? t('desk.roomUnknown', { number: typedRoom }) : required(problems.room))
                }
              >
                {/* Typing the number finds the room; a number typed in full is taken without picking it. */}
                <Combobox
                  freeform
                  className={styles.ltr}
                  disabled={!hotelId}
                  placeholder={t('desk.roomPlaceholder')}
                  value={roomText}
                  selectedOptions={room ? [String(room.id)] : []}
                  {...listProps('room')}
                  onChange={(e) => {
                    setRoomText(e.target.value);
                    setOpenList('room');
                  }}
                  onOptionSelect={(_, d) => d.optionText !== undefined && setRoomText(d.optionText)}
                  data-testid="new-request-room"
                >
                  {roomOptions.map((r) => (
                    <Option key={r.id} value={String(r.id)}>
                      {r.number}
                    </Option>
                  ))}
                </Combobox>
              </Field>
            </div>
            <div className={styles.row}>
              <Field label={t('desk.guestName')} validationMessage={fieldProblem('custName')}>
                <Input value={name} maxLength={200} onChange={(_, d) => setName(d.value)} data-testid="new-request-name" />
              </Field>
              <Field
                label={t('desk.guestPhone')}
                hint={t('desk.phoneHint', { example: phone.example, code: DEFAULT_DIAL_CODE })}
                validationMessage={fieldProblem('custPhone') ?? (phone.problem && (tried || phoneText.length > 6) ? t('desk.phoneInvalid', { example: phone.example }) : undefined)}
              >
                <Input type="tel" className={styles.ltr} value={phoneText} maxLength={30} onChange={(_, d) => setPhoneText(d.value)} data-testid="new-request-phone" />
              </Field>
            </div>
            <Field label={t('desk.guestEmail')} validationMessage={fieldProblem('custEmail')}>
              <Input type="email" className={styles.ltr} value={email} maxLength={254} onChange={(_, d) => setEmail(d.value)} data-testid="new-request-email" />
            </Field>
            {email.trim() && <Checkbox checked={emailLink} onChange={(_, d) => setEmailLink(d.checked === true)} label={t('desk.emailLink')} />}
            <Field label={t('desk.services')} required validationMessage={required(problems.services) ?? servicesProblem}>
              {/* Typing finds a service; each one picked joins the chosen below (one line per service). */}
              <Combobox
                freeform
                placeholder={t('desk.servicesPlaceholder')}
                value={serviceText}
                selectedOptions={[]}
                {...listProps('services')}
                onChange={(e) => {
                  setServiceText(e.target.value);
                  setOpenList('services');
                }}
                onOptionSelect={(_, d) => {
                  if (d.optionValue && !serviceIds.includes(d.optionValue)) setServiceIds([...serviceIds, d.optionValue]);
                  setServiceText('');
                }}
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
              <TagGroup
                aria-label={t('desk.services')}
                onDismiss={(_, d) => setServiceIds(serviceIds.filter((id) => id !== d.value))}
                data-testid="new-request-chosen"
              >
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
                onChange={(value) => setSchedules({ ...schedules, [id]: value })}
                error={fieldProblem(`services.${i}.scheduledAt`) ?? (tried && missingTime(schedules[id]) ? t('desk.timeRequired') : undefined)}
              />
            ))}
            <Field label={t('desk.note')}>
              <Textarea value={note} maxLength={2000} onChange={(_, d) => setNote(d.value)} data-testid="new-request-note" />
            </Field>
            {serverProblem && !serverProblem.field && (
              <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                {serverProblem.message}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="new-request-submit">
              {t('desk.create')}
            </Button>
            <Button onClick={onClose}>{t('desk.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
