import type { ComponentType } from 'react';
import type { BasicDataItem } from '@shared';
import { BookingRoomScreen } from './booking-room/BookingRoomScreen';
import { room, service, worker } from './entities/linked';
import { company, department, hotel, roomType, serviceGroup, useType } from './entities/simple';
import { EntityScreen } from './screen/EntityScreen';
import type { EntityDescriptor } from './screen/types';

/** One screen per description; the descriptor types differ per entity, the screen only needs an id. */
const screenOf = (descriptor: unknown): ComponentType => {
  const entity = descriptor as EntityDescriptor<{ id: number }>;
  const Screen: ComponentType = () => <EntityScreen descriptor={entity} />;
  Screen.displayName = `${entity.item}Screen`;
  return Screen;
};

/** The basic-data section, loaded on demand (app/routes.tsx): nine screens from descriptions, booking rooms by hand. */
export const screens: Record<BasicDataItem, ComponentType> = {
  Company: screenOf(company),
  Hotel: screenOf(hotel),
  UseType: screenOf(useType),
  RoomType: screenOf(roomType),
  BookingRoom: BookingRoomScreen,
  Room: screenOf(room),
  ServiceGroup: screenOf(serviceGroup),
  Service: screenOf(service),
  Worker: screenOf(worker),
  Departments: screenOf(department),
};
