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
  // The headline reads in each locale's form, the same figure: "$420K" / "US$ 420 mil" for this
  // plan's $420,003.56 (navigation.test.mjs works it out). Portuguese writes the dollar prefix
  // "US$ ", swaps the marks and writes the scale in words as Intl's pt-BR compact form does, so
  // its headline is the English one with "$" → "US$ ", "." ↔ "," and "K" → " mil" (a whole
  // number of thousands has no decimals in either: never "420.0K"/"420,0 mil").
  const totalEn = await en.page.getByTestId('answer-total').innerText();
  const totalPt = await pt.page.getByTestId('answer-total').innerText();
  // $420,003.56 = 420.00356 thousands; the headline rounds to two significant digits but never
  // drops a whole digit (no decimals from 100 up), so 420.00356 → "420": "$420K".
  assert.equal(totalEn, '$420K');
  assert.equal(totalPt, 'US$\u00a0420\u00a0mil');
  const swapped = totalEn.replace('$', 'US$\u00a0').replace(/[.,]/g, (c) => (c === '.' ? ',' : '.')).replace(/K$/, '\u00a0mil');
  assert.equal(totalPt, swapped);
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
  await calc.built();
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
  assert.match(await pt.error('params'), /em português a vírgula separa os decimais: escreva 1,5B em vez de "1\.5B"/);
  await pt.waitForUrl((p) => p.get('params') === '1.5B'); // the last valid value stays
  await done(pt);

  // The boxes read by a link's rules (a grant's amount, the add-workload form) read Portuguese
  // too: "100.000" dollars is a hundred thousand (the link's 100K), never a hundred.
  const grants = await openIn('?t0=2026-12-01&grant=modal&lang=pt');
  await grants.page.getByTestId('grant-0-amount').fill('100.000');
  await grants.waitForUrl((p) => p.getAll('grant')[0]?.split(':')[1] === '100K');
  // The grant's box is the calculator's kind of box: it says how text both languages read was read.
  assert.equal(await grants.page.getByTestId('grant-0-amount-note').innerText(), 'Lido como 100000 (o ponto separa milhares), não 100.');
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

test('a headline of whole thousands reads "$420K" and "US$ 420 mil", one with a decimal "$2.9M" and "US$ 2,9 mi"', async () => {
  // Experiments only, at their own price, so no catalog figure enters: 8 H100 SXM at AWS,
  // 60,000 GPU-hours at $7.00 = $420,000 (312.5 days at 192 GPU-hours a day) = 420 thousands: two
  // significant digits, no decimals from 100 up, so "$420K", never "420.0K" or "420,0K".
  // 1,000 GPUs, 2.9M GPU-hours at $1.00 = $2,900,000 (120.8 days at 24,000 GPU-hours a day):
  // two significant digits of millions, "$2.9M", the decimal a comma in Portuguese.
  for (const [work, en, pt] of [
    ['aws:h100-sxm:8:60K:0:1:7', '$420K', 'US$\u00a0420\u00a0mil'],
    ['aws:h100-sxm:1000:2.9M:0:1:1', '$2.9M', 'US$\u00a02,9\u00a0mi'],
  ]) {
    for (const [lang, want] of [['en', en], ['pt', pt]]) {
      const calc = await openIn(`?t0=2026-12-01&work=${work}&lang=${lang}`);
      const total = Number(work.split(':')[3].replace('K', 'e3').replace('M', 'e6')) * Number(work.split(':')[6]);
      assert.ok(Math.abs((await calc.value('answer-total')) - total) < 0.005, `${work}: $${total}`);
      assert.equal(await calc.page.getByTestId('answer-total').innerText(), want);
      await done(calc);
    }
  }
});

