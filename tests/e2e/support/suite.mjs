// One browser and one static server per test file, and a fresh context (own storage, clipboard)
// per test, wrapped in the page object. Every test ends with `done`, which fails on console errors
// and on any dialog (an alert would mean injected script ran).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist } from './server.mjs';
import { launch } from './browser.mjs';
import { CalculatorPage } from './calculator-page.mjs';

/** @param {{ waitFor?: string, before?: () => Promise<void> }} options */
export function pageSuite(options = {}) {
  const suite = {
    server: null,
    browser: null,
    /** Opens the app with a query string in a fresh context. */
    async open(query = '', contextOptions = {}) {
      const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
      const calc = new CalculatorPage(await context.newPage(), suite.server.url);
      await calc.open(query);
      if (options.waitFor) await calc.page.getByTestId(options.waitFor).waitFor();
      return calc;
    },
    /** Asserts the page stayed clean, then closes its context. */
    async done(calc) {
      assert.deepEqual(calc.consoleErrors, [], 'no console errors or page errors');
      assert.deepEqual(calc.dialogs, [], 'no dialog opened');
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
