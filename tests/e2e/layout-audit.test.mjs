// The layout audit (issue 47, item 1): on ten plans (the four starting points, the São Paulo
// founder's plan in reais, a plan at the limits of every range, long Portuguese names and notes,
// held credits, a link with bad values and its messages, and a plan after "Copy link"), in English
// and in Portuguese, on a 390×844 phone and a 1280×800 screen, with every section and disclosure
// open, the page must show:
// - nothing wider than the screen, at any of these moments;
// - no word broken inside itself across two lines, no currency symbol alone at a line's end;
// - no select, placeholder or button whose text is cut;
// - every control a founder uses to build a plan at least 44×44 px on the phone (WCAG 2.2's AAA
//   size) and 24×24 px on the desktop (its AA floor).
// The checks are tests/e2e/support/layout.mjs; chart labels are checked natively by the charts
// crate (charts/tests/labels.rs). The clock is fixed so every date on the page is known.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { pageSuite } from './support/suite.mjs';
import { layoutAudit, openEverything } from './support/layout.mjs';

const ARTIFACTS = new URL('./artifacts/layout/', import.meta.url).pathname;
const suite = pageSuite({ before: () => mkdir(ARTIFACTS, { recursive: true }) });
const { done } = suite;

const NOW = '2026-12-01T09:00:00';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const T0 = 't0=2026-12-01';

// The plans, by name: a query (without the language), and what is done before the audit.
const PLANS = [
  // The four starting points a first visit offers (model/src/document/starters.rs).
  { name: 'starter-finetune-serve', query: 'job=lora:8B:200M:aws:h100-sxm:1:0:3&serve=8B:1B:aws:h100-sxm:7:12' },
  { name: 'starter-pretrain-small', query: 'job=pretrain:1.3B:26B:aws:h100-sxm:8' },
  { name: 'starter-experiments', query: 'work=modal:h100-sxm:8:2K:0:0.25&grant=modal' },
  { name: 'starter-blank', query: 'job=none' },
  // The São Paulo founder: DPO on a 70B model, 18 months of FP8 serving, a Google grant, in reais.
  {
    name: 'sao-paulo',
    query: 'job=dpo:70B:200M:gcp:h100-sxm:8&serve=70B:2B:gcp:h100-sxm:14:18:on-demand::fp8&grant=gcp-startups:100K:0&cur=brl&fx=5.4',
  },
  // Every range at its top: 2T parameters on 100T tokens over 100,000 GPUs, 1,000 epochs of
  // 10,000 runs from the last start day, a $1B grant, four comparison columns.
  {
    name: 'limits',
    query:
      'job=pretrain:2T:100T:aws:h100-sxm:100000:1826:1000:10000&serve=2T:1000T:aws:h100-sxm:1826:60&work=modal:h100-sxm:100000:1T:1826:1' +
      '&grant=aws-activate:1B:1826:730:3650&grant=azure-founders:1B:-3650:730:3650&cmp=pretrain:2T:100T:1000:10000:100000&cmp=lora:2T:100T&cmp=qlora:100M:100K&cmp=rag:2T:100T:1T:100:8192:16384',
  },
  // Long names and notes in Portuguese, credits already held and one in review.
  {
    name: 'long-names',
    query:
      'job=continued:8B:50B:gcp:h100-sxm:16&job=qlora:70B:20M:modal:h100-sxm:1:30&grant=aws-activate:63K:-70:10:364&grant=gcp-startups:100K:-1:14:730' +
      '&name=' + encodeURIComponent('Pré-treinamento contínuo da Fundação Paulistana de Inteligência Artificial Generativa') +
      '&note=' + encodeURIComponent('Orçamento aprovado pela diretoria; anti-inconstitucionalissimamente revisado pelo conselho. Créditos da AWS já recebidos, Google em análise desde ontem. https://exemplo.com.br/um-endereco-bem-comprido/para-ver-se-quebra'),
  },
  // Bad values: a job's MFU above 1, a grant amount that is not a number, an unknown key's value.
  { name: 'bad-link', query: 'job=pretrain:7B:2T:aws:h100-sxm:64:0:1:1:1.5&grant=aws-activate:abc&t0=2027-02-29&mfu_range=2:1' },
  // The starting point after "Copy link": the status shows beside the button.
  { name: 'after-copy', query: 'job=lora:8B:200M:aws:h100-sxm:1:0:3&serve=8B:1B:aws:h100-sxm:7:12', copy: true },
  // Many grants and workloads: long lists, long provider names.
  {
    name: 'many-lines',
    query:
      'job=pretrain:7B:2T:aws:h100-sxm:64:20&job=full-ft:8B:500M:gcp:h100-sxm:8:30&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&serve=8B:2B:modal:h100-sxm:30:12' +
      '&work=modal:h100-sxm:8:2K:5:0.25&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&grant=azure-founders:25K:30&grant=oracle&grant=nebius-startups&grant=together',
  },
];
const LANGUAGES = ['en', 'pt'];
const SIZES = [['phone', PHONE, 44], ['desktop', DESKTOP, 24]];

/** The audit's findings as lines, each prefixed with its kind. */
async function findings(calc, minTarget) {
  const found = await calc.page.evaluate(layoutAudit, { minTarget });
  return Object.entries(found).flatMap(([kind, lines]) => lines.map((l) => `${kind}: ${l}`));
}

for (const plan of PLANS) {
  for (const lang of LANGUAGES) {
    for (const [size, options, minTarget] of SIZES) {
      test(`layout audit: ${plan.name}, ${lang}, ${size}`, async () => {
        const query = `?${T0}&${plan.query}&lang=${lang}`;
        const calc = await suite.openOn(NOW, query, options);
        const { page } = calc;
        const problems = [];
        // As it opens, before anything is touched.
        problems.push(...(await findings(calc, minTarget)).map((l) => `as it opens: ${l}`));
        if (plan.copy) {
          await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(suite.server.url).origin }).catch(() => {});
          const copy = page.getByTestId('copy-link');
          await copy.scrollIntoViewIfNeeded();
          await copy.click();
          await page.getByTestId('copy-status').filter({ hasText: /\S/ }).waitFor();
          problems.push(...(await findings(calc, minTarget)).map((l) => `after Copy link: ${l}`));
        }
        await openEverything(calc);
        problems.push(...(await findings(calc, minTarget)).map((l) => `every section open: ${l}`));
        await page.evaluate(() => window.scrollTo(0, 0));
        // The picture is for people reading the artifacts, not a check: a full-page shot of the
        // tallest pages (every section open, on a phone at 2×) can outlast its 30 s on a loaded
        // machine, and that says nothing about the layout.
        await page.screenshot({ path: `${ARTIFACTS}${plan.name}-${lang}-${size}.png`, fullPage: true, timeout: 60_000 })
          .catch((e) => console.log(`layout audit: no screenshot of ${plan.name} ${lang} ${size}: ${e.message.split('\n')[0]}`));
        const unique = [...new Set(problems)];
        if (unique.length) console.log(`AUDIT ${plan.name} ${lang} ${size}\n  ${unique.join('\n  ')}`);
        assert.deepEqual(unique, [], `${plan.name} (${lang}, ${size}): ${unique.length} layout problem(s)`);
        await done(calc);
      });
    }
  }
}
