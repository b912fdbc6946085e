// Offline and second visits (docs/page.md; issue 28): the service worker (pwa/sw.js, written into each
// build by scripts/service-worker.mjs) and the page's script that registers it (index.html).
// - A first visit installs the worker, which precaches exactly the build's files; offline, a reload
//   builds the page and its answers from them, at the site's root and under a subpath.
// - A share link never opened before, opened offline after one visit, shows its plan.
// - A new release: the open page says so (in its language), and its "Reload" gives the new build,
//   with none of the old build's files, and only the new build's cache left.
// - Every request the worker makes is to the page's own origin; it does not touch any other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { pageSuite } from './support/suite.mjs';
import { serveDist } from './support/server.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';
import { serveStatic } from '../../scripts/serve.mjs';
import { buildFiles, writeServiceWorker } from '../../scripts/service-worker.mjs';

const suite = pageSuite();
const { done } = suite;
const DIST = resolve(process.env.DIST_DIR ?? 'dist');
const SUBPATH = resolve('target/dist-subpath');
const LINK = '?t0=2027-01-04&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&grant=modal';

/** The version and the files a build's worker precaches, read from its sw.js. */
function workerOf(dir) {
  const sw = readFileSync(join(dir, 'sw.js'), 'utf8');
  const version = /const VERSION = "([0-9a-f]{16})";/.exec(sw)?.[1];
  const files = JSON.parse(/const FILES = (\[.*\]);/.exec(sw)?.[1] ?? 'null');
  assert.ok(version && files, `${dir}/sw.js has no build version or file list`);
  return { version, files };
}

/** The cache a build's worker fills, as caches.keys() and Cache.keys() show it: { name: [urls] }. */
function expectedCache(dir, base) {
  const { version, files } = workerOf(dir);
  return { [`gpu-credit-runway ${base} ${version}`]: files.map((f) => (f === 'index.html' ? base : base + f)).sort() };
}

/** Waits (in the page) for the registration's active worker to be activated: { scope, script, controlled }. */
const activated = (page) => page.evaluate(async () => {
  const timeout = new Promise((_, fail) => setTimeout(() => fail(new Error('no active service worker in 20 s')), 20_000));
  const reg = await Promise.race([navigator.serviceWorker.ready, timeout]);
  const w = reg.active;
  await Promise.race([timeout, new Promise((ok) => {
    if (w.state === 'activated') ok();
    w.addEventListener('statechange', () => w.state === 'activated' && ok());
  })]);
  return { scope: reg.scope, script: w.scriptURL, controlled: !!navigator.serviceWorker.controller };
});

const cacheContents = (page) => page.evaluate(async () => {
  const out = {};
  for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url).sort();
  return out;
});

/** Opens a page in `context` with the page object; records when <main> is built (ms from navigation start). */
async function newCalc(context, base) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector('main[data-built]')) {
        window.__builtAt = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-built'] });
  });
  return new CalculatorPage(page, base);
}

/** Reloads and waits for the whole page and its answers. */
async function reloadBuilt(calc) {
  await calc.page.reload();
  await calc.built();
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.dataset.value);
}

/** The worker's own requests (Chromium reports them on the context, with the worker). */
function workerRequests(context) {
  const urls = [];
  context.on('request', (r) => r.serviceWorker() && urls.push(r.url()));
  return urls;
}

