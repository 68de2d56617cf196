// Warwick's service worker, for the page a phone (or a browser) opens from `warwick serve`: it
// keeps the app's shell (the page's files: script, styles, icons) so the app opens at once, and
// when the computer that runs Warwick cannot be reached it shows a page saying so instead of the
// browser's error. Game calls (/api) and pairing (/pair) always go to the computer and are never
// kept: the games live there. The page itself is fetched from the computer first (it holds a
// token that changes at every start); the kept copy is only for when the computer is away.
const SHELL = 'warwick-shell-v1';
const OFFLINE = './offline.html';
const PRECACHE = [OFFLINE, './offline.css', './icon-192.png', './icon.svg', './manifest.webmanifest'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/pair/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE)) ?? Response.error()),
    );
    return;
  }
  // The built files have their content's hash in their names: a kept copy is always right.
  event.respondWith(
    caches.match(request).then(
      (kept) =>
        kept ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.includes('/assets/')) {
            const copy = response.clone();
            void caches.open(SHELL).then((cache) => cache.put(request, copy));
          }
          return response;
        }),
    ),
  );
});