test('amounts in reais at the rate the reader types, kept in the link; the plan stays in dollars', async () => {
  const calc = await openIn(PLAN);
  const totalUsd = await calc.value('answer-total');
  await calc.page.getByTestId('currency-code').selectOption('brl');
  // Issue 27, item 8: reais at once, at the dated default rate (data/currencies.json: the ECB's
  // reference rates of 30 Oct 2026, EUR 1 = BRL 6.0692 = USD 1.1172: 5.43251 reais a dollar):
  // $420,003.56 × 5.43251 = R$2,281,673 → "R$2.3M".
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.innerText === 'R$2.3M');
  const note = await calc.page.getByTestId('currency-note').innerText();
  // On 1 Dec 2026 the rate is 32 days old: dated (in words), not flagged.
  assert.match(note, /Shown in BRL at 5\.4325\d* per US\$; providers bill in US\$ \(the ECB reference rate of 30 Oct 2026: type yours\)/, note);
  assert.equal(await calc.page.locator('[data-testid=currency-note].stale').count(), 0);
  assert.match(await calc.page.getByTestId('currency-note').getAttribute('title'), /European Central Bank, "Euro foreign exchange reference rates", 30 October 2026/);
  // Labels follow: the calculator's budget figure is in reais too ($50K × 5.43251 = R$272K).
  assert.match(await calc.page.getByTestId('gpu-hours-for-50k').locator('xpath=..').innerText(), /GPU-hours R\$272K buys/);
  // The typed rate applies as typed, with no Enter; the box keeps the text and the focus.
  await calc.page.getByTestId('currency-rate').fill('5');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.innerText === 'R$2.1M');
  await calc.page.waitForFunction(() => document.activeElement?.id === 'currency-rate');
  assert.equal(await calc.page.getByTestId('currency-rate').inputValue(), '5');
  await calc.page.getByTestId('currency-rate').press('Enter');
  // data-value stays in US dollars (what providers bill); the text is 5 times it, in reais.
  assert.equal(await calc.value('answer-total'), totalUsd);
  const shown = await calc.page.getByTestId('answer-total').innerText();
  // $420,003.56 × 5 = R$2,100,018 → "R$2.1M" (two significant digits, as dollars are shown).
  assert.equal(shown, 'R$2.1M');
  assert.match(await calc.page.getByTestId('currency-note').innerText(), /Shown in BRL at 5\.00 per US\$; providers bill in US\$/);
  const p = new URL(calc.page.url()).searchParams;
  assert.equal(p.get('cur'), 'brl');
  assert.equal(p.get('fx'), '5');
  // A reload keeps it (the link holds it); a bad rate in a link says so and shows dollars.
  await calc.page.reload();
  await calc.page.getByTestId('answer-total').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('answer-total').innerText(), 'R$2.1M');
  await done(calc);
  const bad = await openIn(`${PLAN}&cur=brl&fx=abc`);
  assert.match(await bad.page.getByTestId('view-error').innerText(), /^Exchange rate \(fx\): "abc" is not a number\./);
  assert.match(await bad.page.getByTestId('answer-total').innerText(), /^\$/);
  await done(bad);
});

test('the reader\'s currency and rate are kept: a visit without a link, choosing reais again, and a saved plan bring them back', async () => {
  const calc = await openIn(PLAN);
  await calc.page.getByTestId('currency-code').selectOption('brl');
  await calc.page.getByTestId('currency-rate').fill('5');
  // $420,003.56 × 5 = R$2,100,018 → "R$2.1M".
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.innerText === 'R$2.1M');
  // A visit without a link (the last plan from this browser) is in reais at the rate typed, and
  // its link says so, as if chosen.
  await calc.page.goto(suite.server.url);
  await calc.page.getByTestId('answer-total').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('answer-total').innerText(), 'R$2.1M');
  assert.equal(await calc.page.getByTestId('currency-rate').inputValue(), '5');
  await calc.waitForUrl((p) => p.get('cur') === 'brl' && p.get('fx') === '5' && p.getAll('grant').length === 2);
  // Saved in reais.
  await calc.openSection('saved');
  await calc.page.getByTestId('scenario-name').fill('Plano em reais');
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  // Dollars, then reais again: the rate the reader typed comes back, not the default.
  await calc.page.getByTestId('currency-code').selectOption('usd');
  await calc.page.waitForFunction(() => /^\$420K$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  await calc.page.getByTestId('currency-code').selectOption('brl');
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.innerText === 'R$2.1M');
  assert.equal(await calc.page.getByTestId('currency-rate').inputValue(), '5');
  // In dollars, the plan saved in reais opens in reais, still the open plan in a section still
  // open (a rebuild keeps both), the keyboard on its summary.
  await calc.page.getByTestId('currency-code').selectOption('usd');
  await calc.page.waitForFunction(() => /^\$420K$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  await (await calc.reveal(calc.page.getByTestId('open-saved-0'))).click();
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=answer-total]')?.innerText === 'R$2.1M');
  await calc.page.waitForFunction(() => document.activeElement?.dataset?.testid === 'summary-saved');
  await calc.page.locator('[data-testid=saved-0].open').waitFor();
  await calc.waitForUrl((p) => p.get('cur') === 'brl' && p.get('fx') === '5');
  await done(calc);
});

