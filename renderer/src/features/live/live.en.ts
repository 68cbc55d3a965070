/** The live stream's strings: the new-request toasts, the lists' live switch and sound (registered by ./strings). */
export const liveEn = {
  newRequest: 'New request {{code}}',
  updated: 'Request {{code}} changed',
  sound: 'Sound for new requests',
  connected: 'Live',
  offline: 'Reconnecting…',
  newCount: '{{count}} new',
} as const;
