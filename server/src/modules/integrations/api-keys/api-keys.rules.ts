import { type ApiKeyInput, isClaim, keyMayHold } from '@shared';
import { canSeeHotel } from '../../../access/scope';
import type { Localized } from '../../../i18n/localize';
import { apiKeyMessages as m } from './api-keys.messages';

export interface Creator {
  isAdmin: boolean;
  claims: ReadonlySet<string>;
  hotelIds: readonly number[];
}

/**
 * Why a creator may not make this key (undefined: they may). A key never holds more
 * than its creator: only claims the creator holds, only a hotel the creator reaches,
 * and the whole chain only for an Admin (who reaches every hotel).
 */
export function keyRefusal(creator: Creator, input: Pick<ApiKeyInput, 'hotelId' | 'claims'>): { text: Localized; params?: Record<string, string> } | undefined {
  for (const claim of input.claims) {
    if (!isClaim(claim)) return { text: m.unknownClaim, params: { claim } };
    if (!keyMayHold(claim)) return { text: m.claimNotForKeys, params: { claim } };
    if (!creator.claims.has(claim)) return { text: m.claimNotHeld, params: { claim } };
  }
  if (input.hotelId === null || input.hotelId === undefined) return creator.isAdmin ? undefined : { text: m.chainOnlyAdmin };
  if (!canSeeHotel(creator, input.hotelId)) return { text: m.hotelNotHeld };
  return undefined;
}
