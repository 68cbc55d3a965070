/* The worker page's service worker (scope /Work/): the page opens without network, and a
   task pushed while the page is closed shows as a notification that opens it. */
const CACHE = 'work-v1';
const SHELL = '/Work/';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.add(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The page itself: the newest when online, the kept one when not.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) void caches.open(CACHE).then((cache) => cache.put(SHELL, response.clone()));
          return response;
        })
        .catch(() => caches.match(SHELL).then((kept) => kept || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/Work/assets/')) {
    // Hashed names never change: kept once fetched.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
          fetch(request).then((response) => {
            if (response.ok) void caches.open(CACHE).then((cache) => cache.put(request, response.clone()));
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let payload;
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : '' };
  }
  const lineId = typeof payload.lineId === 'number' ? payload.lineId : undefined;
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'مهمة جديدة · New task';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: lineId !== undefined ? `task-${lineId}` : 'task',
      renotify: true,
      requireInteraction: true,
      icon: '/Work/icon-512.png',
      data: { lineId },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const lineId = event.notification.data && event.notification.data.lineId;
  const target = lineId !== undefined ? `/Work/#task=${lineId}` : '/Work/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).pathname.startsWith('/Work'));
      if (open) return open.navigate(target).then((w) => (w || open).focus(), () => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
