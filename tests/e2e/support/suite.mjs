// One browser and one static server per test file, and a fresh context (own storage, clipboard)
// per test, wrapped in the page object. Every test ends with `done`, which fails on console errors
// and on any dialog (an alert would mean injected script ran).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist } from './server.mjs';
import { launch } from './browser.mjs';
import { CalculatorPage } from './calculator-page.mjs';

/**
 * Opens the named sections on every page load as soon as the app has rendered them: polls, clicks
 * a closed section's summary, and stops for a section once it has been seen open (the app may
 * re-render it closed right after mounting, so one click at insertion is not enough).
 */
export function reopenSections(names) {
  const pending = new Set(names);
  // Gives up after 20 s (a page that never renders a section fails its own waits instead).
  const deadline = Date.now() + 20_000;
  const tick = () => {
    for (const n of [...pending]) {
      const d = document.querySelector(`[data-testid="section-${n}"]`);
      if (!d) continue;
      if (d.open) pending.delete(n);
      else d.querySelector('summary')?.click();
    }
    if (pending.size && Date.now() < deadline) setTimeout(tick, 50);
  };
  setTimeout(tick, 50);
}

/** @param {{ waitFor?: string, sections?: string[], before?: () => Promise<void> }} options */
export function pageSuite(options = {}) {
  const suite = {
    server: null,
    browser: null,
    /** Opens the app with a query string in a fresh context. */
    async open(query = '', contextOptions = {}) {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
      // Sections a file's tests use throughout are opened from their summaries on every page load
      // of the context (reloads and second tabs included), as a user reopening them would.
      if (options.sections?.length) await context.addInitScript(reopenSections, options.sections);
      const calc = new CalculatorPage(await context.newPage(), suite.server.url);
      await calc.open(query);
      // A panel in a collapsed section is opened the way a user would, then must show.
      if (options.waitFor) await (await calc.reveal(calc.page.getByTestId(options.waitFor))).waitFor();
      // Sections a file's tests use throughout, opened from their summaries.
      for (const name of options.sections ?? []) await calc.openSection(name);
      return calc;
    },
    /**
     * Opens `query` in a fresh context whose clock reads `now` (local time) from the first script,
     * then waits for `waitFor` (a test id). Other options are context options (`viewport`, …).
     */
    async openOn(now, query, { waitFor = 'answer-total', viewport = { width: 1280, height: 900 }, ...contextOptions } = {}) {
      const context = await suite.browser.newContext({ viewport, ...contextOptions });
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(now));
      const calc = new CalculatorPage(page, suite.server.url);
      await calc.open(query);
      await page.getByTestId(waitFor).waitFor();
      return calc;
    },
    /** Asserts the page stayed clean, then closes its context. */
    async done(calc) {
      assert.deepEqual(calc.consoleErrors, [], 'no console errors or page errors');
      assert.deepEqual(calc.dialogs, [], 'no dialog opened');
      // index.html's message for an app that could not start never shows on one that did.
      assert.equal(await calc.page.locator('#load-error').count(), 0, 'no "could not start" message');
      await calc.page.context().close();
    },
  };
  before(async () => {
    await options.before?.();
    suite.server = await serveDist();
    suite.browser = await launch();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
