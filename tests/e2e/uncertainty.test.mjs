// End-to-end tests of the uncertainty bands (issue 13, item 2): a Monte Carlo run over the plan
// gives P10/P50/P90 of the cash total, the cash start date and the credit expiring unused, and per
// grant the chance it expires with money left. Expected numbers are hand calculations, written in
// the comments.
//
// The plans depend on no catalog price: their experiments carry their own price ($4.00 per
// GPU-hour, the `work` token's seventh field) and their grants every field (amount, apply day,
// review, validity, approval chance, shortest and longest review). Where a range is set, the plan
// is built so the answer it moves is still worked out by hand: every sample lands in one of two
// known outcomes, or the range cannot change who pays, or two links with the same seed differ by
// an amount known exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite({ sections: ['uncertainty'] });
const { done } = suite;

// Experiments: 8 H100 SXM at Modal at $4.00 per GPU-hour (the token's own price), 2,000 GPU-hours
// from day 0 at duty 1: 8 × 24 = 192 GPU-hours a day, $768 a day; 2,000 / 192 = 10.42 days: days
// 0-9 in full ($7,680) and 80 GPU-hours ($320) on day 10; $8,000 in all.
// A Modal grant of $5,000 with review 0 (shortest 0, longest 0: no review uncertainty), valid 365
// days, approval 1: it pays days 0-5 (6 × $768 = $4,608) and $392 of day 6 ($376 of cash that
// day); cash is $8,000 − $5,000 = $3,000 from day 6 = 2026-12-07. It is used up: nothing expires.
const WORK = 'work=modal:h100-sxm:8:2K:0:1:4';
const BASE = `?t0=2026-12-01&${WORK}`;
const DETERMINISTIC = `${BASE}&grant=modal:5K:0:0:365:1:0:0`;
const SPEND = 2000 * 4; // $8,000
const CASH = SPEND - 5000; // $3,000
assert.equal(SPEND, 8000);
assert.equal(6 * 768 + 392, 5000, 'the grant runs out on day 6');

/** Waits until the bands are computed for the current plan. */
async function ready(calc) {
  await calc.page.waitForSelector('[data-testid=mc-bands][data-state=ready]', { timeout: 5000 });
}

async function cashBands(calc) {
  return Promise.all(['p10', 'p50', 'p90'].map((p) => calc.value(`mc-cash-${p}`)));
}

async function expiredBands(calc) {
  return Promise.all(['p10', 'p50', 'p90'].map((p) => calc.value(`mc-expired-${p}`)));
}

async function dateBands(calc) {
  return Promise.all(['p10', 'p50', 'p90'].map((p) => calc.attr(`mc-runway-end-date-${p}`)));
}

/** Each of `got` equals the matching `want` to the cent. */
function cents(got, want, what) {
  assert.equal(got.length, want.length, what);
  got.forEach((g, i) => assert.ok(Math.abs(g - want[i]) < 0.005, `${what}: got ${got.join(', ')}, want ${want.join(', ')}`));
}

const FLAT_FIXED = "Every sample agrees: the review times and approval chances below do not move this plan's answer, and no MFU or price range is set. Set ranges below to see how sure the answer is.";
const FLAT_RANGES = "Every sample agrees: nothing in the ranges below moves this plan's answer.";

test('a plan without ranges gives P10 = P50 = P90 = its cash total', async () => {
  const calc = await suite.open(DETERMINISTIC);
  await ready(calc);
  // The runway itself: $3,000 of cash from 7 Dec 2026 (hand figures above).
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.005, 'the runway itself: $3,000 cash');
  assert.equal(await calc.attr('runway-end-date'), '2026-12-07');
  // Every sample is the plan as typed: one value, the hand figure to the cent (the bands use the
  // event-jumping `simulate_totals`, equal to the day-by-day runway to the cent).
  cents(await cashBands(calc), [CASH, CASH, CASH], 'cash bands');
  assert.deepEqual(await dateBands(calc), ['2026-12-07', '2026-12-07', '2026-12-07']);
  // Used up in every sample: nothing expires, and the grant never expires with money left.
  cents(await expiredBands(calc), [0, 0, 0], 'expired bands');
  assert.equal(await calc.value('mc-expire-prob-0'), 0);
  // Nothing uncertain: the chart shades no band, and the panel says why the three agree.
  assert.equal(await calc.page.getByTestId('runway-band-note').count(), 0);
  assert.equal(await calc.page.getByTestId('mc-flat').innerText(), FLAT_FIXED);
  // The bands rest on the documented 1,000 samples (docs/model.md "Uncertainty bands"), said beside the
  // ranges' summary.
  assert.match(await calc.page.getByTestId('mc-time').innerText(), /^\(1,000 samples\)$/);
  await done(calc);
});

