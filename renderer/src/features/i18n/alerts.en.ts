/** Strings of the app-wide live alerts (issues 13.1 and 14.3), under `alerts`. */
export const alertsEn = {
  bell: 'New requests',
  bellCount: '{{count}} new requests: open Guests Requests',
  menuCount: '{{count}} new',
  open: 'Open',
  dismiss: 'Dismiss',
  notifyTitle: 'New request {{code}}',
  notifyBody: 'A guest is waiting. Click to open the request.',
};
