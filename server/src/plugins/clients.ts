import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '../http/errors';
import { common } from '../i18n/common.messages';
import { langOf } from '../i18n/localize';

/** Search engines may list the guest form; staff pages, the API and a guest's own request stay out. */
const ROBOTS_TXT = ['User-agent: *', 'Allow: /Request/Service', 'Disallow: /Request/Review', 'Disallow: /Admin/', 'Disallow: /Dashboard/', 'Disallow: /Work/', 'Disallow: /api/', ''].join('\n');

/**
 * Serves the built clients: the admin renderer (/Admin/…, /Dashboard/…) and the
 * guest pages (/Request/…). Unknown /api paths answer a JSON 404. Not encapsulated:
 * the not-found handler and the assets' cache header are the whole server's.
 */
export default fp(
  async function clients(app, { clientsDir }: { clientsDir: string }) {
    const renderer = path.join(clientsDir, 'renderer');
    const guest = path.join(clientsDir, 'guest-web');
    const hasRenderer = existsSync(path.join(renderer, 'index.html'));
    const hasGuest = existsSync(path.join(guest, 'index.html'));
    const work = path.join(clientsDir, 'work-web');
    const hasWork = existsSync(path.join(work, 'index.html'));
    if (hasRenderer) app.register(fastifyStatic, { root: renderer, prefix: '/', wildcard: false, index: false, cacheControl: false });
    // The guest build ships .br/.gz beside each asset (guest-web/vite.config.ts); phones get those.
    if (hasGuest) app.register(fastifyStatic, { root: guest, prefix: '/guest/', decorateReply: !hasRenderer, cacheControl: false, preCompressed: true });
    if (hasWork) {
      // The workers' phone page: its service worker (/Work/sw.js) controls /Work/, so the page lives there.
      app.register(fastifyStatic, {
        root: work,
        prefix: '/Work/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        // The page, its manifest and its service worker always revalidate (assets are kept: see onSend).
        setHeaders: (res, file) => {
          if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
        },
      });
      // The supervisor's QR reads /Work#pair=CODE: the browser keeps the fragment across the redirect to
      // /Work/, the service worker's scope. (The router takes /Work and /Work/ for one route.)
      app.get('/Work/', async (request, reply) => {
        if (!request.url.split('?')[0].endsWith('/')) return reply.redirect('/Work/');
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await readFile(path.join(work, 'index.html')));
      });
    }
    app.addHook('onSend', async (request, reply, payload) => {
      // Hashed assets never change; pages always revalidate. Only a file served from an
      // assets folder (by its path, never its query) may be kept for a year.
      if (reply.statusCode === 200 && isAssetPath(request.url)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return payload;
    });

    app.get('/', async (_request, reply) => reply.redirect('/Admin/Login'));
    app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(ROBOTS_TXT));
    // The guest build carries the icon (guest-web/public); every page of the server uses it.
    if (hasGuest && existsSync(path.join(guest, 'favicon.ico')))
      app.get('/favicon.ico', async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.ico', guest));
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.toLowerCase();
      const lang = langOf(request);
      if (request.method === 'GET' && !url.startsWith('/api/')) {
        if ((url === '/work' || url.startsWith('/work/')) && hasWork && !isAssetPath(url)) return reply.header('cache-control', 'no-cache').redirect('/Work/');
        if (url.startsWith('/request/') && hasGuest) return reply.header('cache-control', 'no-cache').sendFile('index.html', guest);
        if (hasRenderer && !url.startsWith('/guest/') && !isAssetPath(url))
          return reply.header('cache-control', 'no-cache').sendFile('index.html', renderer);
      }
      return reply.status(404).send(new AppError(404, common.routeNotFound).body(lang));
    });
  },
  { name: 'clients' },
);

/** The built clients' hashed files: /assets/… (admin), /guest/assets/… (guest pages) and /Work/assets/… (workers' phones). */
function isAssetPath(url: string): boolean {
  const pathname = url.split('?')[0].toLowerCase();
  return pathname.startsWith('/assets/') || pathname.startsWith('/guest/assets/') || pathname.startsWith('/work/assets/');
}
