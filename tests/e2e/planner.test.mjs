// End-to-end tests of the application planner (issue 13, "Suggested applications"): a link with a
// badly timed grant (applied on day 0, so its validity runs out a year before the run starts), the
// keyboard presses "Plan my applications", reads the suggested date and cash, presses "Use these
// dates", and the plan's own answers and the link follow. "Today" is fixed per test (page.clock),
// so every date is known. Expected numbers are hand calculations written in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;

/** Opens `query` in a fresh context whose clock reads `now`. */
const openOn = (now, query) => suite.openOn(now, query);

/** Presses a button from the keyboard: focus, then Enter (as a keyboard user would after Tab). */
async function pressWithKeyboard(calc, testId) {
  const button = await calc.reveal(calc.page.getByTestId(testId));
  await button.focus();
  assert.equal(await button.evaluate((el) => el === document.activeElement), true, `${testId} takes focus`);
  await calc.page.keyboard.press('Enter');
}

// The plan (day 0 = 2026-12-01, also "today"):
//  - one experiment on Modal: 1 GPU at a $1/GPU-hour override, duty 1, 8,760 GPU-hours from day 400:
//    $24 a day for 365 days, days 400..764 (ends on day 765); $8,760 in all;
//  - the Modal grant at its catalog defaults (data/programs.json): $25K expected, review 3 days,
//    validity 365 days, applied on day 0.
// As typed: usable [0 + 3, 3 + 365) = [3, 368), all before the run: it pays nothing, cash $8,760, and
// all $25,000 expires on day 368.
// Best: the window [a + 3, a + 368) is 365 days long, the run too, so only a + 3 = 400, a = 397,
// covers all of it (a day earlier or later leaves a $24 day to cash): cash $0, and $25,000 − $8,760
// = $16,240 still expires (more credit than work: "a smaller grant of $8,760 would be fully used").
// Day 397 = 2026-12-01 + 365 (2027-12-01, 2027 is not a leap year) + 32 = 2028-01-02; approval on
// day 400 = 2028-01-05. It is also the grant's own apply-by date (first Modal start 400 − review 3).
const LINK = '?t0=2026-12-01&work=modal:h100-sxm:1:8760:400:1:1&grant=modal';
const TODAY = '2026-12-01T12:00:00Z';

test('a grant applied a year too early: the planner moves it to the run, and "Use these dates" puts it in the plan', async () => {
  const calc = await openOn(TODAY, LINK);
  const { page } = calc;
  const t = (id) => page.getByTestId(id);
  // The plan as typed (hand values above).
  assert.equal(await calc.value('answer-cash'), 8760);
  assert.equal(await calc.value('answer-expired'), 25000);
  assert.equal(await calc.attr('grant-approved-0'), '2026-12-04');
  assert.equal(await calc.attr('apply-by-0'), '2028-01-02');
  const typedCash = await calc.value('answer-cash');

  await pressWithKeyboard(calc, 'plan-applications');
  await t('planner-result').waitFor();
  assert.equal(await calc.attr('suggested-apply-0'), '2028-01-02');
  assert.equal(await calc.attr('suggested-apply-0'), await calc.attr('apply-by-0'), 'the suggestion is the apply-by date');
  const cash = await calc.value('suggested-cash-total');
  assert.ok(cash <= typedCash, `suggested cash ${cash} ≤ typed ${typedCash}`);
  assert.equal(cash, 0);
  // No cash at all with the suggestion; as typed, cash starts with the run on day 400 (2028-01-05).
  assert.equal(await calc.attr('suggested-cash-start'), 'never');
  assert.match(await t('planner-result').textContent(), /as typed: 5 Jan 2028/);
  assert.equal(await calc.value('suggested-expired-total'), 16240);
  // The grant now pays the whole run: $8,760 more of the bill, $8,760 less expires.
  assert.equal(await calc.value('suggested-saving-cash-0'), 8760);
  assert.equal(await calc.value('suggested-saving-expired-0'), 8760);
  const reason = await t('suggested-reason-0').textContent();
  assert.match(reason, /^apply by 2 Jan 2028: approval lands as the run starts on 5 Jan 2028/);
  assert.match(await t('suggested-remedy-0').textContent(), /a smaller grant of \$8,760 would be fully used/);
  // Nothing changed yet: the plan still reads as typed.
  assert.equal(await calc.value('answer-cash'), 8760);
  // (The link as opened says `grant=modal`: apply day 0 by default; the page may have rewritten it.)
  assert.equal(new URL(page.url()).searchParams.get('grant').split(':')[2] ?? '0', '0');

  await pressWithKeyboard(calc, 'use-suggested-dates');
  await t('suggested-applied').waitFor();
  await calc.waitForValue('answer-cash', (v) => v === 0);
  assert.equal(await calc.value('cash-total'), 0);
  assert.equal(await calc.value('answer-expired'), 16240);
  assert.equal(await calc.attr('runway-end-date'), 'none');
  assert.equal(await calc.attr('grant-approved-0'), '2028-01-05');
  assert.equal(await calc.attr('apply-by-0'), '2028-01-02');
  assert.equal(await t('grant-0-apply').inputValue(), '397', 'the apply box shows the new day');
  // The link carries the new apply day (grant token program:amount:apply-day:...).
  const p = await calc.waitForUrl((q) => (q.get('grant') ?? '').split(':')[2] === '397');
  assert.match(p.get('grant'), /^modal:25K:397:3:365(:|$)/);
  // Reopening the link gives the same plan.
  const again = await openOn(TODAY, '?' + new URL(page.url()).searchParams.toString());
  assert.equal(await again.value('answer-cash'), 0);
  assert.equal(await again.attr('grant-approved-0'), '2028-01-05');
  await done(again);
  await done(calc);
});

