// GPU Credit Runway's service worker (docs/page.md "Offline and second visits"): a second visit, or a
// share link opened offline, gets the page with no network, and a new release replaces the old
// files, never a mix. scripts/service-worker.mjs writes one into every build, with the build's
// version and its files (every file of the build, relative to this one) for the marker below.
'use strict';
// @@BUILD@@

// The folder the worker is served from, the page's own (the site's root or its subpath): also the
// worker's scope. Every URL it fetches or answers is in it, on this origin.
const BASE = new URL('./', self.location.href);
// One cache a build, named by the scope too (two copies of the site on one origin keep theirs).
const PREFIX = `gpu-credit-runway ${BASE.href} `;
const CACHE = PREFIX + VERSION;
// Trunk's content hash in a name (the script, the wasm, the icon; a dev build's style sheet): what
// is under such a name never changes. Trunk writes its 64-bit hash in hex without leading zeros:
// 16 digits, 15 in one build out of 16 (and fewer, rarely).
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;
// The page is kept under the folder's address, as every host serves it (some redirect index.html).
const url = (file) => new URL(file === 'index.html' ? './' : file, BASE).href;
const PAGE = url('index.html');
const ASSETS = new Set(FILES.filter((f) => f !== 'index.html').map(url));

// Install: every file of this build into this build's cache, or nothing (the install fails and
// the browser tries again on a later visit).
self.addEventListener('install', (event) => event.waitUntil(precache()));

async function precache() {
  const got = await Promise.all(FILES.map(async (file) => {
    // A hashed file may come from the HTTP cache (its name changes with its content); the page
    // and the files without a hash are asked of the server again.
    const response = await fetch(url(file), { cache: HASHED.test(file) ? 'default' : 'no-cache' });
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return [url(file), response];
  }));
  // The page must be this build's: it names the build's hashed files. (A release deployed between
  // fetching this worker and fetching the page would otherwise pair another build's page with
  // these files.) The second module and its loader (split-*.wasm, wasm-split-*.js) are named by
  // the main script, not the page; the main script's name, which the page holds, is their build's.
  const html = await got.find(([u]) => u === PAGE)[1].clone().text();
  const missing = FILES.filter((f) => HASHED.test(f) && !/^(wasm-)?split-/.test(f) && !html.includes(f));
  if (missing.length) throw new Error(`the page is not this build's: it does not name ${missing.join(', ')}`);
  const cache = await caches.open(CACHE);
  try {
    // A redirected response cannot answer a navigation: keep its content under the asked URL.
    await Promise.all(got.map(([u, r]) => cache.put(u, r.redirected ? new Response(r.body, r) : r)));
  } catch (e) {
    await caches.delete(CACHE);
    throw e;
  }
}

// Activate (this build replaces the one before): the other builds' caches go. Navigations start
// their request while the worker starts (navigation preload), so the page is not slower online.
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
})()));

self.addEventListener('message', (event) => {
  // The page's "Reload" on the notice that a new version is ready (index.html).
  if (event.data === 'skip-waiting') self.skipWaiting();
  // The page asks which files this worker serves, to tell whether it already runs this build.
  else if (event.data === 'files' && event.ports[0]) event.ports[0].postMessage(FILES);
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const u = new URL(request.url);
  // Anything but the page and this build's files, on this origin or any other, is left to the
  // browser: not answered, and never fetched by the worker.
  if (u.origin !== BASE.origin) return;
  if (request.mode === 'navigate') {
    // The page, with any query string (a share link): network first, this build's copy offline.
    if (u.pathname === BASE.pathname || u.pathname === `${BASE.pathname}index.html`) event.respondWith(page(event));
    return;
  }
  // This build's files: from its cache (they never change under their names).
  if (u.search === '' && ASSETS.has(u.href)) event.respondWith(asset(request, u.href));
});

const cached = async (key) => (await caches.open(CACHE)).match(key, { ignoreVary: true });

async function page(event) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    // A server error: the copy is better, if there is one.
    return response.status >= 500 ? (await cached(PAGE)) || response : response;
  } catch (offline) {
    const copy = await cached(PAGE);
    if (copy) return copy;
    throw offline;
  }
}

async function asset(request, key) {
  return (await cached(key)) || fetch(request);
}
