// The main journey with the keyboard alone: build a plan (add a fine-tune to it), add two grants
// from the program catalog, read the answers, save the plan, copy its link. Every control is
// reached with Tab (or Shift+Tab) and used with Enter, Space, arrows or typing; the test counts
// the presses, so a tab order that sends the keyboard on a long detour fails it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { Keys } from './support/keys.mjs';

const suite = pageSuite();
const { done } = suite;

test('keyboard only: build a plan, add grants, read the answers, save, share', async () => {
  const calc = await suite.openOn('2026-12-01T09:00:00', '?t0=2026-12-01');
  const { page } = calc;
  const presses = {};
  const k = new Keys(page);
  // Start from the top of the page, as a keyboard user arriving does.
  await page.evaluate(() => document.activeElement?.blur());

  // 1. A LoRA fine-tune of an 8B model beside the default pretraining run.
  presses.kind = await k.tabTo('new-work-type');
  await k.arrowTo('lora');
  presses.params = await k.tabTo('new-work-params');
  await k.retype('8B');
  presses.add = await k.tabTo('add-workload');
  await k.press('Enter');
  await page.getByTestId('job-cost-1').waitFor();
  assert.equal(await page.getByTestId('error-work-new').count(), 0, 'the fine-tune is accepted');

  // 2. Two grants from the catalog: open it from its summary, add Modal and AWS Activate.
  presses.catalog = await k.tabTo('summary-programs');
  await k.press('Enter');
  await page.getByTestId('add-program-modal').waitFor();
  presses.modal = await k.tabTo('add-program-modal');
  await k.press('Enter');
  presses.activate = await k.tabTo('add-program-aws-activate', { back: true });
  await k.press('Space');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^=remove-grant-]').length === 2);
  // Each addition is announced (the new row is far from the button).
  assert.match(await page.getByTestId('announcement').textContent(), /AWS Activate \(general cloud\) added to the plan as grant 2/);

  // 3. The answers at the top: what the plan costs and how much the credits pay, as numbers.
  const total = await calc.value('answer-total');
  const credits = await calc.value('answer-credits-used');
  assert.ok(total > 0 && credits > 0 && credits <= total, `total ${total}, credits ${credits}`);

  // 4. Save it under a name: open "Your plans", type the name, press Save.
  presses.saved = await k.tabTo('summary-saved', { back: true, max: 200 });
  await k.press('Enter');
  // Its contents are built on first open: the next Tab goes into them once they are there.
  await page.getByTestId('scenario-name').waitFor();
  presses.name = await k.tabTo('scenario-name');
  await k.type('Keyboard plan');
  presses.save = await k.tabTo('save-scenario');
  await k.press('Enter');
  await page.waitForFunction(() => /Keyboard plan/.test(document.querySelector('[data-testid=scenario-status]')?.textContent ?? ''));

  // 5. Share: back up to the header's Copy link.
  presses.copy = await k.tabTo('copy-link', { back: true, max: 200 });
  await k.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid=copy-status]')?.textContent.trim() !== '');
  const link = new URL(await page.getByTestId('share-url').inputValue());
  assert.equal(link.searchParams.getAll('grant').length, 2, 'the link carries both grants');
  assert.ok(link.searchParams.getAll('job').some((j) => j.startsWith('lora:8B:')), 'and the fine-tune');

  // No step is a long detour (the founder review counted 47 Tabs to "Add a workload").
  for (const [step, n] of Object.entries(presses)) assert.ok(n <= 60, `${step}: ${n} presses`);
  console.log('keyboard presses per step', presses);
  await done(calc);
});
