// The link corpus through the page (issue 26's safety net, browser pass): 30 links of
// tests/corpus/links.txt, spread over the whole list (documentation and test links, every key and token
// field, old single-run links, seeded random plans), opened in the built page with every section
// built; every `data-value` and every input error's text must equal what the page showed when the
// corpus was recorded (tests/corpus/page-values.json), or the intended change listed in
// tests/corpus/intended.json. The native pass (model/tests/corpus.rs) replays all 637 links through
// the model; this one checks what only the page derives (billing, comparison, sweeps, bands).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pageSuite } from './support/suite.mjs';
import { pageValues } from '../corpus/page-values.mjs';

const dir = new URL('../corpus/', import.meta.url);
const links = readFileSync(new URL('links.txt', dir), 'utf8').split('\n').filter(Boolean);
const recorded = JSON.parse(readFileSync(new URL('page-values.json', dir), 'utf8'));
const intended = JSON.parse(readFileSync(new URL('intended.json', dir), 'utf8'));
const SAMPLE = 30;
const sample = Array.from({ length: SAMPLE }, (_, k) => links[Math.floor((k * links.length) / SAMPLE)]);
// The links the intended changes name are always checked too.
for (const c of intended) if (!sample.includes(c.link)) sample.push(c.link);

const suite = pageSuite();

test(`${sample.length} corpus links show exactly what was recorded (or the intended change)`, async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const differences = [];
  let compared = 0;
  for (const link of sample) {
    const was = recorded[link];
    assert.ok(was, `no recording for ${link}`);
    const now = await pageValues(page, suite.server.url, link);
    const want = { ...was };
    for (const c of intended.filter((c) => c.link === link)) {
      if (c.now === null) delete want[c.id];
      else want[c.id] = c.now;
    }
    for (const id of new Set([...Object.keys(want), ...Object.keys(now)])) {
      compared++;
      if (want[id] !== now[id]) differences.push(`${link}\n  ${id}: recorded ${JSON.stringify(want[id])}, now ${JSON.stringify(now[id])}`);
    }
  }
  await context.close();
  assert.deepEqual(errors, [], 'no page errors');
  assert.deepEqual(differences, [], `${differences.length} differences`);
  // Not vacuous: a built page shows over a hundred values for most links.
  assert.ok(compared > 50 * SAMPLE, `only ${compared} values compared`);
});
