import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { spawnLoggedServer } from '../support/logged-server';
import type { ServerProcess } from '../support/server-process';

const CLIENTS = 50;

interface Answer {
  status: number;
  connection: string | undefined;
}

/** One GET on the client's own kept-alive connection. */
function get(url: URL, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Clients that keep their connection open between calls (browsers, a load balancer)
 * are not cut off by a stop: a call that reaches the server while it stops is answered,
 * 200 if it was under way or 503 otherwise, with `Connection: close`, so the client opens
 * its next connection elsewhere instead of meeting a reset.
 */
describe('stopping the server under kept-alive connections', { timeout: 240_000 }, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnLoggedServer({ HOTEL_RATE_LIMITS: 'off' });
  }, 240_000);
  afterAll(() => server?.stop());

  it('answers every call of 50 busy kept-alive clients at SIGTERM, none reset', async () => {
    const url = new URL(pathOf(endpoints.health), server.url);
    const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    let signalled = false;
    const outcomes: string[] = [];
    // Each client calls again as soon as it has an answer, until an answer closes its connection.
    const clients = agents.map(async (agent) => {
      for (let calls = 0; ; calls++) {
        try {
          const answer = await get(url, agent);
          if (answer.connection === 'close') return outcomes.push(`${answer.status} close`);
          if (answer.status !== 200) return outcomes.push(`${answer.status} kept open`);
        } catch (error) {
          return outcomes.push(`${(error as NodeJS.ErrnoException).code ?? String(error)}${signalled ? '' : ' before the signal'}`);
        }
        if (calls === 3 && !signalled) {
          signalled = true;
          process.kill(server.pid, 'SIGTERM');
        }
      }
    });
    await Promise.all(clients);
    for (const agent of agents) agent.destroy();
    const code = await server.exited;
    const counts = outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});
    console.info('kept-alive clients at SIGTERM:', counts);
    expect(code).toBe(0);
    expect(outcomes).toHaveLength(CLIENTS);
    for (const outcome of outcomes) expect(['200 close', '503 close']).toContain(outcome);
  });
});
