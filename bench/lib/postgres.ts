export { startCluster, findPgBin, type Cluster } from '../../tests/support/postgres';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

/** A fresh database on a cluster, for one benchmark. */
export async function createDatabase(baseUrl: string): Promise<string> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  // A UTF-8 character type, as a hotel's database has (README): Arabic words get trigrams.
  await client.query(`create database ${name} template template0 lc_ctype 'C.UTF-8'`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
