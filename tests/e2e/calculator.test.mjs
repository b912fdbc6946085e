// End-to-end tests of the training-cost calculator in headless Chromium, the way a founder uses it:
// open a share link, type, slide, pick, copy, reopen. Expected numbers are computed by hand from
// the formulas of docs/model.md; the arithmetic is in the comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { pageSuite } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';
import { serveDist } from './support/server.mjs';
import { daly, LLAMA3_MTBF, waste } from './support/hand.mjs';

const RESULT_IDS = ['train-flops', 'gpu-hours', 'wall-clock-days', 'compute-cost', 'monthly-cost', 'monthly-cost-always-on', 'price-per-gpu-hour'];
const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;

const suite = pageSuite({ before: () => mkdir(ARTIFACTS, { recursive: true }) });
const openCalculator = suite.open;
const done = suite.done;

// The staleness rule of model/src/data/catalog_age.rs, restated from its definition (not read off the
// page): a figure dated Y-M-D is stale once (Y+1)-M-D lies strictly before today (the browser's local
// date); its age is the whole months since then.
function todayParts() {
  const t = new Date();
  return [t.getFullYear(), t.getMonth() + 1, t.getDate()];
}
function isStale(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const [ty, tm, td] = todayParts();
  return y + 1 < ty || (y + 1 === ty && (m < tm || (m === tm && d < td)));
}
function monthsOld(iso) {
  const [y, m, d] = iso.split('-').map(Number);
  const [ty, tm, td] = todayParts();
  return ty * 12 + tm - (y * 12 + m) - (td < d ? 1 : 0);
}
function staleSuffix(iso) {
  return isStale(iso) ? ` · stale: ${monthsOld(iso)} months old` : '';
}
// The provider select's options are short (they must fit the inputs column): a stale price ends
// in "⚠", its age in full in the option's title and accessible name.
function staleMark(iso) {
  return isStale(iso) ? ' ⚠' : '';
}

function assertClose(actual, expected, rel = 1e-9, what = '') {
  assert.ok(Number.isFinite(actual), `${what} is not finite: ${actual}`);
  assert.ok(Math.abs(actual - expected) <= rel * Math.abs(expected), `${what}: ${actual} is not within ${rel} of ${expected}`);
}

// Default plan: 7B params, 2T tokens, H100 SXM (989 TFLOP/s dense) at AWS $6.88, 64 GPUs, MFU 0.4, duty 1.
// GPU-hours = 6*7e9*2e12 / (989e12*0.4) / 3600 = 58,982.1368 h; cost = 58,982.1368 * 6.88 = $405,797.10.
const DEFAULT_GPU_HOURS = 58982.13683855746;
const DEFAULT_COST = 405797.10144927533;
// The wall-clock time counts the GPU-hours billed, as the job's dates in the plan do: where the
// all-reduce hides behind compute (η = 1, every case below), the work over 1 − the failure waste
// on `gpus` GPUs (M = 50,677 / gpus h, Daly's interval, 5-minute writes, 10-minute restarts).
const billedFactor = (gpus) => {
  const m = LLAMA3_MTBF / gpus;
  return 1 / (1 - waste(5 / 60, daly(5 / 60, m), 10 / 60, m));
};

test('a share link opens exactly its plan', async () => {
  const calc = await openCalculator('?params=175B&tokens=300B&gpu=a100-40gb&gpus=1024&mfu=0.5&duty=1&provider=azure');
  // GPT-3: 6 * 175e9 * 300e9 = 3.15e23 FLOPs (the paper reports 3.14e23).
  assertClose(await calc.value('train-flops'), 3.15e23, 1e-12, 'train-flops');
  // 3.15e23 / (312e12 * 0.5) / 3600 = 560,897.4359 GPU-hours.
  assertClose(await calc.value('gpu-hours'), 560897.4358974359, 1e-9, 'gpu-hours');
  // 560,897.4359 / (1024 * 24 * 1) = 22.82297 days of work; with 6.14 % of the time lost to
  // failures on 1,024 GPUs (the all-reduce hides behind 54 s steps), 24.32 days.
  assertClose(await calc.value('wall-clock-days'), 22.822974 * billedFactor(1024), 1e-6, 'wall-clock-days');
  // Azure A100 40GB $3.40/h (seed 003): 560,897.4359 * 3.40 = $1,907,051.28.
  assertClose(await calc.value('compute-cost'), 1907051.2820512820, 1e-9, 'compute-cost');
  assertClose(await calc.value('price-per-gpu-hour'), 3.4, 1e-12, 'price');
  // Seed 003: $3.40/h is $2,482 a month (730 h); at duty 1 both monthly figures agree.
  assertClose(await calc.value('monthly-cost'), 2482, 1e-12, 'monthly-cost');
  assertClose(await calc.value('monthly-cost-always-on'), 2482, 1e-12, 'monthly-cost-always-on');
  // The controls show the link's values.
  assert.equal(await calc.page.getByTestId('input-params').inputValue(), '175B');
  assert.equal(await calc.page.getByTestId('input-gpus').inputValue(), '1024');
  assert.equal(await calc.page.getByTestId('input-mfu').inputValue(), '50');
  assert.equal(await calc.page.getByTestId('input-gpu').inputValue(), 'a100-40gb');
  assert.equal(await calc.page.getByTestId('input-provider').inputValue(), 'azure');
  await done(calc);
});

