/** Strings of the resilience work (issue 11), under `resilience`. */
export const resilienceEn = {
  offline: {
    title: 'Offline, reconnecting…',
    body: 'The server cannot be reached. You stay signed in; your work continues as soon as it answers.',
  },
};
