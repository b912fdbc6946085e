// Issue 27, item 9: the three founder journeys of the issue, press by press. Each counts every key
// (typing counts one press a character) or, on the phone, every tap, swipe and key, and must take
// at most half of what the same journey took on 898bfa8, the last build before issue 27. Those
// counts were measured with the same hands (support/keys.mjs) on that build, taking its shortest
// path (the notes under each test say which), at 1280×800 and 390×844:
//   São Paulo founder (Portuguese, reais): 123 presses;
//   research CTO (1.3B pretraining, experiments, clouds compared): 92 presses (the review
//   counted about 99);
//   co-founder on her phone (change a grant of a shared link, send it back): 10 actions, of which
//   the 4 characters of the new amount are the same in both builds and the other 6 are halved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { Keys, Touch } from './support/keys.mjs';

const suite = pageSuite();
const { done } = suite;

/** Waits until the element with `testId` has the focus (a handler moves it in a later task). */
const focusOn = (page, testId) => page.waitForFunction((id) => document.activeElement?.dataset?.testid === id, testId);

test('São Paulo: LoRA-tune an 8B model, serve it a year, in reais, with AWS and Microsoft credits, by keyboard', async () => {
  const calc = await suite.openOn('2026-12-03T09:00:00', '?lang=pt', { viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  await page.getByTestId('example-plan').waitFor();
  const k = new Keys(page);
  // The starting point that is her question: an open 8B model, fine-tuned and served a year.
  await k.tabTo('starter-finetune-serve');
  await k.press('Enter');
  await focusOn(page, 'example-replaced');
  // Reais: back up to the currency, one arrow (the dated rate applies at once).
  await k.tabTo('currency-code', { back: true });
  await k.arrowTo('brl');
  await page.waitForFunction(() => /R\$/.test(document.querySelector('[data-testid=answer-total]')?.textContent ?? ''));
  // The two programs from the catalog, reached from the navigation strip.
  await k.tabTo('nav-programs');
  await k.press('Enter');
  await k.tabTo('add-program-aws-activate');
  await k.press('Enter');
  await k.tabTo('add-program-azure-founders');
  await k.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^=remove-grant-]').length === 2);
  // The share box follows the plan a task after an edit (src/sections/share.rs): read it once it
  // has (a fresh-clone run read it a task early and found one grant).
  await page.waitForFunction(() => (document.querySelector('[data-testid=share-url]')?.value.match(/[?&]grant=/g) ?? []).length === 2);

  // The plan is hers: a LoRA job and a year of serving on AWS, two grants, shown in reais.
  const link = new URL(await page.getByTestId('share-url').inputValue());
  assert.deepEqual(link.searchParams.getAll('job').map((j) => j.split(':').slice(0, 2).join(':')), ['lora:8B']);
  assert.match(link.searchParams.get('serve'), /^8B:1B:aws:h100-sxm:7:12/);
  assert.deepEqual(link.searchParams.getAll('grant').map((g) => g.split(':')[0]), ['aws-activate', 'azure-founders']);
  assert.equal(link.searchParams.get('cur'), 'brl');
  // The answers read first: the plan's cost in reais, and the credits pay part of it.
  assert.match(await page.getByTestId('answer-total').innerText(), /^R\$\u00a0/);
  const [total, credits] = [await calc.value('answer-total'), await calc.value('answer-credits-used')];
  assert.ok(credits > 0 && credits <= total, `total ${total}, credits ${credits}`);
  // 123 presses on 898bfa8: R$ and its rate typed (11), the example job retyped into the LoRA on
  // one AWS H100 (52), a serving line on AWS through the add form (42), the catalog opened and
  // two grants (18).
  assert.ok(k.count <= 123 / 2, `${k.count} presses`);
  console.log('São Paulo founder, presses:', k.count);
  await done(calc);
});

test('research CTO: a 1.3B pretraining run, experiments beside it, the clouds compared, by keyboard', async () => {
  const calc = await suite.openOn('2026-12-03T09:00:00', '', { viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  await page.getByTestId('example-plan').waitFor();
  const k = new Keys(page);
  // Pretraining a small model: 1.3B parameters on its compute-optimal 26B tokens.
  await k.tabTo('starter-pretrain-small');
  await k.press('Enter');
  await focusOn(page, 'example-replaced');
  // Experiments beside it: the second skip link goes to the add form's first field.
  await k.tabTo('skip-to-add-workload', { back: true });
  await k.press('Enter');
  await focusOn(page, 'new-work-type');
  await k.arrowTo('experiments');
  await k.tabTo('add-workload');
  await k.press('Enter');
  await page.getByTestId('edit-work-0').waitFor();
  // The clouds compared for the pretraining run: the charts, opened from their summary.
  await k.tabTo('summary-charts', { back: true });
  await k.press('Enter');
  const providers = page.getByTestId('chart-text-provider');
  await page.waitForFunction(() => /\$/.test(document.querySelector('[data-testid=chart-text-provider]')?.textContent ?? ''));

  const link = new URL(await page.getByTestId('share-url').inputValue());
  // 1.3B × 20 tokens a parameter (Hoffmann et al. 2022) = 26B tokens, on 8 H100s on AWS.
  assert.deepEqual(link.searchParams.getAll('job').map((j) => j.split(':').slice(0, 6).join(':')), ['pretrain:1.3B:26B:aws:h100-sxm:8']);
  assert.equal(link.searchParams.getAll('work').length, 1, 'one experiments row');
  // The comparison names more than one cloud, each with a price.
  const text = await providers.textContent();
  assert.ok((text.match(/\$[\d,.]+/g) ?? []).length >= 3, text);
  assert.match(text, /Amazon Web Services/);
  // 92 presses on 898bfa8: the example job retyped into 1.3B on 26B tokens on 8 AWS H100s (49),
  // experiments through the add form (31), the charts opened (12).
  assert.ok(k.count <= 92 / 2, `${k.count} presses`);
  console.log('research CTO, presses:', k.count);
  await done(calc);
});

test('co-founder on her phone: a shared link, one grant changed, the link sent back', async () => {
  const query = '?t0=2026-12-03&job=lora:8B:200M:aws:h100-sxm:1:0:3&serve=8B:1B:aws:h100-sxm:7:12&grant=aws-activate&grant=azure-founders&lang=pt';
  const calc = await suite.openOn('2026-12-03T09:00:00', query, {
    viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, permissions: ['clipboard-read', 'clipboard-write'],
  });
  const { page } = calc;
  const hands = new Touch(page);
  // The answers she reads first name each grant: its name is the way to its amount, selected.
  await hands.tap('answer-grant-link-0');
  await focusOn(page, 'grant-0-amount');
  assert.equal(await page.evaluate(() => document.activeElement.selectionEnd - document.activeElement.selectionStart), '100K'.length);
  const box = await page.getByTestId('grant-0-amount').boundingBox();
  const strip = await page.locator('nav.toc').boundingBox();
  assert.ok(box.y >= strip.y + strip.height && box.y + box.height <= 844, `the box (top ${box.y}) is on screen below the strip`);
  const typed = '150K';
  await hands.type(typed);
  await page.waitForFunction(() => /150K/.test(document.querySelector('[data-testid=share-url]')?.value ?? ''));
  // Sent back from where she is: the strip's own "Copiar link", no scrolling up to the header.
  await hands.tap('copy-link-strip');
  await page.waitForFunction(() => document.querySelector('[data-testid=copy-link-strip]')?.innerText === 'Link copiado');
  const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  assert.deepEqual(copied.searchParams.getAll('grant').map((g) => g.split(':').slice(0, 2).join(':')), ['aws-activate:150K', 'azure-founders:5K']);
  assert.equal(copied.searchParams.get('t0'), '2026-12-03', 'the same dates');
  // 10 actions on 898bfa8: "Créditos" in the strip, a swipe to the grant, a tap on its amount, a
  // double tap to select it, the 4 characters, a flick to the top and "Copiar link". The
  // characters are the same in both; everything else (6 then) is at most half.
  assert.ok(hands.count <= 10, `${hands.count} actions`);
  assert.ok(hands.count - typed.length <= 6 / 2, `${hands.count - typed.length} actions besides typing the amount`);
  console.log('co-founder on her phone, actions:', hands.count);
  await done(calc);
});
