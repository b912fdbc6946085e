// Records what the built page (dist/, or $DIST_DIR) shows for every link of tests/corpus/links.txt:
// tests/corpus/page-values.json, { link: { testid: data-value } }. Run before a refactor, on the
// code the refactor must not change: `make release && node tests/corpus/record.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/support/browser.mjs';
import { serveDist } from '../e2e/support/server.mjs';
import { pageValues } from './page-values.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const links = readFileSync(join(here, 'links.txt'), 'utf8').split('\n').filter(Boolean);
const server = await serveDist();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
const out = {};
const started = Date.now();
let page = await context.newPage();
for (const [i, link] of links.entries()) {
  if (i % 50 === 0 && i > 0) {
    await page.close();
    page = await context.newPage();
    console.log(`${i}/${links.length} in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  out[link] = await pageValues(page, server.url, link);
}
await browser.close();
await server.close();
writeFileSync(join(here, 'page-values.json'), JSON.stringify(out, null, 0).replace(/\},"/g, '},\n"') + '\n');
console.log(`${links.length} links recorded in ${Math.round((Date.now() - started) / 1000)} s`);
