// Keyboard focus after actions that remove or replace the control that had it (remove a workload,
// a grant, a comparison column; delete, undo, rename, duplicate a saved plan; use the planner's
// dates; switch the language), in both languages: each action is done from the keyboard (Enter or
// Space on the focused control), then the focus must be on the sensible next control (never the
// page body) and the live region (`announcement`) must say what changed. And the tab order follows
// the screen at 1280×800 and at 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;
const TODAY = '2026-12-01T12:00:00Z';

/** The focused element: its test id, tag and accessible name (aria-label, else its text). */
const active = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { id: el?.dataset?.testid ?? null, tag: el?.tagName, name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim() };
  });

/** Focuses a control (opening the section it is in, as a user would) and presses `key` on it. */
async function press(calc, testId, key = 'Enter') {
  const control = await calc.reveal(calc.page.getByTestId(testId));
  await control.focus();
  assert.equal((await active(calc.page)).id, testId, `${testId} takes the focus`);
  await calc.page.keyboard.press(key);
}

/** Waits until the focus is on `testId`; fails naming where it is instead. */
async function focusLandsOn(page, testId) {
  try {
    await page.waitForFunction((id) => document.activeElement?.dataset?.testid === id, testId, { timeout: 3000 });
  } catch {
    const a = await active(page);
    assert.fail(`the focus should be on ${testId}, it is on ${a.tag} ${a.id ?? ''} "${a.name.slice(0, 60)}"`);
  }
}

/** Waits until the live region's text matches `pattern`; fails with what it says. */
async function announced(page, pattern) {
  const region = page.getByTestId('announcement');
  try {
    await page.waitForFunction(
      ([source, flags]) => new RegExp(source, flags).test(document.querySelector('[data-testid=announcement]')?.textContent ?? ''),
      [pattern.source, pattern.flags],
      { timeout: 3000 },
    );
  } catch {
    assert.fail(`the live region says ${JSON.stringify(await region.textContent())}, not ${pattern}`);
  }
}

// Two grants and an experiment: the two-grant plan of the page heights in docs/page.md.
const PLAN = '?t0=2026-12-01&start=20&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&work=modal:h100-sxm:8:2K:5:0.25';
// Two training jobs, one serving line and one experiment: the workload list reads jobs 1–2, then
// the serving line, then the experiments (src/sections/workload/workloads.rs), one Remove button each.
const WORKLOADS =
  '?t0=2026-12-01&job=pretrain:7B:2T:aws:h100-sxm:64&job=lora:8B:20M:modal:h100-sxm:1&serve=8B:2B:modal:h100-sxm&work=modal:h100-sxm:8:2K:5:0.25';

test('removing workloads: the focus goes to the row now in its place, else the one before, else the heading', async () => {
  const calc = await suite.openOn(TODAY, WORKLOADS);
  const { page } = calc;
  await page.getByTestId('remove-work-0').waitFor();
  // Job 2 (the LoRA job) goes: the next row is the serving line.
  await press(calc, 'remove-job-1');
  await focusLandsOn(page, 'remove-serve-0');
  await announced(page, /^Job 2, .*LoRA.*, removed from the plan\. Undo is under the list\.$/);
  assert.equal(await page.getByTestId('job-1').count(), 0, 'job 2 is gone');
  // The serving line goes (Space this time): the experiments are next.
  await press(calc, 'remove-serve-0', 'Space');
  await focusLandsOn(page, 'remove-work-0');
  await announced(page, /^Serving line 1, .+, removed from the plan\. Undo is under the list\.$/);
  // The experiments were the last row: the one before (job 1) takes the focus.
  await press(calc, 'remove-work-0');
  await focusLandsOn(page, 'remove-job-0');
  await announced(page, /^Experiments 1 removed from the plan\. Undo is under the list\.$/);
  // The last workload: the list's heading, and the live region says the plan is empty.
  await press(calc, 'remove-job-0');
  await focusLandsOn(page, 'workloads-heading');
  await announced(page, /^Job 1, .+, removed from the plan\. The plan has no workloads now\. Undo is under the list\.$/);
  await page.getByTestId('no-workloads').waitFor();
  await done(calc);
});

