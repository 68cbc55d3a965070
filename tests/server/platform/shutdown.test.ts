import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { ApiClient } from '../../support/api-client';
import { logLines, spawnLoggedServer } from '../../support/logged-server';
import type { ServerProcess } from '../../support/server-process';
import { type SmtpCatcher, startSmtp } from '../../support/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../support/test-server';
import { useSmtp } from '../administration/administration.fixtures';

/**
 * SIGTERM (what a service manager or a container runtime sends) stops the server
 * cleanly: it takes no new calls, finishes the ones already read, tells open event
 * streams to reconnect, closes the database and exits 0 within 10 s. The request
 * log has one line per call: method, path without query, status and time.
 */
describe('stopping the server with SIGTERM', () => {
  let server: ServerProcess;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    // A mail server that takes half a second to greet: a test e-mail is a call that stays in flight.
    [server, smtp] = await Promise.all([spawnLoggedServer(), startSmtp({ greetingDelayMs: 500 })]);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('finishes calls in flight, sends open streams a reconnect, exits 0 within 10 s, and logs one line per call', async () => {
    const api = new ApiClient(server.url);
    const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await useSmtp({ api, adminToken: async () => token }, smtp);

    // An open staff event stream, read as it arrives.
    const stream = await fetch(new URL(pathOf(endpoints.staffEvents), server.url), {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'stream' },
    });
    expect(stream.status).toBe(200);
    let streamed = '';
    const streamEnded = (async () => {
      const decoder = new TextDecoder();
      for await (const chunk of stream.body!) streamed += decoder.decode(chunk, { stream: true });
    })();
    await expect.poll(() => streamed).toContain(': connected');

    // A call the server has read and is still working on when the signal comes.
    const inFlight = api.call(endpoints.sendTestEmail, { token, body: { to: 'desk@test.hotel' }, headers: { 'x-request-id': 'in-flight' } });
    // In flight: the server has connected to the mail server, which holds its greeting.
    await expect.poll(() => smtp.openConnections(), { interval: 20 }).toBeGreaterThan(0);
    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');

    expect((await inFlight).status).toBe(200);
    await smtp.waitFor((m) => m.to.includes('desk@test.hotel'));
    await streamEnded;
    expect(streamed).toMatch(/event: reconnect\ndata: .*\n\n$/);

    const code = await server.exited;
    const stopMs = performance.now() - signalledAt;
    console.info(`shutdown: exited ${code} ${Math.round(stopMs)} ms after SIGTERM`);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    // Nothing listens any more.
    await expect(fetch(new URL(pathOf(endpoints.health), server.url))).rejects.toThrow();

    const lines = logLines(server.log());
    const stopLine = lines.findIndex((l) => String(l.msg).startsWith('SIGTERM'));
    expect(stopLine).toBeGreaterThan(-1);
    // The call was really in flight: it finished after the signal.
    expect(lines.slice(stopLine).some((l) => l.reqId === 'in-flight')).toBe(true);
    const expected = [
      { id: 'stream', method: 'GET', path: pathOf(endpoints.staffEvents) },
      { id: 'in-flight', method: 'POST', path: pathOf(endpoints.sendTestEmail) },
    ];
    for (const { id, method, path } of expected) {
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine, id).toHaveLength(1);
      expect(mine[0]).toMatchObject({ method, path, status: 200 });
      expect(typeof mine[0].ms).toBe('number');
    }
    // Every call is one line, with its path and no query string.
    const calls = lines.filter((l) => l.reqId !== undefined);
    expect(new Set(calls.map((l) => l.reqId)).size).toBe(calls.length);
    for (const call of calls) expect(String(call.path)).not.toContain('?');
  });
});

/**
 * E-mails a call starts after its answer (here a reset link) are sent before the process
 * exits: a stop right after the answer must not lose them.
 */
describe('stopping the server while an e-mail is being sent', () => {
  let server: ServerProcess;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    [server, smtp] = await Promise.all([spawnLoggedServer(), startSmtp({ greetingDelayMs: 500 })]);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('sends the reset link asked for just before SIGTERM, then exits 0 within 10 s', async () => {
    const api = new ApiClient(server.url);
    const token = await api.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await useSmtp({ api, adminToken: async () => token }, smtp);

    // The answer comes at once; the link goes out after it, to a mail server that takes half a second to greet.
    const asked = await api.call(endpoints.forgotPassword, { body: { email: ADMIN_EMAIL } });
    expect(asked.status).toBe(200);
    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');

    const code = await server.exited;
    const stopMs = performance.now() - signalledAt;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    // Delivered before the process ended, not lost with it.
    expect(smtp.messages.some((m) => m.to.includes(ADMIN_EMAIL.toLowerCase()))).toBe(true);
    expect(server.log()).not.toMatch(/e-mail could not be sent|still being sent/);
  });
});
