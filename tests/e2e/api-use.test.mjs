// Issue 45: a hosted API is a line of the plan (`api_use=<api-id>:<tokens-a-month>[:start[:months]]`),
// billed every month to the API's provider and paid by that provider's credits; and "self-host or
// API" is decided on the plan: for each serving line the answers show the plan's cash, credits used
// and credits that expire, as planned and with the line through a hosted version of the same open
// model, and one click turns the line into the API line and back.
// Expected figures: data/prices.json (AWS H100 SXM $6.88 an hour, rented one or eight at a time),
// data/api_prices.json (Together Llama 3.1 70B Turbo $0.88 per million in and out; GPT-4o mini
// $0.15 in, $0.60 out), docs/model.md "Serving" (a 70B bf16 line on AWS H100s is one TP-8 group on
// a p5.48xlarge) and "Hosted API lines" (the 3:1 mix; 730-hour months).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;
const near = (a, b, tol = 1e-6) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

// The held-credits founder: a 70B model at 500M tokens a month on AWS for a year, with $63K of
// AWS Activate already held (applied 30 days before day 0, approved the next day, expiring 395 days
// after that, so after the year of serving).
const FOUNDER = '?t0=2027-01-04&serve=70B:500M:aws:h100-sxm:0:12&grant=aws-activate:63K:-30:1:395';

// By hand. Self-hosted: 8 GPUs × $6.88 × 730 h = $40,179.20 a month, × 12 = $482,150.40; Activate
// pays the first $63,000, so $419,150.40 is cash and nothing expires.
const OWN_MONTH = 8 * 6.88 * 730;
const SELF = { total: 12 * OWN_MONTH, cash: 12 * OWN_MONTH - 63_000, credits: 63_000, expired: 0 };
// Through Together's Llama 3.1 70B: 500 × $0.88 = $440 a month, × 12 = $5,280, all cash (AWS
// credits do not pay Together); the $63,000 of Activate expire unused.
const API = { total: 12 * 440, cash: 12 * 440, credits: 0, expired: 63_000 };

async function bothWays(calc) {
  const v = async (id) => calc.value(id);
  return {
    self: { cash: await v('self-host-cash-0'), credits: await v('self-host-credits-0'), expired: await v('self-host-expired-0') },
    api: { cash: await v('api-route-cash-0'), credits: await v('api-route-credits-0'), expired: await v('api-route-expired-0') },
  };
}

test('the held-credits founder: self-host on AWS or Together\'s API, decided on the plan, switched and switched back', async () => {
  const calc = await suite.openOn('2027-01-04T09:00:00', FOUNDER, { viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  assert.ok(near(await calc.value('serve-monthly-0'), OWN_MONTH));
  assert.ok(near(await calc.value('answer-total'), SELF.total));
  const block = page.getByTestId('self-host-or-api-0');
  await block.waitFor();
  // The API offered is the hosted version of the same open model, with the caveat.
  assert.equal(await block.getAttribute('data-api'), 'together-llama-70b');
  const text = await block.innerText();
  assert.match(text, /Together AI Llama 3\.1 70B/);
  assert.match(text, /not your fine-tune/);
  assert.match(text, /needs \$414K less cash/);
  const ways = await bothWays(calc);
  assert.ok(near(ways.self.cash, SELF.cash), `${ways.self.cash}`);
  assert.ok(near(ways.self.credits, SELF.credits));
  assert.equal(ways.self.expired, SELF.expired);
  assert.ok(near(ways.api.cash, API.cash), `${ways.api.cash}`);
  assert.equal(ways.api.credits, API.credits);
  assert.ok(near(ways.api.expired, API.expired));

  // One click: the serving line becomes the API line, and the answers read the new plan.
  await page.getByTestId('use-api-0').click();
  await page.getByTestId('api-use-0').waitFor();
  assert.equal(await page.getByTestId('serve-0').count(), 0);
  assert.ok(near(await calc.value('api-use-monthly-0'), 440));
  assert.ok(near(await calc.waitForValue('answer-total', (x) => near(x, API.total)), API.total));
  assert.ok(near(await calc.value('answer-expired'), API.expired));
  assert.ok(near(await calc.value('answer-credits-used'), 0));
  // The AWS credits did not "run out": none of them can pay Together, so the answer says they stop
  // paying at once and that the $63K goes unused, then the API's $440 a month in cash.
  assert.match(await page.getByTestId('answer-credits-run-out').innerText(), /^Credits stop paying the bills .* \(\$63K of them cannot pay what is left and go unused\), then \$440 a month\./);
  // The keyboard is on the way back (the pressed button left with the line).
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'self-host-again-0');
  // The link carries the API line and the serving line it replaced.
  await page.waitForFunction(() => location.search.includes('api_use='));
  const search = decodeURIComponent(await page.evaluate(() => location.search));
  assert.match(search, /api_use=together-llama-70b:500M:0:12:70B:aws:h100-sxm:on-demand/);
  assert.doesNotMatch(search, /serve=/);
  // So a reload (or the link sent to a co-founder) can still switch back.
  await page.reload();
  await page.getByTestId('api-use-0').waitFor();
  assert.ok(near(await calc.value('answer-total'), API.total));

  // And back: the same serving line, the same answers.
  await page.getByTestId('self-host-again-0').click();
  await page.getByTestId('serve-0').waitFor();
  assert.equal(await page.getByTestId('api-use-0').count(), 0);
  assert.ok(near(await calc.waitForValue('answer-total', (x) => near(x, SELF.total)), SELF.total));
  assert.deepEqual(await bothWays(calc), await bothWays(calc));
  assert.ok(near((await bothWays(calc)).self.cash, SELF.cash));
  await page.waitForFunction(() => location.search.includes('serve=70B'));
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'use-api-0');
  await done(calc);
});

