import { openDatabase } from '../server/src/db/client';
const d = await openDatabase({ databaseUrl: process.env.DB, dataDir: process.env.DIR ?? '/tmp/migdir' });
console.log('migrated', d.kind);
await d.close();
