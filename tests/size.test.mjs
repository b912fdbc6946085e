// Size regression: the release bundle's total gzip -9 (every file in dist/, bench/sizes.mjs) may be
// at most 5 % above the figure in README.md ("Size reference (total gzip -9 of the release
// bundle): **N KB**"). Runs in `make test` right after its release build (`make build`), reading
// dist/ (or $DIST_DIR); SIZE_REFERENCE_KB=N replaces the README's figure, e.g. to see it fail:
//   SIZE_REFERENCE_KB=100 node --test tests/size.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { bundleFiles, bundleSizes, checkTotal, isCritical, readmeCriticalKB, readmeReferenceKB } from '../bench/sizes.mjs';

const dist = resolve(process.env.DIST_DIR ?? 'dist');

test('the 5 % limit, by hand: 100 KB reference → 105 KB = 107,520 bytes allowed', () => {
  // 100 KB × 1.05 = 105 KB; 105 × 1024 = 107,520 bytes.
  assert.equal(checkTotal(107_520, 100).ok, true);
  assert.equal(checkTotal(107_521, 100).ok, false);
  assert.equal(checkTotal(50_000, 100).ok, true, 'smaller than the reference passes');
  // 681.5 KB × 1.05 = 715.575 KB = 732,748.8 bytes: 732,748 passes, 732,749 fails.
  assert.equal(checkTotal(732_748, 681.5).ok, true);
  assert.equal(checkTotal(732_749, 681.5).ok, false);
  assert.match(checkTotal(107_521, 100).message, /\+5\.0 %, limit \+5 % = 105\.0 KB/);
});

test('the README figure is read from its own line, and a missing one is an error', () => {
  const line = (v) => `x\nSize reference (total gzip -9 of the release bundle): **${v} KB** (1 Dec 2026)\n`;
  assert.equal(readmeReferenceKB(line('681.5')), 681.5);
  assert.equal(readmeReferenceKB(line('1,021.3')), 1021.3);
  assert.throws(() => readmeReferenceKB('everything the page loads: **681.5 KB**'), /no line "Size reference/);
  assert.throws(() => readmeReferenceKB(line('0')), /not a positive number/);
});

test('sizes count each file once: compressed copies are not part of the bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'size-test-'));
  writeFileSync(join(dir, 'index.html'), 'a'.repeat(1000));
  writeFileSync(join(dir, 'index.html.gz'), 'stale');
  writeFileSync(join(dir, 'index.html.br'), 'stale');
  // Copies older than their file are not trusted: the size is computed again.
  utimesSync(join(dir, 'index.html.gz'), 1, 1);
  utimesSync(join(dir, 'index.html.br'), 1, 1);
  assert.deepEqual(bundleFiles(dir), ['index.html']);
  const [s] = bundleSizes(dir);
  assert.equal(s.raw, 1000);
  // 1,000 equal bytes deflate to a few bytes plus gzip's 18-byte header and trailer: 20–40 bytes.
  assert.ok(s.gzip > 18 && s.gzip < 40, `gzip ${s.gzip}`);
  assert.ok(s.br > 0 && s.br < 20, `brotli ${s.br}`);
});

test('the release bundle is within 5 % of the README figure', () => {
  assert.ok(existsSync(join(dist, 'index.html')), `no ${dist}/index.html: run 'make build' first`);
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const env = process.env.SIZE_REFERENCE_KB;
  if (env !== undefined && !(Number(env) > 0 && Number.isFinite(Number(env)))) throw new Error(`SIZE_REFERENCE_KB=${env} is not a positive number of KB`);
  const reference = env !== undefined ? Number(env) : readmeReferenceKB(readme);
  const sizes = bundleSizes(dist, { brotli: false });
  const total = sizes.reduce((a, s) => a + s.gzip, 0);
  const r = checkTotal(total, reference);
  const files = sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} KB`).join(', ');
  assert.ok(r.ok, `${r.message}: ${files}. Cut the growth, or if it is worth its bytes, measure with \`make bench\` and update the README's size reference with the reason.`);
});

test('the critical path is within 5 % of the README figure, and the second module is off it', () => {
  // The split (docs/performance.md, "Two modules") keeps the detail sections out of what a phone
  // waits for before the controls work: that figure must not creep back up.
  assert.ok(existsSync(join(dist, 'index.html')), `no ${dist}/index.html: run 'make build' first`);
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const sizes = bundleSizes(dist, { brotli: false });
  const critical = sizes.filter((s) => isCritical(s.file));
  assert.deepEqual(critical.map((s) => s.file.replace(/-[0-9a-f]{8,16}(?=[._])/, '-HASH')).sort(),
    ['gpu-credit-runway-HASH.js', 'gpu-credit-runway-HASH_bg.wasm', 'index.html'], 'the page, its script and its main module');
  assert.ok(sizes.some((s) => /^split-details-[0-9a-f]+\.wasm$/.test(s.file)), 'the build has its second module');
  const r = checkTotal(critical.reduce((a, s) => a + s.gzip, 0), readmeCriticalKB(readme), 0.05, 'critical path');
  assert.ok(r.ok, `${r.message}. Keep the first screen's code small, or update the README's critical path with the reason.`);
});

test('the README critical-path figure is read from its own line', () => {
  const line = (v) => `Critical path (gzip -9 of what the first screen's controls need: index.html, the main script and the main module): **${v} KB**\n`;
  assert.equal(readmeCriticalKB(line('628.8')), 628.8);
  assert.throws(() => readmeCriticalKB('Critical path: **628.8 KB**'), /no line "Critical path/);
  // What counts: the page and the main module's two files, never the chunk or its loader.
  assert.equal(isCritical('gpu-credit-runway-9b37c764e04de273_bg.wasm'), true);
  assert.equal(isCritical('gpu-credit-runway-62c5cdc2d3c63d7.js'), true);
  assert.equal(isCritical('index.html'), true);
  assert.equal(isCritical('split-details-9b37c764e04de273.wasm'), false);
  assert.equal(isCritical('wasm-split-62c5cdc2d3c63d7.js'), false);
  assert.equal(isCritical('sw.js'), false);
});

test('the pre-compressed copies in the release build decompress to their files', () => {
  const files = bundleFiles(dist);
  for (const f of files) {
    const p = join(dist, f);
    if (!existsSync(p + '.gz') && !existsSync(p + '.br')) continue;
    const raw = readFileSync(p);
    assert.ok(gunzipSync(readFileSync(p + '.gz')).equals(raw), `${f}.gz is not ${f}`);
    assert.ok(brotliDecompressSync(readFileSync(p + '.br')).equals(raw), `${f}.br is not ${f}`);
  }
});