test('an approval chance of 0 for the only grant makes every band the whole spend', async () => {
  // Never approved: the grant pays nothing in every sample, cash = spend = $8,000 from day 0
  // (2026-12-01); a grant never approved holds no money, so it never expires with money left.
  const calc = await suite.open(`${BASE}&grant=modal:5K:0:0:365:0:0:0`);
  await ready(calc);
  cents(await cashBands(calc), [SPEND, SPEND, SPEND], 'cash bands');
  assert.ok(Math.abs((await calc.value('total-spend')) - SPEND) < 0.005);
  assert.deepEqual(await dateBands(calc), ['2026-12-01', '2026-12-01', '2026-12-01']);
  cents(await expiredBands(calc), [0, 0, 0], 'expired bands');
  assert.equal(await calc.value('mc-expire-prob-0'), 0);
  // The plan as typed still counts on the grant: its own cash total is $3,000.
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.005);
  await done(calc);
});

// The spread plan, day 0 = 1 Dec 2026. The same experiments from day 10 ($768 a day, days 10-19,
// $320 on day 20; $8,000 in all), and two Modal grants, both applied on day 0 and valid 365 days:
// - grant 0, $5,000, approved one time in two, review 0 to 10 days (typical 3). Approved, it is
//   approved by day 10 whatever the review (rounded to whole days, 0 to 10), so it pays from the
//   first day of work, days 10-15 (6 × $768 = $4,608) and $392 of day 16: cash is $3,000 from
//   day 16 = 2026-12-17, and nothing of it expires. Not approved, it pays nothing: cash is $8,000
//   from day 10 = 2026-12-11, and it holds nothing that could expire. So its chance to expire
//   with money left is exactly 0.
// - grant 1, $2,000, always approved, review 21 to 30 days (typical 25): approved on day 21 at
//   the earliest, after the last day of work (day 20), so it pays nothing and its $2,000 expires
//   unused in every sample: its chance is exactly 1, and the credit expiring is $2,000 at P10,
//   P50 and P90.
// About half the samples are approved (1,000 draws at 1/2: far more than 100 each way), so the
// sorted cash has $3,000 at rank 100 (P10) and $8,000 at rank 900 (P90), and the sorted cash
// start days have day 10 at rank 100 and day 16 at rank 900. P50 is one of the two outcomes.
// The plan as typed (approval counted as 1, review 3 and 25): $3,000 of cash from 2026-12-17.
const SPREAD = '?t0=2026-12-01&work=modal:h100-sxm:8:2K:10:1:4&grant=modal:5K:0:3:365:0.5:0:10&grant=modal:2K:0:25:365:1:21:30';

