import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { hashPassword } from '../../security/password';
import * as repo from './account.repository';

/**
 * A new password set by whoever runs the server (the command line, not the API): the way
 * back when the first admin's password was lost. Every session and link of the user ends.
 * Returns the new password, to be printed once; null when no user has that e-mail.
 */
export async function resetPasswordAsOperator(db: Db, email: string): Promise<string | null> {
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, email.trim().toLowerCase());
    if (!user) return null;
    await repo.setPasswordHash(tx, user.id, passwordHash, null);
    await repo.expireOtherPasswordTokens(tx, user.id);
    await repo.revokeAllOfUser(tx, user.id);
    await repo.bumpSessionVersion(tx, [user.id]);
    return password;
  });
}
