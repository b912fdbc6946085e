// What a phone sees (issue 28): cold loads under Lighthouse's mobile profile, for the default page
// and for a share link (3 jobs, 2 serving lines, 5 grants: bench/plan.mjs).
// Usage: node bench/phone.mjs [loads]   (after `make build`; DIST_DIR=... for another build)
//        BEFORE_DIR=<a build before> node bench/phone.mjs [loads]
//            both builds in one run, their loads alternated (this build, the one before, ...), so
//            both see the same machine; e.g. the same commit without the split (docs/performance.md,
//            "Two modules"): `git worktree add /tmp/before <commit>` and `trunk build --release
//            --dist /tmp/before-dist` there, then `node scripts/prerender.mjs` and
//            `node scripts/precompress.mjs` on it.
//        ENCODING=br node bench/phone.mjs   brotli on the wire instead of gzip
//        PEER_DIR=<the peer's out/> node bench/phone.mjs   the lightest peer calculator in the same
//            run, its loads alternated with this page's (bench/peer.mjs; built from its public
//            source as docs/performance.md, "The peer, side by side", says; never committed)
//
// Profile (Lighthouse's mobile defaults): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, the
// CPU 4× slower, a 390×844 screen at 3× (mobile, touch); files sent gzip-encoded, as any static
// host does (scripts/serve.mjs with only the .gz copies; no brotli), or brotli with ENCODING=br. Applied with the DevTools
// protocol (Network.emulateNetworkConditions adds the latency per request, Chromium's own
// throttling, not packet-level: the absolute times are indicative, the comparisons between builds
// are what they are for). Each load is a fresh context: empty HTTP cache, no service worker.
// Timings are those of bench/first-paint.mjs: "answers on screen" (the plan's headline numbers
// painted), "controls working" (the app running: an edit changes the answers, checked once per
// page after its loads) and the bytes on the wire before each.
import { launch } from '../tests/e2e/support/browser.mjs';
import { serveStatic } from '../scripts/serve.mjs';
import { coldLoad, median } from './first-paint.mjs';
import { peerLoad, peerEdits } from './peer.mjs';
import { BENCH_PLAN } from './plan.mjs';
import { resolve } from 'node:path';

export const PHONE = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) },
  cpuSlowdown: 4,
};

const n = Number(process.argv[2] ?? 3);
const encoding = process.env.ENCODING === 'br' ? 'br' : 'gzip';
const builds = [{ name: 'this build', root: resolve(process.env.DIST_DIR ?? 'dist') }];
if (process.env.BEFORE_DIR) builds.push({ name: 'build before', root: resolve(process.env.BEFORE_DIR) });
for (const b of builds) b.server = await serveStatic({ root: b.root, encodings: [encoding] });
const peer = process.env.PEER_DIR ? { root: resolve(process.env.PEER_DIR) } : null;
if (peer) peer.server = await serveStatic({ root: peer.root, encodings: [encoding] });
const peerLoads = [];
const browser = await launch();
const kb = (bytes) => (bytes / 1024).toFixed(1);
const wire = (list) => list.reduce((a, x) => a + (x.encoded || 0), 0);
try {
  const pages = { 'default page': '', 'share link (3 jobs, 2 serving lines, 5 grants)': `?${BENCH_PLAN}` };
  console.log(`phone profile: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x, 390x844, ${encoding} on the wire; median of ${n} cold loads${builds.length > 1 ? ', builds alternated' : ''}`);
  for (const [name, query] of Object.entries(pages)) {
    const loads = builds.map(() => []);
    for (let i = 0; i < n; i++) {
      for (const [k, b] of builds.entries()) loads[k].push(await coldLoad(browser, b.server.url + query, { phone: PHONE, idleMs: 500 }));
      // The peer has no share link: its one page, alternated with each of this page's.
      if (peer) peerLoads.push(await peerLoad(browser, peer.server.url, PHONE));
    }
    console.log(name);
    for (const [k, b] of builds.entries()) {
      // The controls work: one edit on a phone-sized page changes the answers.
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(b.server.url + query);
      await page.getByTestId('answer-total').waitFor();
      await page.locator('main[data-built]').waitFor({ state: 'attached' });
      const before = await page.getByTestId('answer-total').getAttribute('data-value');
      await page.getByTestId('input-params').fill('70B');
      await page.waitForFunction((was) => document.querySelector('[data-testid=answer-total]')?.dataset.value !== was, before);
      await page.close();
      const m = (f) => median(loads[k].map(f));
      if (builds.length > 1) console.log(`  ${b.name} (${b.root})`);
      console.log(`  answers on screen   ${m((r) => r.onScreen).toFixed(0)} ms   (${kb(m((r) => wire(r.beforeScreen)))} KB on the wire before)`);
      console.log(`  controls working    ${m((r) => r.interactive).toFixed(0)} ms   (${kb(m((r) => wire(r.beforeInteractive)))} KB on the wire before)`);
      console.log(`  all bytes           ${kb(m((r) => wire(r.resources)))} KB on the wire`);
    }
  }
  if (peer) {
    await peerEdits(browser, peer.server.url);
    const m = (f) => median(peerLoads.map(f));
    console.log(`the peer, its one page (${peer.root}; ${peerLoads.length} cold loads, alternated with this page's)`);
    console.log(`  answers on screen   ${m((r) => r.onScreen).toFixed(0)} ms   (${kb(m((r) => wire(r.beforeScreen)))} KB on the wire before)`);
    console.log(`  controls working    ${m((r) => r.interactive).toFixed(0)} ms   (${kb(m((r) => wire(r.beforeInteractive)))} KB on the wire before)`);
    console.log(`  all bytes           ${kb(m((r) => wire(r.resources)))} KB on the wire`);
  }
} finally {
  await browser.close();
  for (const b of builds) await b.server.close();
  if (peer) await peer.server.close();
}
