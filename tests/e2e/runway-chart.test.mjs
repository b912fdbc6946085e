// End-to-end tests of the runway chart: it spans the plan's window (not the whole simulated
// horizon), dates on the axis, legend and numbered key as HTML below the canvas, expired money in
// the legend, and a text alternative that states the answer. The clock is fixed so "today" is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { pageSuite } from './support/suite.mjs';
import { daly, idealHours, LLAMA3_MTBF, waste } from './support/hand.mjs';

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const suite = pageSuite({ before: () => mkdir(ARTIFACTS, { recursive: true }) });
const { done } = suite;

// The default run (7B x 2T on 64 H100 at AWS $6.88, MFU 0.4, as in runway.test.mjs): 59,863.25
// billed GPU-hours with failures, 38.97 days on 64 GPUs, so from start day 20 its last (partial) day
// is day 58 and it ends at day 20 + ceil(38.97) = 59 (storage is billed over the same days).
const BILLED_HOURS = idealHours(7e9, 2e12, 989, 0.4) / (1 - waste(5 / 60, daly(5 / 60, LLAMA3_MTBF / 64), 10 / 60, LLAMA3_MTBF / 64));
const DAYS = BILLED_HOURS / (64 * 24);
const STORAGE_PER_DAY = ((3 * 98 + 8000) * 0.023) / (730 / 24);
const TOTAL = BILLED_HOURS * 6.88 + STORAGE_PER_DAY * DAYS; // $412,103.56
const RUN_END = 20 + Math.ceil(DAYS);

// Day 0 = 1 Dec 2026. AWS Activate $100K (approved day 12) is used up on day 29 (see
// calendar.test.mjs): nothing of it expires, so its expiry (day 377) does not stretch the chart.
// Window: from today (day 0, earlier than the start day 20) to the run's end, day 59, plus 5 % of
// 59 days (2.95), at least 3 days: day 62 = 1 Feb 2027 (31 days of December, then 31 of January).
const LINK = '?t0=2026-12-01&grant=aws-activate:100K:0:12:365&start=20';

/** Opens `query` in a fresh context whose clock reads `now`, once the runway chart is drawn. */
async function openOn(now, query, viewport = { width: 1280, height: 900 }) {
  const calc = await suite.openOn(now, query, { viewport });
  await calc.page.waitForFunction(() => Number(document.querySelector('[data-testid=chart-runway]')?.dataset.drawCount) >= 1);
  return calc;
}

async function windowOf(calc) {
  const chart = calc.page.getByTestId('chart-runway');
  return {
    start: await chart.getAttribute('data-window-start'),
    end: await chart.getAttribute('data-window-end'),
    startDay: await chart.getAttribute('data-window-start-day'),
    endDay: await chart.getAttribute('data-window-end-day'),
  };
}

test('the chart spans the plan, not the 377-day horizon, and says when cash starts', async () => {
  assert.equal(RUN_END, 59);
  const calc = await openOn('2026-12-01T12:00:00Z', LINK);
  const chart = calc.page.getByTestId('chart-runway');
  assert.equal(await chart.getAttribute('data-draw-error'), null);
  assert.deepEqual(await windowOf(calc), { start: '2026-12-01', end: '2027-02-01', startDay: '0', endDay: '62' });
  // Cash: everything after the $100K, $412,103.56 − $100,000 = $312,103.56, written "$312K".
  assert.equal(Math.round((TOTAL - 100000) / 1000), 312);
  const summary = calc.page.getByTestId('runway-chart-summary');
  assert.equal(await summary.innerText(), 'Cash starts 30 Dec 2026 ($312K in cash in total). Nothing expires unused.');
  // The canvas is described by the sentence.
  assert.equal(await chart.getAttribute('aria-describedby'), await summary.getAttribute('id'));
  // The numbered key: today (day 0), approval (day 12 = 13 Dec), the run starts (day 20 = 21 Dec),
  // cash starts (day 29 = 30 Dec); the expiry on day 377 is outside the window.
  const key = await calc.page.getByTestId('runway-markers').locator('li').allInnerTexts();
  assert.deepEqual(key.map((t) => t.replace(/\s+/g, ' ').trim()), [
    '1 1 Dec 2026: today',
    '2 13 Dec 2026: AWS Activate (general cloud) approved',
    '3 21 Dec 2026: work starts',
    '4 30 Dec 2026: cash starts',
  ]);
  // Legend: the grant's balance, spend and cash; no "expired" entry when nothing expires.
  const legend = await calc.page.getByTestId('runway-legend').locator('li').allInnerTexts();
  assert.deepEqual(legend, ['AWS Activate (general cloud): balance while usable', 'spent so far', 'paid in cash so far']);
  await done(calc);
});

