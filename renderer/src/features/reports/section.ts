import { GuestFeedbackScreen } from './GuestFeedbackScreen';
import { RoomHistoryPage } from './RoomHistoryPage';
import { ServiceLevelsScreen } from './ServiceLevelsScreen';

/** The reports section (issue 16), loaded on demand (app/routes.tsx): the charts library stays out of the first view. */
export const screens = { ServiceLevels: ServiceLevelsScreen, GuestFeedback: GuestFeedbackScreen, RoomHistory: RoomHistoryPage };
