import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { hotels, roomLinkKeys, rooms } from '../../db/schema';

/**
 * In one round trip: whether the hotel exists, the hotel of the room, and the
 * hotel's room-link key version (AddRequest runs at guest rush hour; every query
 * counts twice, in the server and in the database).
 */
export async function placeOf(
  db: DbOrTx,
  hotelId: number,
  roomId: number,
): Promise<{ hotelExists: boolean; roomHotelId: number | null; linkVersion: number; roomNumber: string | null; hotelNames: string | null; timeZone: string | null }> {
  const [row] = rowsOf<{ hotel_exists: boolean; room_hotel_id: number | null; link_version: number | null; room_number: string | null; hotel_names: string | null; time_zone: string | null }>(
    await db.execute(sql`select
      exists (select 1 from ${hotels} where ${hotels.id} = ${hotelId}) as hotel_exists,
      (select ${rooms.hotelId} from ${rooms} where ${rooms.id} = ${roomId}) as room_hotel_id,
      (select ${roomLinkKeys.version} from ${roomLinkKeys} where ${roomLinkKeys.hotelId} = ${hotelId}) as link_version,
      (select ${rooms.number} from ${rooms} where ${rooms.id} = ${roomId}) as room_number,
      (select ${hotels.name} || ' ' || ${hotels.nameAr} from ${hotels} where ${hotels.id} = ${hotelId}) as hotel_names,
      (select ${hotels.timeZone} from ${hotels} where ${hotels.id} = ${hotelId}) as time_zone`),
  );
  return {
    hotelExists: row.hotel_exists,
    roomHotelId: row.room_hotel_id === null ? null : Number(row.room_hotel_id),
    linkVersion: row.link_version ?? 1,
    roomNumber: row.room_number,
    hotelNames: row.hotel_names,
    timeZone: row.time_zone,
  };
}

/** The place a request is filed for, or a room link names (placeOf's answer). */
export type Place = Awaited<ReturnType<typeof placeOf>>;
