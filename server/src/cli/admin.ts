/**
 * `npm run admin -- reset-password EMAIL`: sets a new password for a user (the first
 * admin's, when its one-time password was lost) and prints it once. Works on the data
 * folder (stop the server first: PGlite is single-process) or on DATABASE_URL.
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resetPasswordAsOperator } from '../modules/account/operator-reset';

const USAGE = 'Usage: npm run admin -- reset-password EMAIL';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (command !== 'reset-password' || !email || email.length > 254) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const password = await resetPasswordAsOperator(database.db, email);
    if (!password) {
      console.error(`No user has the e-mail ${email}.`);
      return 1;
    }
    console.log(`\n  New password for ${email.trim().toLowerCase()}:\n    ${password}\n  Keep it safe; it is not shown again. Every earlier session of this user has ended.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