test('amounts the founder types are in the shown currency; the link keeps dollars', async () => {
  // Reais at 5 a dollar, in Portuguese: AWS Activate's $100K shows as R$ 500K in its box.
  const calc = await openIn(`${PLAN}&cur=brl&fx=5&lang=pt`);
  const amount = await calc.reveal(calc.page.getByTestId('grant-0-amount'));
  assert.equal(await amount.inputValue(), '500K');
  // 250.000 reais typed the Brazilian way are $50,000 in the link.
  await amount.fill('250.000');
  await calc.waitForUrl((p) => p.getAll('grant')[0]?.startsWith('aws-activate:50000:') || p.getAll('grant')[0]?.startsWith('aws-activate:50K:'));
  // A price typed in reais, its unit saying so: R$ 20 an hour is $4.
  const unit = await calc.reveal(calc.page.getByTestId('input-price').locator('xpath=ancestor::*[contains(@class,"field")][1]'));
  assert.match(await unit.innerText(), /BRL\/GPU-h/);
  await calc.type('price', '20');
  await calc.waitForUrl((p) => p.get('price') === '4');
  // A reload shows them again in reais, as typed.
  await calc.page.reload();
  await calc.page.getByTestId('answer-total').waitFor();
  await calc.built();
  assert.equal(await (await calc.reveal(calc.page.getByTestId('input-price'))).inputValue(), '20');
  assert.equal(await (await calc.reveal(calc.page.getByTestId('grant-0-amount'))).inputValue(), '250K');
  // Below the range once converted: R$ 0,0001 an hour is $0.00002, under the $0.0001 floor, and
  // the message says the box is in reais at 5.
  await calc.type('price', '0,0001');
  assert.match(await calc.page.getByTestId('error-price').innerText(), /digitado em BRL e convertido a 5 BRL por US\$/);
  await done(calc);
});

