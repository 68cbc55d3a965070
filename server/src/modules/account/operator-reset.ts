import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { hashPassword } from '../../security/password';
import * as repo from './account.repository';
import * as signInRepo from '../sign-in/sign-in.repository';
import { insertSecurityEvent } from '../security-audit/security-audit.repository';
import { clearTwoFactor } from '../two-factor/two-factor.repository';

/**
 * A new password set by whoever runs the server (the command line, not the API): the way
 * back when the first admin's password was lost. Every session and link of the user ends,
 * and their two-factor sign-in too (a lost phone of the only Admin; recorded in the audit).
 * Returns the new password, to be printed once; null when no user has that e-mail.
 */
export async function resetPasswordAsOperator(db: Db, email: string): Promise<string | null> {
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const user = await signInRepo.findUserByEmail(tx, email.trim().toLowerCase());
    if (!user) return null;
    await repo.setPasswordHash(tx, user.id, passwordHash, null);
    await signInRepo.expireOtherPasswordTokens(tx, user.id);
    await signInRepo.revokeAllOfUser(tx, user.id);
    await signInRepo.bumpSessionVersion(tx, [user.id]);
    if (user.totpSecretEnc || user.totpPendingEnc) {
      await clearTwoFactor(tx, user.id);
      // The command line has no server clock: the machine's time.
      await insertSecurityEvent(tx, { at: new Date(), kind: 'two-factor-reset', email: user.email, userId: user.id, ip: 'operator' });
    }
    return password;
  });
}
