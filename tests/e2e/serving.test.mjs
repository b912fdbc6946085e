// Issue 44: serving sized as it is deployed. A serving line runs replicas of a tensor-parallel group
// whose degree divides the model's heads, on whole machines of its provider, with its own "Show the
// math"; the billing section prices the same line with the same figures on the page as built,
// after a reload and from the share link. Expected figures come from docs/model.md's formulas
// (tests/e2e/support/hand.mjs serveGroup) and data/prices.json (AWS H100 $6.88 an hour).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';
import { serveGroup, LLAMA70, H100 } from './support/hand.mjs';

const suite = pageSuite();
const { done } = suite;
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

// Every figure the line and the billing section show for it, by test id.
const FIGURES = ['serve-gpus-0', 'serve-monthly-0', 'serve-api-monthly-0', 'serving-gpus', 'selfhost-monthly',
  'decode-tokens-per-s', 'prefill-tokens-per-s', 'blended-tokens-per-s', 'selfhost-cost-per-mtok',
  'breakeven-tokens-per-month', 'api-monthly', 'selfhost-cost-per-mtok-at-volume', 'answer-total'];

async function figures(calc) {
  await calc.openSection('billing');
  await calc.page.getByTestId('billing-lead').waitFor();
  const out = {};
  for (const id of FIGURES) out[id] = await calc.page.getByTestId(id).getAttribute('data-value');
  return out;
}

async function serveMath(calc) {
  const math = calc.page.getByTestId('serve-math-0');
  if ((await math.count()) === 0) await calc.page.getByTestId('serve-show-math-0').click();
  await math.waitFor();
  return math.innerText();
}

test('a 70B line on AWS H100s: an 8-GPU group on a p5.48xlarge, never 3 GPUs, its math, and the same figures after a reload and from the link', async () => {
  const calc = await suite.openOn('2026-12-06T09:00:00', '', { waitFor: 'example-plan', viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  await page.getByTestId('starter-blank').click();
  await page.getByTestId('new-work-type').selectOption('serve');
  await page.getByTestId('new-work-base').selectOption('llama-3.1-70b');
  await page.getByTestId('new-work-provider').selectOption('aws');
  await page.getByTestId('new-work-gpu').selectOption('h100-sxm');
  await page.getByTestId('new-work-tokens_month').fill('2B');
  await page.getByTestId('add-workload').click();
  await page.getByTestId('serve-0').waitFor();
  // Llama 3.1 70B (70.6B) in bf16: 141.2 GB of weights. Its 64 heads allow TP 1, 2, 4, 8; AWS rents
  // H100s one at a time or eight (p5.48xlarge), so any group of 2 or more rents the eight. TP 2
  // holds only 4 requests; two groups of 4 serve 2 x 6,901 tokens/s, one of 8 serves 16,249 (batch
  // 162, users at 25 tok/s), more than 2B a month needs (1,268/s at 60 %): TP 8 on one machine,
  // 8 GPUs billed, never 3. 8 x $6.88 x 730 = $40,179.20 a month.
  const tp8 = serveGroup(LLAMA70(70.6e9), H100(), 2, 8, 1536, 512, 25);
  const tp4 = serveGroup(LLAMA70(70.6e9), H100(), 2, 4, 1536, 512, 25);
  assert.ok(tp8.total > 2 * tp4.total && tp8.total > 2e9 / (730 * 3600) / 0.6);
  assert.equal(await calc.value('serve-gpus-0'), 8);
  assert.ok(near(await calc.value('serve-monthly-0'), 8 * 6.88 * 730));
  const math = await serveMath(calc);
  assert.match(math, /^70\.6B parameters in bf16: 141\.2 GB of weights/);
  assert.match(math, /A group of 8 × NVIDIA H100 SXM/);
  assert.match(math, new RegExp(`each user at 25 tokens/s or faster: batch ${tp8.batch};`));
  assert.match(math, /one 8-GPU group serves them/);
  assert.match(math, /machines of 1 or 8 GPUs: 1 × 8-GPU machine \(p5\.48xlarge\) = 8 GPUs billed\./);
  assert.match(math, /8 GPUs × \$6\.88 an hour × 730 h = \$40,179\.20 a month/);
  // The billing section prices this line: the same GPUs and month, its math the same lines.
  const built = await figures(calc);
  // 70.6B is Llama 3.1 70B's size (data/base_models.json): the line is named by its model.
  assert.match(await page.getByTestId('billing-lead').innerText(), /the plan's first serving line, Serve Llama 3.1 70B, 2B tokens a month/);
  assert.equal(built['serving-gpus'], built['serve-gpus-0']);
  assert.equal(built['selfhost-monthly'], built['serve-monthly-0']);
  assert.equal(built['api-monthly'], built['serve-api-monthly-0']);
  // Its model and volume boxes step aside: the line's own are the ones that count.
  assert.equal(await page.getByTestId('input-tokens_month').count(), 0);

  // A reload shows the same plan with the same figures, and so does the share link.
  await calc.waitForUrl((p) => p.getAll('serve').length === 1);
  const link = page.url();
  await page.reload();
  await page.getByTestId('serve-0').waitFor();
  await calc.built();
  assert.deepEqual(await figures(calc), built);
  const other = new CalculatorPage(await page.context().newPage(), suite.server.url);
  await other.page.clock.setFixedTime(new Date('2026-12-06T09:00:00'));
  await other.page.goto(link);
  await other.page.getByTestId('serve-0').waitFor();
  await other.built();
  assert.deepEqual(await figures(other), built);
  assert.equal(await serveMath(other), math);
  await other.page.close();

  // In FP8 the weights halve (70.6 GB): one H100 holds them but only 4 requests' cache, too few to
  // batch, so groups of 2 or more on the p5.48xlarge again, now with more tokens a GPU; the billing
  // section follows the line on the page as built and after a reload (it used to fall back to
  // bf16 after one).
  await page.getByTestId('edit-serve-0').click();
  await page.getByTestId('new-work-precision').selectOption('fp8');
  await page.getByTestId('add-workload').click();
  await calc.waitForUrl((p) => (p.getAll('serve')[0] ?? '').endsWith(':fp8'));
  const fp8 = await figures(calc);
  assert.notDeepEqual(fp8, built);
  assert.equal(fp8['serving-gpus'], fp8['serve-gpus-0']);
  assert.equal(Number(fp8['serve-gpus-0']), 8);
  assert.ok(Number(fp8['blended-tokens-per-s']) > Number(built['blended-tokens-per-s']));
  assert.match(await serveMath(calc), /in FP8: 70\.6 GB of weights/);
  await page.reload();
  await page.getByTestId('serve-0').waitFor();
  await calc.built();
  assert.deepEqual(await figures(calc), fp8);
  await done(calc);
});

test('a serving line on a provider that rents GPUs one at a time bills no idle GPU', async () => {
  // Llama 3.1 8B at 2B tokens a month on Modal (any count from 1 to 8): one GPU.
  const calc = await suite.openOn('2026-12-06T09:00:00', '?serve=8B:2B:modal:h100-sxm');
  assert.equal(await calc.value('serve-gpus-0'), 1);
  const math = await serveMath(calc);
  assert.match(math, /machines of 1, 2, 3, 4, 5, 6, 7 or 8 GPUs/);
  assert.doesNotMatch(math, /whole machines/);
  await done(calc);
});