test('money that expires unused is in the window, the legend and the sentence', async () => {
  // Modal's $5,000 (approved day 3, valid 365 days) pays no AWS bill: all of it expires at the start
  // of day 368 = 1 Dec 2027 (day 365) + 3 = 4 Dec 2027. Window: day 0 to 368 + ceil(0.05 × 368 =
  // 18.4) = 387 = 1 Dec 2027 + 22 days = 23 Dec 2027.
  const calc = await openOn('2026-12-01T12:00:00Z', `${LINK}&grant=modal:5K:0:3:365`);
  assert.deepEqual(await windowOf(calc), { start: '2026-12-01', end: '2027-12-23', startDay: '0', endDay: '387' });
  assert.equal(
    await calc.page.getByTestId('runway-chart-summary').innerText(),
    'Cash starts 30 Dec 2026 ($312K in cash in total). $5,000 of Modal startup credits expires unused on 4 Dec 2027.',
  );
  const legend = await calc.page.getByTestId('runway-legend').locator('li').allInnerTexts();
  assert.ok(legend.includes('expired unused (at its expiry)'), legend.join(' | '));
  const key = await calc.page.getByTestId('runway-markers').innerText();
  assert.match(key, /4 Dec 2027: Modal startup credits expires, \$5,000 unused/);
  await done(calc);
});

test('opened a month later, the window starts at the first start, not today', async () => {
  // Today 31 Dec 2026 is day 30; the run starts day 20 (21 Dec 2026), earlier: the window is days
  // 20 to 59 + max(ceil(0.05 × 39 = 1.95), 3) = 62.
  const calc = await openOn('2026-12-31T12:00:00Z', LINK);
  assert.deepEqual(await windowOf(calc), { start: '2026-12-21', end: '2027-02-01', startDay: '20', endDay: '62' });
  await done(calc);
});

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`on a ${name} the legend, key and summary sit below the canvas, inside the page`, async () => {
    const calc = await openOn('2026-12-01T12:00:00Z', `${LINK}&grant=modal:5K:0:3:365`, viewport);
    const chart = calc.page.getByTestId('chart-runway');
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    assert.ok(box.width <= viewport.width && box.x >= 0, `canvas ${JSON.stringify(box)} inside the ${viewport.width} px page`);
    assert.ok(box.height >= 300, 'tall enough to read');
    let below = box.y + box.height;
    for (const id of ['runway-legend', 'runway-markers', 'runway-chart-summary']) {
      const b = await calc.page.getByTestId(id).boundingBox();
      assert.ok(b.y >= below - 0.5, `${id} at y ${b.y} starts below ${below} (no overlap)`);
      assert.ok(b.x >= 0 && b.x + b.width <= viewport.width + 0.5, `${id} inside the page width`);
      below = b.y + b.height;
    }
    // Screenshot of the chart and its legend, to look at.
    const figure = calc.page.locator('figure.runway-chart');
    await figure.screenshot({ path: `${ARTIFACTS}runway-chart-${name}.png` });
    await done(calc);
  });
}