test('with an approval chance and review ranges the bands spread to the two outcomes worked by hand', async () => {
  const calc = await suite.open(SPREAD);
  await ready(calc);
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.005, 'the plan as typed: $3,000');
  assert.equal(await calc.attr('runway-end-date'), '2026-12-17');
  const [p10, p50, p90] = await cashBands(calc);
  cents([p10, p90], [CASH, SPEND], 'cash P10 and P90');
  assert.ok(Math.abs(p50 - CASH) < 0.005 || Math.abs(p50 - SPEND) < 0.005, `cash P50 ${p50} is one of the two outcomes`);
  const dates = await dateBands(calc);
  assert.equal(dates[0], '2026-12-11');
  assert.equal(dates[2], '2026-12-17');
  assert.ok(['2026-12-11', '2026-12-17'].includes(dates[1]), dates.join(' '));
  // With A samples approved, the cash P50 (rank 500) is $3,000 when A ≥ 500 and the date P50 is
  // day 16 when A > 500 (fewer than 500 day-10 samples): a later median date goes with $3,000, and
  // $8,000 of median cash with the earlier date.
  if (dates[1] === '2026-12-17') assert.ok(Math.abs(p50 - CASH) < 0.005, `${dates[1]} with ${p50}`);
  if (Math.abs(p50 - SPEND) < 0.005) assert.equal(dates[1], '2026-12-11');
  // No band says "never", so no note about it.
  const starts = await calc.page.getByTestId('mc-runway-end-date-p10').locator('xpath=..').innerText();
  assert.doesNotMatch(starts, /never/, starts);
  // Grant 1's $2,000 expires in every sample; grant 0 never expires with money left.
  cents(await expiredBands(calc), [2000, 2000, 2000], 'expired bands');
  assert.equal(await calc.value('mc-expire-prob-0'), 0);
  assert.equal(await calc.value('mc-expire-prob-1'), 1);
  // Shown in whole percents.
  assert.match(await calc.page.getByTestId('mc-expire-prob-0').innerText(), /: 0% chance it expires with money left$/);
  assert.match(await calc.page.getByTestId('mc-expire-prob-1').innerText(), /: 100% chance it expires with money left$/);
  // Issue 27, item 4: the bands say what P10/P50/P90 mean in words, and that the answers' $3,000 is
  // a single estimate (here P50 may be $8,000: the median of the samples, not a second model).
  const legend = await calc.page.getByTestId('mc-legend').innerText();
  assert.match(legend, /of the 1,000 samples, one in ten needs at most the P10 figure/, legend);
  assert.match(legend, /half at most P50 \(the median\), nine in ten at most P90/, legend);
  assert.match(legend, /The answers above are a single estimate, with every review, approval and price as typed \(cash \$3,000\)/, legend);
  // The cash start date spreads (P10 before P90): the chart shades the band and says so.
  await calc.page.getByTestId('runway-band-note').waitFor();
  assert.equal(await calc.page.getByTestId('mc-flat').count(), 0, 'spread bands: no "every sample agrees"');
  // The same link gives the same numbers (fixed seed).
  const again = await suite.open(calc.page.url().slice(calc.page.url().indexOf('?')));
  await ready(again);
  assert.deepEqual(await cashBands(again), [p10, p50, p90]);
  assert.deepEqual(await dateBands(again), dates);
  await done(again);
  await done(calc);
});

test('a price range shifts every band by the price factor alone: with and without the grant they differ by exactly $5,000', async () => {
  // Price factor f uniform on 0.8-1.3 for the experiments from day 0: spend 8,000·f, from $6,400
  // to $10,400. Approved (chance 1, review 0), the $5,000 grant is usable from day 0 for 365 days
  // and is used up whatever f (the spend is at least $6,400), so every sample's cash is
  // 8,000·f − 5,000, from $1,400 to $5,400, and nothing expires. Never approved (chance 0), the
  // cash is 8,000·f. Both links draw the same variates (one grant each, same seed, same price
  // range), so sample by sample the two cash totals differ by exactly $5,000, and so do P10, P50
  // and P90.
  const approved = await suite.open(`${DETERMINISTIC}&price_range=0.8:1.3`);
  const refused = await suite.open(`${BASE}&grant=modal:5K:0:0:365:0:0:0&price_range=0.8:1.3`);
  await ready(approved);
  await ready(refused);
  const withGrant = await cashBands(approved);
  const without = await cashBands(refused);
  cents(withGrant, without.map((v) => v - 5000), 'cash with the grant = cash without − $5,000');
  assert.ok(withGrant[0] < withGrant[2], `the price range spreads the cash: ${withGrant.join(' ')}`);
  for (const v of withGrant) assert.ok(v >= 1400 - 0.005 && v <= 5400 + 0.005, `${v} within 8,000 × [0.8, 1.3] − 5,000`);
  cents(await expiredBands(approved), [0, 0, 0], 'nothing expires');
  assert.equal(await approved.value('mc-expire-prob-0'), 0);
  // Without the grant cash starts on day 0 in every sample. With it, the $5,000 lasts
  // 5,000 / (768·f) days: 8.14 at f = 0.8 (cash from day 8, 2026-12-09) to 5.008 at f = 1.3 (cash
  // from day 5, 2026-12-06); a dearer sample starts cash sooner.
  assert.deepEqual(await dateBands(refused), ['2026-12-01', '2026-12-01', '2026-12-01']);
  const dates = await dateBands(approved);
  for (const d of dates) assert.ok(d >= '2026-12-06' && d <= '2026-12-09', dates.join(' '));
  await done(refused);
  await done(approved);
});