test('a first visit precaches the build; offline, a reload builds the page and its answers from it', async (t) => {
  // Served as `make serve` serves it (brotli, a year's immutable caching for hashed names), with
  // every response's bytes counted.
  const server = await serveStatic({ root: DIST });
  const log = [];
  server.server.on('request', (req, res) => {
    const end = res.end.bind(res);
    res.end = (data, ...rest) => {
      log.push({ path: req.url, bytes: data?.length ?? 0 });
      return end(data, ...rest);
    };
  });
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fromWorker = workerRequests(context);
  try {
    const calc = await newCalc(context, server.url);
    await calc.open();
    const onlineTotal = await calc.value('answer-total');
    const worker = await activated(calc.page);
    assert.deepEqual(worker, { scope: server.url, script: `${server.url}sw.js`, controlled: false },
      'a worker for the page\'s folder; the first visit stays the network\'s (it is not taken over mid-load)');
    // Exactly this build's files, under one cache named by its version; not the worker itself.
    assert.deepEqual(await cacheContents(calc.page), expectedCache(DIST, server.url));
    assert.ok(fromWorker.length > 0 && fromWorker.every((u) => u.startsWith(server.url)), `the worker fetched only the site: ${fromWorker}`);
    const first = log.splice(0);
    const firstBuilt = await calc.page.evaluate(() => window.__builtAt);

    // What answered the page, its script and its wasm on a load: [{ url, worker, status }].
    let served = [];
    calc.page.on('response', (r) => served.push({ url: r.url(), worker: r.fromServiceWorker(), status: r.status() }));
    const assets = () => {
      const got = served.filter((r) => /\.(js|wasm)$/.test(r.url) || r.url === server.url);
      assert.ok(got.some((r) => r.url.endsWith('_bg.wasm')) && got.some((r) => r.url.endsWith('.js')), JSON.stringify(served));
      served = [];
      return got;
    };

    // A second visit online: the page from the network (through the worker), the rest from its cache.
    served = [];
    await reloadBuilt(calc);
    const online = { builtAt: await calc.page.evaluate(() => window.__builtAt), requests: log.splice(0) };
    assert.equal(await calc.page.evaluate(() => !!navigator.serviceWorker.controller), true, 'the second visit is the worker\'s');
    // (The browser checks sw.js for a new worker a moment after a navigation: that request may
    // come at any point from here on.)
    const page = (rs) => rs.filter((r) => r.path !== '/sw.js');
    assert.deepEqual(page(online.requests).map((r) => r.path), ['/'], 'only the page from the network on a second visit');
    assert.deepEqual(assets().filter((r) => !r.worker || r.status !== 200), [], 'the page, its script and its wasm through the worker');

    // Offline: the same page and answers, from the cache alone.
    await context.setOffline(true);
    await reloadBuilt(calc);
    assert.equal(await calc.value('answer-total'), onlineTotal, 'the same answer as online');
    assert.deepEqual(page(log), [], 'nothing reached the server while offline');
    assert.deepEqual(assets().filter((r) => !r.worker || r.status !== 200), [], 'the page, its script and its wasm all came from the worker');
    const offlineBuilt = await calc.page.evaluate(() => window.__builtAt);

    const kb = (rs) => (rs.reduce((a, r) => a + r.bytes, 0) / 1024).toFixed(1);
    t.diagnostic(`first visit: ${first.length} responses (${first.map((r) => r.path).join(', ')}), ${kb(first)} KB over the wire (brotli), page built at ${firstBuilt.toFixed(0)} ms`);
    t.diagnostic(`second visit online: ${page(online.requests).length} response (${page(online.requests).map((r) => r.path).join(', ')}), ${kb(page(online.requests))} KB, built at ${online.builtAt.toFixed(0)} ms`);
    t.diagnostic(`offline reload: 0 bytes, built at ${offlineBuilt.toFixed(0)} ms`);
    await done(calc);
  } finally {
    await context.close().catch(() => {});
    await server.close();
  }
});

test('a share link never opened, opened offline after one visit, shows its plan (at the root and under a subpath)', async () => {
  // What the link shows online, in a browser with no worker yet.
  const reference = await suite.open(LINK);
  const want = { job: await reference.value('job-cost-0'), total: await reference.value('answer-total') };
  assert.ok(want.job > 0, `job-cost-0 ${want.job}`);
  await done(reference);
  const sub = await serveDist(SUBPATH, '/tools/runway/');
  try {
    for (const [url, dir] of [[suite.server.url, DIST], [sub.url, SUBPATH]]) {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const fromWorker = workerRequests(context);
      const calc = await newCalc(context, url);
      await calc.open();
      const worker = await activated(calc.page);
      assert.equal(worker.scope, url, 'the worker\'s scope is the page\'s folder');
      assert.equal(worker.script, `${url}sw.js`);
      assert.deepEqual(await cacheContents(calc.page), expectedCache(dir, url));
      await context.setOffline(true);
      await calc.open(LINK);
      assert.equal(await calc.value('job-cost-0'), want.job, `${url}: the link's job costs what it does online`);
      assert.equal(await calc.value('answer-total'), want.total);
      assert.equal(new URL(calc.page.url()).search, LINK);
      assert.ok(fromWorker.every((u) => u.startsWith(url)), `${url}: the worker fetched only the site: ${fromWorker}`);
      await done(calc);
    }
  } finally {
    await sub.close();
  }
});

