// What the built page (dist/, or $DIST_DIR) shows now against the corpus recording, for the links
// containing FILTER (all links without one): prints each difference as an intended.json entry.
// With `--why "…"`, appends the differences to tests/corpus/intended.json with that reason (read
// them first: every entry must be a change you meant).
//   node tests/corpus/diff.mjs 'cmp=' [--why "cmp columns read the calculator's ranges"]
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/support/browser.mjs';
import { serveDist } from '../e2e/support/server.mjs';
import { pageValues } from './page-values.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const whyAt = args.indexOf('--why');
const why = whyAt >= 0 ? args[whyAt + 1] : null;
const filter = args.find((a, i) => !a.startsWith('--') && (whyAt < 0 || i !== whyAt + 1)) ?? '';
const links = readFileSync(join(here, 'links.txt'), 'utf8').split('\n').filter((l) => l && l.includes(filter));
const recorded = JSON.parse(readFileSync(join(here, 'page-values.json'), 'utf8'));
const intended = JSON.parse(readFileSync(join(here, 'intended.json'), 'utf8'));
const server = await serveDist();
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
const page = await context.newPage();
const found = [];
for (const link of links) {
  const now = await pageValues(page, server.url, link);
  const want = { ...recorded[link] };
  for (const c of intended.filter((c) => c.link === link)) {
    if (c.now === null) delete want[c.id];
    else want[c.id] = c.now;
  }
  for (const id of new Set([...Object.keys(want), ...Object.keys(now)])) {
    if (want[id] !== now[id]) found.push({ link, id, was: want[id] ?? null, now: now[id] ?? null });
  }
}
await browser.close();
await server.close();
console.log(JSON.stringify(found, null, 2));
console.error(`${links.length} links, ${found.length} differences`);
if (why && found.length) {
  for (const { link, id, was, now } of found) intended.push({ link, id, was, now, why });
  writeFileSync(join(here, 'intended.json'), JSON.stringify(intended, null, 2) + '\n');
  console.error(`appended to tests/corpus/intended.json`);
}
