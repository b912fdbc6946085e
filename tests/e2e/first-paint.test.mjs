// End-to-end tests of the pre-rendered first screen (scripts/prerender.mjs, index.html's inline
// script): before the wasm has loaded, the default page already shows its header and four
// answers, in the reader's language and with today's date; those words are exactly the ones the
// app then shows; nothing of the copy is left once the app runs; and a page that will not open the
// default plan (a link, a last plan in this browser, another display currency) never shows it.
//
// The wasm's response is held back (Playwright's page.route) until the test has read the copy,
// so "before the app runs" is a state the test controls, not a race.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { pageSuite } from './support/suite.mjs';
import { serveDist } from './support/server.mjs';

const suite = pageSuite();

/**
 * Opens `query` in a fresh context (browser language `locale`, clock fixed at `now`) with the wasm
 * held back; `storage` is put in localStorage before the page's own scripts run.
 */
async function openHeld(query, { now = '2026-12-02T09:00:00', locale = 'en-US', storage = {}, base = suite.server.url } = {}) {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.clock.setFixedTime(new Date(now));
  if (Object.keys(storage).length) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, storage);
  }
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(base + query, { waitUntil: 'domcontentloaded' });
  return {
    page,
    errors,
    /** Lets the wasm through and waits for the app's answers. */
    async run() {
      release();
      await page.getByTestId('answer-total').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.dataset.value);
    },
    async close() {
      assert.deepEqual(errors, [], 'no console errors or page errors');
      await context.close();
    },
  };
}

/** What a reader sees of the first screen under `root`: the texts, the share box, the choices. */
function firstScreen(rootSelector) {
  const root = document.querySelector(rootSelector);
  if (!root) return null;
  // (A <template>'s content is not part of the document: only what is shown is found.)
  const header = root.querySelector('header.top');
  const nav = root.querySelector('nav.toc');
  const answers = root.querySelector('section.answers');
  if (!header || !nav || !answers) return null;
  return {
    header: header.innerText,
    nav: nav.innerText,
    answers: answers.innerText,
    share: header.querySelector('.share input')?.value ?? null,
    currency: header.querySelector('.currency-switch select')?.value ?? null,
    pressed: header.querySelector('.lang-switch [aria-pressed=true]')?.textContent ?? null,
    values: [...answers.querySelectorAll('[data-value]')].map((el) => el.dataset.value),
    lang: document.documentElement.lang,
    title: document.title,
  };
}

const copyState = (page) => page.evaluate(() => ({
  copy: !!document.getElementById('prerender'),
  inert: document.getElementById('prerender')?.inert ?? null,
  // The app's own elements (test ids) are not there yet: the wasm is held back.
  appElements: document.querySelectorAll('[data-testid]').length,
  bodyText: document.body.innerText.trim(),
}));

// Days that change every part of a date: single and double digits, each month's name in both
// languages, the leap day, the last day of a year.
const DAYS = ['2026-12-31', '2027-01-05', '2027-02-28', '2027-03-14', '2027-04-30', '2027-05-09', '2027-06-01',
  '2027-07-22', '2027-08-08', '2027-09-17', '2027-10-03', '2027-11-11', '2028-02-29'];

for (const [lang, locale, htmlLang] of [['en', 'en-US', 'en'], ['pt', 'pt-BR', 'pt-BR']]) {
  test(`before the wasm loads, the default page shows the app's own first screen in ${lang}, with today's date, on days in every month`, async () => {
    for (const [i, day] of DAYS.entries()) {
      // Alternate the zone of the day: the copy, like the app, reads the local date.
      const s = await openHeld('', { now: `${day}T${i % 2 ? '00:30' : '23:30'}:00`, locale });
      const before = await copyState(s.page);
      assert.equal(before.copy, true, `${day}: the copy is shown`);
      assert.equal(before.inert, true, `${day}: the copy is inert (nothing in it reacts before the app runs)`);
      assert.equal(before.appElements, 0, `${day}: the app has not run yet`);
      const copy = await s.page.evaluate(firstScreen, '#prerender');
      assert.ok(copy, `${day}: the copy has a header, the navigation and the answers`);
      // The date the reader reads, as src/../calendar.rs writes it (Date::human, Date::iso).
      const [y, m, d] = day.split('-').map(Number);
      const months = lang === 'pt'
        ? ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.']
        : ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
      const human = lang === 'pt' ? `${d} de ${months[m - 1]} de ${y}` : `${d} ${months[m - 1]} ${y}`;
      assert.ok(copy.answers.includes(human), `${day}: the copy says cash starts ${human}: ${copy.answers}`);
      // The example carries no plan: its link is the page itself, dated by whoever opens it.
      assert.ok(!copy.share.includes('?') && !copy.share.includes('t0='), `${day}: the copy's link is the page: ${copy.share}`);
      assert.equal(copy.lang, htmlLang);
      await s.run();
      const app = await s.page.evaluate(firstScreen, 'body');
      assert.deepEqual(copy, app, `${day}: the copy reads exactly as the app's first screen`);
      const after = await s.page.evaluate(() => ({
        copy: document.querySelectorAll('#prerender, [data-prerender-testid]').length,
        duplicateIds: [...document.querySelectorAll('[id]')].map((e) => e.id).filter((id, k, all) => all.indexOf(id) !== k),
      }));
      assert.deepEqual(after, { copy: 0, duplicateIds: [] }, `${day}: the copy is gone once the app runs`);
      await s.close();
    }
  });
}