test('an API line from the link reopens the same plan after a reload, and its credits pay it: Together\'s pay Together, AWS\'s do not', async () => {
  // Together's own programme ($15K held) pays the Together API line: $5,280 from credits, no cash,
  // $15,000 − $5,280 = $9,720 expires; AWS Activate's $63K pays nothing of it and expires.
  const link = '?t0=2027-01-04&api_use=together-llama-70b:500M:0:12&grant=together:15K:-30:1:395&grant=aws-activate:63K:-30:1:395';
  const calc = await suite.openOn('2027-01-04T09:00:00', link);
  const { page } = calc;
  await page.getByTestId('api-use-0').waitFor();
  const check = async () => {
    assert.ok(near(await calc.value('api-use-monthly-0'), 440));
    assert.ok(near(await calc.value('answer-total'), 5280));
    assert.ok(near(await calc.value('answer-credits-used'), 5280));
    assert.ok(near(await calc.value('answer-expired'), 9720 + 63_000));
    // The bill's line says it is an API line, billed by Together.
    const line = page.locator('[data-line="api"]');
    assert.equal(await line.count(), 1);
    assert.equal(await line.getAttribute('data-provider'), 'together');
  };
  await calc.reveal(page.locator('[data-line="api"]'));
  await check();
  // No serving line, so nothing to weigh: the API line is the plan.
  assert.equal(await page.getByTestId('self-host-or-api-0').count(), 0);
  await page.reload();
  await page.getByTestId('api-use-0').waitFor();
  await calc.reveal(page.locator('[data-line="api"]'));
  await check();
  await done(calc);
});

test('an API line added with the form, in Portuguese: GPT-4o mini at 2 bi tokens a month is US$ 525 a month, and a bad volume is refused naming the field', async () => {
  const calc = await suite.openOn('2027-01-04T09:00:00', '?lang=pt', { waitFor: 'example-plan' });
  const { page } = calc;
  await page.getByTestId('starter-blank').click();
  await page.getByTestId('new-work-type').selectOption('api');
  await page.getByTestId('new-work-api').selectOption('gpt-4o-mini');
  await page.getByTestId('new-work-tokens_month').fill('abc');
  await page.getByTestId('add-workload').click();
  const error = page.getByTestId('error-work-new');
  await error.waitFor();
  assert.match(await error.innerText(), /Linha de API 1/);
  // 2 billion tokens a month in the 3:1 mix: 0.75 × $0.15 + 0.25 × $0.60 = $0.2625 a million,
  // × 2,000 = $525 a month.
  await page.getByTestId('new-work-tokens_month').fill('2B');
  await page.getByTestId('add-workload').click();
  await page.getByTestId('api-use-0').waitFor();
  assert.ok(near(await calc.value('api-use-monthly-0'), 525));
  assert.match(await page.getByTestId('api-use-0').innerText(), /OpenAI GPT-4o mini, 2\u00a0bi tokens por mês, 12 meses/);
  assert.ok(near(await calc.value('answer-total'), 12 * 525));
  await done(calc);
});

test('the comparison names the credits that would pay the API, and one click adds them to the plan', async () => {
  const calc = await suite.openOn('2027-01-04T09:00:00', FOUNDER);
  const { page } = calc;
  const hint = page.getByTestId('api-paid-by-0');
  await hint.waitFor();
  assert.equal(await hint.getAttribute('data-program'), 'together');
  assert.match(await hint.innerText(), /Together AI startup credits \(typically \$15K\) would pay this API/);
  await page.getByTestId('add-paying-0').click();
  // Together's programme as planned (data/programs.json: $15K expected, applied on day 0, a typical
  // review of 3 days) pays the API line from day 3: the first 3 days are cash, 3 x 24 h x $440 / 730 h
  // = $43.40; the rest of the year's $5,280 is paid by it, and $15,000 - $5,236.60 of it expires
  // with the $63,000 of Activate.
  const firstDays = (3 * 24 * 440) / 730;
  assert.ok(near(await calc.waitForValue('api-route-cash-0', (x) => x < 5000), firstDays), 'three days of cash');
  assert.ok(near(await calc.value('api-route-credits-0'), 5280 - firstDays));
  assert.ok(near(await calc.value('api-route-expired-0'), 63_000 + 15_000 - (5280 - firstDays)));
  // Held in the plan now: nothing more to suggest.
  assert.equal(await page.getByTestId('api-paid-by-0').count(), 0);
  await done(calc);
});
