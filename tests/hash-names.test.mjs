// Trunk names each build's files with its 64-bit content hash in hex, without leading zeros: 16
// digits, 15 in one build out of 16 (and fewer, rarely). Three places tell a hashed name from a
// plain one, each with its own pattern: the page's update check (index.html), the service worker
// (pwa/sw.js) and the static server (scripts/serve.mjs). A build whose hash was 15 digits long
// lost the update notice, the worker's same-build check and immutable caching; the pattern of each
// must take both lengths and still refuse a name without a hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const SOURCES = {
  'index.html': /\.filter\(function \(name\) \{ return (\/-\[0-9a-f\][^/]*\/)\.test\(name\)/,
  'pwa/sw.js': /const HASHED = (\/[^\n]*\/);/,
  'scripts/serve.mjs': /const HASHED = (\/[^\n]*\/);/,
};

test('every place that spots a hashed file name takes 16- and 15-digit hashes, and refuses plain names', () => {
  for (const [file, finder] of Object.entries(SOURCES)) {
    const found = finder.exec(readFileSync(file, 'utf8'));
    assert.ok(found, `${file}: no hashed-name pattern found`);
    const source = found[1];
    const re = new RegExp(source.slice(1, source.lastIndexOf('/')));
    for (const name of ['gpu-credit-runway-9b37c764e04de273_bg.wasm', 'gpu-credit-runway-62c5cdc2d3c63d7.js', 'icon-6fb3cfdffbef2907.svg']) {
      assert.ok(re.test(name), `${file}: ${name} is hashed`);
    }
    for (const name of ['index.html', 'sw.js', 'manifest.webmanifest', 'icons/icon-192.png', 'style-bad.css']) {
      assert.ok(!re.test(name), `${file}: ${name} is not hashed`);
    }
  }
});