test('seed article prices: A100 40GB always-on per month at Azure, Google Cloud, CoreWeave', async () => {
  // Seed 003: Azure $3.40/h -> $2,482/month; Google $3.67/h -> 3.67*730 = $2,679.10; CoreWeave $2.39/h -> $1,744.70.
  for (const [provider, monthly] of [['azure', 2482], ['gcp', 2679.1], ['coreweave', 1744.7]]) {
    const calc = await openCalculator(`?gpu=a100-40gb&provider=${provider}&duty=0.25`);
    assertClose(await calc.value('monthly-cost-always-on'), monthly, 1e-12, provider);
    // At duty 0.25 the busy-time bill is a quarter of always-on.
    assertClose(await calc.value('monthly-cost'), monthly / 4, 1e-12, `${provider} duty`);
    await done(calc);
  }
});

test('a published run reproduces: DeepSeek-V3 GPU-hours and dollars', async () => {
  // DeepSeek-V3: 37B active params, 14.8T tokens, 2.788M H800 GPU-hours, $5.576M at $2/GPU-hour.
  // H800 dense bf16 equals H100 SXM (989 TFLOP/s); the MFU that gives 2.788M hours is
  // 6*37e9*14.8e12 / (989e12 * 2.788e6 * 3600) = 0.33099; we enter 0.331.
  const calc = await openCalculator('?params=37B&tokens=14.8T&gpu=h100-sxm&mfu=0.331&price=2&gpus=2048');
  assertClose(await calc.value('gpu-hours'), 2.788e6, 0.001, 'gpu-hours');
  assertClose(await calc.value('compute-cost'), 5.576e6, 0.001, 'compute-cost');
  assertClose(await calc.value('price-per-gpu-hour'), 2, 1e-12, 'override price');
  // 2.788M GPU-hours on 2,048 GPUs is about 56.7 days of work (DeepSeek reports under two
  // months, its published hours already counting its interruptions); the page adds the Llama 3
  // failure rate on 2,048 GPUs, about 8.9 % of the time.
  assertClose(await calc.value('wall-clock-days'), 56.72 * billedFactor(2048), 0.002, 'days');
  await done(calc);
});

test('typing a value updates results and the URL in place', async () => {
  // The default job as a link (a first visit's example gives way to the reader's plan on the
  // first edit, which moves the page once; tests/e2e/example.test.mjs covers that).
  const calc = await openCalculator('?job=pretrain:7B:2T:aws:h100-sxm:64');
  assertClose(await calc.value('compute-cost'), DEFAULT_COST, 1e-9, 'default cost');
  const historyLength = await calc.page.evaluate(() => history.length);
  await calc.page.evaluate(() => window.scrollTo(0, 200));
  const scrollBefore = await calc.page.evaluate(() => window.scrollY);
  await calc.type('params', '70b');
  // 10x the parameters is 10x the cost.
  await calc.waitForValue('compute-cost', (v) => Math.abs(v - 10 * DEFAULT_COST) < 1e-6 * DEFAULT_COST);
  const params = await calc.waitForUrl((p) => p.get('params') === '70B');
  assert.equal(params.get('tokens'), '2T');
  assert.equal(params.get('gpu'), 'h100-sxm');
  assert.equal(await calc.page.evaluate(() => history.length), historyLength, 'replaceState, not pushState');
  assert.equal(await calc.page.evaluate(() => window.scrollY), scrollBefore, 'no scroll jump');
  // Doubling params and tokens from the default is 4x the cost.
  await calc.type('params', '14B');
  await calc.type('tokens', '4T');
  await calc.waitForValue('compute-cost', (v) => Math.abs(v - 4 * DEFAULT_COST) < 1e-6 * DEFAULT_COST);
  await done(calc);
});