test('adding and editing workloads: the focus goes to the new row or to the form, and each change is said', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01&serve=8B:2B:modal:h100-sxm');
  const { page } = calc;
  // The form's default kind is a LoRA job (src/sections/workload/workloads.rs, AddForm::new), of
  // the model picked; the plan has no job, so it becomes job 1.
  await page.getByTestId('new-work-base').selectOption('llama-3.1-8b');
  await press(calc, 'add-workload');
  await announced(page, /^Job 1 added to the plan: .*LoRA.*\.$/);
  // The new row takes the keyboard (issue 47: on the button, a second Enter added a duplicate),
  // and the screen shows it.
  await focusLandsOn(page, 'job-0');
  assert.ok(await page.getByTestId('job-0').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }), 'the added row is on screen');
  // Enter again adds nothing: one job.
  await page.keyboard.press('Enter');
  assert.equal(await page.getByTestId('job-1').count(), 0, 'no second job');
  // An experiment row and a serving line added the same way take the keyboard too.
  await page.getByTestId('new-work-type').selectOption('experiments');
  await press(calc, 'add-workload');
  await focusLandsOn(page, 'work-0');
  // Editing the serving line moves the keyboard into the form below; Cancel goes back to Edit.
  await press(calc, 'edit-serve-0');
  await focusLandsOn(page, 'new-work-type');
  await announced(page, /^Serving line 1 is in the form below/);
  await press(calc, 'cancel-edit-serve');
  await focusLandsOn(page, 'edit-serve-0');
  await announced(page, /^Editing serving line 1 cancelled; nothing changed\.$/);
  assert.equal(await page.getByTestId('cancel-edit-serve').count(), 0);
  await done(calc);
});

test('removing grants: the next grant, then the heading; in Portuguese too', async () => {
  for (const [lang, first, last] of [
    ['en', /^Grant 1, AWS Activate.*, removed from the plan\.$/, /^Grant 1, Modal.*, removed from the plan\.$/],
    ['pt', /^Crédito 1, AWS Activate.*, removido do plano\.$/, /^Crédito 1, Programa para startups da Modal, removido do plano\.$/],
  ]) {
    const calc = await suite.openOn(TODAY, `?t0=2026-12-01&lang=${lang}&grant=aws-activate&grant=modal`);
    const { page } = calc;
    await press(calc, 'remove-grant-0');
    // Modal moved up into place 1: its Remove button has the focus.
    await focusLandsOn(page, 'remove-grant-0');
    await announced(page, first);
    assert.match((await active(page)).name, /Modal/, `${lang}: the focused button removes Modal`);
    await press(calc, 'remove-grant-0', 'Space');
    await focusLandsOn(page, 'grants-heading');
    await announced(page, last);
    await done(calc);
  }
});

test('Portuguese: removing a workload is said in Portuguese', async () => {
  const calc = await suite.openOn(TODAY, `${WORKLOADS}&lang=pt`);
  const { page } = calc;
  await press(calc, 'remove-job-0');
  await focusLandsOn(page, 'remove-job-0');
  await announced(page, /^Treinamento 1, .+, removido do plano\. Desfazer fica abaixo da lista\.$/);
  await done(calc);
});

