// End-to-end tests of the page on a phone (issue 27, item 6): at 390 x 844, in English and in
// Portuguese, on a plan with several jobs, serving and grants and every section open:
// - the tables reflow (no word or number split across two lines, no table scrolling sideways);
// - nothing is wider than the screen;
// - what a finger must hit (slider, "Show the math", a link in the text) is at least 24 px tall;
// - the navigation strip, which scrolls sideways, fades on the side where more links are.
// The clock is fixed so "today" (and every "in N days") is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { pageSuite } from './support/suite.mjs';

const ARTIFACTS = new URL('./artifacts/', import.meta.url).pathname;
const suite = pageSuite({ before: () => mkdir(ARTIFACTS, { recursive: true }) });
const { done } = suite;

const NOW = '2026-12-01T09:00:00';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
// A pre-training run on AWS from day 20, a full fine-tune on Google Cloud, a LoRA job, an 8-GPU
// experiment and a serving line on Modal, and three grants: long provider names ("Amazon Web
// Services") and amounts of six digits in the bill lines.
const PLAN =
  '?t0=2026-12-01&job=pretrain:7B:2T:aws:h100-sxm:64:20&job=full-ft:8B:500M:gcp:h100-sxm:8:30&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&serve=8B:2B:modal:h100-sxm:30:12' +
  '&work=modal:h100-sxm:8:2K:5:0.25&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&grant=azure-founders:25K:30';
// Every collapsible section: their tables, sliders and links are checked too.
const SECTIONS = ['programs', 'advisor', 'hidden-costs', 'compare', 'billing', 'charts', 'saved'];
const LANGUAGES = [['en', ''], ['pt', '&lang=pt']];
const MIN_TARGET = 24;

/** The plan on a phone in `lang`, every section open. */
async function openPhone(langQuery) {
  const calc = await suite.openOn(NOW, PLAN + langQuery, PHONE);
  for (const id of SECTIONS) await calc.openSection(id);
  // The bill lines of the runway must be there (the table this file is mostly about).
  await calc.page.getByTestId('bill-line-0').waitFor();
  return calc;
}

/**
 * Every word in a table cell that the browser laid out over more than one line, and every amount
 * ("$6,103", "R$ 1.320", "29K") not on one line (broken at its space). A word is a run of
 * non-space characters up to and including a hyphen: a line may end after the hyphen of "GPU-hours",
 * as in print, never inside "GPU" or "hours". A range has one client rect per line it sits on.
 */
function splitWords() {
  const visible = (el) => el.getClientRects().length > 0 && el.getBoundingClientRect().width > 1;
  const lines = (range) => [...range.getClientRects()].filter((r) => r.width > 0).length;
  const bad = [];
  for (const cell of document.querySelectorAll('table td, table th')) {
    if (!visible(cell)) continue;
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!visible(node.parentElement)) continue;
      const pieces = [
        ...[...node.data.matchAll(/[^\s-]+-?/g)].map((m) => [m, 'word']),
        ...[...node.data.matchAll(/(?:(?:[A-Z]{0,2}\$|€|£)\s?)?\d[\d.,]*(?:[KMB]\b)?/g)].map((m) => [m, 'amount']),
      ];
      for (const [m, kind] of pieces) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const n = lines(range);
        if (n > 1) bad.push(`${kind} "${m[0]}" over ${n} lines`);
      }
    }
  }
  return bad;
}

/**
 * Elements reaching past the right edge of the screen that no scrolling box of theirs clips, and
 * tables that need scrolling sideways (a phone's table reflows instead).
 */
function overflowing() {
  const width = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  const bad = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 0.5 || clipped(el)) continue;
    bad.push(`${el.tagName.toLowerCase()}.${el.className} ends at ${Math.round(r.right)}`);
  }
  for (const el of document.querySelectorAll('.table-scroll')) {
    if (el.scrollWidth > el.clientWidth + 0.5) bad.push(`table region ${el.getAttribute('aria-labelledby')} scrolls: ${el.scrollWidth} > ${el.clientWidth}`);
  }
  return bad;
}

