// Writes tests/corpus/links.txt: the share links the corpus test replays (issue 26's safety net).
// Run once, before a refactor: `node tests/corpus/make-links.mjs`; then record what the page shows
// for each (`node tests/corpus/record.mjs`). The list is deterministic (a seeded generator), so
// re-running it on the same catalog and tests writes the same file.
//
// Sources, in order: the documentation's example links and tokens (README.md, then docs/links.md,
// then the other docs/*.md in name order); every literal link in the browser
// tests and the model's tests; then generated links: every key of the link table with a valid, an
// edge and a rejected value, every field of every token (`job`, `serve`, `work`, `grant`, `cmp`,
// ranges) varied alone, old single-run links, and 160 seeded random plans over the catalog.
// Every link gets a `t0` (2027-01-04) when it has none, so its dates do not depend on the day it
// is replayed.
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const read = (p) => readFileSync(join(root, p), 'utf8');
const T0 = '2027-01-04';
const links = new Set();
const add = (q) => {
  q = q.replace(/^\?/, '').trim();
  if (!q || q.includes('${') || q.includes(' ')) return;
  if (!/(^|&)t0=/.test(q)) q += `&t0=${T0}`;
  links.add(q);
};

// 1. The documentation: whole links, and tokens shown alone (`grant=modal:5K:0:3:365:0.5::20`).
// The README's examples moved to docs/ (links.md first, then the model's page): the pages are read
// as one text in that order, so the list keeps the order it had when they were all in the README.
const docPages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'links.md').sort();
const docs = ['README.md', 'docs/links.md', ...docPages.map((f) => `docs/${f}`)].map(read).join('\n');
for (const m of docs.matchAll(/`\?([^`]+)`/g)) add(m[1]);
for (const m of docs.matchAll(/`((?:job|serve|work|grant|cmp|params|gpus)=[^`]+)`/g)) add(m[1]);