test('typed values are used exactly, never rounded to the slider step', async () => {
  const calc = await openCalculator('');
  await calc.type('params', '7.123456B');
  await calc.type('mfu', '41.7');
  // 6 * 7.123456e9 * 2e12 = 8.5481472e22.
  await calc.waitForValue('train-flops', (v) => Math.abs(v - 8.5481472e22) < 1e9);
  const p = await calc.waitForUrl((q) => q.get('params') === '7.123456B' && q.get('mfu') === '0.417');
  assert.equal(p.get('mfu'), '0.417');
  // Reopening the URL gives the same numbers.
  const again = await openCalculator(new URL(calc.page.url()).search);
  assert.equal(await again.value('compute-cost'), await calc.value('compute-cost'));
  await done(again);
  await done(calc);
});

test('moving sliders updates the typed box, the results and the URL', async () => {
  const calc = await openCalculator('');
  // MFU slider: 1000 positions over 5-80 %; position 200 is 5 + 0.2*75 = 20 %. MFU 0.2 costs 2x MFU 0.4.
  await calc.setSlider('mfu', 200);
  await calc.waitForValue('compute-cost', (v) => Math.abs(v - 2 * DEFAULT_COST) < 1e-6 * DEFAULT_COST);
  assert.equal(await calc.page.getByTestId('input-mfu').inputValue(), '20');
  await calc.waitForUrl((p) => p.get('mfu') === '0.2');
  // Keyboard: the GPU slider (log 1..100,000) moves with arrow keys and wall-clock time follows.
  const daysBefore = await calc.value('wall-clock-days');
  await calc.nudgeSlider('gpus', 30);
  const gpus = Number(await calc.page.getByTestId('input-gpus').inputValue());
  assert.ok(gpus > 64, `gpus grew: ${gpus}`);
  assert.ok(Number.isInteger(gpus));
  // Days scale as 1/gpus: days * gpus is the GPU-hours billed over 24 (2 * 58,982.14 at MFU 0.2,
  // over 1 − the failure waste on that many GPUs).
  const days = await calc.waitForValue('wall-clock-days', (v) => v < daysBefore);
  assertClose(days * gpus, (2 * DEFAULT_GPU_HOURS) / 24 * billedFactor(gpus), 1e-9, 'days*gpus');
  await calc.waitForUrl((p) => p.get('gpus') === String(gpus));
  await done(calc);
});

test('hostile links show clear messages, render text as text, and keep the rest of the plan', async () => {
  const query =
    '?params=' + encodeURIComponent('<script>alert(1)</script>') +
    '&tokens=1e400&mfu=&gpus=-3&gpu=' + encodeURIComponent('<img src=x onerror=alert(2)>') +
    '&provider=&price=NaN&duty=0.5';
  const calc = await openCalculator(query);
  assert.equal(await calc.error('params'), 'Model parameters: "<script>alert(1)</script>" is not a number. Expected 100M to 2T parameters, like 7B, 7e9, 7000000000 or 1.5T; for a mixture of experts active/total, like 37B/671B.');
  assert.equal(await calc.error('tokens'), 'Training tokens: "1e400" is too large. Expected 100K to 100T tokens, like 2T, 300B, 20M or 2e12.');
  assert.equal(await calc.error('mfu'), 'MFU: no value given. Expected a fraction from 0.0001 to 1, like 0.4 (or 40%).');
  assert.equal(await calc.error('gpus'), 'Accelerators: "-3" is negative. Expected a whole number of accelerators from 1 to 100,000.');
  assert.match(await calc.error('gpu'), /^Accelerator: "<img src=x onerror=alert\(2\)>" is not in the catalog\. Expected one of a100-40gb, /);
  assert.match(await calc.error('provider'), /^Provider: no value given\. Expected one of /);
  assert.equal(await calc.error('price'), 'Price override: "NaN" is not a number. Expected a price in USD per GPU-hour from 0.0001 to 1,000, like 2.39.');
  assert.equal(await calc.error('duty'), null, 'a valid key has no message');
  // The rest of the link applies: duty 0.5 on the default H100 at AWS: 6.88 * 730 * 0.5 = $2,511.20.
  assertClose(await calc.value('monthly-cost'), 2511.2, 1e-12, 'duty applied');
  // Rejected values fall back to defaults: default FLOPs 6 * 7e9 * 2e12 = 8.4e22.
  assertClose(await calc.value('train-flops'), 8.4e22, 1e-12, 'params/tokens defaults');
  // Nothing from the link became markup.
  assert.equal(await calc.page.locator('img[src=x]').count(), 0);
  // (index.html's own first-screen script, `data-prerender`, is the only script in the body.)
  assert.equal(await calc.page.locator('body script:not([type])').count(), 1);
  assert.equal(await calc.page.locator('body script:not([type]):not([data-prerender])').count(), 0);
  await calc.page.screenshot({ path: ARTIFACTS + 'hostile-link.png', fullPage: true });
  await done(calc);
});

