import { type Dispatch, type SetStateAction, useEffect } from 'react';
import type { GuestRoomStay } from '@shared';
import { api } from '../api';
import { changeLanguage, currentLanguage, languageChosen } from '../i18n';
import type { Draft } from './draft';

type Stay = NonNullable<GuestRoomStay['stay']>;

/** What the form takes from the room's stay: the name only when the guest typed none. */
export function stayPatch(draft: Pick<Draft, 'custName'>, stay: Stay): Partial<Draft> {
  return draft.custName.trim() ? {} : { custName: stay.firstName };
}

/**
 * Opened from a room's signed QR link during a stay the PMS told of: the form starts with
 * the guest's first name, and in the stay's language unless the guest already chose one.
 * Asked once per page; no answer (or a failed one) leaves the form as it is.
 */
export function useRoomStay(link: Draft['link'], setDraft: Dispatch<SetStateAction<Draft>>): void {
  useEffect(() => {
    if (!link) return;
    let live = true;
    api
      .roomStay(link.hotelId, link.roomId, link.sig)
      .then(({ stay }) => {
        if (!live || !stay) return;
        setDraft((draft) => ({ ...draft, ...stayPatch(draft, stay) }));
        if (stay.language && !languageChosen() && stay.language !== currentLanguage()) void changeLanguage(stay.language);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per page: the link is the QR's, read when the page opened.
  }, []);
}
