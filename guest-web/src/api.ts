import type { AddRequestInput, GuestMessageInput, ReviewInput } from '@shared';
import * as calls from '@shared/api/calls';
import { fillPath } from '@shared/api/paths';
import { ROOM_SIGNATURE_HEADER } from '@shared/patterns';
import { ApiError, callUrl, request } from '../../clients-kit/api';

// One error for both phone pages (clients-kit/api.ts): a page tells network, not found, refusal and trouble apart.
export { ApiError };

export const api = {
  hotels: () => request(calls.generateHotels),
  rooms: (hotelId: number) => request(calls.generateRooms, { query: { hotelId } }),
  services: () => request(calls.generateServices),
  /** The room link's signature travels in a header: SPEC's AddRequest body has no field for it. */
  addRequest: (body: AddRequestInput, roomSignature?: string) =>
    request(calls.addRequest, { body, headers: roomSignature ? { [ROOM_SIGNATURE_HEADER]: roomSignature } : {} }),
  /** The room's open stay (first name, language): the room link's signature in a header, never in the address. */
  roomStay: (hotelId: number, roomId: number, roomSignature: string) =>
    request(calls.guestRoomStay, { query: { hotelId, roomId }, headers: { [ROOM_SIGNATURE_HEADER]: roomSignature } }),
  requestDetails: (id: string) => request(calls.userRequestDetails, { params: { id } }),
  addReview: (body: ReviewInput) => request(calls.addReview, { body }),
  /** The guest's answer on a line: the request id in the body, never in the address. */
  addGuestMessage: (body: GuestMessageInput) => request(calls.addGuestMessage, { body }),
  eventsUrl: (id: string) => callUrl(fillPath(calls.guestEvents.path, { id })),
};
