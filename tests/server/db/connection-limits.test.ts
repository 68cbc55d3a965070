import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '@shared';
import { clientAddressKey } from '../../../server/src/http/client-address';
import { defaultMaxConnections, openFileSoftLimit } from '../../../server/src/http/connection-limits';
import { guestRequest, seedFixture } from '../../support/fixtures';
import { type TestServer, startTestServer } from '../../support/test-server';

interface RawConnection {
  socket: net.Socket;
  /** Everything the server sent, as text. */
  received(): string;
  /** Resolves once the server has closed the connection (or it was refused). */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** A plain TCP connection from a chosen loopback address that sends `text` and nothing more. */
function rawConnection(url: string, text: string, from = '127.0.0.1'): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: from });
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => void (data += chunk));
    socket.on('error', () => undefined);
    let isClosed = false;
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    void closed.then(() => (isClosed = true));
    const connection = { socket, received: () => data, closed, isClosed: () => isClosed };
    socket.once('connect', () => {
      socket.write(text);
      resolve(connection);
    });
    // Destroyed before it connected (refused, reset): it counts as closed.
    void closed.then(() => resolve(connection));
  });
}

/** A request line and one header, with the blank line that would end the headers never sent. */
const HALF_SENT = 'GET /api/health HTTP/1.1\r\nHost: hotel\r\n';

/** GET /api/health from `from` over a fresh connection: the status, or the error's code when the connection failed. */
function health(url: string, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    void rawConnection(url, 'GET /api/health HTTP/1.1\r\nHost: hotel\r\nConnection: close\r\n\r\n', from).then((c) =>
      c.closed.then(() => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(c.received());
        resolve(status ? Number(status[1]) : 'closed without an answer');
      }),
    );
  });
}

describe('client connections are capped per address and time out', () => {
  let t: TestServer;
  const open: RawConnection[] = [];
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_MAX_CONNECTIONS_PER_ADDRESS: '50', HOTEL_HEADERS_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    open.forEach((c) => c.socket.destroy());
    await t.cleanup();
  });

  it('keeps answering another address while one floods it with half-sent requests, and closes those once their headers are late', async () => {
    const flood = await Promise.all(Array.from({ length: 300 }, () => rawConnection(t.url, HALF_SENT, '127.0.0.1')));
    open.push(...flood);
    // Over the cap, the server dropped the socket as it was accepted.
    await expect.poll(() => flood.filter((c) => c.socket.destroyed).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(250);

    expect(await health(t.url, '127.0.0.2')).toBe(200);

    // The ones it took are closed by the headers timeout (1 s here), with nothing handled.
    await expect.poll(() => flood.every((c) => c.isClosed()), { timeout: 10_000 }).toBe(true);
    expect(flood.every((c) => !c.received().includes('"status"'))).toBe(true);
    // And the flooding address is served again once its sockets are gone.
    expect(await health(t.url, '127.0.0.1')).toBe(200);
  }, 30_000);
});

describe('a stop while clients hold half-sent requests', () => {
  it('does not wait for their header timeout: the server closes within a few seconds', async () => {
    const t = await startTestServer();
    const held = await Promise.all(Array.from({ length: 20 }, () => rawConnection(t.url, HALF_SENT, '127.0.4.1')));
    try {
      // The default header timeout is 20 s, longer than a stop may take.
      const started = Date.now();
      await t.close();
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect.poll(() => held.every((c) => c.isClosed()), { timeout: 2_000 }).toBe(true);
    } finally {
      held.forEach((c) => c.socket.destroy());
      await t.cleanup();
    }
  }, 30_000);
});

describe('an event stream refused for a cap', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { HOTEL_STREAMS_PER_ADDRESS: '1' } });
  });
  afterAll(() => t.cleanup());

  it('closes its connection (Connection: close), even on a kept-alive HTTP/1.1 connection', async () => {
    const fx = await seedFixture(t.server.app.ctx.database.db);
    const id = (await t.api.call(endpoints.addRequest, { body: guestRequest(fx, [fx.services.towels]) })).body.id;
    const request = `GET ${pathOf(endpoints.guestEvents, { id })} HTTP/1.1\r\nHost: hotel\r\n\r\n`;
    const first = await rawConnection(t.url, request, '127.0.3.1');
    try {
      await expect.poll(() => first.received()).toMatch(/^HTTP\/1\.1 200/);
      const refused = await rawConnection(t.url, request, '127.0.3.1');
      await expect.poll(() => refused.isClosed(), { timeout: 5_000 }).toBe(true);
      expect(refused.received()).toMatch(/^HTTP\/1\.1 429/);
      expect(refused.received()).toMatch(/\r\nconnection: close\r\n/i);
    } finally {
      first.socket.destroy();
    }
  });
});

describe('connection limits', () => {
  it('count an IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe(clientAddressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(clientAddressKey('2001:db8:1:2::1')).not.toBe(clientAddressKey('2001:db8:1:3::1'));
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.7')).not.toBe(clientAddressKey('192.0.2.8'));
  });

  it('stay below the process descriptor limit, leaving room for the database and SMTP', () => {
    expect(defaultMaxConnections(1024)).toBe(768);
    expect(defaultMaxConnections(20_000)).toBe(16_000);
    expect(defaultMaxConnections(undefined)).toBeGreaterThan(0);
    const soft = openFileSoftLimit();
    if (soft !== undefined) expect(defaultMaxConnections()).toBeLessThan(soft);
  });
});
