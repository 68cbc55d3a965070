import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';

const CLIENTS = 50;
const IDLE_CLIENTS = 10;

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

/** What became of an idle kept-alive connection across the stop. */
interface IdleOutcome {
  /** Status and Connection header of each answer after the first. */
  answers: string[];
  /** The server closed the connection (FIN) without an answer saying so. */
  closedIdle: boolean;
  /** A write or read failed: the server reset the connection (RST). */
  error?: string;
}

/**
 * A raw kept-alive connection: one call answered, then idle. `callAtSignal` sends a call once the
 * stop has begun. When the server closes the connection while it is idle, the client behaves as
 * one whose next call was already on its way: it sends one (in two writes, as a slow client
 * would) before it closes its side. A server that destroys the socket answers those bytes with a
 * reset, which the second write meets (EPIPE); one that closes in stages reads them.
 */
async function idleConnection(url: URL): Promise<{ callAtSignal(): void; outcome: Promise<IdleOutcome> }> {
  const socket = net.connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true });
  const request = () => `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`;
  const result: IdleOutcome = { answers: [], closedIdle: false };
  let buffer = '';
  let answered = 0;
  let toldClose = false;
  let first!: () => void;
  const firstAnswer = new Promise<void>((resolve) => (first = resolve));
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    // Each answer: its head, then as many bytes as its Content-Length says.
    for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
      const head = buffer.slice(0, end);
      const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) break;
      buffer = buffer.slice(end + 4 + length);
      const status = head.slice(9, 12);
      const connection = /\r\nconnection: *([^\r]*)/i.exec(head)?.[1]?.toLowerCase() ?? 'keep-alive';
      if (connection === 'close') toldClose = true;
      if (answered++ === 0) first();
      else result.answers.push(`${status} ${connection}`);
    }
  });
  const outcome = new Promise<IdleOutcome>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => (result.error ??= error.code ?? String(error)));
    socket.on('end', () => {
      if (toldClose) return socket.end();
      result.closedIdle = true;
      socket.write(request().slice(0, 10), (error) => {
        if (error) return;
        socket.write(request().slice(10), () => socket.end());
      });
    });
    socket.on('close', () => resolve(result));
  });
  socket.write(request());
  await firstAnswer;
  return { callAtSignal: () => void socket.write(request()), outcome };
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

  it('answers every call of 50 busy kept-alive clients at SIGTERM and closes 10 idle ones cleanly, none reset', async () => {
    const url = new URL(pathOf(endpoints.health), server.url);
    // Ten connections idle at the signal: half send a call as the stop begins, half stay silent.
    const idle = await Promise.all(Array.from({ length: IDLE_CLIENTS }, () => idleConnection(url)));
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
          void server.logged(/SIGTERM: finishing requests/).then(() => idle.slice(0, IDLE_CLIENTS / 2).forEach((c) => c.callAtSignal()));
        }
      }
    });
    await Promise.all(clients);
    for (const agent of agents) agent.destroy();
    const idleOutcomes = await Promise.all(idle.map((c) => c.outcome));
    const code = await server.exited;
    const counts = outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});
    console.info('kept-alive clients at SIGTERM:', counts);
    expect(code).toBe(0);
    expect(outcomes).toHaveLength(CLIENTS);
    for (const outcome of outcomes) expect(['200 close', '503 close']).toContain(outcome);
    const idleCounts = idleOutcomes.reduce<Record<string, number>>((all, o) => {
      const key = o.error ? `reset (${o.error})` : [...o.answers, o.closedIdle ? 'closed idle' : 'closed after close'].join(', ');
      return { ...all, [key]: (all[key] ?? 0) + 1 };
    }, {});
    console.info('idle kept-alive connections at SIGTERM:', idleCounts);
    for (const o of idleOutcomes) {
      expect(o.error).toBeUndefined();
      // Answered (the last answer with Connection: close), or closed while idle: never left open, never reset.
      expect(o.closedIdle || o.answers.at(-1)?.endsWith(' close')).toBe(true);
    }
    expect(idleOutcomes.slice(0, IDLE_CLIENTS / 2).every((o) => o.answers.length > 0)).toBe(true);
  });
});
