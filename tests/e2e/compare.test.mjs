// End-to-end tests of the train-vs-fine-tune comparison: the preset, editing a column in place, the
// link encoding (`cmp=kind:params:tokens:epochs:runs[:gpus]`), bad tokens, and who pays each column.
// Expected numbers are hand calculations of docs/model.md, "Training compute" (support/hand.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { daly, idealHours, LLAMA3_MTBF, waste } from './support/hand.mjs';

const { open, done } = pageSuite({ waitFor: 'total-cost', sections: ['compare'] });
const near = (a, b, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
// FLOPs multipliers per token: 6 for pretraining and full fine-tuning, 4 for LoRA, 4 x 1.2 for QLoRA;
// gradient checkpointing adds a forward pass (LoRA 6, QLoRA (4 + 2) x 1.2 = 7.2, full 8), on by
// default for QLoRA only. 2 for embedding a corpus.
const work = (mult, params, tokens, epochs = 1, runs = 1) => idealHours(params, tokens * epochs * runs, 989, 0.4) * mult / 6;
// A training column is billed as the job it would be: on the default 64 H100 at AWS its
// all-reduce hides behind compute (η = 1: 400 GB/s a p5 node), and failures waste
// δ/τ + (τ/2 + R)/M of the time, M = 50,677 / 64 h, τ Daly's optimum (0.0147187).
const M64 = LLAMA3_MTBF / 64;
const W64 = waste(5 / 60, daly(5 / 60, M64), 10 / 60, M64);
const hours = (...a) => work(...a) / (1 - W64);

test('the train-vs-fine-tune preset prices three columns and keeps them in the link', async () => {
  const calc = await open('?grant=aws-activate:100K:0:0:730&grant=modal:5K');
  await calc.page.getByTestId('preset-train-vs-finetune').click();
  await calc.page.getByTestId('cmp-2').waitFor();
  // Pretrain 7B x 1T = 29,491 GPU-h of work, 29,932 billed = $205,929.5; continued 8B x 50B = 1,685
  // GPU-h of work; LoRA 8B x 200M x 10 = 44.9 GPU-h of work (each / (1 - 0.0147187) billed).
  assert.ok(near(W64, 0.0147187, 1e-5));
  const expected = [hours(6, 7e9, 1e12), hours(6, 8e9, 5e10), hours(4, 8e9, 2e8, 1, 10)];
  for (const [i, h] of expected.entries()) {
    assert.ok(near(await calc.value(`compare-gpu-hours-${i}`), h), `column ${i}`);
    assert.ok(near(await calc.value(`compare-cost-${i}`), h * 6.88), `column ${i} cost`);
  }
  // The cheapest column is marked, and the others say how many times its cost they are.
  assert.match(await calc.page.getByTestId('cmp-2').getAttribute('class'), /cheapest/);
  assert.match(await calc.page.getByTestId('compare-cost-0').innerText(), /656× the cheapest in the first year/);
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
  // QLoRA switches gradient checkpointing on (its default): 7.2 per parameter-token.
  await calc.page.getByTestId('cmp-0-kind').selectOption('qlora');
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(7.2, 8e9, 2e8, 1, 10)));
  assert.equal(await calc.page.getByTestId('cmp-0-ckpt').isChecked(), true);
  await calc.page.getByTestId('cmp-0-runs').fill('40');
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(7.2, 8e9, 2e8, 1, 40)));
  await calc.waitForUrl((p) => p.getAll('cmp')[0] === 'qlora:8B:200M:1:40');
  // Off: 4 x 1.2 = 4.8, and the link says so with a trailing flag.
  await calc.page.getByTestId('cmp-0-ckpt').uncheck();
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(4.8, 8e9, 2e8, 1, 40)));
  await calc.waitForUrl((p) => p.getAll('cmp')[0] === 'qlora:8B:200M:1:40::0');
  await calc.page.getByTestId('cmp-0-ckpt').check();
  await calc.waitForValue('compare-gpu-hours-0', (v) => near(v, hours(7.2, 8e9, 2e8, 1, 40)));
  await calc.page.getByTestId('cmp-0-params').fill('lots');
  await calc.page.getByTestId('error-cmp-edit-0').waitFor();
  assert.match(await calc.page.getByTestId('error-cmp-edit-0').innerText(), /^Comparison 1: parameters "lots" is not a number/);
  assert.ok(near(await calc.value('compare-gpu-hours-0'), hours(7.2, 8e9, 2e8, 1, 40)));
  // Picking a base model fills in its parameters: Mixtral 8x7B, a mixture, computes with 12.9B
  // active of 46.7B; its experts' all-to-all (not overlapped by default) adds to the failures'
  // share, so the column bills more than the dense work's hours / (1 − waste).
  await calc.page.getByTestId('cmp-1-base').selectOption('mixtral-8x7b');
  const mixtral = hours(6, 12.9e9, 2e8, 3, 2);
  await calc.waitForValue('compare-gpu-hours-1', (v) => v > mixtral * (1 + 1e-6) && v < 1.1 * mixtral);
  assert.equal(await calc.page.getByTestId('cmp-1-params').inputValue(), '12.9B/46.7B');
  await calc.waitForUrl((p) => p.getAll('cmp')[1] === 'full-ft:12.9B/46.7B:200M:3:2');
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
  assert.equal(await calc.page.getByTestId('error-cmp-1').innerText(), 'Comparison 2: kind "inference" is not one of pretrain, continued, full-ft, lora, qlora, dpo, rag.');
  assert.match(await calc.page.getByTestId('error-cmp-2').innerText(), /^Comparison 3: expected kind:params:tokens\[:epochs\[:runs\[:gpus\[:checkpointing\]\]\]\] or rag:.*, got "<img src=x onerror=alert\(1\)>"\.$/);
  assert.equal(await calc.page.locator('img[src=x]').count(), 0);
  assert.ok(near(await calc.value('compare-gpu-hours-1'), hours(4, 8e9, 2e8, 1, 10)));
  await done(calc);
});

