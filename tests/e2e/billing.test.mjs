// End-to-end tests of the billing views: reserved vs busy-only by duty cycle, self-hosted inference
// vs an API by volume, and "what does $X buy", checked against hand calculations of docs/model.md
// ("Billing and decisions", "Serving"), through links and the controls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { serveGroup, LLAMA8, H100 } from './support/hand.mjs';

const { open, done } = pageSuite({ waitFor: 'breakeven-duty' });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// An 8B model (Llama 3.1 8B's attention: 32 layers, 32 heads, 8 KV heads, head_dim 128) in bf16 on
// one H100 SXM, requests of 1,536 + 512 tokens, each user at 25 tokens/s (the defaults): batch 204
// of the 208 its memory holds, 5,106.85 output tokens/s, 20,427.39 in all = 73.54M tokens an hour
// (serveGroup, docs/model.md's formulas; model/src/estimators/serving.rs works the same by hand).
const GROUP = serveGroup(LLAMA8(), H100(), 2, 1, 1536, 512, 25);
const TOKENS_PER_HOUR = GROUP.total * 3600;
const MONTH = 6.88 * 730; // one AWS H100 always on, $5,022.40

test('break-evens by link: reserved duty, self-hosted price, API volume', async () => {
  const calc = await open('?api=gpt-4o');
  assert.equal(GROUP.batch, 204);
  // AWS H100 $6.88, reserved 45 % off (estimate) = $3.784: d* = 0.55.
  assert.ok(near(await calc.value('breakeven-duty'), 0.55));
  assert.ok(near(await calc.value('reserved-price'), 3.784));
  // $6.88 / (73.54M tokens/h * 0.6) * 1e6 = $0.1559 per million tokens.
  assert.ok(near(await calc.value('selfhost-cost-per-mtok'), (6.88 / (TOKENS_PER_HOUR * 0.6)) * 1e6, 1e-6));
  // GPT-4o blended 3:1: 0.75 * 2.5 + 0.25 * 10 = $4.375; the smallest deployment is one H100
  // (AWS rents one alone, p5.4xlarge), $5,022.40 a month: self-hosting pays above
  // 5,022.40 / 4.375 * 1e6 = 1.148 billion tokens a month.
  assert.ok(near(await calc.value('api-cost-per-mtok'), 4.375));
  assert.ok(near(await calc.value('breakeven-tokens-per-month'), (MONTH / 4.375) * 1e6));
  // 2B tokens a month (1,268 tokens/s at 60 %): one GPU ($5,022.40) against the API's $8,750.
  assert.equal(await calc.value('serving-gpus'), 1);
  assert.ok(near(await calc.value('selfhost-monthly'), MONTH));
  assert.ok(near(await calc.value('api-monthly'), 8750));
  // At that volume the GPU idles most of the month: $5,022.40 / 2,000 Mtok = $2.5112 per million.
  assert.ok(near(await calc.value('selfhost-cost-per-mtok-at-volume'), MONTH / 2000));
  // Standing alone, a price is to the cent from a unit up, to three significant figures below
  // (issue 47): $0.1559 → "$0.156", $3.784 → "$3.78", $2.5112 → "$2.51", $4.375 → "$4.38".
  const shown = async (id) => (await calc.page.getByTestId(id).innerText()).trim();
  assert.match(await shown('selfhost-cost-per-mtok'), /^\$0\.156(?!\d)/);
  // A break may come before the unit (a zero-width space), never inside "GPU-h".
  assert.match(await shown('reserved-price'), /^\$3\.78\u200b\/GPU-h/);
  assert.match(await shown('selfhost-cost-per-mtok-at-volume'), /^\$2\.51(?!\d)/);
  assert.match(await shown('api-cost-per-mtok'), /^\$4\.38(?!\d)/);
  for (const id of ['chart-breakeven-duty', 'chart-breakeven-volume']) {
    await calc.page.waitForFunction((id) => Number(document.querySelector(`[data-testid=${id}]`)?.dataset.drawCount) >= 1, id);
    assert.equal(await calc.page.getByTestId(id).getAttribute('data-draw-error'), null);
  }
  await done(calc);
});

test('controls: the API price, reserved GPUs, the volume, a provider without reserved pricing', async () => {
  const calc = await open('');
  // GPT-4o mini blends to $0.2625 per million tokens, above the GPU's $0.156: one GPU's month pays
  // above 5,022.40 / 0.2625 * 1e6 = 19.13B tokens, within the 32.21B it serves at 60 %.
  assert.ok(near(await calc.value('breakeven-tokens-per-month'), (MONTH / 0.2625) * 1e6, 1e-6));
  await calc.type('api_price', '1');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, MONTH * 1e6));
  await calc.waitForUrl((p) => p.get('api_price') === '1');
  // Reserved inference GPUs ($3.784 at AWS) lower the break-even volume: 3.784 * 730 / 1 * 1e6.
  await calc.select('host', 'reserved');
  await calc.waitForValue('breakeven-tokens-per-month', (v) => near(v, 3.784 * 730 * 1e6));
  await calc.waitForUrl((p) => p.get('host') === 'reserved');
  await calc.select('host', 'on-demand');
  // 150B tokens a month: 150e9 / (73.54M * 730 * 0.6) = 4.66, so 5 GPUs, each rented alone.
  await calc.type('tokens_month', '150B');
  await calc.waitForValue('serving-gpus', (v) => v === 5);
  assert.ok(near(await calc.value('selfhost-monthly'), 5 * MONTH));
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
  // `batch` was a key before the server sized its own batch: old links still open.
  const calc = await open('?api=gpt-9&user_speed=0.5&batch=32&tokens_month=2B&util=150%25');
  assert.match(await calc.error('api'), /^API: "gpt-9" is not in the catalog\. Expected one of gpt-4o-mini, gpt-4o/);
  assert.equal(await calc.error('user_speed'), 'Speed each user sees: "0.5" is below the accepted range. Expected output tokens a second from 1 to 1,000, like 25.');
  assert.match(await calc.error('util'), /^Utilisation: "150%" is above the accepted range/);
  assert.ok(near(await calc.value('api-cost-per-mtok'), 0.2625));
  await done(calc);
});

