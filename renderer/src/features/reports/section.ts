import { GuestFeedbackScreen } from './GuestFeedbackScreen';
import { RoomHistoryPage } from './RoomHistoryPage';
import { ServiceLevelsScreen } from './ServiceLevelsScreen';

/** The reports section, loaded on demand (app/routes.tsx): the charts library stays out of the first view. */
export const screens = { ServiceLevels: ServiceLevelsScreen, GuestFeedback: GuestFeedbackScreen, RoomHistory: RoomHistoryPage };