test('every link, however broken, renders every result with a finite number', async () => {
  const links = [
    '', '?', '?%%%', '?params=1e400', '?gpus=100001', '?=&&==&', '?mfu=-0', '?provider=coreweave&gpu=tpu-v5e',
    '?price=0', '?params=0x10&tokens=inf&duty=Infinity', '?gpus=7.5&mfu=40', '?params=' + '9'.repeat(500),
    '?gpu=trn2&provider=gcp', '?tokens=%E2%80%AE%00', '?params=7B&params=abc',
  ];
  const calc = await openCalculator('');
  for (const link of links) {
    await calc.open(link);
    for (const id of RESULT_IDS) {
      const v = await calc.value(id);
      assert.ok(Number.isFinite(v) && v > 0, `${link}: ${id} = ${v}`);
    }
    // Messages may echo what the link said ("Infinity"); the results never show such a value.
    const text = await calc.page.locator('section.results').innerText();
    assert.doesNotMatch(text, /NaN|Infinity|undefined|—/, `${link}: bad text in the results`);
  }
  // A provider that does not rent the accelerator: message, and the accelerator's default provider.
  await calc.open('?provider=coreweave&gpu=tpu-v5e');
  assert.equal(await calc.error('provider'), 'Provider: "coreweave" does not rent the Google TPU v5e (per chip). Expected one of gcp.');
  assertClose(await calc.value('price-per-gpu-hour'), 1.2, 1e-12, 'TPU v5e at Google Cloud');
  await done(calc);
});

test('typed errors keep the last valid value and clear when fixed', async () => {
  const calc = await openCalculator('');
  await calc.type('gpus', '12.5');
  await calc.page.getByTestId('error-gpus').waitFor();
  assert.equal(await calc.error('gpus'), 'Accelerators: "12.5" is not a whole number. Expected a whole number of accelerators from 1 to 100,000.');
  assert.equal(await calc.page.getByTestId('input-gpus').getAttribute('aria-invalid'), 'true');
  // Results still use 64 GPUs: 58,982.14 / (64 * 24) = 38.39983 days of work, over 1 − 1.47 % lost
  // to failures.
  const days64 = 38.39982867093585 * billedFactor(64);
  assertClose(await calc.value('wall-clock-days'), days64, 1e-9, 'last valid value kept');
  await calc.type('gpus', '128');
  const days128 = (38.39982867093585 / 2) * billedFactor(128);
  await calc.waitForValue('wall-clock-days', (v) => Math.abs(v - days128) < 1e-9 * days128);
  assert.equal(await calc.error('gpus'), null);
  // An empty price override means "use the list price", not an error.
  await calc.type('price', '2.5');
  await calc.waitForValue('price-per-gpu-hour', (v) => v === 2.5);
  await calc.waitForUrl((p) => p.get('price') === '2.5');
  await calc.type('price', '');
  await calc.waitForValue('price-per-gpu-hour', (v) => v === 6.88);
  await calc.waitForUrl((p) => !p.has('price'));
  assert.equal(await calc.error('price'), null);
  await done(calc);
});

