// End-to-end tests of the uncertainty bands (issue 13, item 2): a Monte Carlo run over the plan
// gives P10/P50/P90 of the cash total, the cash start date and the credit expiring unused, and per
// grant the chance it expires with money left. Expected numbers are hand calculations from
// data/prices.json, written in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite({ sections: ['uncertainty'] });
const { done } = suite;

// Experiments: 8 H100 SXM at Modal ($3.95 per GPU-hour, data/prices.json), 2,000 GPU-hours from
// day 0 at duty 1: 8 × 24 = 192 GPU-hours a day, $758.40 a day, $7,900 in all over 11 days.
// A Modal grant of $5,000 with review 0 (shortest 0, longest 0: no review uncertainty), valid 365
// days, approval 1: it pays days 0-5 ($4,550.40) and $449.60 of day 6; cash is $7,900 − $5,000 =
// $2,900 from day 6 = 2026-12-07.
const BASE = '?t0=2026-12-01&work=modal:h100-sxm:8:2K:0:1';
const DETERMINISTIC = `${BASE}&grant=modal:5K:0:0:365:1:0:0`;
const SPEND = 2000 * 3.95;
const CASH = SPEND - 5000;

/** Waits until the bands are computed for the current plan. */
async function ready(calc) {
  await calc.page.waitForSelector('[data-testid=mc-bands][data-state=ready]', { timeout: 5000 });
}

async function cashBands(calc) {
  return Promise.all(['p10', 'p50', 'p90'].map((p) => calc.value(`mc-cash-${p}`)));
}

async function dateBands(calc) {
  return Promise.all(['p10', 'p50', 'p90'].map((p) => calc.attr(`mc-runway-end-date-${p}`)));
}

/** "never" sorts after every ISO date. */
const dateKey = (d) => (d === 'never' ? '9999-12-31' : d);

test('a plan without ranges gives P10 = P50 = P90 = its cash total', async () => {
  const calc = await suite.open(DETERMINISTIC);
  await ready(calc);
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.01, 'the runway itself: $2,900 cash');
  const [p10, p50, p90] = await cashBands(calc);
  const total = await calc.value('cash-total');
  // Every sample is the plan as typed: one value. The bands use the event-jumping
  // `simulate_totals`, equal to the day-by-day runway to the cent (not always to the last bit).
  assert.equal(p10, p50);
  assert.equal(p50, p90);
  assert.ok(Math.abs(p50 - total) < 0.005, `${p50} vs ${total}`);
  assert.deepEqual(await dateBands(calc), ['2026-12-07', '2026-12-07', '2026-12-07']);
  // Nothing uncertain: the chart shades no band, and the panel says why the three agree.
  assert.equal(await calc.page.getByTestId('runway-band-note').count(), 0);
  assert.match(await calc.page.getByTestId('mc-flat').textContent(), /no MFU or price range is set/);
  // Fully used: it never expires with money left.
  assert.equal(await calc.value('mc-expire-prob-0'), 0);
  // The run is timed in wasm: this small plan's 1,000 samples must take well under the 50 ms
  // budget (which also holds the 2 ms debounce and the page's own frame after an edit).
  const ms = await calc.value('mc-time');
  assert.ok(ms >= 0 && ms <= 40, `Monte Carlo took ${ms} ms`);
  await done(calc);
});

test('an approval chance of 0 for the only grant makes the median cash the whole spend', async () => {
  // Never approved: the grant pays nothing in every sample, cash = spend = $7,900 from day 0.
  const calc = await suite.open(`${BASE}&grant=modal:5K:0:0:365:0:0:0`);
  await ready(calc);
  assert.ok(Math.abs((await calc.value('mc-cash-p50')) - SPEND) < 0.01);
  assert.ok(Math.abs((await calc.value('mc-cash-p50')) - (await calc.value('total-spend'))) < 0.01);
  assert.deepEqual(await dateBands(calc), ['2026-12-01', '2026-12-01', '2026-12-01']);
  // The plan as typed still counts on the grant: its own cash total is $2,900.
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.01);
  await done(calc);
});