test('an edit after planning makes the suggestions stale; a grant no date can save says what would', async () => {
  // An AWS Activate grant ($100K, review 12, validity 365; data/programs.json) beside the Modal plan:
  // no workload runs on AWS, so no date helps and it keeps its day; the Modal grant moves as above.
  const calc = await openOn(TODAY, LINK + '&grant=aws-activate');
  const { page } = calc;
  const t = (id) => page.getByTestId(id);
  await pressWithKeyboard(calc, 'plan-applications');
  await t('planner-result').waitFor();
  assert.equal(await calc.attr('suggested-apply-0'), '2028-01-02');
  assert.equal(await calc.attr('suggested-apply-1'), '2026-12-01', 'AWS keeps day 0 (2026-12-01)');
  assert.match(await t('suggested-remedy-1').textContent(), /no workload runs on Amazon Web Services that it can pay .*; move one there/);
  // All $100K of AWS expires either way; Modal as above.
  assert.equal(await calc.value('suggested-expired-total'), 116240);
  assert.equal(await calc.value('suggested-cash-total'), 0);
  // Any edit to the plan: the suggestions are for the old plan and are withdrawn.
  await (await calc.reveal(t('grant-0-validity'))).fill('200');
  await t('suggested-stale').waitFor();
  assert.equal(await t('suggested-apply-0').count(), 0);
  assert.equal(await t('use-suggested-dates').count(), 0);
  await done(calc);
});

test('today bounds the suggestion: opened on 2028-01-04, the earliest apply date is today', async () => {
  // Today is day 399 (2026-12-01 + 365 = 2027-12-01, + 34 = 2028-01-04), after the best day 397. From
  // 399 on the window [a + 3, a + 368) starts at 402 at the earliest: days 400 and 401 are cash
  // ($48) and the rest of the run is paid. Candidates from 399 on: 399 and 765 − 3 = 762 (approval at
  // the run's end, pays nothing); 399 is best: cash $48. No date avoids the two cash days: approval on
  // day 402 (2028-01-07) comes 402 − 400 = 2 days after the run starts, so "start the run 2 days later".
  const calc = await openOn('2028-01-04T12:00:00Z', LINK);
  await pressWithKeyboard(calc, 'plan-applications');
  await calc.page.getByTestId('planner-result').waitFor();
  assert.equal(await calc.attr('suggested-apply-0'), '2028-01-04');
  assert.equal(await calc.value('suggested-cash-total'), 48);
  // Cash starts with the run on day 400 (the two days before approval).
  assert.equal(await calc.attr('suggested-cash-start'), '2028-01-05');
  assert.match(await calc.page.getByTestId('suggested-remedy-0').textContent(), /cash pays the run until approval on 7 Jan 2028; start the run 2 days later/);
  await done(calc);
});