test('the language of the copy is chosen as the app chooses it: the link, then the saved choice, then the browser', async () => {
  const cases = [
    { query: '?lang=pt', locale: 'en-US', storage: {}, want: 'pt-BR' },
    { query: '?lang=en', locale: 'pt-BR', storage: {}, want: 'en' },
    { query: '', locale: 'en-US', storage: { 'gpu-credit-runway.lang': 'pt' }, want: 'pt-BR' },
    { query: '?lang=en', locale: 'en-US', storage: { 'gpu-credit-runway.lang': 'pt' }, want: 'en' },
    { query: '', locale: 'pt-PT', storage: {}, want: 'pt-BR' },
    { query: '', locale: 'de-DE', storage: {}, want: 'en' },
  ];
  for (const c of cases) {
    const s = await openHeld(c.query, { locale: c.locale, storage: c.storage });
    assert.equal((await copyState(s.page)).copy, true, `${JSON.stringify(c)}: the copy is shown`);
    const copy = await s.page.evaluate(firstScreen, '#prerender');
    assert.equal(copy.lang, c.want, JSON.stringify(c));
    await s.run();
    assert.deepEqual(await s.page.evaluate(firstScreen, 'body'), copy, `${JSON.stringify(c)}: the app says the same`);
    await s.close();
  }
});

test('a page that will not open the default plan never shows the copy: a link, a last plan, another currency, a bad key', async () => {
  const lastPlan = JSON.stringify({ kind: 'not read by the copy' });
  const cases = [
    { query: '?t0=2026-12-01&start=20&grant=aws-activate:100K:0:12:730', storage: {} },
    { query: '?cur=brl&fx=5.4', storage: {} },
    { query: '?lang=xx', storage: {} },
    { query: '?lang=pt&cur=eur&fx=0.9', storage: {} },
    // The app reads the key in lower case only: `Lang=en` is a key it does not know.
    { query: '?Lang=en', storage: {} },
    // Any last plan, readable or not: the app restores (or backs up) it, never the default.
    { query: '', storage: { 'gpu-credit-runway.last': lastPlan } },
  ];
  for (const c of cases) {
    const s = await openHeld(c.query, { storage: c.storage });
    const before = await copyState(s.page);
    assert.equal(before.copy, false, `${JSON.stringify(c)}: no copy`);
    // Nothing but the note that the plan is being opened (<noscript>'s words are not laid out in a
    // browser running scripts): no example's answers for a plan that is not the example.
    assert.match(before.bodyText, /^(Opening (the plan in this link|your last plan)… The calculator works it out in this browser; on a slow connection that takes a few seconds|Abrindo o plano deste link… A calculadora faz as contas neste navegador; numa conexão lenta, leva alguns segundos)\.$/,
      `${JSON.stringify(c)}: nothing but the app will be shown`);
    await s.run();
    await s.page.getByTestId('compute-cost').waitFor();
    assert.equal(await s.page.locator('#loading').count(), 0, `${JSON.stringify(c)}: the note is gone once the app runs`);
    await s.close();
  }
});

