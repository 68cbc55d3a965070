import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pgConnectionEnv, pgDumpCommand, pgRestoreCommand } from '../../../server/src/cli/pg-command';

const URL_WITH_PASSWORD = 'postgres://hotel:s3cr%40t%2Fpw@db.internal:6543/hotel_main?sslmode=verify-full&application_name=backup';

describe('the PostgreSQL tools get the connection in their environment, never in argv', () => {
  it('splits DATABASE_URL into libpq variables, decoding the user and password', () => {
    expect(pgConnectionEnv(URL_WITH_PASSWORD)).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'hotel',
      PGPASSWORD: 's3cr@t/pw',
      PGDATABASE: 'hotel_main',
      PGSSLMODE: 'verify-full',
      PGAPPNAME: 'backup',
    });
    expect(pgConnectionEnv('postgresql://[::1]/db')).toEqual({ PGHOST: '::1', PGDATABASE: 'db' });
    expect(pgConnectionEnv('postgres:///hotel?host=/run/postgresql')).toEqual({ PGDATABASE: 'hotel', PGHOST: '/run/postgresql' });
  });

  it('refuses a parameter it cannot pass on rather than dropping it', () => {
    expect(() => pgConnectionEnv('postgres://h/db?ssl=true')).toThrow(/'ssl' is not supported/);
  });

  it('builds pg_dump and pg_restore commands with no part of the URL in argv, and no inherited libpq variable', () => {
    const base = { PATH: '/usr/bin', PGPASSWORD: 'inherited', PGSERVICE: 'elsewhere' };
    for (const { args, env } of [pgDumpCommand(URL_WITH_PASSWORD, '/backups/h.dump', base), pgRestoreCommand(URL_WITH_PASSWORD, '/backups/h.dump', base)]) {
      expect(args.join(' ')).not.toMatch(/s3cr|hotel:|postgres:|db\.internal/);
      expect(env).toMatchObject({ PATH: '/usr/bin', PGPASSWORD: 's3cr@t/pw', PGHOST: 'db.internal', PGDATABASE: 'hotel_main' });
      expect(env.PGSERVICE).toBeUndefined();
    }
    expect(pgDumpCommand(URL_WITH_PASSWORD, '/b/h.dump').args).toEqual(['--format=custom', '--file', '/b/h.dump']);
    expect(pgRestoreCommand(URL_WITH_PASSWORD, '/b/h.dump').args).toEqual(['--clean', '--if-exists', '--no-owner', '--dbname', '', '/b/h.dump']);
  });
});

describe('npm run backup / restore on PostgreSQL', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'hotel-pg-cli-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** A stand-in for pg_dump / pg_restore that writes down the argv and password it was started with. */
  const fakeTool = (name: string) => {
    const script = path.join(scratch, name);
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$@" > "${scratch}/${name}.argv"\nprintf '%s' "$PGPASSWORD" > "${scratch}/${name}.password"\n`);
    chmodSync(script, 0o755);
  };
  const cli = (script: string, ...args: string[]) =>
    execFileSync(process.execPath, ['--import', 'tsx', `server/src/cli/${script}.ts`, ...args], {
      env: { PATH: `${scratch}:${process.env.PATH}`, DATABASE_URL: URL_WITH_PASSWORD, HOTEL_JWT_SECRET: 'x'.repeat(40), HOTEL_DATA_DIR: scratch },
      encoding: 'utf8',
    });

  it('starts pg_dump and pg_restore with the password in their environment only', () => {
    fakeTool('pg_dump');
    fakeTool('pg_restore');
    const file = path.join(scratch, 'hotel.dump');
    writeFileSync(file, '');
    expect(cli('backup', file)).toContain('Backup written');
    expect(cli('restore', file)).toContain('Restored');
    for (const tool of ['pg_dump', 'pg_restore']) {
      expect(readFileSync(path.join(scratch, `${tool}.argv`), 'utf8')).not.toContain('s3cr');
      expect(readFileSync(path.join(scratch, `${tool}.password`), 'utf8')).toBe('s3cr@t/pw');
    }
  }, 60_000);
});