test('MFU and price ranges that cannot change who pays: every band is $0 of cash and the grant always has money left', async () => {
  // A 1B-parameter pretraining on 10B tokens on one node of 8 H100 SXM at AWS, from day 30:
  // 6 × 1e9 × 1e10 = 6e19 FLOPs / (989e12 × 0.4) / 3,600 = 42.1 GPU-hours, about $290 at $6.88
  // (checkpoints, storage and failures add little). AWS Activate, $100K, applied day 0, review 9 to
  // 14 days (typical 12), valid 365 days: approved by day 14, before the job starts, and it
  // pays every AWS bill line (scope "all"). Even at the MFU range's low end (0.8: 1.25 × the
  // GPU-hours) and the price range's top (1.3×), the job costs far less than $100K: the grant pays
  // everything in every sample, so cash is $0 at P10, P50 and P90, it never starts ("never"), and
  // the grant expires with money left in every sample: chance exactly 1.
  const calc = await suite.open('?t0=2026-12-01&job=pretrain:1B:10B:aws:h100-sxm:8:30&grant=aws-activate:100K:0:12:365:1:9:14&mfu_range=0.8:1.2&price_range=0.8:1.3');
  await ready(calc);
  assert.ok((await calc.value('total-spend')) < 1000, 'the job costs hundreds of dollars');
  assert.deepEqual(await cashBands(calc), [0, 0, 0]);
  assert.deepEqual(await dateBands(calc), ['never', 'never', 'never']);
  assert.equal(await calc.value('mc-expire-prob-0'), 1);
  // Every sample agrees, though ranges are set: the panel says the ranges do not move the answer.
  assert.equal(await calc.page.getByTestId('mc-flat').innerText(), FLAT_RANGES);
  assert.equal(await calc.page.getByTestId('runway-band-note').count(), 0);
  await done(calc);
});

