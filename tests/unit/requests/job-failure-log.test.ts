import { describe, expect, it } from 'vitest';
import { logJobFailure } from '../../../server/src/background';
import type { AppContext } from '../../../server/src/context';
import { RoutingScheduler } from '../../../server/src/modules/routing/routing.scheduler';

/** What node-postgres throws when PostgreSQL ends the connection on a restart, wrapped the way Drizzle wraps it. */
function restartError(): Error {
  const driver = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  return Object.assign(new Error('Failed query: select "hotel_id" from "routing_rules" where "email" = $1\nparams: guest@example.com'), { cause: driver, query: 'select …', params: ['guest@example.com'] });
}

function capturingLog() {
  const entries: { obj: Record<string, unknown>; msg?: string }[] = [];
  return { entries, log: { warn: (obj: unknown, msg?: string) => void entries.push({ obj: obj as Record<string, unknown>, msg }) } };
}

describe('a job that runs on its own logs a failure', () => {
  it('as the one "database unavailable" warning a call logs when the database restarts, with the job and the code, never the query', () => {
    const { entries, log } = capturingLog();
    logJobFailure(log, 'escalation run', restartError());
    expect(entries).toHaveLength(1);
    expect(entries[0].msg).toBe('database unavailable');
    expect(entries[0].obj).toMatchObject({ job: 'escalation run', err: { code: '57P01', message: 'terminating connection due to administrator command' } });
    expect(JSON.stringify(entries[0].obj)).not.toContain('guest@example.com');
  });

  it('as the job\'s own failure for anything else', () => {
    const { entries, log } = capturingLog();
    logJobFailure(log, 'webhook delivery run', new TypeError('subscription has no secret'));
    expect(entries[0].msg).toBe('webhook delivery run failed');
    expect(entries[0].obj).toMatchObject({ job: 'webhook delivery run', err: { type: 'TypeError', message: 'subscription has no secret' } });
  });

  it('a routing run cut off by a database restart logs "database unavailable", not a routing failure', async () => {
    const { entries, log } = capturingLog();
    // Every query the run would send fails as it does while PostgreSQL restarts.
    const db = new Proxy({}, { get: () => { throw restartError(); } });
    const ctx = { database: { db }, config: { sla: { tickMs: 0 } } } as unknown as AppContext;
    const scheduler = new RoutingScheduler(ctx, log, async () => undefined);
    scheduler.nudge();
    await scheduler.settled();
    expect(entries.map((e) => e.msg)).toEqual(['database unavailable']);
    expect(entries[0].obj).toMatchObject({ job: 'routing run', err: { code: '57P01' } });
  });
});
