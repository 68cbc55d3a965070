/** What the app says while the server cannot be reached, under `connection`. */
export const connectionEn = {
  offline: {
    title: 'Offline, reconnecting…',
    body: 'The server cannot be reached. You stay signed in; your work continues as soon as it answers.',
  },
};
