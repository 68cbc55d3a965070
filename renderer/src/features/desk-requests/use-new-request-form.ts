import { isAxiosError } from 'axios';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESK_CHANNELS, endpoints, type CreateRequestForGuestResponse, type Lookup, type RoomLookup, type ServiceLookupGroup } from '@shared';
import { call } from '../../api/client';
import { handleError, serverMessage } from '../../feedback/handle-error';
import { deskPhone } from './desk-phone';
import { missingTime, scheduledAtOf, type LineSchedule } from './ScheduleLine';

export type Channel = (typeof DESK_CHANNELS)[number];
type FieldProblem = { field: string; message: string };

/** What the clerk has typed and chosen. */
export interface DeskForm {
  channel: Channel;
  hotelId?: number;
  roomText: string;
  name: string;
  phoneText: string;
  email: string;
  emailLink: boolean;
  serviceIds: string[];
  serviceText: string;
  /** Each chosen service's asked-for time, by its id: absent is as soon as possible. */
  schedules: Record<string, LineSchedule>;
  note: string;
  /** Create was pressed: a missing field says so. */
  tried: boolean;
  serverProblem?: FieldProblem;
}

type Action =
  | { type: 'opened' }
  | { type: 'set'; patch: Partial<DeskForm> }
  /** One hotel (a usual desk): nothing to choose. */
  | { type: 'hotels'; hotels: Lookup[] }
  | { type: 'addService'; id: string }
  | { type: 'removeService'; id: string }
  | { type: 'schedule'; id: string; value: LineSchedule };

const blank: DeskForm = {
  channel: 'phone',
  roomText: '',
  name: '',
  phoneText: '',
  email: '',
  emailLink: true,
  serviceIds: [],
  serviceText: '',
  schedules: {},
  note: '',
  tried: false,
};

function reduce(form: DeskForm, action: Action): DeskForm {
  switch (action.type) {
    // The hotel chosen last stays chosen.
    case 'opened':
      return { ...blank, hotelId: form.hotelId };
    case 'set':
      return { ...form, ...action.patch };
    case 'hotels':
      return { ...form, hotelId: form.hotelId ?? (action.hotels.length === 1 ? action.hotels[0].id : undefined) };
    case 'addService':
      return { ...form, serviceIds: form.serviceIds.includes(action.id) ? form.serviceIds : [...form.serviceIds, action.id], serviceText: '' };
    case 'removeService':
      return { ...form, serviceIds: form.serviceIds.filter((id) => id !== action.id) };
    case 'schedule':
      return { ...form, schedules: { ...form.schedules, [action.id]: action.value } };
  }
}

/** The server's problem with one field of the form, if it named one. */
function fieldErrorOf(err: unknown): FieldProblem | undefined {
  if (!isAxiosError(err)) return undefined;
  const errors = (err.response?.data as { errors?: FieldProblem[] } | undefined)?.errors;
  return errors?.[0];
}

/** The hotels and services to choose from while the dialog is open, and the chosen hotel's rooms. */
function useDeskLookups(open: boolean, hotelId: number | undefined, onHotels: (hotels: Lookup[]) => void) {
  const { t, i18n } = useTranslation();
  const [hotels, setHotels] = useState<Lookup[]>([]);
  const [rooms, setRooms] = useState<RoomLookup[]>([]);
  const [groups, setGroups] = useState<ServiceLookupGroup[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    Promise.all([call(endpoints.generateHotels), call(endpoints.generateServices)]).then(
      ([h, s]) => {
        if (!live) return;
        setHotels(h);
        setGroups(s);
        onHotels(h);
      },
      (err: unknown) => handleError(err, t('desk.failed')),
    );
    return () => {
      live = false;
    };
  }, [open, t, i18n.language, onHotels]);

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
  return { hotels, rooms, groups };
}

/**
 * The new-request form: its fields (one reducer), what it offers to choose, what is missing,
 * the server's answer to a field, and filing it.
 */