// 2. Literal links in the tests.
const files = [
  ...readdirSync(join(root, 'tests/e2e')).filter((f) => f.endsWith('.mjs')).map((f) => `tests/e2e/${f}`),
  ...readdirSync(join(root, 'model/src')).filter((f) => f.endsWith('.rs')).map((f) => `model/src/${f}`),
  ...readdirSync(join(root, 'model/tests')).filter((f) => f.endsWith('.rs')).map((f) => `model/tests/${f}`),
];
for (const f of files) {
  const text = read(f);
  for (const m of text.matchAll(/['"`]\?([a-z_0-9]+=[^'"`\\]*)['"`]/g)) add(m[1]);
  for (const m of text.matchAll(/"((?:t0|job|serve|grant|work|cmp|params|gpus|gpu)=[^"\\{]*)"/g)) add(m[1]);
}

// 3. Generated: every key with a valid, an edge and a rejected value.
const catalog = {
  prices: JSON.parse(read('data/prices.json')).prices,
  programs: Object.values(JSON.parse(read('data/programs.json'))).find(Array.isArray),
};
const keys = {
  mtbf: ['1000', '10', '100M', '5'], ckpt_write: ['1', '1440', '0'], restart: ['0', '60', '2000'],
  ckpt_every: ['auto', '45', '100000', '0'], network: ['eth-100', 'eth-25', 'ib-ndr-400', 'nope'],
  overlap: ['0', '1', '50%', '2'], ckpts_kept: ['0', '10', '1000', '1.5'], spot: ['1', '0', '2'],
  data_on: ['gcp', 'azure', 'mars'], export: ['1', '0', 'x'], data_format: ['tokens', 'raw', 'zip'],
  corpus_out: ['1', 'x'], reserved: ['1.5', '1000', '0'], api: ['gpt-4o', 'claude-haiku', 'gemini-flash', 'together-llama-70b', 'gpt-9'],
  api_price: ['0.3', '1000', '-1'], host: ['reserved', 'spot', 'owned'], tokens_month: ['1K', '1000T', '50B', '0'],
  infer_params: ['70B', '100M', '3T'], batch: ['1', '4096', '0'], context: ['1', '1000000', '32K', '0'],
  util: ['0.1', '1', '0'], budget: ['1', '1B', '250K', '0'], shape: ['continued-pretraining', 'fine-tuning', 'sporadic', 'inference', 'frontier-api', 'lunar'],
  cuda: ['0', '1', '7'], eng_week: ['0', '1M', '12K', '-5'], name: ['Seed%20plan', '%3Cb%3Ebold%3C%2Fb%3E'],
  note: ['Fine-tune%2C%20then%20serve'], lang: ['pt', 'en', 'fr'], cur: ['brl&fx=5.4', 'eur&fx=0.92', 'brl', 'usd'],
  fx: ['5.4'], t0: ['2027-02-29', '14/03/2027', '2030-06-30'], mfu_range: ['0.8:1.2', '0.05:5', '1.2:0.8'],
  price_range: ['0.9:1.3', '0.05:10', '2:1'],
  // old single-run keys
  params: ['7B', '70B', '100M', '2T', '1.5T', '7.123456B', '50M', 'inf'], tokens: ['1T', '100K', '100T', '20B', '1'],
  gpu: ['a100-80gb', 'h200', 'b200', 'mi300x', 'tpu-v5p', 'trn1', 'l40s', 'x'], gpus: ['1', '8', '512', '100000', '100001', '7.5'],
  mfu: ['0.25', '1', '40%', '1.5'], duty: ['0.5', '1', '0'], provider: ['gcp', 'azure', 'lambda', 'coreweave', 'oracle', 'nowhere'],
  price: ['2.5', '0.0001', '1000', '1001'], start: ['0', '30', '1826', '1827'], kind: ['lora', 'qlora', 'dpo', 'full-ft', 'continued', 'nope'],
  epochs: ['3', '0.01', '1000', '1001'], runs: ['5', '10000', '10001'],
};
for (const [k, vs] of Object.entries(keys)) for (const v of vs) add(`${k}=${v}`);

// Every job field varied alone, on a LoRA job and a pretraining job.
const jobFields = [
  ['pretrain', 'continued', 'full-ft', 'lora', 'qlora', 'dpo', 'sft'],
  ['8B', '100M', '2T', '37B/671B', '3B/30B', '70B', '50M', '10B/5B'],
  ['20M', '100K', '100T', '2B', '10'],
  ['modal', 'aws', 'gcp', 'azure', 'lambda', 'together', 'runpod', 'zz'],
  ['h100-sxm', 'a100-80gb', 'h200', 'l40s', 'b200', 'zz'],
  ['1', '8', '64', '100000', '0', '100001'],
  ['0', '14', '1826', '1827', ''],
  ['1', '3', '0.01', '1000', '0', ''],
  ['1', '5', '10000', '10001', ''],
  ['0.4', '0.3', '1', '1.5', ''],
  ['1', '0.25', '0', ''],
  ['', '2.5', '0.0001', '1000', '2000'],
  ['', '16', '1', '64', '1024', '1025'],
];
const baseJob = ['lora', '8B', '20M', 'modal', 'h100-sxm', '1', '14', '3', '5', '', '', '', ''];
jobFields.forEach((vals, i) => {
  for (const v of vals) {
    const j = [...baseJob];
    j[i] = v;
    add(`job=${trimTail(j).join(':')}&grant=modal:25K:0:3:365`);
  }
});
const serveFields = [
  ['8B', '70B', '100M', '37B/671B', '3T'],
  ['2B', '1K', '1000T', '50B', '0'],
  ['modal', 'aws', 'together', 'lambda', 'zz'],
  ['h100-sxm', 'a100-80gb', 'l40s', 'h200', 'l4'],
  ['30', '0', '1826', ''],
  ['12', '1', '60', '61', ''],
  ['on-demand', 'reserved', 'spot', 'owned', ''],
  ['', '2', '0.5'],
  ['', 'bf16', 'fp8', 'int4'],
];
const baseServe = ['8B', '2B', 'modal', 'h100-sxm', '30', '12', '', '', ''];
serveFields.forEach((vals, i) => {
  for (const v of vals) {
    const s = [...baseServe];
    s[i] = v;
    add(`job=lora:8B:20M:modal:h100-sxm:1:14&serve=${trimTail(s).join(':')}&grant=aws-activate`);
  }
});
const workFields = [
  ['modal', 'aws', 'runpod', 'zz'], ['h100-sxm', 'a100-80gb', 'l4', 'tpu-v5e'], ['8', '1', '100000', '0'],
  ['2K', '1', '1M', '0'], ['0', '60', '1826', '1827'], ['', '0.25', '1', '0'], ['', '1.5', '0'],
];
const baseWork = ['modal', 'h100-sxm', '8', '2K', '0', '0.25', ''];
workFields.forEach((vals, i) => {
  for (const v of vals) {
    const w = [...baseWork];
    w[i] = v;
    add(`work=${trimTail(w).join(':')}&grant=modal:20K:0`);
  }
});
const grantFields = [
  catalog.programs.map((p) => p.id).concat(['nope']),
  ['', '100K', '1', '1B', '0', '2B'], ['', '0', '30', '1826', '1827'], ['', '0', '12', '730', '731'],
  ['', '1', '365', '3650', '3651'], ['', '0.5', '50%', '0', '5'], ['', '0', '20', '731'], ['', '20', '730', '900'],
];
const baseGrant = ['aws-activate', '100K', '0', '12', '730', '', '', ''];
grantFields.forEach((vals, i) => {
  for (const v of vals) {
    const g = [...baseGrant];
    g[i] = v;
    add(`job=pretrain:1.3B:26B:aws:h100-sxm:8&grant=${trimTail(g).join(':')}`);
  }
});
const cmps = [
  'lora:8B:200M', 'pretrain:7B:1T', 'continued:8B:100B:1:1:64', 'full-ft:8B:200M:3:2::1', 'qlora:70B:100M:2:3', 'qlora:70B:100M:2:3::0',
  'dpo:8B:50M', 'lora:8B:200M:0.01:1000', 'lora:8B:200M:100:1', 'lora:8B:200M:101', 'lora:8B:200M:1:1001', 'lora:8B:1M', 'lora:8B:999K',
  'pretrain:2T:100T:1:1:100000', 'pretrain:7B:1T:1:1:100001', 'rag:335M:200M:1M:5:512:1024', 'rag:335M:200M:0:100:8192:16384',
  'rag:335M:200M:1M:101', 'inference:8B:1B', 'lora:8B', '',
];
for (const c of cmps) add(`cmp=${c}`);
add(cmps.slice(0, 4).map((c) => `cmp=${c}`).join('&'));
add(cmps.slice(0, 5).map((c) => `cmp=${c}`).join('&'));

// 4. Seeded random plans over the catalog: 1–4 jobs, 0–2 serving lines, 0–2 experiments, 0–5
// grants, sometimes hidden-cost keys, currency and ranges.
let seed = 20261203;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (a) => a[Math.floor(rnd() * a.length)];
const listed = catalog.prices.filter((p) => !p.delisted && p.usd_per_gpu_hour > 0);
const kinds = ['pretrain', 'continued', 'full-ft', 'lora', 'qlora', 'dpo'];
const sizes = { pretrain: ['125M', '350M', '1.3B', '7B', '13B'], continued: ['8B', '70B'], 'full-ft': ['1B', '8B', '13B'], lora: ['8B', '70B', '3B'], qlora: ['8B', '70B'], dpo: ['8B', '7B'] };
const toks = { pretrain: ['2.6B', '26B', '100B', '1T'], continued: ['10B', '100B'], 'full-ft': ['50M', '500M'], lora: ['20M', '200M'], qlora: ['20M', '100M'], dpo: ['5M', '50M'] };
for (let n = 0; n < 160; n++) {
  const parts = [];
  const jobs = Math.floor(rnd() * 4) + (rnd() < 0.15 ? 0 : 1);
  for (let i = 0; i < jobs; i++) {
    const k = pick(kinds);
    const p = pick(listed);
    const gpus = pick(['1', '2', '8', '16', '64', '256']);
    const f = [k, pick(sizes[k]), pick(toks[k]), p.provider, p.accelerator, gpus, String(Math.floor(rnd() * 120))];
    if (rnd() < 0.4) f.push(pick(['1', '2', '3']), pick(['1', '3']), pick(['0.3', '0.4', '0.5']));
    parts.push(`job=${f.join(':')}`);
  }
  const serves = rnd() < 0.5 ? Math.floor(rnd() * 3) : 0;
  for (let i = 0; i < serves; i++) {
    const p = pick(listed);
    parts.push(`serve=${pick(['8B', '70B', '1B'])}:${pick(['500M', '2B', '20B'])}:${p.provider}:${p.accelerator}:${Math.floor(rnd() * 90)}:${pick(['6', '12', '24'])}:${pick(['on-demand', 'reserved', 'spot'])}`);
  }
  const works = rnd() < 0.3 ? Math.floor(rnd() * 3) : 0;
  for (let i = 0; i < works; i++) {
    const p = pick(listed);
    parts.push(`work=${p.provider}:${p.accelerator}:${pick(['1', '8'])}:${pick(['500', '2K', '10K'])}:${Math.floor(rnd() * 60)}:${pick(['0.25', '1'])}`);
  }
  const grants = Math.floor(rnd() * 6);
  for (let i = 0; i < grants; i++) {
    const g = pick(catalog.programs);
    parts.push(rnd() < 0.5 ? `grant=${g.id}` : `grant=${g.id}:${pick(['5K', '25K', '100K', '300K'])}:${Math.floor(rnd() * 60)}`);
  }
  if (rnd() < 0.3) parts.push(`spot=1`);
  if (rnd() < 0.2) parts.push(`network=${pick(['eth-100', 'eth-25', 'ib-ndr-400'])}`);
  if (rnd() < 0.2) parts.push(`mfu_range=0.8:1.2&price_range=0.9:1.3`);
  if (rnd() < 0.2) parts.push(`lang=pt&cur=brl&fx=5.4`);
  if (rnd() < 0.15) parts.push(`data_on=${pick(['gcp', 'aws'])}&export=1&data_format=tokens`);
  if (rnd() < 0.15) parts.push(`shape=${pick(['fine-tuning', 'inference', 'sporadic'])}&budget=${pick(['25K', '100K'])}`);
  parts.push(`t0=${pick(['2026-12-01', '2027-01-04', '2027-06-15'])}`);
  add(parts.join('&'));
}

function trimTail(a) {
  const out = [...a];
  while (out.length && out[out.length - 1] === '') out.pop();
  return out;
}

// A link whose first `t0` is not a date counts from the day it is opened: its dates would change
// every day, so it stays out (model/src/io/link.rs and the browser tests check those).
const validT0 = (q) => {
  const t0 = new URLSearchParams(q).get('t0');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t0 ?? '');
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
const list = [...links].filter(validT0);
writeFileSync(join(root, 'tests/corpus/links.txt'), list.join('\n') + '\n');
console.log(`${list.length} links written to tests/corpus/links.txt`);