test('while the code loads a note says so, in the language the app will use; a tap or a key says nothing happens yet; the app removes it', async () => {
  const cases = [
    // The default page: the note over the copy (at the foot of the screen, not over its answers).
    { query: '', locale: 'en-US', copy: true, want: /^Loading the calculator… The answers below are the example plan’s; its controls work in a moment\.$/,
      nudged: /^Not yet: the calculator is still loading\. Taps and keys do nothing until it opens\.$/ },
    { query: '', locale: 'pt-BR', copy: true, want: /^Carregando a calculadora… As respostas abaixo são as do plano de exemplo/, nudged: /^Ainda não: a calculadora está carregando\./ },
    // A link (no copy: the page was empty until the app ran), in the link's language whatever the browser's.
    { query: '?t0=2026-12-01&lang=pt&grant=aws-activate:100K:0:12:730', locale: 'en-US', copy: false, want: /^Abrindo o plano deste link… A calculadora faz as contas neste navegador/, nudged: /^Ainda não: a calculadora está carregando\./ },
    // A link without a language: the saved choice.
    { query: '?t0=2026-12-01&grant=aws-activate:100K:0:12:730', locale: 'en-US', storage: { 'gpu-credit-runway.lang': 'pt' }, copy: false, want: /^Abrindo o plano deste link…/, nudged: /^Ainda não:/ },
  ];
  for (const [i, c] of cases.entries()) {
    const s = await openHeld(c.query, { locale: c.locale, storage: c.storage ?? {} });
    const note = s.page.locator('#loading');
    assert.equal(await note.getAttribute('role'), 'status', `${JSON.stringify(c)}: read out politely`);
    assert.match(await note.innerText(), c.want, JSON.stringify(c));
    assert.equal((await copyState(s.page)).copy, c.copy, JSON.stringify(c));
    const box = await note.boundingBox();
    assert.ok(box && box.width > 100 && box.x >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 800, `${JSON.stringify(c)}: on screen: ${JSON.stringify(box)}`);
    if (c.copy) {
      // Over the copy it sits at the foot of the screen, below the header and the four answers.
      const answers = await s.page.locator('#prerender [data-prerender-testid^=answer-]').evaluateAll((all) => all.map((a) => {
        const r = a.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom };
      }));
      assert.ok(answers.length >= 4, `${JSON.stringify(c)}: the copy's answers`);
      for (const a of answers) assert.ok(box.y >= a.bottom || box.y + box.height <= a.top, `${JSON.stringify(c)}: the note covers no answer`);
    }
    // A tap on the inert page, or a key, before the app runs: the note says so, highlighted.
    if (i % 2) await s.page.keyboard.press('Tab');
    else await s.page.mouse.click(400, 300);
    assert.match(await note.innerText(), c.nudged, `${JSON.stringify(c)}: a ${i % 2 ? 'key' : 'tap'} gets an answer`);
    assert.equal(await note.evaluate((n) => n.classList.contains('nudge')), true);
    await s.run();
    assert.equal(await s.page.locator('#loading').count(), 0, `${JSON.stringify(c)}: gone once the app runs`);
    // The app runs: a tap now is the app's, and no note comes back.
    await s.page.mouse.click(400, 300);
    assert.equal(await s.page.locator('#loading, #prerender').count(), 0);
    await s.close();
  }
});

test('under a subpath the copy links to the page where it is hosted', async () => {
  const root = new URL('../../target/dist-subpath/', import.meta.url).pathname;
  // `make test` builds it (make build); a missing build is a failure, not a skip.
  assert.ok(existsSync(root + 'index.html'), `no subpath build in ${root}: run \`make build\``);
  const sub = await serveDist(root.replace(/\/$/, ''), '/tools/runway/');
  try {
    const s = await openHeld('', { base: sub.url });
    const copy = await s.page.evaluate(firstScreen, '#prerender');
    assert.ok(copy, 'the subpath build has its copy');
    // The example's link is the page itself, at its subpath.
    assert.equal(copy.share, sub.url, copy.share);
    await s.run();
    assert.deepEqual(await s.page.evaluate(firstScreen, 'body'), copy);
    await s.close();
  } finally {
    await sub.close();
  }
});

