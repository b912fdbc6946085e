// Issue 27, item 9: the keyboard's way into the page. Measured on the last build before this
// change (founder review, 1280×800, a first visit): 17 Tabs to the first starting point, 22 presses
// to change the calculator's first field, the skip link landing on "Add a workload", and nine
// "Show the math" stops between the calculator and the charts. Each count below is at most half.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { Keys, focused } from './support/keys.mjs';

const suite = pageSuite();
const { done } = suite;

/** Tabs from the top of a freshly opened page until `testId` has the focus; the number of presses. */
const tabsTo = (page, testId, max = 80) => new Keys(page).tabTo(testId, { max });

test('a first visit: the starting points are the first stops after the header, the calculator two presses away', async () => {
  for (const lang of ['en', 'pt']) {
    // A first visit: no link, nothing kept; the example plan and its starting points.
    const query = lang === 'pt' ? '?lang=pt' : '';
    const arrival = await suite.openOn('2026-12-03T09:00:00', query);
    await arrival.page.getByTestId('example-plan').waitFor();
    // Skip links (2), language (2), currency, share box, copy: the first starting point next.
    const starter = await tabsTo(arrival.page, 'starter-finetune-serve');
    assert.ok(starter <= 8, `${lang}: ${starter} Tabs to the first starting point (17 before)`);
    await done(arrival);
    // Arriving again: the first Tab is the skip to the calculator; Enter puts the focus on its
    // first field.
    const calc = await suite.openOn('2026-12-03T09:00:00', query);
    const { page } = calc;
    await page.getByTestId('example-plan').waitFor();
    const first = await tabsTo(page, 'skip-to-calculator');
    assert.equal(first, 1, lang);
    assert.equal(await page.evaluate(() => document.activeElement.innerText), lang === 'pt' ? 'Pular para a calculadora' : 'Skip to the calculator');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'input-kind');
    // And the field takes the keys: a press changes it (3 presses in all; 22 before).
    const before = await page.getByTestId('input-kind').inputValue();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((b) => document.getElementById('input-kind')?.value !== b, before);
    // The field is in view, below the sticky navigation strip, not under it.
    const [field, nav] = await Promise.all([
      page.getByTestId('input-kind').boundingBox(),
      page.locator('nav.toc').boundingBox(),
    ]);
    assert.ok(field.y >= nav.y + nav.height - 1, `${lang}: the field (top ${field.y}) is below the strip (bottom ${nav.y + nav.height})`);
    await done(calc);
  }
});

test('"Show the math" is one stop per section, and opens every working in it', async () => {
  const calc = await suite.open('?t0=2026-12-01&job=lora:8B:200M:aws:h100-sxm:1');
  const { page } = calc;
  // From the calculator's first field to the charts' summary, count the stops that show math.
  await page.getByTestId('input-kind').focus();
  const stops = [];
  for (let n = 0; n < 80; n++) {
    await page.keyboard.press('Tab');
    const id = await focused(page);
    if (id === 'summary-charts') break;
    if (await page.evaluate(() => /Show the math/.test(document.activeElement?.innerText ?? ''))) stops.push(id);
  }
  assert.deepEqual(stops, ['math-all-results'], 'one "Show the math" stop in the results (nine before)');
  // Enter on it opens the nine workings, each with its formula; again closes them.
  await page.getByTestId('math-all-results').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.results details.math[open] .formula').length === 9);
  assert.equal(await page.getByTestId('math-all-results').getAttribute('aria-pressed'), 'true');
  assert.match(await page.locator('.results details.math').first().innerText(), /=/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.results details.math[open]').length === 0);
  // A pointer (or a screen reader's cursor) still opens one working alone.
  const card = page.getByTestId('compute-cost').locator('xpath=..');
  await card.locator('summary').click();
  await page.waitForFunction(() => document.querySelectorAll('.results details.math[open]').length === 1);
  // The summaries keep their names for a screen reader's list of controls.
  const names = (await page.locator('.results summary').allInnerTexts()).map((n) => n.replace(/\s+/g, ' '));
  assert.equal(names.length, 9);
  // The open one says what a press does now: "Hide the math".
  assert.ok(names.every((n) => /^(Show|Hide) the math for \S/.test(n)), names.join(' | '));
  assert.equal(names.filter((n) => n.startsWith('Hide')).length, 1, names.join(' | '));
  await done(calc);
});
