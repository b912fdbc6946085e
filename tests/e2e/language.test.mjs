// End-to-end tests of the page's two languages: English and Brazilian Portuguese, chosen by the
// link's `lang` key, then the reader's saved choice, then the browser's language; a switch in the
// header; `<html lang>` that follows; numbers typed and shown in the reader's locale; and links
// that stay canonical, so one link opens the same plan, to the same numbers, in either language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;

// A plan with a grant and a second workload (see navigation.test.mjs for its hand-worked figures):
// the numbers must be the same whichever language reads it.
const PLAN = '?t0=2026-12-01&start=20&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&work=modal:h100-sxm:8:2K:5:0.25';

/** Opens `query` on 1 Dec 2026 in a fresh context whose browser language is `locale` (en-US). */
const openIn = (query, { locale = 'en-US' } = {}) =>
  suite.openOn('2026-12-01T09:00:00', query, { viewport: { width: 1280, height: 800 }, locale });

const htmlLang = (calc) => calc.page.evaluate(() => document.documentElement.lang);
const navText = (calc) => calc.page.getByTestId('nav').innerText();
const pressed = (calc) => calc.page.locator('.lang-switch [aria-pressed=true]').getAttribute('data-testid');

/**
 * Texts on screen that look like an untranslated key ("answers.cash_date": rust-i18n shows the key
 * when a text is missing), or that still read as English words the Portuguese page must not show.
 */
async function leftovers(calc, englishWords) {
  return calc.page.evaluate((words) => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const t = n.textContent.trim();
      // Only what is laid out (not <noscript>, not a closed popup).
      if (!t || !n.parentElement || n.parentElement.getClientRects().length === 0) continue;
      // Text the page marks as English (catalog data, the switch's own "English") is meant so.
      if (n.parentElement.closest('[lang]')?.lang === 'en') continue;
      if (/^[a-z_]+(\.[a-z0-9_]+)+$/.test(t)) out.push(`key: ${t}`);
      for (const w of words) if (new RegExp(`\\b${w}\\b`).test(t)) out.push(`${w}: ${t.slice(0, 80)}`);
    }
    return out;
  }, englishWords);
}

test('the browser language picks the page language; the link key overrides it', async () => {
  // Chromium in English: English.
  const en = await openIn(PLAN);
  assert.equal(await htmlLang(en), 'en');
  assert.match(await navText(en), /Answers[\s\S]*Hidden costs[\s\S]*Your plans/);
  assert.equal(await pressed(en), 'lang-en');
  await done(en);
  // A Brazilian browser: Portuguese, without any key in the link.
  const pt = await openIn(PLAN, { locale: 'pt-BR' });
  assert.equal(await htmlLang(pt), 'pt-BR');
  assert.match(await navText(pt), /Respostas[\s\S]*Custos ocultos[\s\S]*Seus planos/);
  assert.equal(await pressed(pt), 'lang-pt');
  assert.equal(await pt.page.title(), 'GPU Credit Runway — calculadora de custo de treinamento');
  await done(pt);
  // `lang=en` in the link wins over the Brazilian browser, and `lang=pt` over an English one.
  const linkEn = await openIn(`${PLAN}&lang=en`, { locale: 'pt-BR' });
  assert.equal(await htmlLang(linkEn), 'en');
  await done(linkEn);
  const linkPt = await openIn(`${PLAN}&lang=pt`);
  assert.equal(await htmlLang(linkPt), 'pt-BR');
  await done(linkPt);
});

test('one link opens the same plan, to the same numbers, in both languages', async () => {
  const en = await openIn(PLAN);
  const pt = await openIn(`${PLAN}&lang=pt`);
  for (const id of ['answer-total', 'answer-credits-used', 'answer-cash', 'answer-expired']) {
    assert.equal(await pt.value(id), await en.value(id), id);
  }
  assert.equal(await pt.attr('answer-cash-date'), await en.attr('answer-cash-date'));
  // The headline reads in each locale's form: "$420K" / "US$ 420K"; decimals with a comma in
  // Portuguese (US$ 420,0K would be wrong: the figure is whole thousands).
  const totalEn = await en.page.getByTestId('answer-total').innerText();
  const totalPt = await pt.page.getByTestId('answer-total').innerText();
  assert.match(totalEn, /^\$\d/);
  assert.match(totalPt, /^US\$\s?\d/);
  // The link each page writes is the same plan (the language key aside).
  const strip = (u) => { const p = new URL(u).searchParams; p.delete('lang'); p.sort(); return p.toString(); };
  await en.page.getByTestId('copy-link').click();
  await pt.page.getByTestId('copy-link').click();
  assert.equal(strip(await pt.page.getByTestId('share-url').inputValue()), strip(await en.page.getByTestId('share-url').inputValue()));
  await done(en);
  await done(pt);
});

test('the header switch rebuilds the page in the other language and remembers the choice', async () => {
  const calc = await openIn(PLAN);
  const total = await calc.value('answer-total');
  await calc.page.getByTestId('lang-pt').click();
  await calc.page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
  await calc.page.getByTestId('answer-total').waitFor();
  assert.match(await navText(calc), /Respostas/);
  assert.equal(await calc.value('answer-total'), total, 'the same plan');
  // The switch keeps the keyboard where it was: on the pressed button.
  assert.equal(await calc.page.evaluate(() => document.activeElement?.dataset.testid), 'lang-pt');
  // A reload with the same link (no `lang` key) keeps Portuguese: the choice is saved.
  assert.ok(!new URL(calc.page.url()).searchParams.has('lang'), 'a link without a language gets none');
  await calc.page.reload();
  await calc.page.getByTestId('answer-total').waitFor();
  assert.equal(await htmlLang(calc), 'pt-BR');
  // And back.
  await calc.page.getByTestId('lang-en').click();
  await calc.page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.match(await navText(calc), /Answers/);
  await done(calc);
});

