// End-to-end tests of the page's shape: the answers for the whole plan on the first screen, a
// navigation bar that reaches every section, detail sections collapsed by default (opened by their
// link, a URL hash or their summary, also from the keyboard), and the page heights that buys.
// The clock is fixed so "today" (and every "in N days") is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { pageSuite } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';
import { daly, idealHours, LLAMA3_MTBF, waste } from './support/hand.mjs';

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const suite = pageSuite({ before: () => mkdir(ARTIFACTS, { recursive: true }) });
const { done } = suite;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const near = (a, b, tol = 1e-6) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));

// The plan, day 0 = 1 Dec 2026:
// - the default training run (7B x 2T on 64 H100 at AWS $6.88, MFU 0.4) from day 20: 59,863.25
//   billed GPU-hours with failures (as in runway.test.mjs), $412,103.56 with its S3 storage;
// - 8 Modal H100s, 2,000 GPU-hours from day 5 at duty 0.25: 8 x 24 x 0.25 = 48 GPU-hours a day at
//   $3.95 = $189.60 a day, $7,900 in all (41.7 days, to day 46);
// - AWS Activate $100K applied day 0, review 12: apply by 20 - 12 = day 8 = 9 Dec 2026. It pays the
//   AWS run from day 20 and is used up during day 29 (calendar.test.mjs), so cash starts on day 29
//   = 30 Dec 2026;
// - Modal $5K applied day 0, review 3, valid 365: apply by 5 - 3 = day 2 = 3 Dec 2026. It pays the
//   Modal work from day 5: 5,000 / 189.60 = 26.4 days, used up on day 31 (after day 29): all used.
// Nothing expires unused; credits pay $105,000; cash is the rest.
const PLAN = '?t0=2026-12-01&start=20&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&work=modal:h100-sxm:8:2K:5:0.25';
const M = LLAMA3_MTBF / 64;
const BILLED = idealHours(7e9, 2e12, 989, 0.4) / (1 - waste(5 / 60, daly(5 / 60, M), 10 / 60, M));
const STORAGE_PER_DAY = ((3 * 98 + 8000) * 0.023) / (730 / 24);
const TOTAL = BILLED * 6.88 + STORAGE_PER_DAY * (BILLED / (64 * 24)) + 2000 * 3.95; // $420,003.56
assert.ok(Math.abs(TOTAL - 420003.559) < 0.01);

/** Opens `query` at a viewport with the clock fixed on 1 Dec 2026, 09:00 local time. */
async function openAt(viewport, query = PLAN, extra = {}) {
  const context = await suite.browser.newContext({ viewport, ...extra });
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date('2026-12-01T09:00:00'));
  const calc = new CalculatorPage(page, suite.server.url);
  await calc.open(query);
  await page.getByTestId('answer-total').waitFor();
  return calc;
}

/** The element's top and bottom in page coordinates (scrolled to the top). */
async function box(calc, testId) {
  return calc.page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY };
  });
}

const height = (calc) => calc.page.evaluate(() => document.documentElement.scrollHeight);

test('the answers for the whole plan, in dates, nearest apply-by first', async () => {
  const calc = await openAt(DESKTOP);
  assert.ok(near(await calc.value('answer-total'), TOTAL, 1e-9));
  assert.equal(await calc.value('answer-total'), await calc.value('total-spend'), 'the runway total');
  assert.ok(near(await calc.value('answer-credits-used'), 105000, 1e-9));
  assert.ok(near(await calc.value('answer-cash'), TOTAL - 105000, 1e-9));
  assert.equal(await calc.value('answer-expired'), 0);
  assert.equal(await calc.attr('answer-cash-date'), '2026-12-30');
  assert.match(await calc.page.getByTestId('answer-cash-date').innerText(), /^30 Dec 2026$/);
  // Modal (3 Dec) before Activate (9 Dec); the clock reads 1 Dec: in 2 and 8 days.
  assert.equal(await calc.attr('answer-next-0'), '2026-12-03');
  assert.equal(await calc.attr('answer-next-1'), '2026-12-09');
  assert.equal(await calc.page.getByTestId('answer-next-2').count(), 0);
  assert.match(await calc.page.getByTestId('answer-next-0').innerText(), /^Apply for Modal.* by 3 Dec 2026 \(in 2 days\)\.$/);
  assert.match(await calc.page.getByTestId('answer-next-1').innerText(), /^Apply for AWS Activate.* by 9 Dec 2026 \(in 8 days\)\.$/);
  // Per grant, by program name: what it pays.
  assert.match(await calc.page.getByTestId('answer-grant-0').innerText(), /^AWS Activate.* pays \$100K$/);
  assert.ok(near(await calc.value('answer-grant-1'), 5000, 1e-9));
  // Applying Activate on day 10 is two days after its apply-by day: the step says so.
  await calc.page.getByTestId('grant-0-apply').fill('10');
  await calc.page.getByTestId('answer-next-1').filter({ hasText: 'the plan applies on 11 Dec 2026, 2 days late' }).waitFor();
  await done(calc);
});