test('the provider list follows the accelerator, with list prices and dates', async () => {
  const calc = await openCalculator('');
  await calc.select('gpu', 'tpu-v5e');
  await calc.waitForValue('price-per-gpu-hour', (v) => v === 1.2);
  const options = await calc.page.getByTestId('input-provider').locator('option').allTextContents();
  assert.deepEqual(options.length, 1);
  // data/prices.json: gcp/tpu-v5e $1.20, as of 2025-06-01 (stale once more than 12 months old).
  assert.equal(options[0], `Google Cloud · $1.20/h${staleMark('2025-06-01')}`);
  await calc.waitForUrl((p) => p.get('gpu') === 'tpu-v5e' && p.get('provider') === 'gcp');
  // Back to H100: the provider list is cheapest first and includes AWS at $6.88.
  await calc.select('gpu', 'h100-sxm');
  const h100 = await calc.page.getByTestId('input-provider').locator('option').allTextContents();
  const prices = h100.map((t) => Number(t.match(/\$(\d+\.\d\d)/)[1]));
  assert.deepEqual(prices, [...prices].sort((a, b) => a - b), 'cheapest first');
  assert.ok(h100.some((t) => t.startsWith('Amazon Web Services · $6.88')));
  await calc.select('provider', 'lambda');
  // Lambda H100 $3.99: 58,982.1368 * 3.99 = $235,338.73.
  await calc.waitForValue('compute-cost', (v) => Math.abs(v - 235338.7259858) < 1e-3);
  await done(calc);
});

test('a price older than 12 months is marked stale next to it; a fresh one is not', async () => {
  // A100 40GB: Google $3.67 as of 2024-05-01 (seed 003, not re-verified); AWS p4d $21.9576 / 8 =
  // $2.7447 as of 2026-11-09; Azure $3.40 as of 2026-11-09.
  const calc = await openCalculator('?gpu=a100-40gb&provider=gcp');
  const select = calc.page.getByTestId('input-provider');
  const options = await select.locator('option').allTextContents();
  assert.ok(options.includes(`Google Cloud · $3.67/h${staleMark('2024-05-01')}`), options.join('\n'));
  assert.ok(options.includes(`Amazon Web Services · $2.74/h${staleMark('2026-11-09')}`), options.join('\n'));
  assert.ok(isStale('2024-05-01'));
  const marker = select.locator('[data-testid="stale-gcp-a100-40gb"]');
  assert.equal(await marker.count(), 1);
  assert.equal(await marker.getAttribute('class'), 'stale');
  // The spoken name starts with the visible text (WCAG 2.5.3, label in name), then the age in full.
  assert.equal(await marker.getAttribute('aria-label'), `Google Cloud · $3.67/h${staleMark('2024-05-01')}. Google Cloud · $3.67 per GPU-hour · as of 1 May 2024${staleSuffix('2024-05-01')}`);
  assert.equal(await select.locator('[data-testid="stale-aws-a100-40gb"]').count(), isStale('2026-11-09') ? 1 : 0);
  // The chosen (stale) price is spelled out under the picker.
  const note = await calc.page.getByTestId('provider-price-stale').innerText();
  assert.equal(note, `Google Cloud's list price is as of 1 May 2024 (stale: ${monthsOld('2024-05-01')} months old): re-check it before deciding.`);
  // AWS's p4d price is cheaper than its p4de (A100 80GB, $3.43): $2.7447 per GPU-hour.
  await calc.select('provider', 'aws');
  await calc.waitForValue('price-per-gpu-hour', (v) => v === 2.7447);
  if (!isStale('2026-11-09')) assert.equal(await calc.page.getByTestId('provider-price-stale').count(), 0);
  await done(calc);
});

test('a GPU the provider no longer lists says so, apart from its age', async () => {
  // CoreWeave's price page as recorded on 2026-10-07 lists only the 80 GB A100: its A100 40GB
  // ($2.39, a 2024 reading) is its last published price, marked "no longer listed", not "stale".
  const calc = await openCalculator('?gpu=a100-40gb&provider=coreweave');
  const select = calc.page.getByTestId('input-provider');
  const options = await select.locator('option').allTextContents();
  assert.ok(options.includes('CoreWeave · $2.39/h · no longer listed ⚠'), options.join('\n'));
  const marker = select.locator('[data-testid="delisted-coreweave-a100-40gb"]');
  assert.equal(await marker.count(), 1);
  assert.equal(await select.locator('[data-testid="stale-coreweave-a100-40gb"]').count(), 0);
  assert.equal(await marker.getAttribute('aria-label'), 'CoreWeave · $2.39/h · no longer listed ⚠. CoreWeave · $2.39 per GPU-hour, its last published price (1 May 2024) · no longer on its price page since 7 Oct 2026');
  assert.equal(await calc.page.getByTestId('provider-price-delisted').innerText(),
    'CoreWeave no longer lists this accelerator on its price page (seen 7 Oct 2026): $2.39/h is its last published price, from 1 May 2024. Ask for a quote before deciding.');
  assert.equal(await calc.page.getByTestId('provider-price-stale').count(), 0);
  // The H100 SXM it does list is neither.
  await calc.select('gpu', 'h100-sxm');
  await calc.select('provider', 'coreweave');
  await calc.waitForValue('price-per-gpu-hour', (v) => v === 6.155);
  assert.equal(await calc.page.getByTestId('provider-price-delisted').count(), 0);
  await done(calc);
});

