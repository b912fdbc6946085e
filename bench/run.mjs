// `make bench`: first paint, page weight, input latency and long tasks of a release build, as one
// table against issue 15's goals. Usage: node bench/run.mjs   (DIST_DIR=... for another build;
// LOADS=7 cold loads per page, LATENCY_EDITS=300, IDLE_MS=3000, PLAIN=1 also loads it uncompressed).
// Methods: bench/first-paint.mjs (cold loads), bench/sizes.mjs (bytes), bench/latency.mjs (edits).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { bundleSizes, kb } from './sizes.mjs';
import { coldLoads, firstScreenNeeds, median } from './first-paint.mjs';

const root = resolve(process.env.DIST_DIR ?? 'dist');
const LOADS = Number(process.env.LOADS ?? 7);
const EDITS = Number(process.env.LATENCY_EDITS ?? 300);
if (!existsSync(join(root, 'index.html'))) {
  console.error(`bench: no ${root}/index.html: run 'make build' (or set DIST_DIR to a release build)`);
  process.exit(1);
}
const node = (args, env = {}) => {
  const r = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status})`);
};
// The server sends the .br/.gz copies: write them when any is missing or older than its file.
const stale = (f) => !existsSync(f + '.br') || !existsSync(f + '.gz') || statSync(f + '.br').mtimeMs < statSync(f).mtimeMs;
const sizes0 = bundleSizes(root, { brotli: false });
if (sizes0.some((s) => stale(join(root, s.file)))) node(['scripts/precompress.mjs', root]);
const sizes = bundleSizes(root);
const byFile = new Map(sizes.map((s) => [s.file, s]));
const fileOf = (url) => decodeURIComponent(new URL(url).pathname).replace(/^\//, '') || 'index.html';

const { loadavg, cpus } = await import('node:os');
const busy = () => loadavg()[0] > cpus().length * 0.75;
const loadStart = loadavg()[0];
if (busy()) console.log(`warning: load average ${loadStart.toFixed(1)} on ${cpus().length} cores: other work is running, and every time below will be longer than on a quiet machine`);
console.log(`\n== cold loads: ${LOADS} per page, each in a fresh browser context, served pre-compressed (br) ==`);
const variants = { br: await coldLoads(root, LOADS) };
if (process.env.PLAIN === '1') {
  console.log(`== the same, served uncompressed ==`);
  variants.identity = await coldLoads(root, LOADS, { compressed: false });
}

const fmt = (xs) => `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
const allLoads = Object.values(variants.br).flat();
// Files fetched before the default page's headline was on screen in every load (on 127.0.0.1 the
// wasm often has arrived by then without being needed for it: see `needs` below).
const firstScreen = new Set(sizes.map((s) => s.file).filter((f) => variants.br['default page'].every((l) => l.beforeScreen.some((x) => fileOf(x.url) === f))));
// What the first screen needs: the files of a load with every script and wasm held back that still
// painted the headline (null: it needs the app).
const needs = await firstScreenNeeds(root);
const needed = needs && [...new Set(needs.map(fileOf))].filter((f) => byFile.has(f));
// ... and before the app answered input, in every load of the default page.
const beforeApp = (loads) => new Set(sizes.map((s) => s.file).filter((f) => loads.every((l) => l.beforeInteractive.some((x) => fileOf(x.url) === f))));
const everLoaded = new Set(allLoads.flatMap((l) => l.resources.map((x) => fileOf(x.url))));

console.log('\nfile                                          raw B    gzip -9 B   brotli 11 B   loaded');
for (const s of sizes) {
  const when = firstScreen.has(s.file) ? 'before first screen' : everLoaded.has(s.file) ? 'later (before the app runs)' : 'not by these loads';
  console.log(`${s.file.padEnd(42)} ${String(s.raw).padStart(9)} ${String(s.gzip).padStart(12)} ${String(s.br).padStart(13)}   ${when}`);
}
const sum = (files, k) => files.reduce((a, f) => a + (byFile.get(f)?.[k] ?? 0), 0);
const all = sizes.map((s) => s.file);
const first = [...firstScreen];
console.log(`${'TOTAL'.padEnd(42)} ${String(sum(all, 'raw')).padStart(9)} ${String(sum(all, 'gzip')).padStart(12)} ${String(sum(all, 'br')).padStart(13)}`);

