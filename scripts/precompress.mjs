// Writes a gzip -9 (`.gz`) and a brotli 11 (`.br`) copy next to every file of a release build, for
// servers that send a pre-compressed file when the browser accepts it (`make serve`,
// scripts/serve.mjs; docs/page.md "Serving pre-compressed files" for static hosts). The originals stay.
// Usage: node scripts/precompress.mjs [dir]   (default dist/)
import { writeFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleFiles, gzipBytes, brotliBytes } from '../bench/sizes.mjs';

const dir = resolve(process.argv[2] ?? 'dist');
const t0 = performance.now();
let raw = 0, gz = 0, br = 0;
for (const file of bundleFiles(dir)) {
  const p = join(dir, file);
  const buf = readFileSync(p);
  const g = gzipBytes(buf), b = brotliBytes(buf);
  writeFileSync(p + '.gz', g);
  writeFileSync(p + '.br', b);
  raw += buf.length; gz += g.length; br += b.length;
}
console.log(`precompress: ${dir}: ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB .gz, ${(br / 1024).toFixed(1)} KB .br (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