test('comparison columns: remove goes to the next column, then to "add a column"; the fourth column takes the focus', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01&cmp=pretrain:7B:2T&cmp=lora:8B:20M');
  const { page } = calc;
  await press(calc, 'remove-cmp-0');
  await focusLandsOn(page, 'remove-cmp-0');
  await announced(page, /^Column 1 removed from the comparison\.$/);
  await press(calc, 'remove-cmp-0');
  await focusLandsOn(page, 'add-column');
  await announced(page, /^Column 1 removed from the comparison\. The comparison has no columns now\.$/);
  // At most four columns (MAX_COLUMNS): the fourth disables "add a column", so the focus moves to
  // the new column's first control instead of dropping to the page.
  for (let n = 1; n <= 3; n++) {
    await press(calc, 'add-column');
    await announced(page, new RegExp(`^Column ${n} added to the comparison\\.$`));
    assert.equal((await active(page)).id, 'add-column');
  }
  await press(calc, 'add-column');
  await announced(page, /^Column 4 added to the comparison\.$/);
  await focusLandsOn(page, 'cmp-3-kind');
  assert.equal(await page.getByTestId('add-column').isDisabled(), true);
  await done(calc);
});

/** The saved plans' names, in list order. */
const names = (page) => page.locator('[data-testid^=saved-name-]').allTextContents();

/** Saves the current plan under `name` as a new saved plan. */
async function saveAs(calc, name) {
  await calc.page.getByTestId('scenario-name').fill(name);
  await calc.page.getByTestId('save-scenario-new').click();
  await calc.page.getByTestId('scenario-status').filter({ hasText: name }).waitFor();
}

test('saved plans: rename (save, Escape, Cancel), duplicate, delete and undo keep the focus on the plan', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01');
  const { page } = calc;
  await calc.openSection('saved');
  await saveAs(calc, 'Alpha');
  await saveAs(calc, 'Beta');
  const at = async (name) => {
    const i = (await names(page)).indexOf(name);
    assert.ok(i >= 0, `${name} is in the list (${await names(page)})`);
    return i;
  };

  // Rename Beta: the field takes the focus; Enter saves, and the focus is back on its Rename.
  let i = await at('Beta');
  await press(calc, `rename-saved-${i}`);
  await focusLandsOn(page, `rename-input-${i}`);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Gamma');
  await page.keyboard.press('Enter');
  await announced(page, /^Renamed to "Gamma"\.$/);
  await focusLandsOn(page, `rename-saved-${await at('Gamma')}`);
  // Escape cancels: the name stays, the focus goes back to Rename.
  i = await at('Gamma');
  await press(calc, `rename-saved-${i}`);
  await focusLandsOn(page, `rename-input-${i}`);
  await page.keyboard.type(' no');
  await page.keyboard.press('Escape');
  await announced(page, /^Rename cancelled; the name is still "Gamma"\.$/);
  await focusLandsOn(page, `rename-saved-${i}`);
  // So does the Cancel button (reached with Tab past Save name).
  await press(calc, `rename-saved-${i}`);
  await focusLandsOn(page, `rename-input-${i}`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal((await active(page)).id, `rename-cancel-${i}`);
  assert.equal((await active(page)).name, 'Cancel renaming "Gamma"', 'the Cancel button says what it cancels');
  await page.keyboard.press('Space');
  await focusLandsOn(page, `rename-saved-${i}`);
  assert.deepEqual((await names(page)).sort(), ['Alpha', 'Gamma']);

  // Duplicate: the list is rebuilt; the focus stays on the original's Duplicate.
  await press(calc, `duplicate-saved-${await at('Alpha')}`);
  await announced(page, /^Copy saved as ".*Alpha.*"\.$/);
  await focusLandsOn(page, `duplicate-saved-${await at('Alpha')}`);
  assert.equal((await names(page)).length, 3);

  // Delete Gamma: the plan now in its place (else the one before) has the focus on its Delete.
  i = await at('Gamma');
  await press(calc, `delete-saved-${i}`);
  await announced(page, /^Deleted "Gamma"\. The Undo button above the list brings it back\.$/);
  await focusLandsOn(page, `delete-saved-${Math.min(i, 1)}`);
  assert.equal((await names(page)).length, 2);
  // Undo: Gamma is back and its Delete has the focus again.
  await press(calc, 'undo-delete');
  await announced(page, /^"Gamma" is back in your plans\.$/);
  await focusLandsOn(page, `delete-saved-${await at('Gamma')}`);
  assert.equal(await page.getByTestId('undo-delete').count(), 0);

  // Deleting every plan leaves the focus on Undo.
  for (let n = 3; n > 0; n--) await press(calc, 'delete-saved-0');
  await focusLandsOn(page, 'undo-delete');
  await page.getByTestId('saved-empty').waitFor();
  await done(calc);
});