test('show the math gives the formula with the inputs and the dated sources', async () => {
  const calc = await openCalculator('?gpu=a100-40gb&provider=azure&gpus=8');
  const card = calc.page.getByTestId('compute-cost').locator('xpath=..');
  await card.locator('summary').click();
  await card.locator('.math .formula').waitFor();
  const math = await card.locator('.math').innerText();
  assert.match(math, /cost = H · p/);
  assert.match(math, /× \$3\.40\/GPU-h = \$/);
  assert.match(math, /312 TFLOP\/s dense bf16 peak/);
  // Azure's A100 40GB: $3.3996 per GPU on 2026-11-09 (27.197 / 8), the seed's $3.40 re-verified.
  assert.match(math, /NVIDIA A100 40GB at Microsoft Azure: \$3\.40\/GPU-hour on demand \(estimate \(tracker\); eastus\) — Azure ND96asr_A100_v4.*TechCrunch, "Alternative clouds are booming.*May 2024.*as of 9 Nov 2026/s);
  if (!isStale('2026-11-09')) assert.doesNotMatch(math, /NVIDIA A100 40GB at Microsoft Azure.*as of 9 Nov 2026 · stale/);
  // Hover shows the exact value.
  const title = await calc.page.getByTestId('compute-cost').getAttribute('title');
  assert.match(title, /^\$\d{1,3}(,\d{3})*\.\d\d$/);
  await done(calc);
});

test('copy link puts the plan on the clipboard and the link reopens it', async () => {
  const calc = await openCalculator('?params=13B&tokens=500B&gpu=h200&provider=coreweave&gpus=256&mfu=0.42');
  await calc.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(suite.server.url).origin });
  await calc.type('duty', '80');
  await calc.waitForUrl((p) => p.get('duty') === '0.8');
  await calc.page.getByTestId('copy-link').click();
  await calc.page.getByTestId('copy-status').filter({ hasText: 'Link copied' }).waitFor();
  const copied = await calc.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await calc.page.getByTestId('share-url').inputValue());
  const reopened = await openCalculator(new URL(copied).search);
  for (const id of RESULT_IDS) assert.equal(await reopened.value(id), await calc.value(id), id);
  await done(reopened);
  await done(calc);
});

test('charts redraw after input, sharp on a HiDPI screen', async () => {
  const calc = await openCalculator('', { deviceScaleFactor: 2 });
  // The charts are built and drawn when their section first opens.
  await calc.openSection('charts');
  const chart = calc.page.getByTestId('chart-cost-vs-mfu');
  await calc.page.waitForFunction(() => Number(document.querySelector('[data-testid=chart-cost-vs-mfu]')?.dataset.drawCount) >= 1);
  const size = await chart.evaluate((c) => ({ w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight }));
  assert.equal(size.w, Math.round(size.cw * 2), 'backing store is CSS width x devicePixelRatio');
  assert.equal(size.h, Math.round(size.ch * 2));
  const before = Number(await chart.getAttribute('data-draw-count'));
  await calc.type('mfu', '25');
  await calc.page.waitForFunction((n) => Number(document.querySelector('[data-testid=chart-cost-vs-mfu]').dataset.drawCount) > n, before);
  assert.equal(await chart.getAttribute('data-draw-error'), null);
  assert.equal(await calc.page.getByTestId('chart-cost-by-provider').getAttribute('data-draw-error'), null);
  // The chart is not blank: some pixels carry the accent colour of the line.
  const accentPixels = await chart.evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] === 37 && d[i + 1] === 99 && d[i + 2] === 235) n++;
    return n;
  });
  assert.ok(accentPixels > 100, `accent pixels: ${accentPixels}`);
  // Resizing the window redraws at the new size.
  await calc.page.setViewportSize({ width: 900, height: 900 });
  await calc.page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=chart-cost-vs-mfu]');
    return c.width === Math.round(c.clientWidth * 2);
  });
  await done(calc);
});

