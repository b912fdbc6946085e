// Issue 27, item 2: a first visit's plan is an example that says it is one. Starting points replace
// it in one step, the first workload added replaces it, each with an undo; a link, an edited
// example and the last plan of a returning visitor are never called an example.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { open, done } = suite;

const count = (calc, prefix) => calc.page.locator(`[data-testid^="${prefix}"]`).count();
const query = (calc) => new URL(calc.page.url()).search;

test('a first visit says its plan is an example, and a starting point replaces it in one click, with an undo', async () => {
  const calc = await open('');
  const banner = calc.page.getByTestId('example-plan');
  await banner.waitFor();
  // It names what it prices: the example job as its row does.
  const text = await banner.innerText();
  assert.match(text, /This is an example plan, not yours\./);
  assert.match(text, /\(Pretrain, 7B on 2T tokens: 64 × NVIDIA H100 SXM at Amazon Web Services\) with no credits/);
  // Four starting points; the address bar holds no plan while the example is untouched.
  assert.equal(await count(calc, 'starter-'), 4);
  assert.equal(query(calc), '');
  const exampleTotal = await calc.value('answer-total');

  await calc.page.getByTestId('starter-finetune-serve').click();
  await banner.waitFor({ state: 'detached' });
  // The keyboard is on the note that says what replaced the example (the starting points went
  // with it), not on its undo, where one more Enter would throw the new plan away; Tab reaches it.
  await calc.page.waitForFunction(() => document.activeElement?.dataset.testid === 'example-replaced');
  await calc.page.keyboard.press('Enter');
  await calc.page.keyboard.press('Tab');
  assert.equal(await calc.page.evaluate(() => document.activeElement?.dataset.testid), 'example-replaced-undo');
  // One LoRA job and one serving line, nothing of the example left.
  await calc.waitForUrl((p) => (p.get('job') ?? '').startsWith('lora:8B:200M:') && p.getAll('serve').length === 1);
  assert.equal(await count(calc, 'remove-job-'), 1);
  assert.equal(await count(calc, 'remove-serve-'), 1);
  assert.notEqual(await calc.value('answer-total'), exampleTotal);
  // The billing views price the plan's own serving line (1B tokens a month of an 8B model), not
  // their default 2B: the same API month and GPUs as the line's (issue 27, item 3; since issue 44
  // they read the line itself, so the link carries no copy of its volume).
  assert.equal(await calc.value('api-monthly'), await calc.value('serve-api-monthly-0'));
  assert.equal(await calc.value('serving-gpus'), await calc.value('serve-gpus-0'));
  assert.equal(await calc.params().then((p) => p.get('tokens_month')), null);
  const note = calc.page.getByTestId('example-replaced');
  assert.match(await note.innerText(), /Started from “Fine-tune an open 8B model and serve it for a year”/);

  // The undo puts the example back, banner and bare address bar included.
  await calc.page.getByTestId('example-replaced-undo').click();
  await banner.waitFor();
  assert.equal(await calc.value('answer-total'), exampleTotal);
  await calc.waitForUrl(() => query(calc) === '');
  assert.equal(await calc.page.getByTestId('example-replaced').count(), 0);
  // The focus stays in the banner, on the first starting point.
  assert.equal(await calc.page.evaluate(() => document.activeElement?.dataset.testid), 'starter-finetune-serve');
  await done(calc);
});

test('the first workload added to the untouched example replaces it; an edited example is kept', async () => {
  const calc = await open('');
  await calc.page.getByTestId('example-plan').waitFor();
  // Add an experiments line: the plan is that line alone.
  await calc.page.getByTestId('new-work-type').selectOption('experiments');
  await calc.page.getByTestId('add-workload').click();
  const note = calc.page.getByTestId('example-replaced-form');
  await note.waitFor();
  assert.match(await note.innerText(), /Your first workload replaced the example plan\./);
  assert.equal(await count(calc, 'remove-job-'), 0);
  assert.equal(await count(calc, 'remove-work-'), 1);
  await calc.waitForUrl((p) => p.getAll('work').length === 1 && p.get('job') === null);
  assert.equal(await calc.page.getByTestId('example-plan').count(), 0);
  // Undo: the example is back.
  await calc.page.getByTestId('example-replaced-form-undo').click();
  await calc.page.getByTestId('example-plan').waitFor();
  assert.equal(await count(calc, 'remove-job-'), 1);
  assert.equal(await count(calc, 'remove-work-'), 0);

  // Edited, the example is the reader's plan: no banner, and a workload added joins it.
  await calc.type('gpus', '32');
  await calc.page.getByTestId('example-plan').waitFor({ state: 'detached' });
  await calc.waitForUrl((p) => p.get('gpus') === '32');
  await calc.page.getByTestId('new-work-type').selectOption('experiments');
  await calc.page.getByTestId('add-workload').click();
  await calc.page.getByTestId('remove-work-0').waitFor();
  assert.equal(await count(calc, 'remove-job-'), 1);
  assert.equal(await calc.page.getByTestId('example-replaced-form').count(), 0);
  await done(calc);
});

test('a link, a language-only link and a returning visit: only a link without a plan is the example', async () => {
  // A shared plan is never called an example, even when it is the example's own job.
  const linked = await open('?job=pretrain:7B:2T:aws:h100-sxm:64');
  assert.equal(await linked.page.getByTestId('example-plan').count(), 0);
  await done(linked);

  // `?lang=pt` carries no plan: the example, in Portuguese.
  const pt = await open('?lang=pt');
  assert.match(await pt.page.getByTestId('example-plan').innerText(), /Este é um plano de exemplo, não o seu\./);
  // A starting point, then a reload without a link: the plan it opened comes back, not the example.
  await pt.page.getByTestId('starter-pretrain-small').click();
  await pt.waitForUrl((p) => (p.get('job') ?? '').startsWith('pretrain:1.3B:26B:'));
  await pt.page.goto(suite.server.url);
  await pt.built();
  await pt.waitForUrl((p) => (p.get('job') ?? '').startsWith('pretrain:1.3B:26B:'));
  assert.equal(await pt.page.getByTestId('example-plan').count(), 0);
  await done(pt);
});