test('Portuguese: renaming a saved plan is said in Portuguese', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01&lang=pt');
  const { page } = calc;
  await calc.openSection('saved');
  await saveAs(calc, 'Alfa');
  await press(calc, 'rename-saved-0');
  await focusLandsOn(page, 'rename-input-0');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Beta');
  await page.keyboard.press('Enter');
  await announced(page, /^Renomeado para "Beta"\.$/);
  await focusLandsOn(page, 'rename-saved-0');
  // An empty name is refused, naming the field, and the field keeps the focus.
  await press(calc, 'rename-saved-0');
  await focusLandsOn(page, 'rename-input-0');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await announced(page, /^Nome do plano: não pode ficar vazio/);
  assert.equal((await active(page)).id, 'rename-input-0');
  await done(calc);
});

// The planner's plan (planner.test.mjs): one Modal experiment from day 400, the Modal grant applied
// on day 0; the planner moves the grant's application to day 397, so one grant changes.
test('"Use these dates": the focus goes to the note that the dates are in the plan', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01&work=modal:h100-sxm:1:8760:400:1:1&grant=modal');
  const { page } = calc;
  await press(calc, 'plan-applications');
  await page.getByTestId('use-suggested-dates').waitFor();
  await press(calc, 'use-suggested-dates');
  await focusLandsOn(page, 'suggested-applied');
  await announced(page, /^Suggested dates written into the plan: 1 grant changed\.$/);
  await done(calc);
});

test('"Move day 0 to today": the focus goes to the note that says so, its Undo one Tab further', async () => {
  // Opened on 1 Dec 2026, a link whose day 0 is 1 Nov 2026: 30 days in the past.
  const calc = await suite.openOn(TODAY, '?t0=2026-11-01&job=lora:8B:200M:aws:h100-sxm:1');
  const { page } = calc;
  await press(calc, 'move-day0-today');
  await calc.waitForUrl((p) => p.get('t0') === '2026-12-01');
  // On the Undo itself, one more Enter put day 0 back (issue 47).
  await focusLandsOn(page, 'day0-moved');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.equal(new URL(page.url()).searchParams.get('t0'), '2026-12-01', 'Enter on the note changes nothing');
  await page.keyboard.press('Tab');
  await focusLandsOn(page, 'day0-moved-undo');
  await done(calc);
});

test('switching the language keeps the focus on the switch', async () => {
  const calc = await suite.openOn(TODAY, '?t0=2026-12-01');
  const { page } = calc;
  await press(calc, 'lang-pt');
  await page.waitForFunction(() => document.documentElement.lang.startsWith('pt'));
  await focusLandsOn(page, 'lang-pt');
  await done(calc);
});

test('the second Tab offers a skip to the add-workload form, which is otherwise ~55 stops away', async () => {
  const calc = await suite.openOn(TODAY, PLAN);
  const { page } = calc;
  await page.evaluate(() => document.activeElement?.blur());
  // The first is the skip to the calculator (keyboard-stops.test.mjs).
  await page.keyboard.press('Tab');
  assert.equal((await active(page)).id, 'skip-to-calculator');
  await page.keyboard.press('Tab');
  const skip = await active(page);
  assert.equal(skip.id, 'skip-to-add-workload');
  assert.equal(skip.name, 'Skip to adding a workload');
  // Hidden until focused; focused, it is on screen.
  const box = await page.getByTestId('skip-to-add-workload').boundingBox();
  assert.ok(box && box.y >= 0 && box.height >= 24, `the focused skip link is on screen (${JSON.stringify(box)})`);
  await page.keyboard.press('Enter');
  await focusLandsOn(page, 'new-work-type');
  // The link is not followed: the address keeps no fragment.
  assert.equal(new URL(page.url()).hash, '');
  await done(calc);
});

