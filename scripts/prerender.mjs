// Pre-renders the first screen into a release build's index.html, so the page shows its answers
// before the wasm has loaded (issue 15). Usage: node scripts/prerender.mjs DIST [PUBLIC_URL]
//
// How: the built page itself is opened in headless Chromium, once per language (a browser in
// en-US, then pt-BR), with no link and no saved plan, its clock fixed on a sentinel day. What the
// app then shows above the calculator (the header with its share box, the section navigation and
// the four answers) is copied as static HTML into a <template> per language, with the sentinel
// day written as @@ISO@@ / @@HUMAN@@, the page's own address as @@PAGE@@ and the share link's view
// keys as @@KEYS@@. The small inline script in index.html shows the reader's language's copy
// (inert: nothing in it reacts) with today's date filled in, only when the app is about to show the
// same thing: no link keys other than `lang`, no last plan in this browser. The app removes it when
// it mounts (src/lang.rs).
//
// That the copy is right on another day rests on the default plan giving the same answers
// whatever day it opens on (model/tests/prerender.rs); tests/e2e/first-paint.test.mjs compares the
// copy's words with the app's on dates in every month, in both languages.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { launch } from '../tests/e2e/support/browser.mjs';
import { serveStatic } from './serve.mjs';
import { writeServiceWorker } from './service-worker.mjs';

const root = resolve(process.argv[2] ?? 'dist');
const prefix = process.argv[3] ?? '/';
const file = join(root, 'index.html');
const START = '<!-- prerender:start -->';
const END = '<!-- prerender:end -->';
// A day no build runs on, so every date the copy shows is found and replaced.
const SENTINEL = { local: '2031-07-19T12:00:00', iso: '2031-07-19', en: '19 Jul 2031', pt: '19 de jul. de 2031', year: '2031' };

let html = readFileSync(file, 'utf8');
const marker = '<script data-prerender>';
if (!html.includes(marker)) throw new Error(`prerender: ${file} has no ${marker} (index.html's inline script)`);
// Again on the same build: the previous copies go first.
html = html.replace(new RegExp(`${START}[\\s\\S]*?${END}\\n?`), '');
writeFileSync(file, html);

