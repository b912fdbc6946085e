// The split module's second half of the build (issue 46; docs/performance.md, "Two modules"),
// called by the post-build hook (scripts/csp-hash.mjs) before it hashes scripts and writes the
// service worker. scripts/bin/wasm-bindgen left the chunks and their loader in wasm-bindgen's
// output folder (listed in wasm-split.json); Trunk staged only the main module and its JS.
// Here, in the staging folder:
// - each chunk optimised like the main module (wasm-opt -Oz, release only) and named by its hash
//   (`split-details-<16 hex>.wasm`, the pattern Trunk's own names follow);
// - the loader pointed at the hashed main JS and chunks, and named by its hash too;
// - the main JS pointed at the loader, and its integrity in index.html brought up to date.
// A staged main JS that still imports the split placeholder (a build whose wasm-bindgen was not
// the wrapper) fails the build: that page could not start.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const hash16 = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

/** The folder wasm-bindgen wrote into for this build (Trunk: <cargo target dir>/wasm-bindgen/<profile>). */
function bindgenOut(profile) {
  const target = process.env.CARGO_TARGET_DIR ?? join(process.env.TRUNK_SOURCE_DIR ?? '.', 'target');
  return join(target, 'wasm-bindgen', profile);
}

/**
 * Places the split chunks into the staging folder `dir` and links them; edits `html` (index.html's
 * text) and returns it. Returns { html, chunks } with the staged chunk names.
 */
export function placeChunks(dir, html, profile = process.env.TRUNK_PROFILE ?? 'release') {
  const mainJs = readdirSync(dir).find((f) => /^gpu-credit-runway-[0-9a-f]+\.js$/.test(f));
  if (!mainJs) throw new Error(`wasm-split: no gpu-credit-runway-<hash>.js in ${dir}`);
  let js = readFileSync(join(dir, mainJs), 'utf8');
  if (js.includes('__wasm_split_placeholder__') || /from ["']__wasm_split/.test(js)) {
    throw new Error('wasm-split: the module was not split (the placeholder import is still there): '
      + 'Trunk ran the real wasm-bindgen, not scripts/bin/wasm-bindgen. Build with `make` (it puts scripts/bin first on PATH).');
  }
  const linkImport = /from "\.\/__wasm_split\.js"/;
  if (!linkImport.test(js)) return { html, chunks: [] };

  const out = bindgenOut(profile);
  const manifestFile = join(out, 'wasm-split.json');
  if (!existsSync(manifestFile)) throw new Error(`wasm-split: ${manifestFile} is missing: the wrapper did not run for this build`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const sha = createHash('sha256').update(readFileSync(join(dir, mainJs))).digest('hex');
  if (sha !== manifest.js_sha256) throw new Error(`wasm-split: ${manifestFile} belongs to another build than ${mainJs}`);

  let loader = readFileSync(join(out, manifest.loader), 'utf8');
  const mainImport = `"./${manifest.js}"`;
  if (!loader.includes(mainImport)) throw new Error(`wasm-split: the loader does not import ${mainImport}`);
  loader = loader.replace(mainImport, () => `"./${mainJs}"`);
  const staged = [];
  for (const chunk of manifest.chunks) {
    const src = join(out, chunk);
    let bytes;
    if (profile === 'release') {
      const tmp = join(out, `${chunk}.opt`);
      const r = spawnSync('wasm-opt', ['-Oz', src, '-o', tmp], { stdio: 'inherit' });
      if (r.error || r.status !== 0) throw new Error(`wasm-split: wasm-opt failed on ${chunk}`);
      bytes = readFileSync(tmp);
    } else {
      bytes = readFileSync(src);
    }
    const name = `${chunk.replace(/\.wasm$/, '').replace(/_/g, '-')}-${hash16(bytes)}.wasm`;
    writeFileSync(join(dir, name), bytes);
    const ref = `"./${chunk}"`;
    if (!loader.includes(ref)) throw new Error(`wasm-split: the loader does not fetch ${ref}`);
    loader = loader.split(ref).join(`"./${name}"`);
    staged.push(name);
  }
  const loaderName = `wasm-split-${hash16(loader)}.js`;
  writeFileSync(join(dir, loaderName), loader);
  js = js.replace(linkImport, () => `from "./${loaderName}"`);
  writeFileSync(join(dir, mainJs), js);
  // Trunk wrote the main JS's integrity before this edit: the new text gets the new digest.
  const integrity = new RegExp(`(href="[^"]*${mainJs.replace(/[.]/g, '\\.')}"[^>]*integrity=")(sha(256|384|512))-[^"]+"`, 'g');
  html = html.replace(integrity, (_m, head, alg) => `${head}${alg}-${createHash(alg).update(js).digest('base64')}"`);
  return { html, chunks: [...staged, loaderName] };
}