/**
 * Presses Tab from the top of the page until the focus leaves the page or comes back round;
 * returns each focused element's test id and box in page coordinates.
 */
async function tabWalk(page, max = 400) {
  await page.evaluate(() => document.activeElement?.blur());
  const seen = [];
  for (let n = 0; n < max; n++) {
    await page.keyboard.press('Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement;
      if (!a || a === document.body) return null;
      const r = a.getBoundingClientRect();
      return {
        id: a.dataset?.testid ?? a.id ?? a.tagName,
        name: (a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 50),
        left: r.left + window.scrollX,
        right: r.right + window.scrollX,
        top: r.top + window.scrollY,
        // Sticky (the navigation bar): where it sits in the page, not where it is stuck.
        sticky: Boolean(a.closest('nav')),
      };
    });
    if (!el || (seen.length && el.id === seen[0].id && el.top === seen[0].top)) break;
    seen.push(el);
  }
  assert.ok(seen.length > 40, `the walk reached ${seen.length} controls`);
  return seen;
}

// Within one row of a grid (results cards of different heights, a grant's boxes under its Remove)
// the next control may sit a little higher; a row of the results grid is ~100 px tall.
const TOLERANCE = 40;

test('tab order at 1280×800: down each column, the left column before the right one', async () => {
  const calc = await suite.openOn(TODAY, PLAN, { viewport: { width: 1280, height: 800 } });
  const { page } = calc;
  // The two columns of the layout (style/main.css `.layout`): the calculator's inputs with the
  // plan tools under them on the left, the results, charts and credits on the right. A column is
  // decided by x: a control is in the right column when it starts right of the left column's edge.
  const edge = await page.locator('#workload').evaluate((el) => el.getBoundingClientRect().right);
  const band = await page.locator('#workload').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const bandEnd = await page.locator('.details-grid').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const walk = await tabWalk(page);
  const column = (el) => (el.left >= edge ? 'right' : 'left');
  // 1. Within a column the focus never jumps back up the page (beyond one grid row's slack).
  const last = {};
  for (const el of walk.filter((e) => !e.sticky)) {
    const c = column(el);
    if (last[c]) assert.ok(el.top >= last[c].top - TOLERANCE, `${c} column: ${el.id} "${el.name}" (y ${el.top}) comes after ${last[c].id} (y ${last[c].top})`);
    last[c] = el;
  }
  // 2. Between the answers and the detail sections the two columns sit side by side; they are read
  // the way they are laid out for a left-to-right reader and the way a phone stacks them: the whole
  // left column (the inputs, then "Which credits fit" and "Your plans" under them), then the whole
  // right column. So once the focus is in the right column it never goes back to the left one.
  const inBand = walk.filter((e) => !e.sticky && e.top >= band && e.top < bandEnd);
  const firstRight = inBand.findIndex((e) => column(e) === 'right');
  assert.ok(firstRight > 0, 'the band has controls in both columns');
  const back = inBand.slice(firstRight).find((e) => column(e) === 'left');
  assert.equal(back, undefined, `after the right column starts, ${back?.id} "${back?.name}" is back in the left column`);
  // The left column starts with the calculator, the right one with the results.
  assert.equal(inBand[0].id, 'input-kind');
  console.log(`1280×800: ${walk.length} tab stops; the right column starts at ${inBand[firstRight].id || inBand[firstRight].name}`);
  await done(calc);
});

test('tab order at 390×844: one column, so the focus only goes down the page', async () => {
  const calc = await suite.openOn(TODAY, PLAN, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const { page } = calc;
  const walk = await tabWalk(page);
  let previous = null;
  for (const el of walk.filter((e) => !e.sticky)) {
    if (previous) assert.ok(el.top >= previous.top - TOLERANCE, `${el.id} "${el.name}" (y ${el.top}) comes after ${previous.id} (y ${previous.top})`);
    previous = el;
  }
  await done(calc);
});
