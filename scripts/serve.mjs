// A tiny static server for a release build (what `make serve` runs): sends `file.br` or `file.gz`
// (written by scripts/precompress.mjs) with Content-Encoding when the request's Accept-Encoding
// allows it and the copy exists, else the file itself; `Vary: Accept-Encoding` on every file that has
// copies. The files with Trunk's content hash in their names (filehash: the script, the wasm, the
// icon) are cached for a year as immutable; every other file (index.html, the service worker
// sw.js, the manifest and its icons) is revalidated on every load (no-cache).
// Usage: node scripts/serve.mjs [dir] [port]   (default dist/ 8080; PUBLIC_URL=/sub/path/ for a subpath)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

// Trunk's content hash in a name, e.g. gpu-credit-runway-9b37c764e04de273_bg.wasm: its 64-bit hash
// in hex without leading zeros (16 digits, 15 in one build out of 16).
const HASHED = /-[0-9a-f]{8,16}(_bg)?\.[a-z0-9]+$/;

/** The encodings an Accept-Encoding header allows (q > 0), e.g. "gzip, deflate, br" → {gzip, deflate, br}. */
export function acceptedEncodings(header = '') {
  const ok = new Set();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    ok.add(name);
  }
  return ok;
}

const isFile = async (p) => (await stat(p).catch(() => null))?.isFile() ?? false;

/**
 * Serves `root` under `prefix`; returns { url, server, close }. `port` 0 picks a free one;
 * `encodings` lists the copies it may send (default br, then gzip; [] sends every file as is).
 */
export async function serveStatic({ root = resolve('dist'), prefix = '/', port = 0, host = '127.0.0.1', log = false, encodings = ['br', 'gzip'] } = {}) {
  root = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (!path.startsWith(prefix)) {
        res.writeHead(404).end();
        return;
      }
      let file = normalize(join(root, path.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      if (/\.(gz|br)$/.test(file) || !(await isFile(file))) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      const headers = {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': HASHED.test(basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache',
        'x-content-type-options': 'nosniff',
      };
      let body = file;
      const copies = [['br', '.br'], ['gzip', '.gz']].filter(([enc]) => encodings.includes(enc));
      const has = await Promise.all(copies.map(([, ext]) => isFile(file + ext)));
      if (has.some(Boolean)) headers.vary = 'Accept-Encoding';
      const pick = copies.findIndex(([enc], i) => has[i] && accepted.has(enc));
      if (pick >= 0) {
        body = file + copies[pick][1];
        headers['content-encoding'] = copies[pick][0];
      }
      const data = await readFile(body);
      headers['content-length'] = data.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : data);
      if (log) console.log(`${req.method} ${path} ${headers['content-encoding'] ?? 'identity'} ${data.length}`);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, host, ok));
  const url = `http://${host}:${server.address().port}${prefix}`;
  return { url, server, close: () => new Promise((ok) => server.close(ok)) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? 'dist');
  const port = Number(process.argv[3] ?? process.env.PORT ?? 8080);
  const prefix = process.env.PUBLIC_URL ?? '/';
  if (!(await isFile(join(root, 'index.html')))) {
    console.error(`serve: no ${join(root, 'index.html')}: run 'make build' first`);
    process.exit(1);
  }
  const started = await serveStatic({ root, prefix, port, log: process.env.LOG === '1' }).catch((e) => {
    console.error(`serve: cannot listen on 127.0.0.1:${port}: ${e.code ?? e.message}${e.code === 'EADDRINUSE' ? ' (another server runs there: stop it, or run node scripts/serve.mjs dist 8081)' : ''}`);
    process.exit(1);
  });
  const { url } = started;
  console.log(`serving ${root} at ${url} (pre-compressed .br/.gz when accepted; Ctrl-C stops)`);
}