test('works on a phone: no horizontal scrolling, controls reachable', async () => {
  const calc = await openCalculator('', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const overflow = await calc.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  await calc.type('tokens', '1T');
  await calc.waitForValue('compute-cost', (v) => Math.abs(v - DEFAULT_COST / 2) < 1e-6 * DEFAULT_COST);
  await calc.page.screenshot({ path: ARTIFACTS + 'phone.png', fullPage: true });
  await done(calc);
});

test('keyboard users can reach every control with labels', async () => {
  const calc = await openCalculator('');
  for (const key of ['params', 'tokens', 'mfu', 'gpu', 'provider', 'gpus', 'duty', 'price']) {
    const label = calc.page.locator(`label[for=input-${key}]`);
    assert.equal(await label.count(), 1, `label for ${key}`);
    assert.ok((await label.innerText()).length > 0);
  }
  await calc.page.screenshot({ path: ARTIFACTS + 'desktop.png', fullPage: true });
  await done(calc);
});

test('slider keys step to round values: 7B → 8B, 64 → 128 GPUs, 40 → 41 % MFU, Page for larger steps', async () => {
  const calc = await openCalculator('');
  const { page } = calc;
  const said = (key) => page.getByTestId(`slider-${key}`).getAttribute('aria-valuetext');
  const pressOn = async (key, press, expected) => {
    await page.getByTestId(`slider-${key}`).focus();
    await page.keyboard.press(press);
    await page.waitForFunction(([k, e]) => document.querySelector(`[data-testid=slider-${k}]`).getAttribute('aria-valuetext') === e, [key, expected]);
  };
  // The default job (README defaults): 7B parameters on 64 GPUs at 40 % MFU. One arrow is the
  // next round value (model/src/input/slider.rs's ladders), not a thousandth of the track.
  assert.equal(await said('params'), '7B params');
  await pressOn('params', 'ArrowRight', '8B params');
  await pressOn('params', 'ArrowUp', '9B params');
  await pressOn('params', 'ArrowUp', '10B params');
  await pressOn('params', 'PageUp', '20B params');
  await pressOn('params', 'ArrowLeft', '15B params');
  assert.equal(await page.getByTestId('input-params').inputValue(), '15B', 'the typed box follows');
  await pressOn('gpus', 'ArrowUp', '128 GPUs');
  await pressOn('gpus', 'PageDown', '16 GPUs');
  await pressOn('gpus', 'ArrowDown', '8 GPUs');
  await pressOn('mfu', 'ArrowUp', '41 %');
  await pressOn('mfu', 'PageUp', '50 %'); // Page: the next multiple of ten steps
  // The link carries what the keys chose (15B, 8 GPUs, MFU 0.5): as the plan's job token, or as
  // the calculator's own keys while the example is untouched.
  await calc.waitForUrl((p) => {
    const t = (p.get('job') ?? '').split(':');
    const token = t[0] === 'pretrain' && t[1] === '15B' && t[5] === '8' && t[9] === '0.5';
    return token || (p.get('params') === '15B' && p.get('gpus') === '8' && p.get('mfu') === '0.5');
  });
  await done(calc);
});

test('sliders say their value with its unit; repeated controls have names of their own', async () => {
  const calc = await openCalculator('?grant=aws-activate:100K&grant=modal:25K');
  // The default job runs 64 GPUs of a 7B model (README defaults); a screen reader hears the value,
  // not the slider's 0-1000 position.
  assert.equal(await calc.page.getByTestId('slider-gpus').getAttribute('aria-valuetext'), '64 GPUs');
  assert.equal(await calc.page.getByTestId('slider-params').getAttribute('aria-valuetext'), '7B params');
  await calc.type('gpus', '128');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=slider-gpus]').getAttribute('aria-valuetext') === '128 GPUs');
  // Each "Show the math" of the results reads as its own control: the name includes the result.
  const names = (await calc.page.locator('.results summary').allInnerTexts()).map((n) => n.replace(/\s+/g, ' '));
  assert.ok(names.length >= 5, `${names.length} summaries`);
  assert.equal(new Set(names).size, names.length, `repeated names: ${names.join(' | ')}`);
  assert.ok(names.includes('Show the math for Compute cost, before hidden costs'), names.join(' | '));
  // The grant rows' Remove buttons name their grant.
  assert.equal(await calc.page.getByRole('button', { name: 'Remove grant 1, AWS Activate (general cloud)', exact: true }).count(), 1);
  assert.equal(await calc.page.getByRole('button', { name: 'Remove grant 2, Modal startup credits', exact: true }).count(), 1);
  await done(calc);
});

