// The service worker: the app and the last feed kept for offline use. Served at /sw.js (its scope is
// the whole site) by `worldclock serve` and `worldclock export`, which write in the build's version
// (the digest of every web file) and its assets' paths: a new build is a new sw.js, which the
// browser installs, caching the new assets under a new name and deleting the old cache. The page is
// fetched from the network first, so a new build's page is never hidden behind an old one.
const VERSION = '__VERSION__';
const ASSETS = __ASSETS__;
const APP_CACHE = 'worldclock-app-' + VERSION;
const FEED_CACHE = 'worldclock-feed';
const FEED = '/v1/sections';
/** Set on a feed answered from the cache because the network failed: the page says it is offline. */
const SOURCE_HEADER = 'X-Worldclock-Feed';

self.addEventListener('install', (event) => {
  // Where the browser routes requests itself (the Service Worker Static Routing API: Chromium), three
  // kinds never wait for this worker's script to run. The app's page is asked of the network at
  // once, raced with this worker's fetch handler, and the network's answer is taken when it comes:
  // a returning visit (the browser started again, this worker stopped) no longer waits for it to
  // start and answer (Scripts/bench/bench-web-ready, issue 54); offline, the network fails and the
  // handler answers from the cache (`page`). This build's assets come straight from its cache (a
  // miss goes to the network), and the server's search, asked while the page's engine loads,
  // straight from the network. Elsewhere the fetch handler below does all three.
  if (typeof event.addRoutes === 'function') {
    event.waitUntil(event.addRoutes([
      { condition: { urlPattern: { pathname: '/' }, requestMode: 'navigate' }, source: 'race-network-and-fetch-handler' },
      { condition: { urlPattern: { pathname: `/app/${VERSION}/*` } }, source: { cacheName: APP_CACHE } },
      { condition: { urlPattern: { pathname: '/v1/search' } }, source: 'network' },
    ]).catch((error) => console.warn('service worker routes:', error.message)));
  }
  event.waitUntil((async () => {
    const cache = await caches.open(APP_CACHE);
    // Past the HTTP cache: this build's page and assets exactly.
    await cache.addAll(['/', ...ASSETS].map((url) => new Request(url, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // The page's request goes out while this worker starts, not after (`page`).
    await self.registration.navigationPreload?.enable();
    for (const name of await caches.keys()) {
      if (name.startsWith('worldclock-app-') && name !== APP_CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  // Only the app's own page is the shell: another document opened in a tab (/openapi.yaml,
  // /healthz) goes to the network as it is, and is never kept as the page.
  if (url.pathname === '/') event.respondWith(page(event));
  else if (url.pathname.startsWith('/app/')) event.respondWith(asset(request));
  else if (url.pathname === FEED) event.respondWith(feed(request, url));
  // Its answer is the navigation preload's, already asked for: not a second request.
  else if (request.mode === 'navigate') event.respondWith(preloaded(event));
});

/** The network's answer to a navigation: the navigation preload's, else a fetch. */
async function preloaded(event) {
  return (await event.preloadResponse) ?? fetch(event.request);
}

/**
 * The page from the network (a new build's page names its new assets), else the cached one. Where
 * the browser races the network with this handler (the static route above), the network's answer
 * goes to the page without this worker, and this handler only matters when the network fails;
 * its fetch is the race's own request, not a second one. Elsewhere the network's answer is the
 * navigation preload's, asked for while this worker started, given to the page at once and kept
 * in the cache after, not before.
 * @param {FetchEvent} event
 */
async function page(event) {
  const { request } = event;
  try {
    const preloaded = await event.preloadResponse;
    const response = preloaded ?? await fetch(request);
    // Raced (no preload): the page this worker precached is this build's, which the network's
    // answer is too while this worker is current; not written again at every visit.
    if (preloaded && response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(APP_CACHE).then((cache) => cache.put('/', copy)));
    }
    return response;
  } catch (error) {
    const cached = await caches.match('/', { cacheName: APP_CACHE }) ?? await caches.match('/');
    if (cached) return cached;
    throw error;
  }
}

/** Assets never change under their content-hashed path: the cache first. */
async function asset(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith(`/app/${VERSION}/`)) {
    await (await caches.open(APP_CACHE)).put(request, response.clone());
  }
  return response;
}

/**
 * The feed from the network, revalidated with the cached copy's ETag (a 304 answers with the
 * cached body); offline, the cached copy marked as such. Only the plain feed (the current one) is
 * kept: a feed for another instant (?at=, the page's test clock) would mislead a later load.
 */
async function feed(request, url) {
  const cache = await caches.open(FEED_CACHE);
  const cached = await cache.match(FEED);
  const current = url.search === '';
  try {
    const headers = new Headers(request.headers);
    const etag = cached?.headers.get('ETag');
    if (current && etag) headers.set('If-None-Match', etag);
    const response = await fetch(url.href, { headers, signal: request.signal });
    if (current && response.status === 304 && cached) return cached;
    if (current && response.ok) await cache.put(FEED, response.clone());
    return response;
  } catch (error) {
    if (!cached || request.signal?.aborted) throw error;
    const headers = new Headers(cached.headers);
    headers.set(SOURCE_HEADER, 'offline');
    return new Response(cached.body, { status: 200, statusText: 'OK', headers });
  }
}