/** The smallest height of each kind of touch target on the page, with the worst one's text. */
function targetHeights() {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
  };
  const smallest = (els, rectsOf) => {
    let min = { height: Infinity, text: '', count: 0 };
    for (const el of els) {
      if (!shown(el)) continue;
      min.count += 1;
      // A link wrapped over two lines is two boxes: each must be tall enough.
      for (const r of rectsOf(el)) {
        if (r.width > 0 && r.height < min.height) min = { ...min, height: r.height, text: el.textContent.trim().slice(0, 40) };
      }
    }
    return min;
  };
  const box = (el) => [el.getBoundingClientRect()];
  return {
    sliders: smallest(document.querySelectorAll('input[type=range]'), box),
    math: smallest(document.querySelectorAll('details.math > summary'), box),
    // The skip links sit off the page until focused; the rest are links a finger may hit.
    links: smallest(document.querySelectorAll('a[href]:not(.skip-link)'), (el) => el.getClientRects()),
  };
}

/**
 * The navigation list's mask: its opacity at the left and right edge, read from the computed
 * `mask-image` (a linear gradient to the right, stops in px, % or calc(100% - Npx)).
 */
function navFade() {
  const ul = document.querySelector('[data-testid=nav] ul');
  const style = getComputedStyle(ul);
  const image = style.maskImage || style.webkitMaskImage;
  const width = ul.clientWidth;
  if (!image || image === 'none') return { image, left: 1, right: 1 };
  const m = image.match(/^linear-gradient\(to right, (.*)\)$/);
  if (!m) return { image, left: NaN, right: NaN };
  // Split the stops at top-level commas.
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < m[1].length; i++) {
    const c = m[1][i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(m[1].slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(m[1].slice(start).trim());
  const at = (pos) => {
    if (!pos) return null;
    let px = 0;
    const calc = pos.match(/^calc\(100% - ([\d.]+)px\)$/);
    if (calc) px = width - Number(calc[1]);
    else if (pos.endsWith('%')) px = (Number.parseFloat(pos) / 100) * width;
    else px = Number.parseFloat(pos);
    return px;
  };
  const stops = parts.map((p) => {
    const color = p.match(/^(rgba?\([^)]*\)|transparent|black|#[0-9a-f]+)\s*(.*)$/i);
    const c = color ? color[1] : p;
    const alpha = c === 'transparent' ? 0 : c.startsWith('rgba') ? Number(c.split(',')[3].replace(')', '')) : 1;
    return { alpha, pos: at(color ? color[2] : '') };
  });
  // Unpositioned first and last stops sit at the ends.
  if (stops[0].pos === null) stops[0].pos = 0;
  if (stops.at(-1).pos === null) stops.at(-1).pos = width;
  const alphaAt = (x) => {
    let prev = stops[0];
    if (x <= prev.pos) return prev.alpha;
    for (const s of stops.slice(1)) {
      const pos = s.pos ?? prev.pos;
      if (x <= pos) return pos === prev.pos ? s.alpha : prev.alpha + ((s.alpha - prev.alpha) * (x - prev.pos)) / (pos - prev.pos);
      prev = { ...s, pos };
    }
    return prev.alpha;
  };
  return { image, left: alphaAt(1), right: alphaAt(width - 1) };
}

/** Scrolls the navigation list to `to` ("start", "middle", "end") and waits two frames. */
/**
 * The strip's fade once it has caught up with its scroll position: a scroll-driven animation
 * updates on a later frame than the scroll (two frames are not always enough on a busy machine),
 * so it is read until `ok` holds or 3 s pass; the caller asserts on what was read last.
 */
async function fadeWhen(page, ok) {
  const deadline = Date.now() + 3000;
  for (;;) {
    const fade = await page.evaluate(navFade);
    if (ok(fade) || Date.now() > deadline) return fade;
    await page.waitForTimeout(50);
  }
}

async function scrollNav(page, to) {
  await page.evaluate(async (to) => {
    const ul = document.querySelector('[data-testid=nav] ul');
    const max = ul.scrollWidth - ul.clientWidth;
    ul.scrollLeft = to === 'start' ? 0 : to === 'end' ? max : max / 2;
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
  }, to);
}

for (const [lang, query] of LANGUAGES) {
  test(`${lang}: the tables reflow on a phone, no word or amount split, nothing wider than the screen`, async () => {
    const calc = await openPhone(query);
    const { page } = calc;
    assert.ok((await page.locator('table').count()) >= 3, 'the bill lines, billing modes and budget tables are there');
    // Pictures first, to look at whether or not the checks pass.
    await page.getByTestId('bill-line-0').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}phone-bill-lines-${lang}.png` });
    await page.getByTestId('mode-row-aws').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}phone-billing-${lang}.png` });
    await page.getByTestId('buy-row-0').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}phone-budget-${lang}.png` });
    assert.deepEqual(await page.evaluate(splitWords), [], 'every word and amount in a table on one line');
    assert.deepEqual(await page.evaluate(overflowing), [], 'nothing reaches past the screen, no table scrolls sideways');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page does not scroll sideways');
    // Each cell is labelled with its column's name (the header row is not on screen).
    const unlabelled = await page.evaluate(() => [...document.querySelectorAll('table td')].filter((td) => !td.dataset.label?.trim()).length);
    assert.equal(unlabelled, 0, 'every cell names its column');
    await done(calc);
  });

  test(`${lang}: sliders, "Show the math" and links are at least ${MIN_TARGET} px tall on a phone`, async () => {
    const calc = await openPhone(query);
    const sizes = await calc.page.evaluate(targetHeights);
    console.log(`${lang} smallest targets: ${JSON.stringify(sizes)}`);
    for (const [kind, min] of Object.entries(sizes)) {
      assert.ok(min.count > 0, `${kind}: some on the page`);
      assert.ok(min.height >= MIN_TARGET, `${kind}: "${min.text}" is ${min.height.toFixed(1)} px tall`);
    }
    await calc.page.evaluate(() => window.scrollTo(0, 0));
    await calc.page.screenshot({ path: `${ARTIFACTS}phone-first-screen-${lang}.png` });
    await calc.page.screenshot({ path: `${ARTIFACTS}phone-full-page-${lang}.png`, fullPage: true });
    await done(calc);
  });

  test(`${lang}: the navigation strip fades on the side with more links`, async () => {
    const calc = await openPhone(query);
    const { page } = calc;
    const overflow = await page.evaluate(() => {
      const ul = document.querySelector('[data-testid=nav] ul');
      return ul.scrollWidth - ul.clientWidth;
    });
    assert.ok(overflow > 100, `the strip scrolls sideways (${overflow} px more)`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await scrollNav(page, 'start');
    const atStart = (f) => f.left > 0.99 && f.right < 0.2;
    const start = await fadeWhen(page, atStart);
    assert.ok(atStart(start), `at the start only the right edge fades: ${JSON.stringify(start)}`);
    await page.getByTestId('nav').screenshot({ path: `${ARTIFACTS}phone-nav-start-${lang}.png` });
    await scrollNav(page, 'middle');
    const inMiddle = (f) => f.left < 0.2 && f.right < 0.2;
    const middle = await fadeWhen(page, inMiddle);
    assert.ok(inMiddle(middle), `in the middle both edges fade: ${JSON.stringify(middle)}`);
    await scrollNav(page, 'end');
    const atEnd = (f) => f.left < 0.2 && f.right > 0.99;
    const end = await fadeWhen(page, atEnd);
    assert.ok(atEnd(end), `at the end only the left edge fades: ${JSON.stringify(end)}`);
    await page.getByTestId('nav').screenshot({ path: `${ARTIFACTS}phone-nav-end-${lang}.png` });
    // The last link is whole and unfaded at the end: the fade never hides a link for good.
    const last = await page.evaluate(() => {
      const ul = document.querySelector('[data-testid=nav] ul');
      const a = [...ul.querySelectorAll('a')].at(-1).getBoundingClientRect();
      return { right: a.right, edge: ul.getBoundingClientRect().right };
    });
    assert.ok(last.right <= last.edge + 0.5, `the last link ends inside the strip: ${JSON.stringify(last)}`);
    await done(calc);
  });
}
