// Page weight of a release build: every file in dist/ (the page, its wasm, js and css; the .gz and
// .br copies `scripts/precompress.mjs` writes are not counted), raw, gzip -9 and brotli 11.
// gzip is GNU gzip (`gzip -9n`, Debian's essential gzip package: what every figure in the README
// was measured with; node's zlib at level 9 is 1.3 % larger on the wasm); brotli is node's built-in
// zlib at quality 11 (what `.br` files are written with). Also the README's size reference, which
// `tests/size.test.mjs` holds the build to.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Files of a built bundle, relative to `dir`, sorted; compressed copies excluded. */
export function bundleFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(gz|br)$/.test(name)) out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

/** gzip -9 of a buffer (no name or time stamp in the header), in bytes. */
export function gzipBytes(buf) {
  const r = spawnSync('gzip', ['-9nc'], { input: buf, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`gzip failed: ${r.stderr}`);
  return r.stdout;
}

/** Brotli at quality 11 (the highest), with the input's size as hint. */
export function brotliBytes(buf) {
  return brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  });
}

/**
 * Sizes of every file in `dir`: [{ file, raw, gzip, br }]. A `.gz`/`.br` copy written after its
 * file is read for its size instead of compressing again (brotli 11 takes ~11 s on the wasm);
 * `brotli: false` skips brotli (br: null).
 */
export function bundleSizes(dir, { brotli = true } = {}) {
  return bundleFiles(dir).map((file) => {
    const p = join(dir, file);
    const buf = readFileSync(p);
    const fresh = (ext) => existsSync(p + ext) && statSync(p + ext).mtimeMs >= statSync(p).mtimeMs;
    const gzip = fresh('.gz') ? statSync(p + '.gz').size : gzipBytes(buf).length;
    const br = !brotli ? null : fresh('.br') ? statSync(p + '.br').size : brotliBytes(buf).length;
    return { file, raw: buf.length, gzip, br };
  });
}

export const kb = (bytes) => bytes / 1024;

/**
 * The README's size reference in KB: the bold figure on the line
 * "Size reference (total gzip -9 of the release bundle): **N KB**". Throws when it is missing or
 * not a positive finite number, so the test cannot pass against no figure.
 */
export function readmeReferenceKB(readme) {
  const m = readme.match(/Size reference \(total gzip -9 of the release bundle\): \*\*([0-9][0-9,]*(?:\.[0-9]+)?) KB\*\*/);
  if (!m) throw new Error('README.md has no line "Size reference (total gzip -9 of the release bundle): **N KB**"');
  const v = Number(m[1].replaceAll(',', ''));
  if (!Number.isFinite(v) || v <= 0) throw new Error(`README size reference ${m[1]} is not a positive number`);
  return v;
}

/**
 * The README's critical-path reference in KB: the bold figure on the line "Critical path (gzip -9 of
 * what the first screen's controls need: index.html, the main script and the main module): **N KB**".
 */
export function readmeCriticalKB(readme) {
  const m = readme.match(/Critical path \(gzip -9 of what the first screen's controls need: index\.html, the main script and the main module\): \*\*([0-9][0-9,]*(?:\.[0-9]+)?) KB\*\*/);
  if (!m) throw new Error('README.md has no line "Critical path (gzip -9 of what the first screen\'s controls need: …): **N KB**"');
  const v = Number(m[1].replaceAll(',', ''));
  if (!Number.isFinite(v) || v <= 0) throw new Error(`README critical path ${m[1]} is not a positive number`);
  return v;
}

/**
 * The files the first screen's controls wait for: the page, the main script and the main module
 * (not the second module, its loader, the worker, the icons or the manifest).
 */
export function isCritical(file) {
  return file === 'index.html' || /^gpu-credit-runway-[0-9a-f]+(_bg\.wasm|\.js)$/.test(file);
}

/** Whether `totalBytes` is at most `tolerance` (0.05: 5 %) above `referenceKB`, with a message. */
export function checkTotal(totalBytes, referenceKB, tolerance = 0.05, what = 'release bundle') {
  const limitKB = referenceKB * (1 + tolerance);
  const actualKB = kb(totalBytes);
  const over = (actualKB / referenceKB - 1) * 100;
  const ok = actualKB <= limitKB;
  const message = `${what} ${actualKB.toFixed(1)} KB gzip -9 against the reference ${referenceKB.toFixed(1)} KB `
    + `(${over >= 0 ? '+' : ''}${over.toFixed(1)} %, limit +${(tolerance * 100).toFixed(0)} % = ${limitKB.toFixed(1)} KB)`;
  return { ok, actualKB, limitKB, message };
}
