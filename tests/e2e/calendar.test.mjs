// End-to-end tests of calendar time in the credit runway: day 0 of a plan is a date (link key t0),
// so a link shows the same dates whenever it is opened; a link without t0 counts from the day it is
// opened and then carries that date. The browser clock is fixed per test so "today" is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;

/** Opens `query` in a fresh context whose clock reads `now` (local time) from the first script. */
const openOn = (now, query) => suite.openOn(now, query, { waitFor: 'runway-end-date' });

// The default run (7B x 2T on 64 H100 at AWS, see runway.test.mjs) costs $10,573.95 a day from the
// dataset-ready day 20. AWS Activate $100K applied day 0 with a 12-day review is approved day 12 and
// pays days 20-28 and part of 29: cash from day 29. Day 0 = 2026-12-01 (a Tuesday), so:
//   apply by   = day 20 - 12 = day 8   -> 2026-12-09
//   approved   = day 0 + 12 = day 12   -> 2026-12-13
//   expires    = day 12 + 365 = day 377 -> 2026-12-13 + 365 days = 2027-12-13 (no 29 Feb between)
//   data ready = day 20                -> 2026-12-21
//   cash from  = day 29                -> 2026-12-30
const LINK = '?t0=2026-12-01&grant=aws-activate:100K:0:12:365&start=20';

async function dates(calc) {
  return {
    end: await calc.attr('runway-end-date'),
    endDay: await calc.attr('runway-end-day'),
    applyBy: await calc.attr('apply-by-0'),
    approved: await calc.attr('grant-approved-0'),
    expires: await calc.attr('grant-expires-0'),
    start: await calc.attr('start-date'),
  };
}

test('a link with t0 shows the same dates when opened a week later', async () => {
  const expected = {
    end: '2026-12-30',
    endDay: '29',
    applyBy: '2026-12-09',
    approved: '2026-12-13',
    expires: '2027-12-13',
    start: '2026-12-21',
  };
  const first = await openOn('2026-12-01T10:00:00', LINK);
  assert.deepEqual(await dates(first), expected);
  // Opened on day 0 itself: cash starts in 29 days.
  assert.equal(await first.page.getByTestId('runway-end-date').innerText(), '30 Dec 2026 (in 29 days)');
  assert.match(await first.page.getByTestId('apply-by-0').innerText(), /apply by 9 Dec 2026/);
  assert.equal(await first.page.getByTestId('grant-approved-0').innerText(), '13 Dec 2026');
  assert.equal(await first.page.getByTestId('grant-expires-0').innerText(), '13 Dec 2027');
  await done(first);

  const later = await openOn('2026-12-08T10:00:00', LINK);
  assert.deepEqual(await dates(later), expected);
  // A week later the same date is 7 days closer.
  assert.equal(await later.page.getByTestId('runway-end-date').innerText(), '30 Dec 2026 (in 22 days)');
  // The address bar keeps the link's own day 0 after an edit.
  await later.type('gpus', '32');
  const p = await later.waitForUrl((p) => p.get('gpus') === '32');
  assert.equal(p.get('t0'), '2026-12-01');
  await done(later);
});

test('a link without t0 counts from the day it is opened and then carries that date', async () => {
  const calc = await openOn('2026-12-01T10:00:00', '?grant=aws-activate:100K:0:12:365&start=20');
  // Same plan as above with day 0 = today = 2026-12-01: the same dates.
  assert.equal(await calc.attr('runway-end-date'), '2026-12-30');
  assert.equal(await calc.attr('apply-by-0'), '2026-12-09');
  // The share box holds the full link at once; the address bar is rewritten on the first edit
  // (like every key: an opened link is left as it was until the user changes something).
  assert.match(await calc.page.getByTestId('share-url').inputValue(), /[?&]t0=2026-12-01(&|$)/);
  assert.equal((await calc.params()).get('t0'), null);
  await calc.type('gpus', '32');
  const p = await calc.waitForUrl((p) => p.get('gpus') === '32');
  assert.equal(p.get('t0'), '2026-12-01');
  await done(calc);
});

test('a malformed t0 is named in a message and today is used', async () => {
  const calc = await openOn('2026-12-01T10:00:00', '?t0=2026-02-30&start=20');
  assert.equal(
    await calc.page.getByTestId('error-t0').innerText(),
    'Day 0 date (t0): "2026-02-30" is not a calendar date (Feb has 28 days). Expected a date YYYY-MM-DD, like 2026-12-01; today is used instead.',
  );
  // Today, 2026-12-01, is day 0: day 20 is 2026-12-21.
  assert.equal(await calc.attr('start-date'), '2026-12-21');
  await done(calc);
});

test('leap day by link: day 1 after 28 Feb 2028 is 29 Feb 2028', async () => {
  const calc = await openOn('2026-12-01T10:00:00', '?t0=2028-02-28&start=1');
  assert.equal(await calc.attr('start-date'), '2028-02-29');
  assert.match(await calc.page.getByTestId('start-date').innerText(), /Starts 29 Feb 2028 \(day 0 is 28 Feb 2028\)/);
  // Without grants the whole run is cash from the day the dataset is ready.
  assert.equal(await calc.attr('runway-end-date'), '2028-02-29');
  await done(calc);
});
