// Trunk post-build hook: allows exactly the page's inline scripts (the module script Trunk writes,
// the wasm loader, and index.html's first-screen script) in its Content-Security-Policy, by their
// SHA-256 hashes. The policy lives in index.html with the
// placeholder 'sha256-TRUNK-INLINE-SCRIPT'; a static host needs no header and no nonce.
// Then, in the same hook (Trunk runs a stage's hooks at the same time, and both edit index.html):
// the manifest link under the public URL and the build's service worker (scripts/service-worker.mjs).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { linkManifest, writeServiceWorker } from './service-worker.mjs';
import { placeChunks } from './wasm-split-dist.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run as a Trunk post_build hook');
const file = join(dir, 'index.html');
let html = readFileSync(file, 'utf8');
// First the detail sections' module, optimised, hashed and linked (scripts/wasm-split-dist.mjs).
const split = placeChunks(dir, html);
html = split.html;
console.log(`csp-hash: split module ${split.chunks.join(', ') || '(none)'}`);
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
if (inline.length === 0) throw new Error('no inline script found in index.html');
const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
const placeholder = "'sha256-TRUNK-INLINE-SCRIPT'";
if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder} in its Content-Security-Policy`);
html = html.replace(placeholder, hashes.join(' '));
html = linkManifest(html, process.env.TRUNK_PUBLIC_URL ?? '/');
writeFileSync(file, html);
console.log(`csp-hash: allowed ${hashes.length} inline script(s) by hash`);
const sw = writeServiceWorker(dir);
console.log(`csp-hash: service worker ${sw.version} precaches ${sw.files.length} files`);
