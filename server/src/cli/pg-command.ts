/**
 * How backup and restore call PostgreSQL's tools. The connection goes in libpq's
 * environment variables, never in the arguments: any account on the machine can read
 * a process's arguments (`ps`), and DATABASE_URL carries the password.
 */

export interface PgCommand {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** DATABASE_URL's query parameters that libpq also reads from the environment. */
const QUERY_ENV: Record<string, string> = {
  host: 'PGHOST',
  port: 'PGPORT',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  dbname: 'PGDATABASE',
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  sslcrl: 'PGSSLCRL',
  application_name: 'PGAPPNAME',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  options: 'PGOPTIONS',
  target_session_attrs: 'PGTARGETSESSIONATTRS',
};

/** Every libpq variable, so one inherited from the caller's shell cannot point the tool elsewhere. */
const LIBPQ_VARIABLES = [...new Set([...Object.values(QUERY_ENV), 'PGHOSTADDR', 'PGSERVICE', 'PGSERVICEFILE', 'PGPASSFILE'])];

/** libpq's environment for a postgres:// URL; throws on a parameter it cannot pass on (rather than drop it, e.g. an SSL setting). */
export function pgConnectionEnv(databaseUrl: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL');
  }
  const env: Record<string, string> = {};
  if (url.hostname) env.PGHOST = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  for (const [key, value] of url.searchParams) {
    const variable = QUERY_ENV[key];
    if (!variable) throw new Error(`DATABASE_URL: the parameter '${key}' is not supported by backup and restore`);
    env[variable] = value;
  }
  return env;
}

function withConnection(base: NodeJS.ProcessEnv, databaseUrl: string): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const name of LIBPQ_VARIABLES) delete env[name];
  return { ...env, ...pgConnectionEnv(databaseUrl) };
}

/** pg_dump in its custom format into `target`. */
export function pgDumpCommand(databaseUrl: string, target: string, base: NodeJS.ProcessEnv = process.env): PgCommand {
  return { args: ['--format=custom', '--file', target], env: withConnection(base, databaseUrl) };
}

/** pg_restore --clean of `source` into the database of `databaseUrl`. */
export function pgRestoreCommand(databaseUrl: string, source: string, base: NodeJS.ProcessEnv = process.env): PgCommand {
  const env = withConnection(base, databaseUrl);
  // pg_restore writes a script to stdout unless it is given a database; its name is no secret,
  // and an empty --dbname makes libpq take every setting from the environment.
  return { args: ['--clean', '--if-exists', '--no-owner', '--dbname', '', source], env };
}