test('with ranges the bands are ordered and spread', async () => {
  // Approval 50 %, review 0-20 days (typical 3), price 0.8-1.3 ×, MFU 0.8-1.2 × on a LoRA job;
  // the experiments start on day 10. Not approved (half the samples) or approved after day 10
  // (review rounding to 11-20 days): cash from day 10 (2026-12-11). Approved by day 10
  // (P(r < 10.5) on the triangle (0, 3, 20) = 1 − 9.5² / (20 × 17) ≈ 0.73, so ≈ 37 % of all
  // samples): the grant carries about six more days. So P10 is 2026-12-11 and P90 is later.
  const calc = await suite.open(`?t0=2026-12-01&work=modal:h100-sxm:8:2K:10:1&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&grant=modal:5K:0:3:365:0.5:0:20&price_range=0.8:1.3&mfu_range=0.8:1.2`);
  await ready(calc);
  const [p10, p50, p90] = await cashBands(calc);
  assert.ok(p10 <= p50 && p50 <= p90, `${p10} ${p50} ${p90}`);
  // Half the samples lose the $5,000 grant: the spread is at least most of it.
  assert.ok(p90 - p10 > 3000, `${p10} … ${p90}`);
  const dates = await dateBands(calc);
  assert.ok(dateKey(dates[0]) <= dateKey(dates[1]) && dateKey(dates[1]) <= dateKey(dates[2]), dates.join(' '));
  for (const d of dates) assert.match(d, /^(\d{4}-\d{2}-\d{2}|never)$/);
  // The cash start date spreads (P10 before P90): the chart shades the band and says so.
  assert.equal(dates[0], '2026-12-11');
  assert.ok(dates[2] > '2026-12-11', dates[2]);
  // The note on "never" stands beside a band that says it, never beside three dates.
  const starts = await calc.page.getByTestId('mc-runway-end-date-p10').locator('xpath=..').innerText();
  if (dates.includes('never')) assert.match(starts, /\("never": the grants pay everything\)/);
  else assert.doesNotMatch(starts, /never/, starts);
  await calc.page.getByTestId('runway-band-note').waitFor();
  assert.equal(await calc.page.getByTestId('mc-flat').count(), 0, 'spread bands: no "every sample agrees"');
  const e = await Promise.all(['p10', 'p50', 'p90'].map((p) => calc.value(`mc-expired-${p}`)));
  assert.ok(e[0] <= e[1] && e[1] <= e[2]);
  const prob = await calc.value('mc-expire-prob-0');
  assert.ok(prob >= 0 && prob <= 1);
  // The same link gives the same numbers (fixed seed).
  const again = await suite.open(calc.page.url().slice(calc.page.url().indexOf('?')));
  await ready(again);
  assert.deepEqual(await cashBands(again), [p10, p50, p90]);
  await done(again);
  await done(calc);
});

test('editing an input updates the bands and the link; bad values get messages', async () => {
  const calc = await suite.open(DETERMINISTIC);
  await ready(calc);
  assert.ok(Math.abs((await calc.value('mc-cash-p50')) - (await calc.value('cash-total'))) < 0.005);
  // The range inputs start folded under their summary (the results stay on screen).
  await calc.page.locator('[data-testid=mc-inputs] > summary').click();
  await calc.page.getByTestId('mc-approval-0').fill('0');
  await calc.waitForValue('mc-cash-p50', (v) => Math.abs(v - SPEND) < 0.01);
  // The runway as typed does not move; the link carries the chance.
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.01);
  await calc.waitForUrl((p) => p.get('grant') === 'modal:5K:0:0:365:0:0:0');
  // A price factor of exactly 2: every $/GPU-hour doubles, so cash = 2 × $7,900 = $15,800.
  await calc.page.getByTestId('price_range-low').fill('2');
  await calc.page.getByTestId('price_range-high').fill('2');
  await calc.waitForValue('mc-cash-p90', (v) => Math.abs(v - 2 * SPEND) < 0.01);
  await calc.waitForUrl((p) => p.get('price_range') === '2:2');
  // Out of range: a message naming the field; the bands keep the last good range.
  await calc.page.getByTestId('mc-approval-0').fill('1.5');
  assert.match(await calc.page.getByTestId('error-odds-0').innerText(), /approval chance "1\.5" is above the accepted range/);
  await done(calc);
});

test('a bad range in a link names its key and the rest loads', async () => {
  const calc = await suite.open(`${DETERMINISTIC}&mfu_range=1.5:1.2`);
  await ready(calc);
  assert.match(await calc.page.getByTestId('error-mfu_range').innerText(), /^MFU range \(mfu_range\): "1\.5:1\.2" has its low value out of range\./);
  assert.ok(Math.abs((await calc.value('mc-cash-p50')) - (await calc.value('cash-total'))) < 0.005);
  await done(calc);
});