test('a link that names its language keeps naming it after a switch', async () => {
  const calc = await openIn(`${PLAN}&lang=pt`);
  await calc.page.getByTestId('lang-en').click();
  await calc.page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(new URL(calc.page.url()).searchParams.get('lang'), 'en');
  await done(calc);
});

test('the Portuguese page shows no untranslated key and no English headings', async () => {
  const calc = await openIn(`${PLAN}&lang=pt`);
  await calc.buildSections();
  for (const id of await calc.page.evaluate(() => [...document.querySelectorAll('details.section')].map((d) => d.id))) {
    await calc.openSection(id);
  }
  const left = await leftovers(calc, ['Answers', 'Hidden costs', 'Your plans', 'Show the math', 'Remove', 'Save', 'Credits', 'Glossary', 'Which credits fit']);
  assert.deepEqual(left, []);
  await done(calc);
});

test('numbers are typed in the reader\'s locale; text read two ways says how it was read', async () => {
  // Portuguese: the comma marks decimals and the dot groups thousands, so "1,5B" is 1.5 × 10⁹
  // parameters and "1.000B" a thousand billion (10¹²) tokens; the link stays canonical ("1.5B",
  // "1T"), so it opens the same plan in English.
  const pt = await openIn('?t0=2026-12-01&lang=pt');
  await pt.type('params', '1,5B');
  await pt.waitForUrl((p) => p.get('params') === '1.5B');
  await pt.type('tokens', '1.000B');
  await pt.waitForUrl((p) => p.get('tokens') === '1T');
  // "1.000B" is also English (1B): the note says which reading was taken.
  assert.match(await pt.page.getByTestId('input-tokens-note').innerText(), /^Lido como 1000B \(o ponto separa milhares\), não 1B\.$/);
  // "1.5B" is English only: refused, with the Portuguese form to write.
  await pt.type('params', '1.5B');
  assert.match(await pt.error('params'), /"1\.5B" não é um número em português: escreva 1,5B, com vírgula para decimais/);
  await pt.waitForUrl((p) => p.get('params') === '1.5B'); // the last valid value stays
  await done(pt);

  // The boxes read by a link's rules (a grant's amount, the add-workload form) read Portuguese
  // too: "100.000" dollars is a hundred thousand (the link's 100K), never a hundred.
  const grants = await openIn('?t0=2026-12-01&grant=modal&lang=pt');
  await grants.page.getByTestId('grant-0-amount').fill('100.000');
  await grants.waitForUrl((p) => p.getAll('grant')[0]?.split(':')[1] === '100K');
  await grants.page.getByTestId('new-work-params').fill('1,5B');
  await grants.page.getByTestId('add-workload').click();
  assert.equal(await grants.page.getByTestId('error-work-new').count(), 0, '"1,5B" is accepted in the add form');
  await grants.waitForUrl((p) => p.getAll('job').some((j) => j.split(':')[1] === '1.5B'));
  await done(grants);

  // English: the same texts read the other way.
  const en = await openIn('?t0=2026-12-01');
  await en.type('params', '1,5B');
  assert.match(await en.error('params'), /"1,5B" is not a number in English: write 1\.5B, with a dot for decimals/);
  await en.type('tokens', '1.000B');
  await en.waitForUrl((p) => p.get('tokens') === '1B');
  assert.match(await en.page.getByTestId('input-tokens-note').innerText(), /^Read as 1B \(the dot marks decimals\), not 1000B\.$/);
  await done(en);
});

test('amounts in reais at the rate the reader types, kept in the link; the plan stays in dollars', async () => {
  const calc = await openIn(PLAN);
  const totalUsd = await calc.value('answer-total');
  await calc.page.getByTestId('currency-code').selectOption('brl');
  await calc.page.getByTestId('currency-rate').fill('5.4');
  await calc.page.getByTestId('currency-rate').press('Enter');
  await calc.page.waitForFunction(() => /^R\$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  // data-value stays in US dollars (what providers bill); the text is 5.4 times it, in reais.
  assert.equal(await calc.value('answer-total'), totalUsd);
  const shown = await calc.page.getByTestId('answer-total').innerText();
  // $420,003.56 × 5.4 = R$2,268,019 → "R$2.3M" (two significant digits, as dollars are shown).
  assert.equal(shown, 'R$2.3M');
  assert.match(await calc.page.getByTestId('currency-note').innerText(), /Shown in BRL at 5\.40 per US\$; providers bill in US\$/);
  const p = new URL(calc.page.url()).searchParams;
  assert.equal(p.get('cur'), 'brl');
  assert.equal(p.get('fx'), '5.4');
  // A reload keeps it (the link holds it); a bad rate in a link says so and shows dollars.
  await calc.page.reload();
  await calc.page.getByTestId('answer-total').waitFor();
  assert.equal(await calc.page.getByTestId('answer-total').innerText(), 'R$2.3M');
  await done(calc);
  const bad = await openIn(`${PLAN}&cur=brl&fx=abc`);
  assert.match(await bad.page.getByTestId('view-error').innerText(), /^Exchange rate \(fx\): "abc" is not a number\./);
  assert.match(await bad.page.getByTestId('answer-total').innerText(), /^\$/);
  await done(bad);
});