test('a plan without grants says so and points to the catalog, which opens', async () => {
  const calc = await openAt(DESKTOP, '?t0=2026-12-01&start=20');
  assert.equal(await calc.value('answer-credits-used'), 0);
  assert.equal(await calc.value('answer-cash'), await calc.value('answer-total'));
  assert.equal(await calc.page.getByTestId('answer-next-0').count(), 0);
  // Cash from the first billed day, the run's start (day 20 = 21 Dec 2026).
  assert.equal(await calc.attr('answer-cash-date'), '2026-12-21');
  const note = calc.page.getByTestId('answer-no-grants');
  assert.match(await note.innerText(), /No credits in the plan yet/);
  assert.equal(await calc.page.getByTestId('section-programs').evaluate((d) => d.open), false);
  await note.getByRole('link').click();
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=section-programs]').open);
  await calc.page.getByTestId('add-program-modal').click();
  await calc.page.getByTestId('answer-next-0').waitFor();
  await done(calc);
});

// The phone's budget was 8 screens until every control a thumb hits became 44 × 44 px (issue 47,
// WCAG 2.2's AAA target size): this plan's page went from within 6,752 px to 7,225 px (6 Dec
// 2026), so the budget is 9 screens; the answers still come within the first two.
test('answers on the first screen; page heights within 4 desktop and 9 phone screens', async () => {
  for (const [viewport, screens, answerScreens, name] of [[DESKTOP, 4, 1, 'desktop'], [PHONE, 9, 2, 'phone']]) {
    const extra = viewport === PHONE ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {};
    const calc = await openAt(viewport, PLAN, extra);
    await calc.page.waitForTimeout(300);
    for (const id of ['answer-total', 'answer-cash-date', 'answer-next-0']) {
      const b = await box(calc, id);
      assert.ok(b.top >= 0 && b.bottom <= answerScreens * viewport.height, `${name}: ${id} at ${b.top}..${b.bottom}`);
    }
    const h = await height(calc);
    assert.ok(h <= screens * viewport.height, `${name}: page is ${h} px, over ${screens} x ${viewport.height}`);
    // The default page (no link, nothing saved) too.
    const fresh = await openAt(viewport, '', extra);
    const hFresh = await height(fresh);
    assert.ok(hFresh <= screens * viewport.height, `${name}: default page is ${hFresh} px`);
    await done(fresh);
    // No horizontal scrolling.
    assert.ok(await calc.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: scrolls sideways`);
    await calc.page.screenshot({ path: `${ARTIFACTS}first-screen-${name}.png` });
    console.log(`${name}: ${h} px (${(h / viewport.height).toFixed(2)} screens); default page ${hFresh} px`);
    await done(calc);
  }
});

test('each navigation link opens its section and scrolls to it', async () => {
  const calc = await openAt(DESKTOP);
  const links = await calc.page.getByTestId('nav').getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href').slice(1)));
  assert.deepEqual(links, ['answers', 'workload', 'credits', 'programs', 'advisor', 'hidden-costs', 'compare', 'billing', 'charts', 'saved']);
  const collapsible = ['programs', 'advisor', 'hidden-costs', 'compare', 'billing', 'charts', 'saved'];
  for (const id of collapsible) {
    assert.equal(await calc.page.getByTestId(`section-${id}`).evaluate((d) => d.open), false, `${id} starts collapsed`);
  }
  for (const id of links) {
    await calc.page.getByTestId(`nav-${id}`).click();
    // Open (when collapsible), and its top is on screen below the sticky bar.
    await calc.page.waitForFunction((id) => {
      const el = document.getElementById(id);
      const top = el.getBoundingClientRect().top;
      const nav = document.querySelector('[data-testid=nav]').getBoundingClientRect().bottom;
      return (el.tagName !== 'DETAILS' || el.open) && top >= nav - 1 && top < window.innerHeight / 2;
    }, id);
    assert.equal(new URL(calc.page.url()).hash, `#${id}`);
  }
  // A chart in a section that opened is drawn at its real size.
  await calc.page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=chart-cost-vs-mfu]');
    return c.clientWidth > 100 && c.width >= c.clientWidth;
  });
  // The share link never carries which sections are open.
  assert.ok(!(await calc.page.getByTestId('share-url').inputValue()).includes('#'));
  await done(calc);
});