/** Build B from build A: the hashed names changed (as a new release's are), its policy and worker written again. */
function releaseFrom(a, b) {
  const files = buildFiles(a);
  let html = readFileSync(join(a, 'index.html'), 'utf8');
  // Trunk's hash has no leading zeros: 15 digits in one build out of 16.
  const hash = /gpu-credit-runway-([0-9a-f]{8,16})/.exec(html)[1];
  const shift = (h) => h.replace(/[0-9a-f]/g, (c) => ((parseInt(c, 16) + 7) % 16).toString(16));
  const next = shift(hash);
  // The second module's loader names the main script, so a real release renames it too
  // (docs/performance.md, "Two modules"); the main script names it in turn.
  const renames = [[hash, next]];
  const loader = files.map((f) => /^wasm-split-([0-9a-f]{8,16})\.js$/.exec(f)?.[1]).find(Boolean);
  if (loader) renames.push([loader, shift(loader)]);
  const rename = (text) => renames.reduce((t, [from, to]) => t.split(from).join(to), text);
  const inline = (h) => [...h.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  const before = inline(html);
  html = rename(html);
  // The loader script names the files: its hash in the policy changes with them.
  inline(html).forEach((h, i) => { html = html.replace(before[i], h); });
  for (const f of files) {
    const to = join(b, rename(f));
    mkdirSync(dirname(to), { recursive: true });
    if (f === 'index.html') continue;
    if (f.endsWith('.js')) {
      const text = rename(readFileSync(join(a, f), 'utf8'));
      writeFileSync(to, text);
      // A script whose text changed gets its new integrity in the page.
      const name = rename(f).replace(/[.]/g, '\\.');
      html = html.replace(new RegExp(`(href="[^"]*${name}"[^>]*integrity=")sha384-[^"]+"`), (_m, head) => `${head}sha384-${createHash('sha384').update(text).digest('base64')}"`);
    } else cpSync(join(a, f), to);
  }
  writeFileSync(join(b, 'index.html'), html);
  writeServiceWorker(b);
  return { oldHash: hash, newHash: next, files: buildFiles(b) };
}

test('a new release: the open page says so in its language, and "Reload" gives the new build, no old file mixed in', async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'offline-test-'));
  const b = join(tmp, 'b');
  const release = releaseFrom(DIST, b);
  // The server's folder is a link: pointing it at B is the deployment.
  const site = join(tmp, 'site');
  symlinkSync(DIST, site);
  const server = await serveDist(site);
  const deploy = (dir) => {
    symlinkSync(dir, `${site}.next`);
    renameSync(`${site}.next`, site);
  };
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fromWorker = workerRequests(context);
  try {
    const calc = await newCalc(context, server.url);
    await calc.open(LINK);
    await activated(calc.page);
    await reloadBuilt(calc);
    assert.equal((await activated(calc.page)).controlled, true);
    assert.equal(await calc.page.locator('.update-note').count(), 0, 'no notice without a release');

    deploy(b);
    // Another tab opens the site: the browser checks the worker, finds B's and installs it. That
    // tab got B's page from the network: it is B already, and says nothing.
    const other = await newCalc(context, server.url);
    let otherNavigations = 0;
    await other.open();
    other.page.on('framenavigated', (f) => f === other.page.mainFrame() && otherNavigations++);
    assert.match(await other.page.locator('link[rel=modulepreload]').getAttribute('href'), new RegExp(release.newHash));

    // The first tab runs A: a small notice, not a dialog, that does not take the focus.
    const note = calc.page.locator('.update-note');
    await note.waitFor({ timeout: 20_000 });
    await calc.page.waitForFunction(() => document.querySelector('.update-note [role=status]')?.textContent);
    assert.equal(await note.locator('[role=status]').innerText(), 'A new version of this calculator is ready.');
    assert.equal(await note.locator('button.update-reload').innerText(), 'Reload');
    assert.equal(await calc.page.evaluate(() => document.activeElement === document.body || !document.activeElement?.closest('.update-note')), true);
    assert.equal(await calc.page.locator('[role=dialog], [aria-modal=true]').count(), 0);
    assert.equal(await other.page.locator('.update-note').count(), 0, 'the tab that runs B already is not told to reload');
    // In Portuguese when the page is (the app switching its language rebuilds the page; the
    // notice stays and follows <html lang>).
    await calc.page.getByTestId('lang-pt').click();
    await calc.page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
    await calc.page.waitForFunction(() => document.querySelector('.update-note button.update-reload')?.textContent === 'Recarregar');
    assert.equal(await note.locator('[role=status]').innerText(), 'Há uma versão nova desta calculadora.');
    const axe = await new AxeBuilder({ page: calc.page }).include('.update-note').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.help}`), [], 'the notice passes axe');

    // Reload: B takes over, the page reloads once, with B's page and files only.
    const loaded = [];
    calc.page.on('request', (r) => loaded.push(r.url()));
    await Promise.all([calc.page.waitForEvent('load'), note.locator('button.update-reload').click()]);
    await calc.built();
    await calc.page.waitForFunction(() => document.querySelector('[data-testid=job-cost-0]')?.dataset.value);
    const scripts = [...loaded, ...await calc.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))]
      .filter((u) => /\.(js|wasm)$/.test(new URL(u).pathname) && !u.endsWith('/sw.js'));
    assert.ok(scripts.some((u) => u.endsWith('_bg.wasm')), `the reload loaded the wasm: ${scripts}`);
    const notB = scripts.filter((u) => !release.files.includes(new URL(u).pathname.slice(1)));
    assert.deepEqual(notB, [], 'every script and wasm the page loaded is B\'s');
    assert.equal(scripts.some((u) => u.includes(release.oldHash)), false);
    assert.match(await calc.page.locator('link[rel=modulepreload]').getAttribute('href'), new RegExp(release.newHash));
    assert.equal(await calc.page.locator('.update-note').count(), 0, 'the reloaded page is the new one: no notice');
    assert.deepEqual(await cacheContents(calc.page), expectedCache(b, server.url), 'only B\'s cache is left, with B\'s files');
    assert.equal(otherNavigations, 0, 'the other tab was not reloaded: only the page that asked');

    // And offline, B's page with B's files.
    await context.setOffline(true);
    await reloadBuilt(calc);
    assert.match(await calc.page.locator('link[rel=modulepreload]').getAttribute('href'), new RegExp(release.newHash));
    assert.ok(fromWorker.every((u) => u.startsWith(server.url)), `the worker fetched only the site: ${fromWorker}`);
    assert.deepEqual(other.consoleErrors, [], 'no console errors in the other tab');
    await done(calc);
  } finally {
    await context.close().catch(() => {});
    await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('the worker fetches only its own origin and leaves every other request alone', async () => {
  // A second origin (another port) with something to fetch. The page's policy forbids fetching
  // it; this context bypasses the policy so the request reaches the worker's fetch event at all.
  const foreign = await serveDist(DIST);
  const context = await suite.browser.newContext({ bypassCSP: true });
  const fromWorker = workerRequests(context);
  try {
    const calc = await newCalc(context, suite.server.url);
    await calc.open();
    await activated(calc.page);
    await reloadBuilt(calc);
    assert.equal((await activated(calc.page)).controlled, true);
    const responses = [];
    calc.page.on('response', (r) => responses.push({ url: r.url(), worker: r.fromServiceWorker() }));
    const { version, files } = workerOf(DIST);
    const wasm = files.find((f) => f.endsWith('_bg.wasm'));
    // (The other origin sends no CORS headers: an opaque response, status 0.)
    const status = await calc.page.evaluate(async (urls) => Promise.all(urls.map(async (u, i) => (await fetch(u, i ? {} : { mode: 'no-cors' })).status)), [
      `${foreign.url}${wasm}`, // another origin, the same path
      `${suite.server.url}${wasm}`, // this build's file: from the worker
      `${suite.server.url}${wasm}?v=1`, // not a build file (a query string)
      `${suite.server.url}not-in-the-build.txt`, // not a build file
    ]);
    assert.deepEqual(status, [0, 200, 200, 404]);
    const worker = (u) => responses.find((r) => r.url === u)?.worker;
    assert.equal(worker(`${foreign.url}${wasm}`), false, 'another origin: not answered by the worker');
    assert.equal(worker(`${suite.server.url}${wasm}`), true, 'a build file: answered by the worker');
    assert.equal(worker(`${suite.server.url}${wasm}?v=1`), false);
    assert.equal(worker(`${suite.server.url}not-in-the-build.txt`), false);
    // Offline, a navigation elsewhere in the folder is not answered with the page either.
    await context.setOffline(true);
    await assert.rejects(calc.page.goto(`${suite.server.url}icons/`), /ERR_INTERNET_DISCONNECTED|net::/);
    const origin = new URL(suite.server.url).origin;
    assert.ok(fromWorker.length >= files.length, `the worker's requests were seen: ${fromWorker}`);
    assert.deepEqual(fromWorker.filter((u) => new URL(u).origin !== origin), [], 'every request the worker made is same-origin');
    // What it fetched: the build's files (the install), the page (network first); and what the
    // browser fetches on the worker's behalf: the navigation preload for each navigation in its
    // scope (icons/ above), answered or not, and sw.js itself when it checks for a new worker.
    const allowed = new Set([...files.map((f) => suite.server.url + (f === 'index.html' ? '' : f)), `${suite.server.url}icons/`, `${suite.server.url}sw.js`]);
    assert.deepEqual(fromWorker.filter((u) => !allowed.has(u.split('?')[0])), [], `only the build's files and the page (worker ${version})`);
    // The one error the page may log: the 404 it asked for.
    assert.deepEqual(calc.consoleErrors.filter((e) => !/status of 404/.test(e)), [], 'no other console error');
    assert.equal(calc.consoleErrors.length, 1, String(calc.consoleErrors));
  } finally {
    await context.close().catch(() => {});
    await foreign.close();
  }
});
