import { useCallback, useEffect, useState } from 'react';
import type { Lookup, RoomLookup, ServiceLookupGroup } from '@shared';
import { ApiError, api } from '../api';
import { specialGroupLast } from './service-search';

interface Lookups {
  hotels: Lookup[] | null;
  services: ServiceLookupGroup[] | null;
  rooms: RoomLookup[] | null;
  error: unknown;
  retry: () => void;
}

/** Hotels and services for the page's language, and the rooms of the chosen hotel only. */
export function useLookups(language: string, hotelId: number | null): Lookups {
  const [hotels, setHotels] = useState<Lookup[] | null>(null);
  const [services, setServices] = useState<ServiceLookupGroup[] | null>(null);
  const [rooms, setRooms] = useState<RoomLookup[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    Promise.all([api.hotels(), api.services()])
      .then(([h, s]) => live && (setHotels(h), setServices(specialGroupLast(s))))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [language, attempt]);

  useEffect(() => {
    let live = true;
    setRooms(null);
    if (hotelId)
      api
        .rooms(hotelId)
        .then((r) => live && setRooms(r))
        // A hotel the server does not know has no rooms: the page says the link's hotel is wrong.
        .catch((e: unknown) => live && (e instanceof ApiError && (e.kind === 'notFound' || e.kind === 'client') ? setRooms([]) : setError(e)));
    return () => {
      live = false;
    };
  }, [hotelId, language, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { hotels, services, rooms, error, retry };
}