test('editing an input updates the bands and the link; a bad value keeps the last good bands', async () => {
  const calc = await suite.open(DETERMINISTIC);
  await ready(calc);
  cents(await cashBands(calc), [CASH, CASH, CASH], 'cash bands as opened');
  // The range inputs start folded under their summary (the results stay on screen).
  await calc.page.locator('[data-testid=mc-inputs] > summary').click();
  // Never approved: cash = spend = $8,000 in every sample.
  await calc.page.getByTestId('mc-approval-0').fill('0');
  await calc.waitForValue('mc-cash-p50', (v) => Math.abs(v - SPEND) < 0.005);
  // The runway as typed does not move; the link carries the chance.
  assert.ok(Math.abs((await calc.value('cash-total')) - CASH) < 0.005);
  await calc.waitForUrl((p) => p.get('grant') === 'modal:5K:0:0:365:0:0:0');
  // A price factor of exactly 2: every $/GPU-hour doubles, and with the grant never approved cash
  // = 2 × $8,000 = $16,000 in every sample.
  await calc.page.getByTestId('price_range-low').fill('2');
  await calc.page.getByTestId('price_range-high').fill('2');
  await calc.waitForValue('mc-cash-p90', (v) => Math.abs(v - 2 * SPEND) < 0.005);
  await calc.waitForUrl((p) => p.get('price_range') === '2:2');
  await ready(calc);
  const good = [2 * SPEND, 2 * SPEND, 2 * SPEND];
  cents(await cashBands(calc), good, 'cash bands at approval 0 and price 2×');

  // Out of range: a message naming the field; the plan keeps its last good chance (0). Had the
  // bad value reset it to the default (approval 1), the grant would pay and cash would be
  // 2 × 8,000 − 5,000 = $11,000.
  await calc.page.getByTestId('mc-approval-0').fill('1.5');
  assert.match(await calc.page.getByTestId('error-odds-0').innerText(), /approval chance "1\.5" is above the accepted range/);
  // A bad range too: the price range keeps 2:2 (a reset to 1:1 would give $8,000).
  await calc.page.getByTestId('price_range-high').fill('abc');
  await calc.page.getByTestId('error-price_range').waitFor();
  // Give a (wrong) rerun time to happen: the debounce is 2 ms and a run takes a few ms.
  await calc.page.waitForTimeout(300);
  await ready(calc);
  cents(await cashBands(calc), good, 'bands after bad values: the last good ones');
  assert.deepEqual(await dateBands(calc), ['2026-12-01', '2026-12-01', '2026-12-01']);
  const p = await calc.params();
  assert.equal(p.get('grant'), 'modal:5K:0:0:365:0:0:0');
  assert.equal(p.get('price_range'), '2:2');
  await done(calc);
});

test('a bad range in a link names its key and the rest loads', async () => {
  const calc = await suite.open(`${DETERMINISTIC}&mfu_range=1.5:1.2`);
  await ready(calc);
  assert.match(await calc.page.getByTestId('error-mfu_range').innerText(), /^MFU range \(mfu_range\): "1\.5:1\.2" has its low value out of range\./);
  // The range stays 1:1: the bands are the plan as typed, $3,000, and say no range is set.
  cents(await cashBands(calc), [CASH, CASH, CASH], 'cash bands');
  assert.equal(await calc.page.getByTestId('mc-flat').innerText(), FLAT_FIXED);
  await done(calc);
});

test('a Portuguese reader types the ranges and the odds with commas; a dot gets the fix', async () => {
  // Every number box reads its row of the model's input table in the reader's language: "0,5"
  // is one half in Portuguese, "2" and "2" a price factor of exactly 2. With the grant approved
  // half the time, half the samples pay $5,000 of the 2 × $8,000 = $16,000 and half pay nothing:
  // cash is $11,000 or $16,000, so the P10 is $11,000 and the P90 $16,000 (the links carry the
  // link's forms: "0.5" and "2:2").
  const calc = await suite.open(`${DETERMINISTIC}&lang=pt`);
  await ready(calc);
  await calc.page.locator('[data-testid=mc-inputs] > summary').click();
  await calc.page.getByTestId('mc-approval-0').fill('0,5');
  await calc.page.getByTestId('price_range-low').fill('2');
  await calc.page.getByTestId('price_range-high').fill('2');
  await calc.waitForUrl((p) => p.get('grant') === 'modal:5K:0:0:365:0.5:0:0' && p.get('price_range') === '2:2');
  await calc.waitForValue('mc-cash-p90', (v) => Math.abs(v - 2 * SPEND) < 0.005);
  await calc.waitForValue('mc-cash-p10', (v) => Math.abs(v - (2 * SPEND - 5000)) < 0.005);
  // The English form of a decimal is refused with the Portuguese one to type; the range keeps 2:2.
  await calc.page.getByTestId('price_range-low').fill('0.8');
  assert.match(await calc.page.getByTestId('error-price_range').innerText(), /tem um valor mínimo escrito com o separador decimal do outro idioma \(digite 0,8\)/);
  assert.equal((await calc.params()).get('price_range'), '2:2');
  await calc.page.getByTestId('price_range-low').fill('0,8');
  await calc.waitForUrl((p) => p.get('price_range') === '0.8:2');
  await done(calc);
});