test('a retrieval column: one-off embedding, monthly index and prompts, next to fine-tuning', async () => {
  const calc = await open('?cmp=lora:8B:200M:1:10');
  assert.equal(await calc.page.getByTestId('compare-ladder').innerText(), 'Most teams that think they must train should fine-tune; most that think they must fine-tune need better retrieval first.');
  await calc.page.getByTestId('add-retrieval').click();
  await calc.page.getByTestId('cmp-1').waitFor();
  // Embed 200M tokens with a 335M embedder (bge-large) on H100s at MFU 0.4: 2 * 335e6 * 2e8 =
  // 1.34e17 FLOPs = 0.0940906 GPU-h = $0.6473 at $6.88.
  const embedHours = work(2, 335e6, 2e8);
  assert.ok(near(await calc.value('compare-gpu-hours-1'), embedHours));
  assert.ok(near(await calc.value('compare-cost-1'), embedHours * 6.88));
  assert.ok(Math.abs(await calc.value('compare-cost-1') - 0.647343) < 1e-6);
  // Monthly: 2e8 / 512 = 390,625 chunks * 1,024 dims * 4 bytes = 1.6 GB * $0.023 (S3) = $0.0368,
  // plus 1M queries * 5 chunks * 512 tokens = 2.56e9 extra input tokens prefilled by the 8B model
  // served: 2 * 8e9 * 2.56e9 / (989e12 * 0.4) / 3600 = 28.7608 GPU-h = $197.8744. Total $197.9112.
  const monthly = (queries) => 1.6 * 0.023 + work(2, 8e9, queries * 5 * 512) * 6.88;
  assert.ok(near(await calc.value('compare-monthly-1'), monthly(1e6)));
  assert.ok(Math.abs(await calc.value('compare-monthly-1') - 197.911196) < 1e-5);
  // The LoRA sweep adds nothing a month.
  assert.equal(await calc.value('compare-monthly-0'), 0);
  await calc.waitForUrl((p) => p.getAll('cmp').join('|') === 'lora:8B:200M:1:10|rag:335M:200M:1M:5:512:1024');
  // Twice the queries: twice the prompt cost, the same index.
  await calc.page.getByTestId('cmp-1-queries').fill('2M');
  await calc.waitForValue('compare-monthly-1', (v) => near(v, monthly(2e6)));
  await calc.waitForUrl((p) => p.getAll('cmp')[1] === 'rag:335M:200M:2M:5:512:1024');
  assert.match(await calc.page.getByTestId('compare-math-1').textContent(), /= 390625 chunks × 1024 dims × 4 bytes = 1\.6 GB/);
  // A retrieval column opens from a link too; a bad k gets a message.
  const again = await open('?cmp=rag:335M:200M:1M:5:512:1024&cmp=rag:335M:200M:1M:0');
  assert.ok(near(await again.value('compare-monthly-0'), monthly(1e6)));
  assert.equal(await again.page.getByTestId('error-cmp-1').innerText(), 'Comparison 2: chunks per query "0" is not a whole number from 1 to 100.');
  await done(again);
  await done(calc);
});

test('gradient checkpointing on a LoRA column from a link and the checkbox', async () => {
  const calc = await open('?cmp=lora:8B:200M:1:10::1&cmp=full-ft:8B:200M:1:1');
  // LoRA with checkpointing 6 * 8e9 * 2e9; full fine-tuning without it 6 * 8e9 * 2e8.
  assert.ok(near(await calc.value('compare-gpu-hours-0'), hours(6, 8e9, 2e8, 1, 10)));
  assert.ok(near(await calc.value('compare-gpu-hours-1'), hours(6, 8e9, 2e8)));
  await calc.page.getByTestId('cmp-1-ckpt').check();
  // Full fine-tuning with checkpointing: 8 * N * D.
  await calc.waitForValue('compare-gpu-hours-1', (v) => near(v, hours(8, 8e9, 2e8)));
  await calc.waitForUrl((p) => p.getAll('cmp')[1] === 'full-ft:8B:200M:1:1::1');
  assert.match(await calc.page.getByTestId('compare-math-1').textContent(), /^FLOPs = 8 \(6 \+ 2 for gradient checkpointing\)/);
  await done(calc);
});
