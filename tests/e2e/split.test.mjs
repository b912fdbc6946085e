// The second module (issue 46; docs/performance.md, "Two modules"): the detail sections, the
// catalog, the planner, the bands and every chart are in `split-details-<hash>.wasm`, fetched after
// the first screen works.
// - Without it (the request refused), the first screen still works: the answers, an edit, the
//   workloads and the grants; a section opened says it could not load and offers a retry, which
//   loads it once the network is back.
// - With nothing opened, it is fetched after the main module, once the page is built and idle.
// - A link with `#compare` opens that section with its contents, scrolled to once they are in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';

const suite = pageSuite();
const CHUNK = /\/split-details-[0-9a-f]+\.wasm$/;

/** Waits until `cond()` holds (checked every 50 ms, 10 s at most). */
async function until(cond, what) {
  const end = Date.now() + 10_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

test('without the second module the first screen works; a section says it could not load, and its retry loads it', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const asked = [];
  let refuse = true;
  await context.route(CHUNK, (route) => {
    asked.push(route.request().url());
    return refuse ? route.abort('internetdisconnected') : route.continue();
  });
  try {
    const calc = new CalculatorPage(await context.newPage(), suite.server.url);
    await calc.open('');
    // The prefetch was asked for, and refused.
    await until(() => asked.length > 0, 'the page asked for the second module once idle');
    // The controls work: an edit changes the answers.
    const before = await calc.value('answer-total');
    await calc.page.getByTestId('input-params').fill('70B');
    await calc.waitForValue('answer-total', (v) => v !== before);
    // A section opened now says so, with its retry; the rest of the page is still there.
    await calc.openSection('charts');
    const failed = calc.page.getByTestId('section-charts').getByTestId('detail-failed');
    await failed.waitFor();
    assert.match(await failed.innerText(), /could not load/);
    assert.equal(await failed.getAttribute('role'), 'alert');
    // The runway chart's place says so too, and the answers keep working.
    const chartPlace = calc.page.locator('#credits').getByTestId('detail-failed').first();
    await chartPlace.waitFor();
    // It keeps about the chart's height (446 px at this width), so the retry moves little below it.
    assert.ok((await chartPlace.boundingBox()).height >= 440, 'the failed chart keeps the chart\'s place');
    const after = await calc.value('answer-total');
    assert.notEqual(after, before);
    // The network is back: the retry loads the module and builds the section.
    refuse = false;
    const tries = asked.length;
    // From the keyboard: the button goes, the focus stays in the section (on its summary, so Tab
    // enters the contents), never on the page's body.
    await failed.getByTestId('detail-retry').focus();
    await calc.page.keyboard.press('Enter');
    await calc.page.waitForFunction(() => document.activeElement?.dataset?.testid === 'summary-charts');
    await calc.page.getByTestId('section-charts').locator('canvas').first().waitFor();
    assert.equal(await calc.page.getByTestId('section-charts').getByTestId('detail-failed').count(), 0);
    assert.ok(asked.length > tries, `the retry asked for the module again (${asked.length} requests)`);
    // Every other place that waited for it is built too: the runway chart.
    await calc.page.locator('#credits canvas').first().waitFor();
    assert.equal(await calc.page.getByTestId('detail-failed').count(), 0, 'no part of the page still says it failed');
    // The only errors were the refused fetches.
    const others = calc.consoleErrors.filter((e) => !/split-details|Failed to fetch|ERR_INTERNET_DISCONNECTED/.test(e));
    assert.deepEqual(others, []);
  } finally {
    await context.close();
  }
});

test('with nothing opened, the second module comes after the main one, once the page is built', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const order = [];
    page.on('requestfinished', (r) => order.push({ url: new URL(r.url()).pathname, at: Date.now() }));
    page.on('request', (r) => CHUNK.test(r.url()) && order.push({ url: 'chunk asked', at: Date.now() }));
    const calc = new CalculatorPage(page, suite.server.url);
    const chunk = page.waitForRequest(CHUNK, { timeout: 15_000 });
    await calc.open('');
    await chunk;
    const mainWasm = order.findIndex((r) => /_bg\.wasm$/.test(r.url));
    const asked = order.findIndex((r) => r.url === 'chunk asked');
    assert.ok(mainWasm >= 0 && asked > mainWasm, `the chunk was asked for after the main module arrived: ${JSON.stringify(order.map((r) => r.url))}`);
    // Once it is in, a section opens at once with its contents.
    await page.waitForResponse(CHUNK).catch(() => {});
    await calc.openSection('compare');
    await page.getByTestId('section-compare').getByTestId('compare-ladder').waitFor();
    await suite.done(calc);
  } finally {
    await context.close().catch(() => {});
  }
});

test('a link to #compare opens that section with its contents', async () => {
  const calc = await suite.open('?t0=2027-01-04&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&grant=modal#compare');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=section-compare]')?.open === true);
  await calc.page.getByTestId('section-compare').getByTestId('compare-ladder').waitFor();
  assert.equal(await calc.page.getByTestId('detail-loading').count(), 0, 'nothing still loading');
  // Scrolled to again once the page grew above it (the runway chart): its top in the upper half,
  // or as high as the end of the page lets it go.
  await calc.page.waitForFunction(() => {
    const top = document.getElementById('compare').getBoundingClientRect().top;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    return top >= 0 && (top < window.innerHeight / 2 || atEnd);
  });
  await suite.done(calc);
});
