// scripts/serve.mjs (what `make serve` runs): pre-compressed copies sent with Content-Encoding only
// when the request accepts them, the file itself otherwise, nothing outside the served folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { acceptedEncodings, serveStatic } from '../scripts/serve.mjs';

let server, root;
const WASM = Buffer.from('\0asm'.repeat(500));
before(async () => {
  const base = mkdtempSync(join(tmpdir(), 'serve-test-'));
  root = join(base, 'dist');
  mkdirSync(root);
  writeFileSync(join(base, 'secret.txt'), 'outside');
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
  writeFileSync(join(root, 'app_bg.wasm'), WASM);
  writeFileSync(join(root, 'app_bg.wasm.gz'), gzipSync(WASM));
  writeFileSync(join(root, 'app_bg.wasm.br'), brotliCompressSync(WASM));
  writeFileSync(join(root, 'only-gz.js'), 'let a = 1;');
  writeFileSync(join(root, 'only-gz.js.gz'), gzipSync('let a = 1;'));
  writeFileSync(join(root, 'app-0123456789abcdef_bg.wasm'), WASM);
  // Trunk's hash without its leading zero (15 digits): one build in 16.
  writeFileSync(join(root, 'app-123456789abcdef.js'), 'export {};');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"t"}');
  server = await serveStatic({ root });
});
after(() => server.close());

/** A raw GET (no automatic decompression): { status, headers, body }. */
const get = (path, acceptEncoding) => new Promise((ok, fail) => {
  const url = new URL(server.url);
  const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  request({ host: url.hostname, port: url.port, path, headers }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c)).on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
  }).on('error', fail).end();
});

test('Accept-Encoding parsing: tokens with q > 0, case-insensitive', () => {
  assert.deepEqual([...acceptedEncodings('gzip, deflate, br, zstd')], ['gzip', 'deflate', 'br', 'zstd']);
  assert.deepEqual([...acceptedEncodings('BR;q=0.5, gzip;q=0')], ['br']);
  assert.deepEqual([...acceptedEncodings('')], []);
  assert.deepEqual([...acceptedEncodings(undefined)], []);
});

test('brotli when accepted, else gzip, else the file itself; Vary on each', async () => {
  const br = await get('/app_bg.wasm', 'gzip, deflate, br');
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers['content-type'], 'application/wasm');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.deepEqual(br.body, brotliCompressSync(WASM));
  const gz = await get('/app_bg.wasm', 'gzip');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gz.body, gzipSync(WASM));
  for (const ae of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
    const plain = await get('/app_bg.wasm', ae);
    assert.equal(plain.headers['content-encoding'], undefined, `Accept-Encoding ${ae}`);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.deepEqual(plain.body, WASM);
  }
  // A file with only a .gz copy: brotli-only clients get the file itself.
  assert.equal((await get('/only-gz.js', 'br')).headers['content-encoding'], undefined);
  assert.equal((await get('/only-gz.js', 'br, gzip')).headers['content-encoding'], 'gzip');
});

test('the page is revalidated, hashed files are immutable; copies and outside files are not served', async () => {
  const page = await get('/', 'br');
  assert.equal(page.status, 200);
  assert.equal(page.headers['cache-control'], 'no-cache');
  assert.equal(page.headers.vary, undefined, 'index.html has no copies here');
  assert.match((await get('/app-0123456789abcdef_bg.wasm')).headers['cache-control'], /immutable/);
  assert.match((await get('/app-123456789abcdef.js')).headers['cache-control'], /immutable/);
  // A name without Trunk's content hash may change its content: revalidated, as the page. The
  // service worker above all (a year-old worker would keep a year-old release), and the manifest.
  assert.equal((await get('/app_bg.wasm')).headers['cache-control'], 'no-cache');
  const sw = await get('/sw.js');
  assert.equal(sw.headers['cache-control'], 'no-cache');
  assert.equal(sw.headers['content-type'], 'text/javascript; charset=utf-8');
  const manifest = await get('/manifest.webmanifest');
  assert.equal(manifest.headers['content-type'], 'application/manifest+json');
  assert.equal(manifest.headers['cache-control'], 'no-cache');
  assert.equal((await get('/app_bg.wasm.br')).status, 404);
  assert.equal((await get('/nope.js')).status, 404);
  // The URL parser resolves a literal or %2e-encoded "..": the request stays inside the folder.
  for (const path of ['/../secret.txt', '/%2e%2e/secret.txt']) assert.equal((await get(path)).status, 404, path);
  // An encoded slash survives parsing and decodes to ../: refused.
  const out = await get('/..%2fsecret.txt');
  assert.equal(out.status, 403);
  assert.notEqual(out.body.toString(), 'outside');
});