export function useNewRequestForm(open: boolean, onCreated: (answer: CreateRequestForGuestResponse, emailAsked: boolean) => void) {
  const { t, i18n } = useTranslation();
  const [form, dispatch] = useReducer(reduce, blank);
  const set = useCallback((patch: Partial<DeskForm>) => dispatch({ type: 'set', patch }), []);
  const onHotels = useCallback((hotels: Lookup[]) => dispatch({ type: 'hotels', hotels }), []);
  // Every opening (and a change of language while open) starts an empty form.
  useEffect(() => {
    if (open) dispatch({ type: 'opened' });
  }, [open, t, i18n.language]);
  const { hotels, rooms, groups } = useDeskLookups(open, form.hotelId, onHotels);
  const [busy, setBusy] = useState(false);
  // Text that arrives without key presses (an input method, Arabic on some keyboards, a paste) opens the choices too.
  const [openList, setOpenList] = useState<'room' | 'services'>();
  const listProps = (list: 'room' | 'services') => ({
    open: openList === list,
    onOpenChange: (_: unknown, d: { open: boolean }) => setOpenList(d.open ? list : undefined),
  });

  const typedRoom = form.roomText.trim();
  const room = rooms.find((r) => r.number === typedRoom);
  const roomOptions = useMemo(() => rooms.filter((r) => r.number.startsWith(typedRoom)).slice(0, 50), [rooms, typedRoom]);
  const phone = deskPhone(form.phoneText);
  const { serviceIds, serviceText, schedules } = form;
  const serviceGroups = useMemo(() => {
    const typed = serviceText.trim().toLocaleLowerCase();
    return groups
      .map((g) => ({ ...g, services: g.services.filter((s) => !serviceIds.includes(String(s.id)) && s.name.toLocaleLowerCase().includes(typed)) }))
      .filter((g) => g.services.length > 0);
  }, [groups, serviceIds, serviceText]);
  const serviceName = (id: string) => groups.flatMap((g) => g.services).find((s) => String(s.id) === id)?.name ?? '';

  const problems = {
    hotel: !form.hotelId,
    room: !room,
    services: serviceIds.length === 0,
    phone: phone.problem,
    times: serviceIds.some((id) => missingTime(schedules[id])),
  };
  const submit = async () => {
    set({ tried: true, serverProblem: undefined });
    if (Object.values(problems).some(Boolean) || !form.hotelId || !room) return;
    setBusy(true);
    try {
      const emailAsked = form.emailLink && form.email.trim() !== '';
      const answer = await call(endpoints.createRequestForGuest, {
        body: {
          channel: form.channel,
          hotelId: form.hotelId,
          roomId: room.id,
          custName: form.name.trim(),
          custPhone: phone.phone,
          custEmail: form.email.trim(),
          emailLink: emailAsked,
          guestLanguage: i18n.language === 'ar' ? 'ar' : 'en',
          note: form.note,
          services: serviceIds.map((id) => ({ serviceId: Number(id), note: '', ...scheduledAtOf(schedules[id]) })),
        },
      });
      onCreated(answer, emailAsked);
    } catch (err) {
      const field = fieldErrorOf(err);
      if (field) set({ serverProblem: field });
      else if (serverMessage(err)) set({ serverProblem: { field: '', message: serverMessage(err)! } });
      handleError(err, t('desk.failed'));
    } finally {
      setBusy(false);
    }
  };
  const { serverProblem, tried } = form;
  const fieldProblem = (field: string) => (serverProblem && serverProblem.field.startsWith(field) ? serverProblem.message : undefined);
  // A line's own problem (its time) shows on the line, not on the services field.
  const servicesProblem = serverProblem && /^services(\.\d+\.serviceId)?$/.test(serverProblem.field) ? serverProblem.message : undefined;
  const required = (missing: boolean) => (tried && missing ? t('desk.required') : undefined);

  return {
    form,
    dispatch,
    set,
    hotels,
    typedRoom,
    room,
    roomOptions,
    phone,
    serviceGroups,
    serviceName,
    problems,
    fieldProblem,
    servicesProblem,
    required,
    listProps,
    setOpenList,
    busy,
    submit,
  };
}

export type NewRequestForm = ReturnType<typeof useNewRequestForm>;
