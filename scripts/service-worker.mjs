// Writes a build's service worker (docs/page.md "Offline and second visits"): pwa/sw.js with the list of
// the build's files and a version derived from their names and contents (and the worker's code),
// as DIR/sw.js. The worker precaches exactly those files into a cache named by that version, so a
// release with any file changed is a new worker with a new cache, and the old cache goes when it
// takes over.
//
// Runs twice on a release build: from scripts/csp-hash.mjs (the Trunk post_build hook, on the
// staging folder: Trunk runs a stage's hooks at the same time, so the steps that edit index.html
// run in one hook, one after the other), which also puts the manifest link under the public URL;
// and again at the end of scripts/prerender.mjs, once index.html is final and the style sheet,
// inlined, is gone. `make dev` (trunk serve) gets the first one.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEMPLATE = new URL('../pwa/sw.js', import.meta.url);
const MARKER = '// @@BUILD@@';

/** The build's files, relative to `dir` with `/`, sorted: not the worker, nor the .gz/.br copies. */
export function buildFiles(dir) {
  const out = [];
  const walk = (rel) => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else if (path !== 'sw.js' && !/\.(gz|br)$/.test(name)) out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** Writes DIR/sw.js for the files in DIR; returns { version, files }. */
export function writeServiceWorker(dir) {
  const files = buildFiles(dir);
  if (!files.includes('index.html')) throw new Error(`service-worker: no index.html in ${dir}`);
  const template = readFileSync(TEMPLATE, 'utf8');
  // The worker's own code counts too: a new worker never shares a cache with the one before.
  const hash = createHash('sha256').update(template).update('\0');
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(join(dir, f))).update('\0');
  const version = hash.digest('hex').slice(0, 16);
  if (!template.includes(MARKER)) throw new Error(`service-worker: pwa/sw.js has no line ${MARKER}`);
  const build = `const VERSION = ${JSON.stringify(version)};\nconst FILES = ${JSON.stringify(files)};`;
  // Shipped without the comment lines (half its bytes): pwa/sw.js is the one to read.
  const code = template.replace(MARKER, () => build).split('\n').filter((line) => !/^\s*\/\//.test(line)).join('\n');
  writeFileSync(join(dir, 'sw.js'), code.replace("'use strict';", () => "'use strict';\n// GPU Credit Runway's service worker: pwa/sw.js, written into this build by scripts/service-worker.mjs."));
  return { version, files };
}

/** index.html's manifest link (index.html has it relative) under the public URL, as Trunk writes its own links. */
export function linkManifest(html, publicUrl) {
  const link = '<link rel="manifest" href="manifest.webmanifest"';
  if (!html.includes(link)) throw new Error('service-worker: index.html has no <link rel="manifest" href="manifest.webmanifest">');
  return html.replace(link, () => `<link rel="manifest" href="${publicUrl}manifest.webmanifest"`);
}