test('when the app cannot start, the copy gives way to a message instead of a page that looks ready', async () => {
  const cases = [
    // The wasm, or the script that loads it, never arrives; with and without a copy on screen.
    { block: '**/*.wasm', query: '', locale: 'en-US', want: /^The calculator could not start: .*Reload the page/ },
    { block: '**/*.js', query: '', locale: 'pt-BR', want: /^A calculadora não conseguiu iniciar: .*Recarregue a página/ },
    { block: '**/*.wasm', query: '?t0=2026-12-01&grant=aws-activate:100K:0:12:730', locale: 'en-US', want: /^The calculator could not start/ },
  ];
  for (const c of cases) {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: c.locale });
    const page = await context.newPage();
    await page.route(c.block, (route) => route.abort());
    await page.goto(suite.server.url + c.query);
    const banner = page.locator('#load-error');
    await banner.waitFor();
    assert.match(await banner.innerText(), c.want, JSON.stringify(c));
    assert.equal(await banner.getAttribute('role'), 'alert');
    assert.deepEqual(await page.evaluate(() => ({
      copy: !!document.getElementById('prerender'),
      loading: !!document.getElementById('loading'),
      banners: document.querySelectorAll('.fatal-banner').length,
    })), { copy: false, loading: false, banners: 1 }, `${JSON.stringify(c)}: only the message`);
    await context.close();
  }
  // A page that starts shows no such message, even after it sits a while.
  const s = await openHeld('');
  await s.run();
  await s.page.waitForTimeout(300);
  assert.equal(await s.page.locator('#load-error').count(), 0);
  await s.close();
});

/**
 * Runs in the page from its first script: records what every animation frame shows (its callbacks
 * run just before the frame is painted; the app builds its parts in tasks between frames) until
 * two frames after the app has built the whole page.
 */
function recordFrames() {
  const frames = [];
  window.__frames = frames;
  let after = 0;
  const tick = () => {
    const f = {
      copy: !!document.getElementById('prerender'),
      answers: !!document.querySelector('[data-testid=answer-total]'),
      calculator: !!document.querySelector('[data-testid=compute-cost]'),
      credits: !!document.getElementById('credits'),
      footer: !!document.querySelector('footer.foot'),
      built: !!document.querySelector('main[data-built]'),
    };
    frames.push(f);
    if (!f.built || after++ < 2) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function framesOf(query) {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordFrames);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(suite.server.url + query);
  await page.waitForFunction(() => window.__frames.at(-1)?.built && window.__frames.length > 2);
  await page.waitForTimeout(100);
  const frames = await page.evaluate(() => window.__frames);
  await context.close();
  assert.deepEqual(errors, []);
  return frames;
}

const PARTS = ['answers', 'calculator', 'credits', 'footer'];

test('the app paints its first screen before it builds the rest of the page, one part a frame', async () => {
  for (const query of ['?t0=2026-12-01&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&serve=8B:2B:modal:h100-sxm:30:12&grant=aws-activate:100K&grant=modal:25K', '']) {
    const frames = await framesOf(query);
    const shows = (f) => PARTS.filter((p) => f[p]).join('+') || 'nothing';
    const story = `${query || 'default page'}: what the frames show, in order: ${frames.map(shows).join(', ')}`;
    // Frame by frame, a part once shown stays: each frame shows every part the frame before it
    // showed (a frame that went back to an earlier state fails here, wherever it comes).
    for (let i = 1; i < frames.length; i++) {
      const lost = PARTS.filter((p) => frames[i - 1][p] && !frames[i][p]);
      assert.deepEqual(lost, [], `frame ${i} lost ${lost.join(', ')}; ${story}`);
    }
    // And the page grows in this order, one step at a time: nothing of the app, then the answers
    // (with the header and the navigation), then the calculator, then the credits with the rest
    // and the footer. Consecutive frames that show the same are one step.
    const steps = frames.map(shows).filter((s, i, all) => i === 0 || s !== all[i - 1]);
    assert.deepEqual(steps.filter((s) => s !== 'nothing'), ['answers', 'answers+calculator', 'answers+calculator+credits+footer'], story);
    assert.ok(steps.indexOf('nothing') <= 0, `only the first frames may show nothing of the app; ${story}`);
    assert.equal(frames.findIndex((f) => f.answers) < frames.findIndex((f) => f.credits) - 1, true, 'at least two frames between the answers and the whole page');
    assert.equal(frames.every((f) => f.built === f.footer), true, 'the page says it is built exactly when every part is there');
    if (query === '') {
      // The default page's pre-rendered copy gives way to the app's own first screen in one task:
      // no frame shows both, and from the copy's first frame on none shows neither.
      const first = frames.findIndex((f) => f.copy);
      assert.ok(first >= 0, 'the copy was shown');
      assert.deepEqual(frames.slice(first).filter((f) => f.copy === f.answers), [], 'never both the copy and the app, never neither');
    } else {
      assert.equal(frames.some((f) => f.copy), false, 'a link gets no copy');
    }
  }
});
