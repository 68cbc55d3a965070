export { startCluster, findPgBin, freePort, type Cluster } from '../../tests/support/postgres';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { postmasterPidOf } from './proc';

/** A fresh database on a cluster, for one benchmark. */
export async function createDatabase(baseUrl: string, prefix = 'bench'): Promise<string> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  // A UTF-8 character type, as a hotel's database has (README): Arabic words get trigrams.
  await client.query(`create database ${name} template template0 lc_ctype 'C.UTF-8'`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase (its connections closed first). */
export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const base = new URL(url);
  base.pathname = '/postgres';
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}

/** A bench database and where its backends run: the postmaster's pid when the cluster is on this machine and readable. */
export interface PostgresTarget {
  database: string;
  postmaster?: number;
}

/** Where PostgreSQL's backends for the bench database are: its postmaster, when the cluster runs on this machine. */
export async function findPostgres(databaseUrl: string): Promise<PostgresTarget> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return { database, postmaster: postmasterPidOf(rows[0].data_directory) };
  } catch {
    // Not allowed to read it (not a superuser nor pg_read_all_settings): find backends by title.
    return { database };
  } finally {
    await client.end();
  }
}
