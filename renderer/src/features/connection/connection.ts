import { atom } from 'jotai';

/** True while the server cannot be reached to renew the session: the banner shows, nobody is signed out. */
export const reconnectingAtom = atom(false);