test('prefill, decode at the batch memory and the users allow; request length and speed change them', async () => {
  const calc = await open('?context=8192');
  assert.match(await calc.page.getByTestId('inference-mix').innerText(), /sized as it is deployed/);
  // 6,144 + 2,048 tokens: 56 GB of cache hold 52 requests, and 52 users still see 33.6 tokens/s.
  const long = serveGroup(LLAMA8(), H100(), 2, 1, 6144, 2048, 25);
  assert.equal(long.batch, 52);
  assert.ok(near(await calc.value('decode-tokens-per-s'), long.out, 1e-6));
  assert.ok(near(await calc.value('blended-tokens-per-s'), long.total, 1e-6));
  // Prefill alone: 6,144 / ((2 * 8e9 * 6,144 + 2 * 32 * 4,096 * 6,144²) / (989e12 * 0.7)).
  const prefill = 6144 / ((2 * 8e9 * 6144 + 2 * 32 * 4096 * 6144 ** 2) / (989e12 * 0.7));
  assert.ok(near(await calc.value('prefill-tokens-per-s'), prefill, 1e-6));
  assert.equal(await calc.page.getByTestId('inference-memory-warning').count(), 0);
  // Back to the default 2,048, and the key leaves the link.
  await calc.type('context', '2048');
  await calc.waitForValue('decode-tokens-per-s', (v) => near(v, GROUP.out, 1e-6));
  await calc.waitForUrl((p) => p.get('context') === null);
  // Users at 50 tokens/s: batch 74, fewer tokens a GPU, so dearer per token.
  const fast = serveGroup(LLAMA8(), H100(), 2, 1, 1536, 512, 50);
  await calc.type('user_speed', '50');
  await calc.waitForValue('decode-tokens-per-s', (v) => near(v, fast.out, 1e-6));
  await calc.waitForUrl((p) => p.get('user_speed') === '50');
  // 500 tokens/s a user: even one request alone gets 114 on an H100, so the page says so and
  // prices the batch memory holds (208), each user at what it gets.
  await calc.type('user_speed', '500');
  await calc.page.getByTestId('serving-speed-warning').waitFor();
  assert.match(await calc.page.getByTestId('serving-speed-warning').innerText(), /No group of these GPUs gives each user 500 tokens\/s \(one request alone gets 114\)/);
  await calc.waitForValue('decode-tokens-per-s', (v) => near(v, serveGroup(LLAMA8(), H100(), 2, 1, 1536, 512, null).out, 1e-6));
  // 405B in bf16 is 810 GB of weights: no group of eight 80 GB H100s holds it.
  await calc.type('infer_params', '405B');
  await calc.page.getByTestId('inference-memory-warning').waitFor();
  assert.match(await calc.page.getByTestId('inference-memory-warning').innerText(), /810 GB of weights do not fit .* 8 × NVIDIA H100 SXM \(640 GB\)/);
  assert.equal(await calc.page.getByTestId('serving-gpus').getAttribute('data-value'), 'none');
  assert.doesNotMatch(await calc.page.locator('#billing').innerText(), /NaN|Infinity/);
  await done(calc);
});

test('a bad request length in a link gets a message and the default applies', async () => {
  const calc = await open('?context=2K5');
  assert.equal(await calc.error('context'), 'Tokens per request: "2K5" is not a number. Expected a whole number of tokens from 1 to 1,000,000, like 2048.');
  assert.ok(near(await calc.value('decode-tokens-per-s'), GROUP.out, 1e-6));
  await done(calc);
});

test('the API picker marks a price older than 12 months as stale', async () => {
  // data/api_prices.json: gpt-4o $2.50 / $10 as of 2024-08-06 (published with that snapshot), so more
  // than 12 months old from 2025-08-07 on; the marker sits next to the number in the option text.
  const calc = await open('?api=gpt-4o');
  const option = calc.page.getByTestId('input-api').locator('[data-testid="stale-api-gpt-4o"]');
  assert.equal(await option.count(), 1);
  assert.equal(await option.getAttribute('class'), 'stale');
  // The option reads the blended price the comparison uses, (3 × $2.50 + $10.00) / 4 = $4.375
  // ("$4.38"), and the mark; the prices in and out, their date and age are its tooltip.
  assert.equal(await option.textContent(), 'OpenAI GPT-4o (2024-08-06) · $4.38 ⚠');
  const full = /^OpenAI GPT-4o \(2024-08-06\): \$2\.50 in \/ \$10\.00 out per Mtok, as of 6 Aug 2024 · stale: \d+ months old · batch \$1\.25 \/ \$5\.00$/;
  assert.match(await option.getAttribute('title'), full);
  // The Batch API's price follows the list price where the provider sells one (OpenAI: half), and
  // the chosen API's prices are said in full under the picker, no hover needed.
  assert.match(await calc.page.getByTestId('api-chosen').innerText(), full);
  await done(calc);
});
