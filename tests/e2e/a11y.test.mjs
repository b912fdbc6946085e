// Accessibility end to end: axe-core's WCAG 2.2 AA rules (2.0/2.1/2.2, levels A and AA) find no
// violation on the page as it opens, with every section open, with a many-grant plan and comparison
// columns, with a rename field open, at a desktop and a phone width, and in dark mode; the page has
// dark and reduced-motion styles, and nothing overflows sideways at 320 px.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { pageSuite } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';
import { openEverything } from './support/layout.mjs';

const suite = pageSuite();
const { done } = suite;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Every page a run checks, by name: one line each.
const PAGES = [
  { name: 'the default page', query: '' },
  {
    // Three grants (one late, one approved one time in two) and three comparison columns, one of
    // them retrieval.
    name: 'a plan with three grants and comparison columns',
    query:
      '?t0=2027-01-04&start=20&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365:0.5::20&grant=azure-founders:25K:30&cmp=lora:8B:200M:1:10&cmp=full-ft:8B:200M:3:2&cmp=rag:335M:200M:1M:5:512:1024',
  },
  // The same plan in Portuguese, its amounts shown in reais (longer labels, the other currency).
  {
    name: 'the Portuguese page in reais',
    query:
      '?t0=2027-01-04&start=20&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365:0.5::20&grant=azure-founders:25K:30&cmp=lora:8B:200M:1:10&cmp=full-ft:8B:200M:3:2&cmp=rag:335M:200M:1M:5:512:1024&lang=pt&cur=brl&fx=5.4',
  },
];

/** Opens `query` in a fresh context (`options` are context options: viewport, colorScheme, …). */
async function openPage(query, options = {}) {
  const context = await suite.browser.newContext({ viewport: DESKTOP, ...options });
  const calc = new CalculatorPage(await context.newPage(), suite.server.url);
  await calc.open(query);
  await calc.page.getByTestId('answer-total').waitFor();
  return calc;
}

/** Runs axe on the page and fails listing each violation: rule, impact, message, every target. */
async function assertNoViolations(calc, label) {
  // From the top of the page: the sticky navigation bar covers whatever the last click scrolled
  // under it, which axe would count against that control's target size.
  await calc.page.evaluate(() => window.scrollTo(0, 0));
  const { violations } = await new AxeBuilder({ page: calc.page }).withTags(TAGS).analyze();
  const report = violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 12)
        .map((n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = v.nodes.length > 12 ? `\n    … and ${v.nodes.length - 12} more` : '';
      return `  ${v.id} (${v.impact}): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) on ${label}:\n${report}`);
}

/**
 * The page's scroll width, and what sticks out past the viewport (elements and text, outside the
 * sideways-scrolling regions and visually hidden labels), to say what to fix.
 */
async function overflow(calc) {
  return calc.page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const skip = (el) => el.closest('.toc ul, .table-scroll, .visually-hidden');
    const wide = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n; (n = walker.nextNode()) && wide.length < 8; ) {
      const el = n.nodeType === Node.TEXT_NODE ? n.parentElement : n;
      if (skip(el) || (n.nodeType === Node.TEXT_NODE && !n.textContent.trim())) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const right = n.nodeType === Node.TEXT_NODE ? range.getBoundingClientRect().right : n.getBoundingClientRect().right;
      if (right > width + 0.5) wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 40)}" right=${Math.round(right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide };
  });
}

for (const { name, query } of PAGES) {
  for (const [size, viewport] of [['1280×800', DESKTOP], ['390×844', PHONE]]) {
    test(`axe WCAG 2.2 AA: ${name} at ${size}, as it opens and with every section open`, async () => {
      const calc = await openPage(query, { viewport });
      await assertNoViolations(calc, `${name} at ${size}`);
      await openEverything(calc);
      await assertNoViolations(calc, `${name} at ${size} with every section open`);
      await done(calc);
    });
  }
}

test('axe WCAG 2.2 AA: a saved plan with its rename field open, at 390×844', async () => {
  const calc = await openPage('?name=Alpha', { viewport: PHONE });
  await calc.openSection('saved');
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  await calc.page.getByTestId('rename-saved-0').click();
  await calc.page.getByTestId('rename-input-0').waitFor();
  await assertNoViolations(calc, 'the rename field in "Your plans"');
  await done(calc);
});

test('dark mode: a dark page, charts on light cards, and axe WCAG 2.2 AA passes', async () => {
  // The page's background: the body's, or the root's when the body has none.
  const background = (calc) =>
    calc.page.evaluate(() =>
      [document.body, document.documentElement].map((el) => getComputedStyle(el).backgroundColor).find((bg) => bg !== 'rgba(0, 0, 0, 0)') ?? 'none',
    );
  const light = await openPage(PAGES[1].query, { colorScheme: 'light' });
  const lightBg = await background(light);
  await done(light);
  const dark = await openPage(PAGES[1].query, { colorScheme: 'dark' });
  const darkBg = await background(dark);
  assert.notEqual(darkBg, lightBg, 'the body background changes with the colour scheme');
  // Dark: every channel of the background is below 64 (of 255).
  const channels = darkBg.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
  assert.ok(channels.every((c) => c < 64), `dark background ${darkBg}`);
  await openEverything(dark);
  // The charts draw with light-theme colours: each canvas sits on a light background.
  const canvasBgs = await dark.page.evaluate(() =>
    [...document.querySelectorAll('canvas.chart:not(.hidden-chart)')].map((c) => {
      for (let el = c; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
      }
      return 'none';
    }),
  );
  assert.ok(canvasBgs.length >= 3, `charts found: ${canvasBgs.length}`);
  for (const bg of canvasBgs) {
    const [r, g, b] = bg.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    assert.ok(Math.min(r, g, b) >= 230, `a chart's background in dark mode is ${bg}`);
  }
  await assertNoViolations(dark, 'the dark page with every section open');
  await done(dark);
});

test('reduced motion turns transitions off', async () => {
  const duration = (calc) =>
    calc.page.evaluate(() => {
      const cs = getComputedStyle(document.querySelector('[data-testid=summary-saved]'));
      const button = getComputedStyle(document.querySelector('button'));
      return [cs.transitionDuration, button.transitionDuration, getComputedStyle(document.documentElement).scrollBehavior];
    });
  const moving = await openPage('', { reducedMotion: 'no-preference' });
  const [summaryMoving, buttonMoving] = await duration(moving);
  assert.notEqual(buttonMoving, '0s', 'buttons fade their hover colour when motion is fine');
  assert.notEqual(summaryMoving, '0s', 'summaries fade their hover colour when motion is fine');
  await done(moving);
  const still = await openPage('', { reducedMotion: 'reduce' });
  assert.deepEqual(await duration(still), ['0s', '0s', 'auto']);
  await done(still);
});

for (const { name, query } of PAGES) {
  test(`nothing overflows sideways at 320 px: ${name}, every section open`, async () => {
    const calc = await openPage(query, { viewport: { width: 320, height: 700 } });
    await openEverything(calc);
    const { scrollWidth, wide } = await overflow(calc);
    assert.ok(scrollWidth <= 320, `the page is ${scrollWidth} px wide at 320 px; too wide: ${wide.join('; ')}`);
    await done(calc);
  });
}
