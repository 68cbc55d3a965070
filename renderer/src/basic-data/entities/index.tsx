import type { ComponentType } from 'react';
import { registerScreen } from '../../app/screen-registry';
import { BookingRoomScreen } from '../booking-room/BookingRoomScreen';
import { EntityScreen } from '../screen/EntityScreen';
import type { EntityDescriptor } from '../screen/types';
import { room, service, worker } from './linked';
import { company, department, hotel, roomType, serviceGroup, useType } from './simple';

const descriptors = [company, hotel, useType, roomType, room, serviceGroup, service, worker, department] as EntityDescriptor<{ id: number }>[];

/** Registers the basic-data screens: nine from descriptions, booking rooms by hand. */
export function registerBasicDataScreens(): void {
  for (const descriptor of descriptors) {
    const Screen: ComponentType = () => <EntityScreen descriptor={descriptor} />;
    Screen.displayName = `${descriptor.item}Screen`;
    registerScreen({ group: 'BasicData', item: descriptor.item, component: Screen });
  }
  registerScreen({ group: 'BasicData', item: 'BookingRoom', component: BookingRoomScreen });
}