/** In the page: the first screen as static HTML, form state written into attributes. */
function snapshot({ sentinel, human }) {
  const page = location.href.split(/[?#]/)[0];
  // The page notes (a first visit's example and its starting points) sit between the header and
  // the navigation, as in the app.
  const parts = [document.querySelector('body > header.top'), document.querySelector('body > div.page-notes'), document.querySelector('body > nav.toc'), document.querySelector('#answers')];
  if (parts.some((p) => !p)) throw new Error('prerender: the page has no header, page notes, navigation or answers');
  const copies = parts.map((p) => {
    const c = p.cloneNode(true);
    // Values the user sees live in properties, which cloning does not carry.
    const from = p.querySelectorAll('input, select, textarea');
    const to = c.querySelectorAll('input, select, textarea');
    from.forEach((el, i) => {
      const t = to[i];
      if (el.tagName === 'SELECT') {
        [...el.options].forEach((o, j) => (o.selected ? t.options[j].setAttribute('selected', '') : t.options[j].removeAttribute('selected')));
      } else if (el.type === 'checkbox' || el.type === 'radio') {
        if (el.checked) t.setAttribute('checked', ''); else t.removeAttribute('checked');
      } else {
        // The share link ends with the link's view keys (`?lang=pt`) when the address has them: the
        // copy is of the example, whose link is the page itself.
        t.setAttribute('value', el.value + (el.closest('.share') ? '@@KEYS@@' : ''));
      }
    });
    for (const el of [c, ...c.querySelectorAll('*')]) {
      // No id, name or label target may repeat the app's while both are in the document (the app
      // looks elements up by id as it mounts); test ids become prerender ids, so a test or a
      // benchmark looking for the app's elements never finds the copy.
      for (const a of ['id', 'name', 'for', 'aria-controls', 'aria-describedby', 'aria-labelledby']) el.removeAttribute(a);
      const testId = el.getAttribute('data-testid');
      if (testId !== null) {
        el.removeAttribute('data-testid');
        el.setAttribute('data-prerender-testid', testId);
      }
    }
    return c;
  });
  const wrap = document.createElement('div');
  wrap.append(copies[0], copies[1], copies[2]);
  const layout = document.createElement('div');
  layout.className = 'layout';
  layout.append(copies[3]);
  wrap.append(layout);
  const out = wrap.innerHTML.split(page).join('@@PAGE@@').split(sentinel).join('@@ISO@@').split(human).join('@@HUMAN@@');
  return { html: out, title: document.title, lang: document.documentElement.lang };
}

const server = await serveStatic({ root, prefix });
const browser = await launch();
const templates = [];
try {
  for (const [lang, locale] of [['en', 'en-US'], ['pt', 'pt-BR']]) {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.clock.setFixedTime(new Date(SENTINEL.local));
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.dataset.value && document.querySelector('[data-testid=compute-cost]')?.dataset.value !== undefined);
    const s = await page.evaluate(snapshot, { sentinel: SENTINEL.iso, human: SENTINEL[lang] });
    await context.close();
    if (errors.length) throw new Error(`prerender: page errors: ${errors.join('; ')}`);
    if (!s.html.includes('@@HUMAN@@') || !s.html.includes('@@PAGE@@') || !s.html.includes('@@KEYS@@')) throw new Error(`prerender (${lang}): the copy shows no date or no link; has the first screen changed?`);
    // A date in a form this script does not know would show the sentinel day on every load.
    if (s.html.includes(SENTINEL.year)) throw new Error(`prerender (${lang}): the copy still holds ${SENTINEL.year} after replacing its dates: ${s.html.slice(Math.max(0, s.html.indexOf(SENTINEL.year) - 80), s.html.indexOf(SENTINEL.year) + 40)}`);
    if (s.html.includes('</template')) throw new Error('prerender: the copy closes its own template');
    const attr = (v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    templates.push(`<template id="prerender-${lang}" data-lang="${attr(s.lang)}" data-title="${attr(s.title)}">${s.html}</template>`);
  }
} finally {
  await browser.close();
  await server.close();
}
// A function, so no `$` in the copy is read as a replacement pattern.
html = html.replace(marker, () => `${START}\n${templates.join('\n')}\n${END}\n${marker}`);

// The style sheet goes into the page too: it blocks the first paint (and the inline script), so
// as a file it costs a request and a round trip before anything shows. The policy allows that one
// <style> element by its hash, as it allows the inline scripts (scripts/csp-hash.mjs).
const link = html.match(/<link rel="stylesheet" href="([^"]+\.css)"[^>]*>/);
let inlined = 0;
if (link) {
  const cssFile = join(root, decodeURIComponent(link[1]).slice(prefix.length));
  const css = readFileSync(cssFile, 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`prerender: ${cssFile} closes a <style> element`);
  const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  if (!html.includes("style-src 'self'")) throw new Error("prerender: the page's policy has no style-src 'self'");
  html = html.replace(link[0], () => `<style>${css}</style>`).replace("style-src 'self'", `style-src 'self' ${hash}`);
  for (const f of [cssFile, `${cssFile}.gz`, `${cssFile}.br`]) rmSync(f, { force: true });
  inlined = css.length;
}
// The wasm and its script are asked for as soon as the policy is read, not after the inlined style
// sheet: Trunk writes their preload links where index.html names the app, ~45 KB into the page,
// which on a phone's network (1.6 Mbit/s) arrive some 50 ms after the head's first bytes. After
// the Content-Security-Policy <meta>, so the policy still governs both requests.
const policy = html.match(/<meta http-equiv="Content-Security-Policy"[^>]*>\n?/);
const preloads = [...html.matchAll(/<link rel="(?:modulepreload|preload)" href="[^"]+\.(?:js|wasm)"[^>]*>\n?/g)].map((m) => m[0]);
if (!policy) throw new Error("prerender: the page has no Content-Security-Policy <meta>");
if (preloads.length !== 2) throw new Error(`prerender: expected the script's and the wasm's preload links, found ${preloads.length}`);
for (const p of preloads) html = html.replace(p, '');
html = html.replace(policy[0], () => `${policy[0]}    ${preloads.map((p) => p.trim()).join('\n    ')}\n`);
writeFileSync(file, html);
// The service worker precaches the build as it now is: this index.html, no style sheet file.
const sw = writeServiceWorker(root);
console.log(`prerender: first screen in ${templates.length} languages, ${(templates.join('').length / 1024).toFixed(1)} KB of HTML${inlined ? `, style sheet inlined (${(inlined / 1024).toFixed(1)} KB)` : ''}, into ${file}; service worker ${sw.version} precaches ${sw.files.length} files`);