test('a default rate more than 90 days old is flagged and asks for today\'s, in both languages', async () => {
  // 15 Feb 2027 is 108 days after the ECB rates of 30 Oct 2026 (31 + 30 + 31 + 16).
  for (const [lang, words] of [
    ['en', /^Shown in BRL at 5\.4325\d* per US\$; providers bill in US\$\. Stale: the ECB reference rate of 30 Oct 2026, 108 days old; type today's rate$/],
    ['pt', /^Valores em BRL a 5,4325\d* por US\$; os provedores cobram em US\$\. Desatualizada: é a taxa de referência do BCE de 30 de out\. de 2026, há 108 dias; digite a de hoje$/],
  ]) {
    const calc = await suite.openOn('2027-02-15T09:00:00', `${PLAN}&cur=brl&lang=${lang}`, { viewport: { width: 1280, height: 800 } });
    const note = calc.page.locator('[data-testid=currency-note].stale');
    assert.match(await note.innerText(), words);
    await done(calc);
  }
  // A rate the reader typed is the reader's: neither dated nor flagged.
  const typed = await suite.openOn('2027-02-15T09:00:00', `${PLAN}&cur=brl&fx=5.9`, { viewport: { width: 1280, height: 800 } });
  assert.equal(await typed.page.getByTestId('currency-note').innerText(), 'Shown in BRL at 5.90 per US$; providers bill in US$');
  assert.equal(await typed.page.locator('[data-testid=currency-note].stale').count(), 0);
  await done(typed);
});

test('the catalog\'s descriptions are in the reader\'s language, marked as such', async () => {
  // data/programs.json: Modal's `covers` / `covers_pt` and its scope (platform), AWS Activate's
  // `stage` / `stage_pt` (it needs backing), and Modal's `fits_reason` / `fits_reason_pt`, as
  // written in the file; the scope and "needs backing" words from the locale files.
  const expected = {
    en: {
      covers: 'Serverless GPU and CPU compute, billed per second (anything billed by the platform)',
      eligibility: "Eligibility: pre-Series B, founded in the last 10 years; Portfolio needs an Activate Provider's Org ID (a VC, an accelerator or an angel investor); needs VC or accelerator backing.",
      fits: 'Serverless, billed per second: the right shape for sporadic experimentation',
    },
    pt: {
      covers: 'Computação serverless em GPU e CPU, cobrada por segundo (qualquer coisa cobrada pela plataforma)',
      eligibility: 'Elegibilidade: antes da Série B, fundada nos últimos 10 anos; o Portfolio exige o Org ID de um Activate Provider (fundo de VC, aceleradora ou investidor-anjo); exige apoio de VC ou aceleradora.',
      fits: 'Serverless, cobrado por segundo: o tipo certo para experimentação esporádica',
    },
  };
  for (const lang of ['en', 'pt']) {
    const calc = await openIn(`?t0=2026-12-01&lang=${lang}`);
    await calc.openSection('programs');
    const card = calc.page.getByTestId('program-modal');
    // The section builds its cards as it opens: wait for the paragraph before reading the card
    // (read at once, a loaded machine found the card still empty: "no paragraph").
    await card.locator('p', { hasText: expected[lang].covers.slice(0, 20) }).first().waitFor();
    // The paragraph that holds what the credits cover, and the language it is read in.
    const covers = await card.locator('p').evaluateAll((ps, want) => {
      const p = ps.find((x) => x.innerText.startsWith(want.slice(0, 20)));
      return p ? { text: p.innerText, lang: p.closest('[lang]').lang, english: p.querySelectorAll('[lang=en]').length } : null;
    }, expected[lang].covers);
    assert.ok(covers, `${lang}: no paragraph with what Modal's credits cover`);
    assert.equal(covers.text, expected[lang].covers);
    // The text is in the page's language: no lang="en" left on it in Portuguese (nor needed in English).
    assert.equal(covers.lang, lang === 'pt' ? 'pt-BR' : 'en');
    assert.equal(covers.english, 0, `${lang}: covers marked as English`);
    const eligibility = calc.page.getByTestId('program-eligibility-aws-activate');
    assert.equal(await eligibility.innerText(), expected[lang].eligibility);
    assert.equal(await eligibility.locator('[lang=en]').count(), 0);
    const fits = calc.page.getByTestId('program-fits-modal');
    assert.ok((await fits.innerText()).includes(expected[lang].fits), await fits.innerText());
    assert.equal(await fits.locator('[lang=en]').count(), 0, `${lang}: fits reason marked as English`);
    // The sources are in the reader's language; the title of the publication a figure comes from
    // stays quoted as published, and marked English.
    assert.ok((await card.locator('[lang=en]').allInnerTexts()).some((t) => t.startsWith('How Much Free GPU Credit')));
    const typical = await card.locator('p.hint').first().innerText();
    assert.ok(typical.includes(lang === 'pt' ? 'Estimativa: US$\u00a025K, metade do teto' : 'Estimate: $25K, half of'), typical);
    await done(calc);
  }
});

test('show the math cites the catalog\'s sources in the reader\'s language, quoted titles marked English', async () => {
  // Azure's A100 40GB price (data/prices.json source_pt): the tracker's reading in Portuguese
  // words and numbers, TechCrunch's headline as published (issue 27, item 7).
  const calc = await openIn('?t0=2026-12-01&gpu=a100-40gb&provider=azure&gpus=8&lang=pt');
  const cost = await calc.reveal(calc.page.getByTestId('compute-cost'));
  await cost.waitFor();
  const card = cost.locator('xpath=..');
  await card.locator('summary').click();
  await card.locator('.math .citations').waitFor();
  const cited = await card.locator('.citations').innerText();
  assert.match(cited, /Azure ND96asr_A100_v4 a US\$\u00a027,197\/h \/ 8 = US\$\u00a03,3996 por GPU \(eastus, preços de varejo do Azure pelo rastreador de preços .*lido em 9 de nov\. de 2026\); o mesmo que TechCrunch, "Alternative clouds are booming as companies seek cheaper access to GPUs" \(a matéria sobre a rodada de US\$\u00a01,1 bi da CoreWeave\), maio de 2024: US\$\u00a03,40, US\$\u00a02\.482\/mês/);
  assert.doesNotMatch(cited, /per GPU|read 2026|May 2024/);
  assert.deepEqual(await card.locator('.citations [lang=en]').allInnerTexts(), ['Alternative clouds are booming as companies seek cheaper access to GPUs']);
  await done(calc);
});

test('the instance\'s capacity note is in Portuguese, the blog post it cites by its English title', async () => {
  // AWS p5 (data/instances.json capacity_note_pt): the title in double quotes, marked lang=en.
  const calc = await openIn('?t0=2026-12-01&gpu=h100-sxm&provider=aws&lang=pt');
  const note = await calc.reveal(calc.page.getByTestId('capacity-note'));
  await note.waitFor();
  assert.match(await note.innerText(), /^Capacidade: Muitas vezes falta capacidade sob demanda de instâncias P.*\(blog AWS Machine Learning, "Secure short-term GPU capacity for ML workloads with EC2 Capacity Blocks for ML and SageMaker training plans", 7 de maio de 2026;/);
  assert.deepEqual(await note.locator('[lang=en]').allInnerTexts(), ['Secure short-term GPU capacity for ML workloads with EC2 Capacity Blocks for ML and SageMaker training plans']);
  await done(calc);
});

// ---- Portuguese-page polish (issue 14): each test below fails on the defect it names. ----

test('arrow keys on the currency select only change the selection; the rate box does not take the focus', async () => {
  for (const query of ['?t0=2026-12-01&lang=pt', '?t0=2026-12-01']) {
    const calc = await openIn(query);
    const select = calc.page.getByTestId('currency-code');
    await select.focus();
    // USD → BRL: the rate box appears for the rate, but the focus stays where the keys are.
    await calc.page.keyboard.press('ArrowDown');
    await calc.page.getByTestId('currency-rate').waitFor();
    await calc.page.waitForTimeout(100); // a frame later, where the old handler moved the focus
    assert.equal(await calc.page.evaluate(() => document.activeElement?.id), 'currency-code', query);
    await calc.page.keyboard.press('ArrowDown'); // BRL → EUR
    assert.equal(await select.inputValue(), 'eur');
    // Each currency converts at once at its default rate (issue 27, item 8), and the rebuilt
    // page puts the focus back on the select; the note (a status) says the currency and rate.
    await calc.page.waitForFunction(() => /EUR/.test(document.querySelector('[data-testid=currency-note]')?.textContent ?? ''));
    await calc.page.waitForFunction(() => document.activeElement?.id === 'currency-code');
    await done(calc);
  }
});

test('Portuguese: a cash start one day past says "há 1 dia" and English "1 day ago"; no debug timing', async () => {
  // The plan's cash start as a date (a day count from t0), then the page opened the day after it.
  const first = await openIn(PLAN);
  const iso = await first.attr('runway-end-date');
  assert.match(iso, /^\d{4}-\d\d-\d\d$/);
  await done(first);
  const next = new Date(`${iso}T09:00:00`);
  next.setDate(next.getDate() + 1);
  const stamp = `${next.getFullYear()}-${String(next.getMonth() + 1).padStart(2, '0')}-${String(next.getDate()).padStart(2, '0')}T09:00:00`;
  for (const [lang, pattern] of [['pt', /\(há 1 dia\)$/], ['en', /\(1 day ago\)$/]]) {
    const calc = await suite.openOn(stamp, `${PLAN}&lang=${lang}`, { viewport: { width: 1280, height: 800 } });
    assert.match(await calc.page.getByTestId('runway-end-date').innerText(), pattern, lang);
    await done(calc);
  }
  // The uncertainty bands say how many samples they rest on, in the reader's digits; how long they
  // took is only in the tooltip.
  const pt = await openIn(`${PLAN}&lang=pt`);
  const time = await pt.reveal(pt.page.getByTestId('mc-time'));
  await pt.page.waitForFunction(() => /amostras/.test(document.querySelector('[data-testid=mc-time]')?.textContent ?? ''));
  const text = await time.textContent();
  assert.match(text, /^\(1\.000 amostras\)/);
  assert.doesNotMatch(text, /ms\b/);
  assert.match(await time.getAttribute('title'), /^Calculado em \d+ ms/);
  await done(pt);
});

test('Portuguese: comma decimals in the cost breakdown, the longest review labelled, no "$" alone', async () => {
  const calc = await openIn(`${PLAN}&lang=pt`);
  const breakdown = await calc.reveal(calc.page.getByTestId('cost-breakdown'));
  await breakdown.waitFor();
  const legend = await breakdown.innerText();
  // Shares of the total with one decimal: a comma in Portuguese ("1,5%"), never "1.5%".
  assert.match(legend, /\d,\d%\)/, legend);
  assert.doesNotMatch(legend, /\d\.\d+%/, legend);
  // AWS Activate: typical review 12 days in the row, longest 14 in the advice (data/programs.json):
  // the advice says which one it uses, so 14 next to 12 is not read as a contradiction.
  assert.equal(await calc.page.getByTestId('grant-0-review').inputValue(), '12');
  assert.match(await calc.page.getByTestId('apply-advice-0').innerText(), /^Com a análise mais longa do programa \(14 dias, não os Dias de análise acima\)/);
  const summary = await calc.page.getByTestId('summary-billing').innerText();
  assert.match(summary, /US\$ X/);
  await done(calc);
});

test('the hardware selects show the chosen option whole at 1280×800, in both languages', async () => {
  for (const lang of ['pt', 'en']) {
    // H100 SXM at AWS (the defaults) and TPU v5e at Google Cloud (a stale price: "⚠").
    for (const q of ['', '&gpu=tpu-v5e&provider=gcp']) {
      const calc = await openIn(`?t0=2026-12-01&lang=${lang}${q}`);
      const fits = await calc.page.evaluate(() => ['input-gpu', 'input-provider'].map((id) => {
        const s = document.getElementById(id);
        const cs = getComputedStyle(s);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        // The text box of a closed select: its width less padding and about 20 px of arrow.
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
        const text = s.options[s.selectedIndex].textContent;
        return { id, text, width: ctx.measureText(text).width, room };
      }));
      for (const f of fits) assert.ok(f.width <= f.room, `${lang}${q}: "${f.text}" is ${f.width} px in ${f.room} px`);
      await done(calc);
    }
  }
});

test('"Exact amounts" writes every amount to the cent without hovering, is kept as the reader\'s choice, and stays out of links', async () => {
  const calc = await openIn(PLAN);
  const { page } = calc;
  // Rounded for reading as it opens: the total of this plan is tens of thousands ("$…K").
  const total = await calc.value('answer-total');
  assert.ok(total > 10000, `${total}`);
  assert.match(await page.getByTestId('answer-total').innerText(), /K$/);
  await page.getByTestId('exact-amounts').click();
  // Every digit, to the cent, in en-US marks: the figure the hover text gave before.
  const cents = (v) => '$' + new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);
  await page.waitForFunction(() => /^\$[\d,]+\.\d\d$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  assert.equal(await page.getByTestId('answer-total').innerText(), cents(total));
  assert.equal(await page.getByTestId('job-cost-0').innerText(), cents(await calc.value('job-cost-0')));
  assert.equal(await page.getByTestId('exact-amounts').getAttribute('aria-pressed'), 'true');
  // The keyboard stays on the switch through the rebuild.
  assert.equal(await page.evaluate(() => document.activeElement?.dataset?.testid), 'exact-amounts');
  // Not a key of the plan's link: a shared link opens rounded for whoever reads it.
  assert.doesNotMatch(await page.getByTestId('share-url').inputValue(), /exact/);
  // Kept: a reload, and the Portuguese page, show exact amounts in its marks.
  await page.reload();
  await page.waitForFunction(() => /^\$[\d,]+\.\d\d$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  await page.getByTestId('lang-pt').click();
  await page.waitForFunction(() => /^US\$\u00a0[\d.]+,\d\d$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  // Off again: rounded.
  await page.getByTestId('exact-amounts').click();
  await page.waitForFunction(() => /\smil$/.test(document.querySelector('[data-testid=answer-total]')?.innerText ?? ''));
  await done(calc);
});
