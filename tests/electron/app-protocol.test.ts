import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveAppFile } from '../../electron/app-protocol';

const root = path.resolve('/opt/app/dist/renderer');
const existing = new Set([path.join(root, 'index.html'), path.join(root, 'assets/index-abc.js')]);
const exists = (file: string) => existing.has(file);

describe('app:// serves the built renderer', () => {
  it('answers a built asset with its file', () => {
    expect(resolveAppFile(root, 'app://desk/assets/index-abc.js', exists)).toBe(path.join(root, 'assets/index-abc.js'));
  });

  it('answers every route with index.html so the router can show it (deep links, notifications)', () => {
    for (const route of ['app://desk/', 'app://desk/Admin/Request/Details/42', 'app://desk/Dashboard/ResetPassword?email=a@b.co&token=t']) {
      expect(resolveAppFile(root, route, exists)).toBe(path.join(root, 'index.html'));
    }
  });

  it('answers nothing for a missing asset, another host, or a path climbing out of the renderer folder', () => {
    expect(resolveAppFile(root, 'app://desk/assets/missing.js', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'app://other/index.html', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'app://desk/..%2F..%2Fmain.js', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'app://desk/%2e%2e/%2e%2e/etc/passwd.js', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'app://desk/%E0%A4%A', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'file:///etc/passwd', exists)).toBeUndefined();
  });

  it('never answers an API call with a page (the API is on the hotel server)', () => {
    expect(resolveAppFile(root, 'app://desk/api/Account/Login', exists)).toBeUndefined();
    expect(resolveAppFile(root, 'app://desk/API/health', exists)).toBeUndefined();
  });
});
