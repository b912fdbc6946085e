// End-to-end tests of the billing views: reserved vs busy-only by duty cycle, self-hosted inference
// vs an API by volume, and "what does $X buy", checked against hand calculations of DOMAIN.md
// section 3, through links and the controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const { open, done } = pageSuite({ waitFor: 'breakeven-duty' });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// An 8B model decoding 32 sequences on an H100 SXM (3.35 TB/s): 32 * 3.35e12 / (2 * 8e9) = 6,700
// tokens/s, under the compute cap 0.5 * 989e12 / 1.6e10 = 30,906 tokens/s.
const TOKENS_PER_HOUR = ((32 * 3.35e12) / 1.6e10) * 3600;

test('break-evens by link: reserved duty, self-hosted price, API volume', async () => {
  const calc = await open('?api=gpt-4o');
  // AWS H100 $6.88, reserved 45 % off (estimate) = $3.784: d* = 0.55.
  assert.ok(near(await calc.value('breakeven-duty'), 0.55));
  assert.ok(near(await calc.value('reserved-price'), 3.784));
  // $6.88 / (24.12M tokens/h * 0.6) * 1e6 = $0.4754 per million tokens.
  assert.ok(near(await calc.value('selfhost-cost-per-mtok'), (6.88 / (TOKENS_PER_HOUR * 0.6)) * 1e6));
  // GPT-4o blended 3:1: 0.75 * 2.5 + 0.25 * 10 = $4.375; one always-on GPU $5,022.40 a month:
  // self-hosting pays above 5,022.40 / 4.375 * 1e6 = 1.148 billion tokens a month.
  assert.ok(near(await calc.value('api-cost-per-mtok'), 4.375));
  assert.ok(near(await calc.value('breakeven-tokens-per-month'), (6.88 * 730 / 4.375) * 1e6));
  // 2B tokens a month: one GPU ($5,022.40) against the API's $8,750.
  assert.ok(near(await calc.value('selfhost-monthly'), 6.88 * 730));
  assert.ok(near(await calc.value('api-monthly'), 8750));
  for (const id of ['chart-breakeven-duty', 'chart-breakeven-volume']) {
    await calc.page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.dataset.drawCount) >= 1, id);
    assert.equal(await calc.page.getByTestId(id).getAttribute('data-draw-error'), null);
  }
  await done(calc);
});

test('controls: a cheap API never pays to self-host, a provider without reserved pricing, overrides', async () => {
  const calc = await open('');
  // GPT-4o mini blends to $0.2625 per million tokens, under the GPU's $0.4754: no break-even.
  assert.equal(await calc.page.getByTestId('breakeven-tokens-per-month').getAttribute('data-value'), 'none');
  await calc.type('api_price', '1');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, 6.88 * 730 * 1e6));
  await calc.waitForUrl((p) => p.get('api_price') === '1');
  // Reserved inference GPUs ($3.784 at AWS) halve the break-even volume: 3.784 * 730 / 1 * 1e6.
  await calc.select('host', 'reserved');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, 3.784 * 730 * 1e6));
  await calc.waitForUrl((p) => p.get('host') === 'reserved');
  await calc.select('host', 'on-demand');
  // Twice the volume that one GPU serves (24.12M * 730 * 0.6 = 10.565B) needs 3 GPUs.
  await calc.type('tokens_month', '25B');
  await calc.waitForValue('selfhost-monthly', (v) => near(v, 3 * 6.88 * 730));
  // Modal bills per second and sells no reserved capacity: no break-even duty until one is entered.
  await calc.select('provider', 'modal');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=breakeven-duty]')?.dataset.value === 'none');
  await calc.type('reserved', '2');
  await calc.waitForValue('breakeven-duty', (v) => near(v, 2 / 3.95));
  await calc.type('util', '0');
  assert.match(await calc.error('util'), /^Utilisation: "0" must be greater than zero/);
  await done(calc);
});

test('billing modes per provider follow the accelerator and the duty cycle', async () => {
  const calc = await open('?duty=0.5');
  // AWS H100 $6.88 at duty 0.5: busy-only $2,511.20; reserved 45 % off always paid: $2,762.32;
  // spot 60 % off, busy-only: $1,004.48. Modal sells neither reserved nor spot.
  const aws = calc.page.getByTestId('mode-row-aws');
  assert.ok(near(Number(await aws.getAttribute('data-on-demand')), 2511.2));
  assert.ok(near(Number(await aws.getAttribute('data-reserved')), 2762.32));
  assert.ok(near(Number(await aws.getAttribute('data-spot')), 1004.48));
  assert.equal(await calc.page.getByTestId('mode-row-modal').getAttribute('data-reserved'), 'none');
  await calc.select('gpu', 'a100-40gb');
  // Azure's A100 40GB at $3.40 (the seed's $2,482 a month always on) at duty 0.5: $1,241.
  await calc.page.getByTestId('mode-row-azure').waitFor();
  assert.ok(near(Number(await calc.page.getByTestId('mode-row-azure').getAttribute('data-on-demand')), 1241));
  await done(calc);
});

test('what does the budget buy: sorted, re-sorted, and scaled by the budget', async () => {
  const calc = await open('?budget=100K');
  const rows = async () => calc.page.locator('[data-testid^=buy-row-]').evaluateAll((els) => els.map((e) => [e.dataset.provider, e.dataset.accelerator, Number(e.querySelector('[data-value]').dataset.value)]));
  let r = await rows();
  assert.ok(r.length > 30);
  assert.ok(r.every((x, i) => i === 0 || r[i - 1][2] >= x[2]), 'most GPU-hours first');
  // AWS H100 at $6.88: 100,000 / 6.88 = 14,534.88 GPU-hours.
  const aws = r.find(([p, a]) => p === 'aws' && a === 'h100-sxm');
  assert.ok(near(aws[2], 100000 / 6.88));
  await calc.page.getByTestId('sort-pflops').click();
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=sort-pflops]').getAttribute('aria-pressed') === 'true');
  r = await rows();
  // By dense PFLOP-hours, RunPod's MI300X (1,307 TFLOP/s at $2.49) leads: 100,000 / 2.49 * 1.307.
  assert.deepEqual(r[0].slice(0, 2), ['runpod', 'mi300x']);
  await calc.type('budget', '50K');
  await calc.page.waitForFunction(() => Number(document.querySelector('[data-testid=buy-hours-0]').dataset.value) < 30000);
  await calc.waitForUrl((p) => p.get('budget') === null);
  await done(calc);
});

test('bad billing values in a link get messages; the rest applies', async () => {
  const calc = await open('?api=gpt-9&batch=0.5&tokens_month=2B&util=150%25');
  assert.match(await calc.error('api'), /^API: "gpt-9" is not in the catalog\. Expected one of gpt-4o-mini, gpt-4o/);
  assert.equal(await calc.error('batch'), 'Batch: "0.5" is not a whole number. Expected a whole number of sequences from 1 to 4,096.');
  assert.match(await calc.error('util'), /^Utilisation: "150%" is above the accepted range/);
  assert.ok(near(await calc.value('api-cost-per-mtok'), 0.2625));
  await done(calc);
});
