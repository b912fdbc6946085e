// Cold loads in headless Chromium: navigation start → the plan's headline numbers in the DOM and on
// screen, what was fetched before that, and the long tasks after it while the page sits idle.
// Usage: node bench/first-paint.mjs [loads]   (after `make build`; DIST_DIR=... for another build)
//
// Method, per load: a fresh browser context (own empty HTTP cache, no service worker, 1280×900);
// a script injected before the page's own (Playwright addInitScript) records, with performance.now()
// (milliseconds since navigation start):
// - in DOM: a MutationObserver over the whole document sees every headline element
//   (HEADLINE, default answer-total and answer-credits-used: the answers panel's "what it costs" and
//   "who pays" figures, block elements, which Element Timing reports) carry a finite data-value:
//   the app's own (data-testid) or, before the app runs, the build's pre-rendered copy of them
//   (data-prerender-testid, scripts/prerender.mjs; the default page only). It
//   runs at the microtask checkpoint after the insertion, so this is when the script that inserted
//   them yields, the earliest a page script can observe it. Every later change of those values is
//   recorded too, and the load's figure is the first time they equal the values the page settles on
//   (so a pre-rendered or placeholder number counts only when it is the plan's);
// - frame end: in that observer, a requestAnimationFrame callback (the start of the next rendering
//   frame), then a MessageChannel task queued from it, which runs once that frame's style, layout
//   and paint are done on the main thread;
// - on screen: Element Timing (https://w3c.github.io/element-timing/): the observer sets an
//   `elementtiming` attribute on each headline element as it appears; Chromium reports the
//   renderTime (presentation time) of the first frame that paints its text. The load's figure is
//   the latest renderTime of the headline elements, when each was first painted already showing the
//   settled value. Chromium drops an element's entry when the element leaves the document before
//   the entry is made (a pre-rendered copy the app replaces in the task that blocks it); then, if
//   the settled values were in the document before the first contentful paint, that paint (the
//   first frame with content lays out and paints the whole document, headline in the viewport
//   included); otherwise (an element painted earlier with another value) the frame end above;
// - app running: when the app's own headline element (a data-testid) is first in the document with
//   a finite value: from then on the page answers input (with a pre-rendered copy, the first
//   screen shows earlier but does not react until then);
// - fetched before the first screen, before the app runs: resource timing entries (and the
//   document) whose responseEnd precedes "on screen" / "app running"; their gzip -9 / brotli 11
//   sizes from the files in dist/;
// - long tasks: a buffered PerformanceObserver for 'longtask' (main-thread tasks of 50 ms or more,
//   https://developer.mozilla.org/docs/Web/API/Long_Tasks_API), split into those starting before
//   "on screen", between it and "app running" (the app starting behind the copy), and after; the
//   page then sits idle (no input) for IDLE_MS (default 3000) before they are read.
import { launch } from '../tests/e2e/support/browser.mjs';
import { serveStatic } from '../scripts/serve.mjs';
import { BENCH_PLAN } from './plan.mjs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HEADLINE = (process.env.HEADLINE ?? 'answer-total,answer-credits-used').split(',');

