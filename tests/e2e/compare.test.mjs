// End-to-end tests of the train-vs-fine-tune comparison: the preset, editing a column in place, the
// link encoding (`cmp=kind:params:tokens:epochs:runs[:gpus]`), bad tokens, and who pays each column.
// Expected numbers are hand calculations of DOMAIN.md section 2 (support/hand.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { idealHours } from './support/hand.mjs';

const { open, done } = pageSuite({ waitFor: 'total-cost' });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// FLOPs multipliers per token: 6 for pretraining and full fine-tuning, 4 for LoRA, 4 x 1.2 for QLoRA.
const hours = (mult, params, tokens, epochs = 1, runs = 1) => idealHours(params, tokens * epochs * runs, 989, 0.4) * mult / 6;

test('the train-vs-fine-tune preset prices three columns and keeps them in the link', async () => {
  const calc = await open('?grant=aws-activate:100K:0:0:730&grant=modal:5K');
  await calc.page.getByTestId('preset-train-vs-finetune').click();
  await calc.page.getByTestId('cmp-2').waitFor();
  // Pretrain 7B x 1T = 29,491 GPU-h = $202,898.55; continued 8B x 50B = 1,685 GPU-h; LoRA 8B x 200M x 10 = 44.9 GPU-h.
  const expected = [hours(6, 7e9, 1e12), hours(6, 8e9, 5e10), hours(4, 8e9, 2e8, 1, 10)];
  for (const [i, h] of expected.entries()) {
    assert.ok(near(await calc.value(`compare-gpu-hours-${i}`), h), `column ${i}`);
    assert.ok(near(await calc.value(`compare-cost-${i}`), h * 6.88), `column ${i} cost`);
  }
  // The cheapest column is marked, and the others say how many times its cost they are.
  assert.match(await calc.page.getByTestId('cmp-2').getAttribute('class'), /cheapest/);
  assert.match(await calc.page.getByTestId('compare-cost-0').innerText(), /656× the cheapest/);
  // AWS Activate pays each; Modal's grant pays none. Pretraining outruns $100K: cash from day 9.
  assert.equal(await calc.page.getByTestId('compare-payers-0').innerText(), 'AWS Activate (general cloud)');
  assert.equal(await calc.page.getByTestId('compare-runway-0').getAttribute('data-value'), '9');
  assert.equal(await calc.page.getByTestId('compare-runway-2').getAttribute('data-value'), 'none');
  await calc.waitForUrl((p) => p.getAll('cmp').join('|') === 'pretrain:7B:1T:1:1|continued:8B:50B:1:1|lora:8B:200M:1:10');
  await calc.page.waitForFunction(() => Number(document.querySelector('[data-testid=chart-compare]')?.dataset.drawCount) >= 1);
  assert.equal(await calc.page.getByTestId('chart-compare').getAttribute('data-draw-error'), null);
  await done(calc);
});

test('a column edits in place: kind, size, runs; bad text gets a message and keeps the last value', async () => {
  const calc = await open('?cmp=lora:8B:200M:1:10&cmp=full-ft:8B:200M:3:2');
  // Full fine-tune 8B on 200M tokens x 3 epochs x 2 runs: 6 * 8e9 * 1.2e9 = 5.76e19 FLOPs.
  assert.ok(near(await calc.value('compare-gpu-hours-1'), hours(6, 8e9, 2e8, 3, 2)));
  await calc.page.getByTestId('cmp-0-kind').selectOption('qlora');
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(4.8, 8e9, 2e8, 1, 10)));
  await calc.page.getByTestId('cmp-0-runs').fill('40');
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(4.8, 8e9, 2e8, 1, 40)));
  await calc.waitForUrl((p) => p.getAll('cmp')[0] === 'qlora:8B:200M:1:40');
  await calc.page.getByTestId('cmp-0-params').fill('lots');
  await calc.page.getByTestId('error-cmp-edit-0').waitFor();
  assert.match(await calc.page.getByTestId('error-cmp-edit-0').innerText(), /^Comparison 1: parameters "lots" is not a number/);
  assert.ok(near(await calc.value('compare-gpu-hours-0'), hours(4.8, 8e9, 2e8, 1, 40)));
  // Picking a base model fills in its active parameters: Mixtral 8x7B computes with 12.9B.
  await calc.page.getByTestId('cmp-1-base').selectOption('mixtral-8x7b');
  await calc.waitForValue('compare-gpu-hours-1', (v) => near(v, hours(6, 12.9e9, 2e8, 3, 2)));
  assert.equal(await calc.page.getByTestId('cmp-1-params').inputValue(), '12.9B');
  await calc.page.getByTestId('cmp-1-params').fill('8B');
  await calc.waitForValue('compare-gpu-hours-1', (v) => near(v, hours(6, 8e9, 2e8, 3, 2)));
  // Remove the first column: the second becomes column 1.
  await calc.page.getByTestId('remove-cmp-0').click();
  await calc.waitForUrl((p) => p.getAll('cmp').join('|') === 'full-ft:8B:200M:3:2');
  assert.ok(near(await calc.value('compare-gpu-hours-0'), hours(6, 8e9, 2e8, 3, 2)));
  await done(calc);
});

test('bad cmp tokens in a link get messages and the rest loads', async () => {
  const calc = await open('?cmp=pretrain:7B:1T&cmp=inference:8B:1B&cmp=' + encodeURIComponent('<img src=x onerror=alert(1)>') + '&cmp=lora:8B:200M:1:10');
  assert.equal(await calc.page.getByTestId('error-cmp-1').innerText(), 'Comparison 2: kind "inference" is not one of pretrain, continued, full-ft, lora, qlora, dpo.');
  assert.match(await calc.page.getByTestId('error-cmp-2').innerText(), /^Comparison 3: expected kind:params:tokens\[:epochs\[:runs\[:gpus\]\]\], got "<img src=x onerror=alert\(1\)>"\.$/);
  assert.equal(await calc.page.locator('img[src=x]').count(), 0);
  assert.ok(near(await calc.value('compare-gpu-hours-1'), hours(4, 8e9, 2e8, 1, 10)));
  await done(calc);
});
