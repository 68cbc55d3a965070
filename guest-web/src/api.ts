import type { AddRequestInput, AddRequestResponse, GuestMessageInput, GuestRoomStay, Lookup, RequestDetail, ReviewInput, RoomLookup, ServiceLookupGroup } from '@shared';
import { apiPaths, fillPath } from '@shared/api/paths';
import { ROOM_SIGNATURE_HEADER } from '@shared/patterns';
import { currentLanguage } from './i18n';

/** Why a call failed, so a page can say the right thing and offer the right retry. */
export class ApiError extends Error {
  constructor(
    readonly kind: 'network' | 'notFound' | 'client' | 'server',
    readonly status: number,
    /** The server's message in the page's language, when it sent one. */
    readonly serverMessage?: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
  ) {
    super(serverMessage ?? kind);
  }
}

function url(path: string, query: Record<string, string | number> = {}): string {
  const search = new URLSearchParams({ ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), lang: currentLanguage() });
  return `${path}?${search}`;
}

async function call<T>(method: string, path: string, options: { query?: Record<string, string | number>; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url(path, options.query), {
      method,
      // No extra headers on the lookups' GETs, so those preloaded by index.html are reused.
      headers: options.body === undefined ? options.headers : { 'content-type': 'application/json', ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError('network', 0);
  }
  const data = (await response.json().catch(() => undefined)) as { message?: string; errors?: { field: string; message: string }[] } | undefined;
  if (response.ok) return data as T;
  const kind = response.status === 404 ? 'notFound' : response.status < 500 ? 'client' : 'server';
  throw new ApiError(kind, response.status, typeof data?.message === 'string' ? data.message : undefined, data?.errors ?? []);
}

export const api = {
  hotels: () => call<Lookup[]>('GET', apiPaths.generateHotels),
  rooms: (hotelId: number) => call<RoomLookup[]>('GET', apiPaths.generateRooms, { query: { hotelId } }),
  services: () => call<ServiceLookupGroup[]>('GET', apiPaths.generateServices),
  /** The room link's signature travels in a header: SPEC's AddRequest body has no field for it. */
  addRequest: (body: AddRequestInput, roomSignature?: string) =>
    call<AddRequestResponse>('POST', apiPaths.addRequest, { body, headers: roomSignature ? { [ROOM_SIGNATURE_HEADER]: roomSignature } : {} }),
  /** The room's open stay (first name, language): the room link's signature in a header, never in the address. */
  roomStay: (hotelId: number, roomId: number, roomSignature: string) =>
    call<GuestRoomStay>('GET', apiPaths.guestRoomStay, { query: { hotelId, roomId }, headers: { [ROOM_SIGNATURE_HEADER]: roomSignature } }),
  requestDetails: (id: string) => call<RequestDetail>('GET', fillPath(apiPaths.userRequestDetails, { id })),
  addReview: (body: ReviewInput) => call<{ message: string }>('PUT', apiPaths.addReview, { body }),
  /** The guest's answer on a line: the request id in the body, never in the address. */
  addGuestMessage: (body: GuestMessageInput) => call<{ message: string }>('POST', apiPaths.addGuestMessage, { body }),
  eventsUrl: (id: string) => url(fillPath(apiPaths.guestEvents, { id })),
};