function recorder(headline) {
  const rec = { changes: [], element: [], longtasks: [], paints: [], interactive: NaN };
  window.__firstPaint = rec;
  const finite = (el) => el && el.dataset.value !== undefined && el.dataset.value !== '' && Number.isFinite(Number(el.dataset.value));
  let last = null;
  const check = () => {
    // The app's running: its own headline elements (test ids) are in the document.
    if (Number.isNaN(rec.interactive) && finite(document.querySelector(`[data-testid="${headline[0]}"]`))) rec.interactive = performance.now();
    // The app's elements or the build's pre-rendered copy of them (scripts/prerender.mjs), whichever
    // comes first in the document.
    const els = headline.map((id) => document.querySelector(`[data-testid="${id}"], [data-prerender-testid="${id}"]`));
    if (!els.every(finite)) return;
    const key = els.map((e) => e.dataset.value).join('|');
    if (key === last) return;
    last = key;
    // The identifier carries the value the element showed when marked: the copy is removed when the
    // app mounts, and an entry's element is then no longer readable.
    for (const e of els) if (!e.hasAttribute('elementtiming')) e.setAttribute('elementtiming', `${e.dataset.testid ?? e.dataset.prerenderTestid}|${e.dataset.value}`);
    const c = { key, dom: performance.now(), raf: NaN, frameEnd: NaN };
    rec.changes.push(c);
    requestAnimationFrame(() => {
      c.raf = performance.now();
      const ch = new MessageChannel();
      ch.port1.onmessage = () => { c.frameEnd = performance.now(); };
      ch.port2.postMessage(0);
    });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-value'] });
  const observe = (type, map, into) => {
    try {
      new PerformanceObserver((l) => into.push(...l.getEntries().map(map))).observe({ type, buffered: true });
    } catch { /* entry type not supported: reported as missing */ }
  };
  observe('element', (e) => {
    const [id, marked] = e.identifier.split('|');
    return { id, renderTime: e.renderTime, text: e.element?.dataset.value ?? marked };
  }, rec.element);
  observe('longtask', (e) => ({ start: e.startTime, duration: e.duration }), rec.longtasks);
  observe('paint', (e) => ({ name: e.name, t: e.startTime }), rec.paints);
}

/** One cold load of `url`; returns its timings, fetched resources and long tasks. */
export async function coldLoad(browser, url, { idleMs = Number(process.env.IDLE_MS ?? 3000), phone = null } = {}) {
  const context = await browser.newContext(phone
    ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
    : { viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(recorder, HEADLINE);
    const page = await context.newPage();
    if (phone) {
      // The network and CPU of bench/phone.mjs's profile, from before the first request.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', phone.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
    }
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url);
    await page.waitForFunction(() => window.__firstPaint?.changes.some((c) => Number.isFinite(c.frameEnd)), null, { timeout: phone ? 120_000 : 30_000 });
    // On a slow profile the app runs seconds after the pre-rendered copy shows: wait for it.
    if (phone) await page.waitForFunction(() => Number.isFinite(window.__firstPaint?.interactive), null, { timeout: 120_000 });
    await page.waitForTimeout(idleMs);
    const r = await page.evaluate((headline) => {
      const rec = window.__firstPaint;
      const finalKey = headline.map((id) => document.querySelector(`[data-testid="${id}"]`)?.dataset.value).join('|');
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
        url: e.name, start: e.startTime, end: e.responseEnd, encoded: e.encodedBodySize, decoded: e.decodedBodySize,
      }));
      return { ...structuredClone(rec), finalKey, resources };
    }, HEADLINE);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    const settled = r.changes.find((c) => c.key === r.finalKey);
    if (!settled) throw new Error(`the headline never showed its settled values ${r.finalKey}`);
    const finalValues = r.finalKey.split('|');
    const painted = HEADLINE.map((id, i) => r.element.find((e) => e.id === id && e.renderTime > 0 && e.renderTime >= settled.dom && e.text === finalValues[i]));
    const elementTiming = painted.every(Boolean) ? Math.max(...painted.map((e) => e.renderTime)) : NaN;
    const fcp = r.paints.find((p) => p.name === 'first-contentful-paint')?.t ?? NaN;
    const onScreen = Number.isFinite(elementTiming) ? elementTiming : settled.dom <= fcp ? fcp : settled.frameEnd;
    const interactive = Math.max(r.interactive, onScreen);
    return {
      inDom: settled.dom, frameEnd: settled.frameEnd, elementTiming, onScreen, fcp, interactive,
      changes: r.changes.length,
      beforeScreen: r.resources.filter((x) => x.end <= onScreen),
      beforeInteractive: r.resources.filter((x) => x.end <= interactive),
      resources: r.resources,
      longBefore: r.longtasks.filter((t) => t.start < onScreen),
      // After the first screen: while the app starts behind a pre-rendered copy, then once it runs.
      longStarting: r.longtasks.filter((t) => t.start >= onScreen && t.start < interactive),
      longAfter: r.longtasks.filter((t) => t.start >= interactive),
    };
  } finally {
    await context.close();
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** `n` cold loads of each page (the default page and the benchmark plan's link). */
export async function coldLoads(root, n = 7, { compressed = true } = {}) {
  // Without the copies' encodings the server sends every file as is (what tests/e2e's server does).
  const server = await serveStatic({ root, encodings: compressed ? undefined : [] });
  const browser = await launch();
  try {
    const pages = { 'default page': server.url, 'plan link (3 jobs, 2 serving, 5 grants)': `${server.url}?${BENCH_PLAN}` };
    const out = {};
    for (const [name, url] of Object.entries(pages)) {
      out[name] = [];
      for (let i = 0; i < n; i++) out[name].push(await coldLoad(browser, url));
    }
    return out;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * What the default page's first screen needs: one load with every script and wasm request held
 * unanswered (refused, the page would say the app cannot start). Returns the files it fetched if
 * the headline (the pre-rendered copy's) was painted anyway with a finite value, else null (the
 * first screen needs the app).
 */
export async function firstScreenNeeds(root) {
  const server = await serveStatic({ root });
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.route(/\.(js|wasm)$/, () => new Promise(() => {}));
    await page.goto(server.url, { waitUntil: 'commit' });
    await page.waitForTimeout(1000);
    return await page.evaluate((id) => {
      const el = document.querySelector(`[data-prerender-testid="${id}"]`);
      const shown = el && Number.isFinite(Number(el.dataset.value)) && el.getBoundingClientRect().height > 0
        && performance.getEntriesByType('paint').some((p) => p.name === 'first-contentful-paint');
      return shown ? [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].filter((e) => e.responseEnd > 0 && e.transferSize > 0).map((e) => e.name) : null;
    }, HEADLINE[0]);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const loads = await coldLoads(resolve(process.env.DIST_DIR ?? 'dist'), Number(process.argv[2] ?? 7), { compressed: process.env.PLAIN !== '1' });
  for (const [name, rs] of Object.entries(loads)) {
    console.log(name);
    for (const r of rs) {
      console.log(`  in DOM ${r.inDom.toFixed(0)}  frame end ${r.frameEnd.toFixed(0)}  element timing ${r.elementTiming.toFixed(0)}  FCP ${r.fcp.toFixed(0)}  app running ${r.interactive.toFixed(0)}  long tasks before ${r.longBefore.map((t) => t.duration.toFixed(0)).join('+') || '-'} starting ${r.longStarting.map((t) => t.duration.toFixed(0)).join('+') || '-'} after ${r.longAfter.map((t) => t.duration.toFixed(0)).join('+') || '-'}`);
    }
  }
}
