// What other features use of service management: a request's or line's status badge.
export { StatusBadge } from './StatusBadge';
