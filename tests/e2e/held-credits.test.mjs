// Issue 42: the credits a founder really has. A grant is planned, in review or held; held credits
// are entered as a founder says them ("I already have these credits: balance, expires on"), get no
// advice to apply, and the answers separate what is certain from what is hoped. Every expected
// figure is worked out in the comments from the runway's rules (a grant pays from its approval,
// soonest-expiring first, until its expiry; what no grant pays is cash).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;

const near = (a, b, tol = 1e-6) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
const iso = (d) => d.toISOString().slice(0, 10);
const addDays = (isoDay, n) => iso(new Date(Date.parse(`${isoDay}T00:00:00Z`) + n * 86400000));

test('held credits built through the page: $63K of AWS Activate expiring 6 Oct 2027, a 70B model served on AWS', async () => {
  const calc = await suite.openOn('2026-12-06T09:00:00', '', { waitFor: 'example-plan', viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  await page.getByTestId('starter-blank').click();
  // A year of Llama 3.1 70B at 500M tokens a month on AWS H100s, through the add form.
  await page.getByTestId('new-work-type').selectOption('serve');
  await page.getByTestId('new-work-base').selectOption('llama-3.1-70b');
  await page.getByTestId('new-work-provider').selectOption('aws');
  await page.getByTestId('new-work-gpu').selectOption('h100-sxm');
  await page.getByTestId('new-work-tokens_month').fill('500M');
  await page.getByTestId('add-workload').click();
  await page.getByTestId('serve-0').waitFor();
  // AWS Activate from the catalog, then "I already have these credits": balance and expiry.
  await calc.openSection('programs');
  await page.getByTestId('add-program-aws-activate').click();
  await page.getByTestId('grant-0').waitFor();
  await page.getByTestId('grant-0-state').selectOption('held');
  await page.getByTestId('grant-0-expires-on').waitFor();
  await page.getByTestId('grant-0-amount').fill('63K');
  await page.getByTestId('grant-0-expires-on').fill('2027-10-06');
  // Held from day 0 (6 Dec 2026): approved on day 0 after Activate's typical 12-day review, so
  // applied on day -12; 6 Dec 2026 → 6 Oct 2027 is 304 days, its validity from approval.
  await calc.waitForUrl((p) => p.getAll('grant')[0] === 'aws-activate:63K:-12:12:304');
  assert.equal(await page.getByTestId('grant-0-state').inputValue(), 'held');
  assert.equal(await calc.attr('grant-expires-0'), '2027-10-06');
  assert.equal(await calc.attr('grant-approved-0'), '2026-12-06');
  assert.equal(await calc.attr('grant-chance-0'), '1');

  // Nothing advises applying for credits already held: no next step, no apply-by, no advice.
  assert.equal(await calc.attr('apply-by-0'), 'none');
  assert.match(await page.getByTestId('apply-by-0').innerText(), /held: nothing to apply for/);
  assert.equal((await page.getByTestId('apply-advice-0').innerText()).trim(), '');
  assert.equal(await page.locator('[data-testid^=answer-next-]').count(), 0);
  assert.doesNotMatch(await page.locator('#answers').innerText(), /Apply for/);
  assert.match(await page.getByTestId('answer-grant-0').innerText(), /\(held\)/);

  // By hand: the line's whole GPUs bill every day, 24 h at AWS's $6.88 (data/prices.json).
  const gpus = await calc.value('serve-gpus-0');
  const daily = gpus * 24 * 6.88;
  assert.ok(near(await calc.value('serve-monthly-0'), daily * 730 / 24, 1e-9));
  // The $63K pays from day 0: it lasts 63,000 / daily days, or until its expiry on day 304.
  const lasts = 63000 / daily;
  const total = daily * 365; // 12 months of 730 hours = 365 days
  if (lasts < 304) {
    // Spent before it expires: cash from the day it runs short, nothing expires.
    const day = Math.floor(lasts);
    assert.equal(await calc.attr('answer-cash-date'), addDays('2026-12-06', day));
    assert.equal(await calc.attr('answer-credits-run-out'), addDays('2026-12-06', day));
    assert.equal(await calc.value('answer-expired'), 0);
    assert.ok(near(await calc.value('answer-cash'), total - 63000, 1e-9));
    // The burn after it: the 30 full days of cash from the next day (the run-out day is partly
    // paid by the credits), as a 730-hour month: the line's own month.
    assert.ok(near(await calc.value('answer-burn-after'), daily * 730 / 24, 1e-9));
  } else {
    // Expires before it is spent: cash from 6 Oct 2027, the rest of the balance lost.
    assert.equal(await calc.attr('answer-cash-date'), '2027-10-06');
    assert.equal(await calc.attr('answer-credits-run-out'), '2027-10-06');
    assert.ok(near(await calc.value('answer-expired'), 63000 - 304 * daily, 1e-9));
    assert.ok(near(await calc.value('answer-burn-after'), daily * 730 / 24, 1e-9));
  }
  // Nothing hangs on an approval: the date if every application is refused is the same.
  assert.equal(await calc.value('answer-credits-unapproved'), 0);
  assert.equal(await calc.attr('answer-cash-date-if-denied'), await calc.attr('answer-cash-date'));

  // The link reopens the same plan, held, on the same dates.
  const link = await page.getByTestId('share-url').inputValue();
  const again = await suite.openOn('2026-12-20T09:00:00', new URL(link).search, { viewport: { width: 390, height: 844 } });
  assert.equal(await again.page.getByTestId('grant-0-state').inputValue(), 'held');
  assert.equal(await again.attr('answer-cash-date'), await calc.attr('answer-cash-date'));
  assert.equal(await again.attr('answer-credits-run-out'), await calc.attr('answer-credits-run-out'));
  await done(again);
  await done(calc);
});

test('held and in review by link: what the plan counts on, and the cash date if the application is refused', async () => {
  // Activate held (applied day -70, approved day -60, expires day 304 = 6 Oct 2027, $63K left);
  // the AWS generative-AI programme applied for yesterday (day -1), 30-day review: expected on
  // day 29 (4 Jan 2027). Two years of one H100 at $5 an hour from day 0: $120 a day.
  // Activate (expires first) pays days 0–303, $36,480, and $26,520 expires; the generative-AI
  // grant pays days 304–729: 426 × $120 = $51,120. No cash. Refused: cash from 6 Oct 2027, $51,120.
  const q = '?t0=2026-12-06&grant=aws-activate:63K:-70:10:364&grant=aws-genai:200K:-1:30:730&work=aws:h100-sxm:1:17520:0:1:5';
  const calc = await suite.openOn('2026-12-06T09:00:00', q);
  const { page } = calc;
  assert.equal(await calc.attr('answer-cash-date'), 'none');
  assert.equal(await calc.attr('answer-credits-run-out'), 'none');
  assert.ok(near(await calc.value('answer-credits-unapproved'), 51120));
  assert.equal(await calc.attr('answer-cash-date-if-denied'), '2027-10-06');
  assert.match(await page.getByTestId('answer-cash-date-if-denied').innerText(), /^AWS generative AI programs is not approved yet; if refused: 6 Oct 2027, \$51K in cash\.$/);
  // Expires unused: Activate's $26,520 on day 304, and the generative-AI grant's rest,
  // 200,000 − 51,120 = $148,880, on day 759: $175,400.
  assert.ok(near(await calc.value('answer-expired'), 26520 + 148880));
  assert.match(await page.getByTestId('answer-grant-0').innerText(), /\(held\)/);
  assert.match(await page.getByTestId('answer-grant-1').innerText(), /\(in review, \d+% likely\)/);
  // No application left to send for either: no next step, no apply-by.
  assert.equal(await page.locator('[data-testid^=answer-next-]').count(), 0);
  // The credits section shows each as the founder said it.
  await calc.openSection('credits').catch(() => {});
  assert.equal(await page.getByTestId('grant-1-state').inputValue(), 'review');
  assert.equal(await page.getByTestId('grant-1-applied-on').inputValue(), '2026-12-05');
  assert.equal(await calc.attr('grant-approved-1'), '2027-01-04');
  const chance = Number(await calc.attr('grant-chance-1'));
  assert.ok(chance > 0 && chance < 1, `a selective cohort's chance is below 1: ${chance}`);
  await done(calc);
});

test('the states in Portuguese', async () => {
  const calc = await suite.openOn('2026-12-06T09:00:00', '?lang=pt&t0=2026-12-06&grant=aws-activate:63K:-70:10:364&work=aws:h100-sxm:1:8760:0:1:5');
  const { page } = calc;
  const options = await page.getByTestId('grant-0-state').locator('option').allInnerTexts();
  assert.deepEqual(options, ['Ainda não solicitado', 'Solicitado, em análise', 'Já tenho estes créditos']);
  assert.match(await page.getByTestId('answer-grant-0').innerText(), /\(já concedido\)/);
  // $120 a day from day 0: the $63K would last 525 days but expires on day 304 (6 out 2027).
  assert.equal(await calc.attr('answer-credits-run-out'), '2027-10-06');
  // They do not run out: they expire with 63,000 − 304 × 120 = $26,520 left ("US$ 27 mil"), so the
  // sentence says they stop paying and how much of them goes unused.
  assert.match(await page.getByTestId('answer-credits-run-out').innerText(), /^Os créditos deixam de pagar as contas em 6 de out\. de 2027 \(US\$\u00a027\u00a0mil deles não podem pagar o que resta e ficam sem uso\); depois, US\$\u00a03\.650 por mês\./);
  await done(calc);
});

test('"I already have these" on a program card adds it as held, the keyboard on its balance', async () => {
  const calc = await suite.openOn('2026-12-06T09:00:00', '?t0=2026-12-06&work=aws:h100-sxm:1:8760:0:1:5');
  const { page } = calc;
  await calc.openSection('programs');
  await page.getByTestId('add-held-aws-activate').click();
  // Added as held: approved by day 0 (after its typical 12-day review), valid the catalog's
  // 365 days from then; nothing to apply for.
  await calc.waitForUrl((p) => p.getAll('grant')[0] === 'aws-activate:100K:-12:12:365');
  await page.waitForFunction(() => document.activeElement?.dataset?.testid === 'grant-0-amount');
  assert.equal(await page.getByTestId('grant-0-state').inputValue(), 'held');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('63K');
  await page.getByTestId('grant-0-expires-on').fill('2027-10-06');
  await calc.waitForUrl((p) => p.getAll('grant')[0] === 'aws-activate:63K:-12:12:304');
  // $120 a day: the $63K would last 525 days, but it expires on day 304 (6 Oct 2027), with
  // 63,000 − 304 × 120 = $26,520 unused.
  assert.equal(await calc.attr('answer-credits-run-out'), '2027-10-06');
  assert.ok(near(await calc.value('answer-expired'), 26520));
  assert.match(await page.getByTestId('answer-nothing-to-apply').innerText(), /Nothing to apply for/);
  await done(calc);
});
