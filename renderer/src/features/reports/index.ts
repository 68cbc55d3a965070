// What other features use of reports: its strings (the reports table) and the link to a room's history.
import './strings';
export { RoomHistoryLink } from './RoomHistoryLink';
