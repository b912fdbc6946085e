// Issue 27: the answers weigh serving against an API (item 3), a job too small for its GPUs and a
// link opened after its day 0 say so, with what to do (item 5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { daly, LLAMA3_MTBF, waste } from './support/hand.mjs';

const suite = pageSuite();
const { open, openOn, done } = suite;

test('a serving line shows the same tokens through the API, and the answers weigh self-hosting against a hosted API on the plan', async () => {
  // 8B served 1B tokens a month on one AWS H100 ($6.88 per GPU-hour, data/prices.json) against
  // GPT-4o mini ($0.15 in, $0.60 out per million, blended at 75 % input: $0.2625 per million).
  const calc = await open('?serve=8B:1B:aws:h100-sxm:0:12&t0=2027-01-04');
  // 1,000 million tokens x $0.2625 = $262.50 a month through the API.
  const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-6 * Math.abs(b), `${what}: ${a} against ${b}`);
  close(await calc.value('serve-api-monthly-0'), 262.5, 'API month');
  assert.match(await calc.page.getByTestId('serve-api-monthly-0').innerText(), /\$263 a month through OpenAI GPT-4o mini/);
  // Issue 45: the answers weigh the line on the plan, against the hosted version of the same open
  // model (Together's Llama 3.1 8B, $0.18 a million in and out): 1,000 x $0.18 = $180 a month,
  // $2,160 for the year, against one H100's 730 h x $6.88 = $5,022.40 a month, $60,268.80 a year;
  // no credits, so all of it is cash either way.
  const block = calc.page.getByTestId('self-host-or-api-0');
  assert.equal(await block.getAttribute('data-api'), 'together-llama-8b');
  close(await calc.value('self-host-cash-0'), 12 * 5022.4, 'self-hosted cash');
  close(await calc.value('api-route-cash-0'), 12 * 180, 'API cash');
  assert.match(await block.innerText(), /the plan needs \$58K less cash/);
  await done(calc);

  // Without a serving line the answers weigh nothing.
  const train = await open('?job=lora:8B:200M:aws:h100-sxm:1&t0=2027-01-04');
  assert.equal(await train.page.getByTestId('self-host-or-api-0').count(), 0);
  await done(train);
});

test('a job its GPUs finish in minutes is flagged with a GPU count that takes about an hour', async () => {
  // LoRA on 8B over 200M tokens on 64 H100s: about 4.5 GPU-hours, 4 minutes of wall clock.
  const calc = await open('?job=lora:8B:200M:aws:h100-sxm:64&t0=2027-01-04');
  const warnings = await calc.page.locator('[data-testid^="warning-plan-"]').allInnerTexts();
  const short = warnings.filter((w) => /64 GPUs would finish it in \d+ min/.test(w));
  assert.equal(short.length, 1, warnings.join('\n'));
  assert.match(short[0], /4 GPUs would take 1\.\d h for the same GPU-hours/);
  // It is in the answers' next steps, not counted among the grants' warnings.
  assert.equal(await calc.page.getByTestId('answer-warnings').count(), 0);
  // The calculator's cluster figure is the job's own total, not a month of 64 GPUs it never runs
  // (64 x $6.88 x 730 = $321,433.60 before), and its label says so: its GPU-hours billed, the
  // compute over 1 − the failure waste on 64 GPUs (its adapter's all-reduce hides).
  const m = LLAMA3_MTBF / 64;
  const w = waste(5 / 60, daly(5 / 60, m), 10 / 60, m);
  const cluster = calc.page.getByTestId('monthly-cost-cluster');
  const billed = (await calc.value('compute-cost')) / (1 - w);
  assert.ok(Math.abs((await calc.value('monthly-cost-cluster')) - billed) <= 1e-9 * billed);
  assert.ok((await calc.value('compute-cost')) < 100, 'about 4.5 GPU-hours at $6.88');
  const card = await cluster.locator('xpath=..').innerText();
  assert.match(card, /Whole cluster, for the job \(it ends within a month\)/, card);
  await done(calc);
});

test('a link opened after its day 0 says so, and one action moves day 0 to today, with an undo', async () => {
  // Shared on 1 Dec 2026, opened on 19 Dec 2026: 18 days later.
  const calc = await openOn('2026-12-19T10:00:00', '?job=lora:8B:200M:aws:h100-sxm:1&grant=aws-activate&t0=2026-12-01');
  const note = calc.page.getByTestId('day0-past');
  assert.equal(await note.getAttribute('data-value'), '18');
  assert.match(await note.innerText(), /counts its days from 1 Dec 2026, 18 days ago: its dates before today are past/);
  await calc.page.getByTestId('move-day0-today').click();
  await calc.waitForUrl((p) => p.get('t0') === '2026-12-19');
  await note.waitFor({ state: 'detached' });
  // The job now starts today.
  assert.equal(await calc.attr('job-start-date-0'), '2026-12-19');
  await calc.page.getByTestId('day0-moved-undo').click();
  await calc.waitForUrl((p) => p.get('t0') === '2026-12-01');
  await note.waitFor();
  await done(calc);

  // A plan whose day 0 is today or later says nothing.
  const fresh = await openOn('2026-12-19T10:00:00', '?job=lora:8B:200M:aws:h100-sxm:1&t0=2026-12-19');
  assert.equal(await fresh.page.getByTestId('day0-past').count(), 0);
  await done(fresh);
});

test('credit left at an expiry after today "will expire unused"; before today it "expired unused"', async () => {
  // A one-GPU LoRA job (about $93) against AWS Activate's $100K valid 365 days: almost all of it
  // is left at the expiry, 1 Dec 2027 + review.
  const query = '?job=lora:8B:200M:aws:h100-sxm:1&grant=aws-activate:100K:0:12:365&t0=2026-12-01';
  const label = async (calc) => (await calc.page.getByTestId('grant-expired-0').locator('xpath=..').innerText()).trim();
  const now = await openOn('2026-12-02T10:00:00', query);
  assert.ok((await now.value('grant-expired-0')) > 99000);
  assert.match(await label(now), /^will expire unused /);
  await done(now);
  const later = await openOn('2028-01-02T10:00:00', query);
  assert.match(await label(later), /^expired unused /);
  await done(later);
});
