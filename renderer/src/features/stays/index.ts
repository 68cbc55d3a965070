// What other features use of stays: the checked-out badge, the stay's facts, the grouping of a room's requests by stay.
export { GuestCheckedOutBadge } from './GuestCheckedOutBadge';
export { StayFacts } from './StayFacts';
export { groupByStay, type StayGroup } from './group-by-stay';
export { isolated, stayDates } from './stay-dates';