test('removing and adding grants is announced and keeps the focus in the list; the tab carries the plan name', async () => {
  const calc = await openCalculator('?grant=aws-activate:100K&grant=modal:25K&name=Seed%20%3Cb%3Eplan%3C%2Fb%3E');
  const { page } = calc;
  // The name is text: its angle brackets are in the title as typed, not parsed.
  await page.waitForFunction(() => document.title === 'Seed <b>plan</b> — GPU Credit Runway — training cost calculator');
  const focused = () => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);
  const said = () => page.getByTestId('announcement').textContent();
  await page.getByTestId('remove-grant-0').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^=remove-grant-]').length === 1);
  assert.equal((await said()).trim(), 'Grant 1, AWS Activate (general cloud), removed from the plan.');
  // Modal moved up into the first row: its Remove button has the focus, not the page body.
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'remove-grant-0');
  assert.equal(await page.getByTestId('remove-grant-0').getAttribute('aria-label'), 'Remove grant 1, Modal startup credits');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'grants-heading');
  assert.equal((await said()).trim(), 'Grant 1, Modal startup credits, removed from the plan.');
  // A grant added from the catalog lands far from the button: the live region says where.
  await calc.openSection('programs');
  await page.getByTestId('add-program-modal').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^=remove-grant-]').length === 1);
  assert.equal((await said()).trim(), 'Modal startup credits added to the plan as grant 1, under Grants in the plan.');
  assert.equal(await focused(), 'add-program-modal');
  await done(calc);
});

test('a fast slider drag ends with the URL on the final value', async () => {
  const calc = await openCalculator('');
  const historyLength = await calc.page.evaluate(() => history.length);
  // 150 input events in one task, as a quick drag produces; Chromium throttles replaceState floods.
  await calc.page.getByTestId('slider-duty').evaluate((el) => {
    for (let p = 1000; p >= 850; p--) {
      el.value = String(p);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  // Position 850 of 1-100 %: 1 + 0.85 * 99 = 85.15 % -> 85 %; monthly = 6.88 * 730 * 0.85 = $4,269.04.
  await calc.waitForValue('monthly-cost', (v) => Math.abs(v - 4269.04) < 1e-9);
  await calc.waitForUrl((p) => p.get('duty') === '0.85');
  assert.equal(await calc.page.evaluate(() => history.length), historyLength);
  await done(calc);
});

test('the subpath build works when hosted under a path', async () => {
  const { existsSync } = await import('node:fs');
  const root = new URL('../../target/dist-subpath/', import.meta.url).pathname;
  // `make test` builds it (make build); a missing build is a failure, not a skip.
  assert.ok(existsSync(root + 'index.html'), `no subpath build in ${root}: run \`make build\``);
  const sub = await serveDist(root.replace(/\/$/, ''), '/tools/runway/');
  const context = await suite.browser.newContext();
  const calc = new CalculatorPage(await context.newPage(), sub.url);
  try {
    await calc.open('?params=70B&tokens=1.4T&gpus=1');
    // Chinchilla-style 70B x 1.4T: 6 * 70e9 * 1.4e12 = 5.88e23 FLOPs.
    assertClose(await calc.value('train-flops'), 5.88e23, 1e-12, 'train-flops under a subpath');
    assert.ok(calc.requests.every((u) => u.startsWith(sub.url)), `requests outside the subpath: ${calc.requests}`);
    await calc.type('gpus', '8');
    const p = await calc.waitForUrl((q) => q.get('gpus') === '8');
    assert.equal(new URL(calc.page.url()).pathname, '/tools/runway/');
    assert.equal(p.get('params'), '70B');
    await done(calc);
  } finally {
    await sub.close();
  }
});