console.log('\ncold loads, ms from navigation start: median (min–max)');
console.log('page / served                                   in DOM           frame end        on screen        app running      first contentful paint');
for (const [enc, pages] of Object.entries(variants)) {
  for (const [name, ls] of Object.entries(pages)) {
    const et = ls.filter((l) => Number.isFinite(l.elementTiming)).length;
    console.log(`${(name + ' / ' + enc).padEnd(47)} ${fmt(ls.map((l) => l.inDom)).padEnd(16)} ${fmt(ls.map((l) => l.frameEnd)).padEnd(16)} ${fmt(ls.map((l) => l.onScreen)).padEnd(16)} ${fmt(ls.map((l) => l.interactive)).padEnd(16)} ${fmt(ls.map((l) => l.fcp))}   (element timing in ${et}/${ls.length})`);
  }
}
const wire = median(variants.br['plan link (3 jobs, 2 serving, 5 grants)'].map((l) => l.resources.reduce((a, x) => a + (x.encoded || 0), 0)));
const longAfter = allLoads.flatMap((l) => l.longAfter);
const longStarting = allLoads.map((l) => l.longStarting);
const longBefore = allLoads.map((l) => l.longBefore);
console.log(`long tasks (> 50 ms) before the first screen, per load: ${longBefore.map((ts) => ts.map((t) => t.duration.toFixed(0)).join('+') || '0').join(', ')} ms`);
console.log(`long tasks after the first screen while the app starts behind the pre-rendered copy, per load: ${longStarting.map((ts) => ts.map((t) => t.duration.toFixed(0)).join('+') || '0').join(', ')} ms`);
console.log(`long tasks once the app runs, idle ${process.env.IDLE_MS ?? 3000} ms, all ${allLoads.length} loads: ${longAfter.length}${longAfter.length ? ` (${longAfter.map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`).join(', ')})` : ''}`);

console.log(`\n== input latency: OPEN=0 node bench/latency.mjs ${EDITS} (the benchmark plan, sections collapsed) ==`);
const json = join(mkdtempSync(join(tmpdir(), 'bench-')), 'latency.json');
node(['bench/latency.mjs', String(EDITS)], { OPEN: '0', DIST_DIR: root, LATENCY_JSON: json });
const lat = JSON.parse(readFileSync(json, 'utf8'));

const planLoads = variants.br['plan link (3 jobs, 2 serving, 5 grants)'];
const defLoads = variants.br['default page'];
const interactiveFiles = [...beforeApp(defLoads)];
const rows = [
  ['first result on screen, default page (median of ' + LOADS + ')', `${median(defLoads.map((l) => l.onScreen)).toFixed(0)} ms`, '≤ 150 ms'],
  ['first result on screen, plan link', `${median(planLoads.map((l) => l.onScreen)).toFixed(0)} ms`, '≤ 150 ms'],
  ['first result in the DOM, default page / plan link', `${median(defLoads.map((l) => l.inDom)).toFixed(0)} / ${median(planLoads.map((l) => l.inDom)).toFixed(0)} ms`, ''],
  ['app running (answers input), default page / plan link', `${median(defLoads.map((l) => l.interactive)).toFixed(0)} / ${median(planLoads.map((l) => l.interactive)).toFixed(0)} ms`, ''],
  [`loaded before the first screen, default page (${first.length} files), gzip -9 / brotli`, `${kb(sum(first, 'gzip')).toFixed(1)} / ${kb(sum(first, 'br')).toFixed(1)} KB`, ''],
  ['needed for the first screen, default page (scripts and wasm held back), gzip -9 / brotli', needed ? `${kb(sum(needed, 'gzip')).toFixed(1)} / ${kb(sum(needed, 'br')).toFixed(1)} KB (${needed.join(', ')})` : 'the app (no first screen without it)', ''],
  [`loaded before the first screen is interactive (${interactiveFiles.length} files), gzip -9 / brotli`, `${kb(sum(interactiveFiles, 'gzip')).toFixed(1)} / ${kb(sum(interactiveFiles, 'br')).toFixed(1)} KB`, '≤ 164 KB gzip'],
  [`everything (${all.length} files), gzip -9 / brotli`, `${kb(sum(all, 'gzip')).toFixed(1)} / ${kb(sum(all, 'br')).toFixed(1)} KB`, '≤ 328 KB gzip'],
  ['over the wire, plan link served br (encoded bodies)', `${kb(wire).toFixed(1)} KB`, ''],
  ...['typed params', 'typed params -> plan total', 'mfu slider'].filter((k) => lat[k]).map((k) => [`input → result, ${k}, median / p95`, `${lat[k].median.toFixed(2)} / ${lat[k].p95.toFixed(2)} ms`, '≤ 2 / 6 ms']),
  ['long tasks after the first screen while idle: app starting / app running', `${longStarting.flat().length} / ${longAfter.length} in ${allLoads.length} loads (longest ${Math.max(0, ...longStarting.flat().map((t) => t.duration)).toFixed(0)} ms)`, '0'],
];
console.log(`\n== summary (${new Date().toISOString().slice(0, 16)}Z, load average ${loadStart.toFixed(1)} at the start, ${loadavg().map((x) => x.toFixed(1)).join(' ')} now${busy() ? ': a busy machine, times not comparable with a quiet one' : ''}) ==`);
console.log(`| measure | result | goal (issue 15) |\n|---|---|---|`);
for (const [m, r, g] of rows) console.log(`| ${m} | ${r} | ${g} |`);
