import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, hardenSession, hardenWebContents, isAllowedRequest, isPermissionAllowed } from '../../electron/security';

const server = 'http://192.168.1.10:8080';
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `) || d === name);

describe('Content-Security-Policy of the app pages', () => {
  const csp = contentSecurityPolicy(server, undefined);

  it('lets scripts come only from the app itself: no inline script, no eval, no remote script', () => {
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' app://desk");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
  });

  it('relaxes inline scripts only for Vite\'s dev server, never in a release build', () => {
    const dev = contentSecurityPolicy(server, 'http://localhost:5173/');
    expect(directive(dev, 'script-src')).toBe("script-src 'self' http://localhost:5173 'unsafe-inline'");
    expect(directive(dev, 'connect-src')).toBe(`connect-src ${server} ws://localhost:5173`);
  });

  it('lets the page talk to the configured server only', () => {
    expect(directive(csp, 'connect-src')).toBe(`connect-src ${server}`);
    expect(directive(contentSecurityPolicy(undefined, undefined), 'connect-src')).toBe("connect-src 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});

describe('requests, navigation and permissions', () => {
  it('lets requests go to the app, the configured server and devtools only', () => {
    expect(isAllowedRequest('app://desk/assets/index.js', server, undefined)).toBe(true);
    expect(isAllowedRequest(`${server}/api/BasicData/GetAllCompanies?lang=en`, server, undefined)).toBe(true);
    expect(isAllowedRequest('https://cdn.example.com/lib.js', server, undefined)).toBe(false);
    expect(isAllowedRequest('http://192.168.1.10:9999/api/health', server, undefined)).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd', server, undefined)).toBe(false);
  });

  it('denies every permission request but clipboard writing', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen', 'clipboard-read']) expect(isPermissionAllowed(p)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write')).toBe(true);
  });

  it('installs the handlers on the session: permissions denied, remote content cancelled, CSP on app responses', () => {
    const calls: Record<string, (...args: any[]) => void> = {};
    const session = {
      setPermissionRequestHandler: (h: any) => (calls.request = h),
      setPermissionCheckHandler: (h: any) => (calls.check = h),
      webRequest: { onBeforeRequest: (h: any) => (calls.before = h), onHeadersReceived: (h: any) => (calls.headers = h) },
    };
    hardenSession(session as never, () => server);
    const decide = vi.fn();
    calls.request({}, 'media', decide);
    expect(decide).toHaveBeenCalledWith(false);
    expect(calls.check({}, 'geolocation')).toBe(false);
    const before = vi.fn();
    calls.before({ url: 'https://tracker.example/pixel.gif' }, before);
    expect(before).toHaveBeenCalledWith({ cancel: true });
    const headers = vi.fn();
    calls.headers({ url: 'app://desk/', responseHeaders: {} }, headers);
    expect(headers.mock.calls[0][0].responseHeaders['Content-Security-Policy'][0]).toContain(`connect-src ${server}`);
  });

  it('keeps the window on the app pages: outside links open in the system browser, new windows never open', () => {
    const contents = Object.assign(new EventEmitter(), { openHandler: undefined as any, setWindowOpenHandler: (h: any) => (contents.openHandler = h) });
    const openExternal = vi.fn();
    hardenWebContents(contents as never, openExternal);
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('app://desk/Admin/Home')).toBe(false);
    expect(navigate('https://evil.example/phish')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/phish');
    expect(contents.openHandler({ url: 'https://hotel.example/help' })).toEqual({ action: 'deny' });
    expect(contents.openHandler({ url: 'app://desk/Admin/Home' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenLastCalledWith('https://hotel.example/help');
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });
});
