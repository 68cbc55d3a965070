import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setCurrentLang } from '../../electron/i18n';
import { APP_ORIGIN } from '../../electron/app-url';
import { checkServer, isInsecureAddress, normalizeServerUrl, readServerUrl, setServerUrl } from '../../electron/server-url';
import { DESKTOP_ORIGIN } from '../../server/src/http/desktop-cors';
import { startTestServer, type TestServer } from '../support/test-server';
import { MemoryStore } from './support';

describe('the hotel server address', () => {
  it('accepts what people type: a bare host and port, a pasted page address, https', () => {
    expect(normalizeServerUrl('192.168.1.10:8080')).toBe('http://192.168.1.10:8080');
    expect(normalizeServerUrl(' http://hotel-server:8080/Admin/Login ')).toBe('http://hotel-server:8080');
    expect(normalizeServerUrl('https://hotel.example.com/')).toBe('https://hotel.example.com');
  });

  it.each(['', '   ', 'ftp://hotel', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@hotel', 'http://', 'http://exa mple.com'])(
    'refuses %j',
    (input) => {
      expect(normalizeServerUrl(input)).toBeUndefined();
    },
  );

  it('calls plain http on the network insecure, and this machine or https not', () => {
    for (const url of ['http://192.168.1.10:8080', 'http://hotel-server:8080', 'http://[fe80::1]', 'http://127.0.0.1.example.com']) expect(isInsecureAddress(url)).toBe(true);
    for (const url of ['https://192.168.1.10', 'http://localhost:8080', 'http://127.0.0.2:8080', 'http://[::1]:8080', 'http://desk.localhost']) expect(isInsecureAddress(url)).toBe(false);
  });

  it('asks for confirmation, in the app language, before it even contacts a plain-http address on the network', async () => {
    const settings = new MemoryStore();
    const fetchSpy = vi.fn(async () => Response.json({ status: 'ok' }));
    const beforeChange = vi.fn();
    const answer = await setServerUrl('192.168.1.10:8080', { settings, fetch: fetchSpy, beforeChange });
    expect(answer).toEqual({ ok: false, insecure: true, error: expect.stringMatching(/^http:\/\/192\.168\.1\.10:8080 is not encrypted/) });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(beforeChange).not.toHaveBeenCalled();
    expect(settings.data.size).toBe(0);
    setCurrentLang('ar');
    expect(await setServerUrl('192.168.1.10:8080', { settings, fetch: fetchSpy })).toMatchObject({ insecure: true, error: expect.stringMatching(/غير مشفّر/) });
    setCurrentLang('en');

    expect(await setServerUrl('192.168.1.10:8080', { settings, fetch: fetchSpy, beforeChange }, { allowInsecure: true })).toEqual({ ok: true, url: 'http://192.168.1.10:8080' });
    expect(readServerUrl(settings)).toBe('http://192.168.1.10:8080');
    expect(beforeChange).toHaveBeenCalledWith(undefined);
  });

  it('ends the old session before the new address is kept', async () => {
    const settings = new MemoryStore();
    settings.set('serverUrl', 'https://old.hotel.example');
    const seen: (string | undefined)[] = [];
    const answer = await setServerUrl('https://new.hotel.example', {
      settings,
      fetch: async () => Response.json({ status: 'ok' }),
      beforeChange: (previous) => void seen.push(previous, readServerUrl(settings)),
    });
    expect(answer).toEqual({ ok: true, url: 'https://new.hotel.example' });
    expect(seen).toEqual(['https://old.hotel.example', 'https://old.hotel.example']);
  });

  describe('checked against a real server', () => {
    let t: TestServer;
    let other: Server;
    let otherUrl: string;
    beforeAll(async () => {
      t = await startTestServer();
      // Something that answers HTTP but is not the hotel server (a router's admin page).
      other = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>router</html>'));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    }, 120_000);
    afterAll(async () => {
      other?.close();
      await t?.cleanup();
    });

    it('keeps the address once GET /api/health answers ok, and says when it changed', async () => {
      const settings = new MemoryStore();
      const onChanged = vi.fn();
      expect(await setServerUrl(`${t.url}/Admin/Login`, { settings, onChanged })).toEqual({ ok: true, url: t.url });
      expect(readServerUrl(settings)).toBe(t.url);
      expect(onChanged).toHaveBeenCalledWith(t.url);
      await setServerUrl(t.url, { settings, onChanged });
      expect(onChanged).toHaveBeenCalledTimes(1);
    });

    it('refuses, with the reason, a server that is not the hotel server, and keeps the old address', async () => {
      const settings = new MemoryStore();
      settings.set('serverUrl', t.url);
      expect(await setServerUrl(otherUrl, { settings })).toEqual({ ok: false, error: `${otherUrl} answered, but it is not the hotel service server.` });
      expect(readServerUrl(settings)).toBe(t.url);
    });

    it('refuses an address where nothing answers, in Arabic when the app is in Arabic', async () => {
      setCurrentLang('ar');
      const settings = new MemoryStore();
      const answer = await setServerUrl('http://127.0.0.1:9', { settings });
      expect(answer).toEqual({ ok: false, error: 'تعذر الوصول إلى الخادم http://127.0.0.1:9. تحقق من العنوان ومن أن الخادم يعمل.' });
      expect(settings.data.size).toBe(0);
    });

    it('gives up on a server that does not answer in time', async () => {
      const hanging = createServer(() => undefined);
      await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
      try {
        expect(await checkServer(url, fetch, 300)).toBe(`The server at ${url} did not answer in time. Check the address and the network.`);
      } finally {
        hanging.closeAllConnections();
        hanging.close();
      }
    });

    it('lets the desktop pages (app://desk) call the API across origins, and no other site', async () => {
      expect(DESKTOP_ORIGIN).toBe(APP_ORIGIN);
      const preflight = await fetch(`${t.url}/api/Account/Login`, {
        method: 'OPTIONS',
        headers: { Origin: APP_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);

      const health = await fetch(`${t.url}/api/health`, { headers: { Origin: APP_ORIGIN } });
      expect(health.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(health.headers.get('access-control-expose-headers')).toContain('Content-Disposition');

      const stranger = await fetch(`${t.url}/api/health`, { headers: { Origin: 'https://evil.example' } });
      expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
      const strangerPreflight = await fetch(`${t.url}/api/Account/Login`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(strangerPreflight.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
