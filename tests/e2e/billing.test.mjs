// End-to-end tests of the billing views: reserved vs busy-only by duty cycle, self-hosted inference
// vs an API by volume, and "what does $X buy", checked against hand calculations of DOMAIN.md
// section 3, through links and the controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const { open, done } = pageSuite({ waitFor: 'breakeven-duty' });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// An 8B model (Llama 3.1 8B's attention: 32 layers, 8 KV heads, head_dim 128) on an H100 SXM
// (989 TFLOP/s dense, 3.35 TB/s) at MFU 0.4, 32 sequences of 2,048 tokens of context:
// prefill 0.4 * 989e12 / 1.6e10 = 24,725 tok/s; KV 2 * 32 * 8 * 128 * 2 = 131,072 bytes a token;
// decode 32 * 3.35e12 / (1.6e10 + 32 * 2,048 * 131,072) = 4,359.507 tok/s; in the API's 3:1 mix
// 1 / (0.75 / 24,725 + 0.25 / 4,359.507) = 11,405.16 tok/s = 41.06M tokens an hour.
const PREFILL = (0.4 * 989e12) / 1.6e10;
const decode = (batch, context) => (batch * 3.35e12) / (1.6e10 + batch * context * 131072);
const blend = (pre, dec) => 1 / (0.75 / pre + 0.25 / dec);
const TOKENS_PER_HOUR = blend(PREFILL, decode(32, 2048)) * 3600;

test('break-evens by link: reserved duty, self-hosted price, API volume', async () => {
  const calc = await open('?api=gpt-4o');
  // AWS H100 $6.88, reserved 45 % off (estimate) = $3.784: d* = 0.55.
  assert.ok(near(await calc.value('breakeven-duty'), 0.55));
  assert.ok(near(await calc.value('reserved-price'), 3.784));
  // $6.88 / (41.06M tokens/h * 0.6) * 1e6 = $0.2793 per million tokens.
  assert.ok(near(await calc.value('selfhost-cost-per-mtok'), (6.88 / (TOKENS_PER_HOUR * 0.6)) * 1e6));
  // GPT-4o blended 3:1: 0.75 * 2.5 + 0.25 * 10 = $4.375; one always-on GPU $5,022.40 a month:
  // self-hosting pays above 5,022.40 / 4.375 * 1e6 = 1.148 billion tokens a month.
  assert.ok(near(await calc.value('api-cost-per-mtok'), 4.375));
  assert.ok(near(await calc.value('breakeven-tokens-per-month'), (6.88 * 730 / 4.375) * 1e6));
  // 2B tokens a month: one GPU ($5,022.40) against the API's $8,750.
  assert.ok(near(await calc.value('selfhost-monthly'), 6.88 * 730));
  assert.ok(near(await calc.value('api-monthly'), 8750));
  // At that volume the GPU idles most of the month: $5,022.40 / 2,000 Mtok = $2.5112 per million.
  assert.ok(near(await calc.value('selfhost-cost-per-mtok-at-volume'), (6.88 * 730) / 2000));
  for (const id of ['chart-breakeven-duty', 'chart-breakeven-volume']) {
    await calc.page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.dataset.drawCount) >= 1, id);
    assert.equal(await calc.page.getByTestId(id).getAttribute('data-draw-error'), null);
  }
  await done(calc);
});

test('controls: a cheap API never pays to self-host, a provider without reserved pricing, overrides', async () => {
  const calc = await open('');
  // GPT-4o mini blends to $0.2625 per million tokens, under the GPU's $0.2793: no break-even.
  assert.equal(await calc.page.getByTestId('breakeven-tokens-per-month').getAttribute('data-value'), 'none');
  await calc.type('api_price', '1');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, 6.88 * 730 * 1e6));
  await calc.waitForUrl((p) => p.get('api_price') === '1');
  // Reserved inference GPUs ($3.784 at AWS) halve the break-even volume: 3.784 * 730 / 1 * 1e6.
  await calc.select('host', 'reserved');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, 3.784 * 730 * 1e6));
  await calc.waitForUrl((p) => p.get('host') === 'reserved');
  await calc.select('host', 'on-demand');
  // Over twice the volume that one GPU serves (41.06M * 730 * 0.6 = 17.98B) needs 3 GPUs.
  await calc.type('tokens_month', '40B');
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

test('prefill, decode with KV reads, and the 3:1 blend; context and batch change decode only', async () => {
  const calc = await open('?context=8192');
  assert.match(await calc.page.getByTestId('inference-mix').innerText(), /priced at 3 input : 1 output tokens, the API's blend/);
  assert.ok(near(await calc.value('prefill-tokens-per-s'), 24725));
  // 8,192 tokens of context: 32 * 3.35e12 / (1.6e10 + 32 * 8,192 * 131,072) = 2,128.68 tok/s;
  // blended 1 / (0.75 / 24,725 + 0.25 / 2,128.68) = 6,766.95 tok/s.
  assert.ok(near(await calc.value('decode-tokens-per-s'), decode(32, 8192)));
  assert.ok(near(await calc.value('blended-tokens-per-s'), blend(PREFILL, decode(32, 8192))));
  assert.ok(Math.abs(await calc.value('blended-tokens-per-s') - 6766.95) < 0.01);
  assert.equal(await calc.page.getByTestId('inference-memory-warning').count(), 0);
  // Back to the default 2,048: 4,359.5 tok/s, and the key leaves the link.
  await calc.type('context', '2048');
  await calc.waitForValue('decode-tokens-per-s', (v) => near(v, decode(32, 2048)));
  await calc.waitForUrl((p) => p.get('context') === null);
  // 256 sequences of 2,048 tokens: 1.6e10 + 256 * 2,048 * 131,072 = 84.7 GB > the H100's 80 GB.
  await calc.type('batch', '256');
  await calc.waitForValue('decode-tokens-per-s', (v) => near(v, decode(256, 2048)));
  await calc.page.getByTestId('inference-memory-warning').waitFor();
  assert.match(await calc.page.getByTestId('inference-memory-warning').innerText(), /84\.7 GB/);
  await done(calc);
});

test('a bad context in a link gets a message and the default applies', async () => {
  const calc = await open('?context=2K5&batch=32');
  assert.equal(await calc.error('context'), 'Context per sequence: "2K5" is not a number. Expected a whole number of tokens from 1 to 1,000,000, like 2048.');
  assert.ok(near(await calc.value('decode-tokens-per-s'), decode(32, 2048)));
  await done(calc);
});

test('the API picker marks a price older than 12 months as stale', async () => {
  // data/api_prices.json: gpt-4o $2.50 / $10 as of 2024-08-06 (published with that snapshot), so more
  // than 12 months old from 2025-08-07 on; the marker sits next to the number in the option text.
  const calc = await open('?api=gpt-4o');
  const option = calc.page.getByTestId('input-api').locator('[data-testid="stale-api-gpt-4o"]');
  assert.equal(await option.count(), 1);
  assert.equal(await option.getAttribute('class'), 'stale');
  assert.match(await option.textContent(), /^OpenAI GPT-4o \(2024-08-06\) · \$2\.50 in \/ \$10\.00 out per Mtok · as of 2024-08-06 · stale: \d+ months old$/);
  await done(calc);
});
