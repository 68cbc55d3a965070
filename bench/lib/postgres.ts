export { startCluster, findPgBin, type Cluster } from '../../tests/support/postgres';
import pg from 'pg';
import { randomBytes } from 'node:crypto';

/** A fresh database on a cluster, for one benchmark. */
export async function createDatabase(baseUrl: string): Promise<string> {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