test('a hash link opens its section', async () => {
  const calc = await openAt(DESKTOP, `${PLAN}#advisor`);
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=section-advisor]').open);
  await calc.page.waitForFunction(() => {
    const top = document.getElementById('advisor').getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight / 2;
  });
  // The other sections stay collapsed.
  assert.equal(await calc.page.getByTestId('section-billing').evaluate((d) => d.open), false);
  // Changing the hash in the page opens that one too.
  await calc.page.evaluate(() => { location.hash = '#billing'; });
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=section-billing]').open);
  await done(calc);
  // A section in the part of the page the app builds last (the glossary, in the footer) opens
  // from a link too, and is scrolled to once it is there.
  const late = await openAt(DESKTOP, `${PLAN}#glossary`);
  await late.page.waitForFunction(() => document.querySelector('[data-testid=section-glossary]')?.open);
  await late.page.waitForFunction(() => {
    const r = document.getElementById('glossary').getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight / 2;
  });
  await done(late);
});

test('keyboard: Tab reaches the navigation, Enter on a summary toggles its section', async () => {
  const calc = await openAt(DESKTOP);
  let reached = false;
  for (let i = 0; i < 12 && !reached; i++) {
    await calc.page.keyboard.press('Tab');
    reached = await calc.page.evaluate(() => document.activeElement?.closest('[data-testid=nav]') !== null);
  }
  assert.ok(reached, 'Tab reaches the navigation bar');
  await calc.page.getByTestId('summary-hidden-costs').focus();
  await calc.page.keyboard.press('Enter');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=section-hidden-costs]').open);
  // The section builds its controls as it opens: wait for them (read at once, a run found them
  // not there yet), then they must show.
  await calc.page.getByTestId('input-mtbf').waitFor({ state: 'visible', timeout: 5000 });
  assert.ok(await calc.page.getByTestId('input-mtbf').isVisible(), 'its controls show');
  await calc.page.keyboard.press('Enter');
  await calc.page.waitForFunction(() => !document.querySelector('[data-testid=section-hidden-costs]').open);
  // Closing and opening is remembered only in the page: a reload starts collapsed again.
  await calc.openSection('advisor');
  await calc.page.reload();
  await calc.page.getByTestId('answer-total').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('section-advisor').evaluate((d) => d.open), false);
  await done(calc);
});

test('a section reached from the navigation bar starts below it, also where the bar wraps to two lines', async () => {
  // Portuguese at 1280 px and English at 900 px wrap the bar's links onto a second line (~70 px).
  for (const [viewport, lang] of [[DESKTOP, 'pt'], [{ width: 900, height: 800 }, 'en'], [DESKTOP, 'en'], [PHONE, 'pt']]) {
    const calc = await openAt(viewport, `${PLAN}&lang=${lang}`);
    for (const id of ['credits', 'programs', 'billing', 'workload']) {
      await calc.page.getByTestId(`nav-${id}`).click();
      // Until the scroll has settled: the section's top stops moving.
      await calc.page.waitForFunction(async (id) => {
        const top = () => document.getElementById(id).getBoundingClientRect().top;
        const a = top();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return Math.abs(top() - a) < 0.5;
      }, id);
      const { bar, section } = await calc.page.evaluate((id) => ({
        bar: document.querySelector('nav.toc').getBoundingClientRect().bottom,
        section: document.getElementById(id).getBoundingClientRect().top,
      }), id);
      assert.ok(section >= bar, `${lang} at ${viewport.width} px, #${id}: the section starts at ${section} px, under the bar (${bar} px)`);
      assert.ok(section < bar + 60, `${lang} at ${viewport.width} px, #${id}: the section starts right below the bar (${section} px, bar ${bar} px)`);
    }
    await done(calc);
  }
});
