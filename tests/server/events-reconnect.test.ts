import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, startTestServer, testDbKind } from '../support/test-server';

/** A dropped LISTEN connection (PostgreSQL restart, network blip) must not end live events for good. */
describe.runIf(testDbKind() === 'postgres')('live events after the LISTEN connection drops', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.cleanup());

  it('listens again by itself and delivers the next event', async () => {
    const { database } = t.server.app.ctx;
    const received: string[] = [];
    await database.listen('reconnect_probe', (payload) => received.push(payload));
    await database.notify('reconnect_probe', 'before');
    await expect.poll(() => received).toContain('before');

    // Kill the connection that holds LISTEN, as a server restart would.
    const killed = await database.db.execute(sql`
      select pg_terminate_backend(pid) as done from pg_stat_activity
      where pid <> pg_backend_pid() and datname = current_database() and query ilike 'LISTEN%'`);
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);

    await expect
      .poll(
        async () => {
          await database.notify('reconnect_probe', 'after');
          return received.includes('after');
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
  });
});
