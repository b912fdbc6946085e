// The cross-engine subset (issue 28): the same founder steps in Chromium (the reference), Firefox
// and WebKit, on the built page. Each engine must show exactly Chromium's numbers and words:
// - a share link in Portuguese and reais (3 jobs, 2 serving lines, 5 grants): every `data-value`
//   on the page and the answers panel's text (Intl number and date formatting in pt-BR);
// - "1,5B" typed into the parameters box (a Portuguese decimal comma) reads as 1.5 billion;
// - the MFU slider moved with the keyboard;
// - save, reload without a link (the last plan comes back from localStorage), open the saved plan;
// - the runway chart draws on its canvas; no console error or uncaught exception.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist } from '../e2e/support/server.mjs';
import { BENCH_PLAN } from '../../bench/plan.mjs';
import { chromium, firefox, webkit, installed } from './drivers.mjs';

const LINK = `${BENCH_PLAN}&lang=pt&cur=brl&fx=5.4`;
let server;
let reference;

/** Every `data-value` on the page (timings left out), and the answers panel's words. */
function readPage() {
  const values = {};
  for (const el of document.querySelectorAll('[data-testid][data-value]')) {
    const id = el.getAttribute('data-testid');
    if (id !== 'mc-time' && !(id in values)) values[id] = el.getAttribute('data-value');
  }
  const answers = document.querySelector('#answers')?.innerText ?? '';
  // Engines differ only in blank lines and runs of spaces in innerText.
  return { values, answers: answers.replace(/\s+/g, ' ').trim() };
}

const value = (id) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') ?? null;
const text = (id) => document.querySelector(`[data-testid=${id}]`)?.textContent.trim() ?? null;
const inputValue = (id) => document.querySelector(`[data-testid=${id}]`)?.value ?? null;

/** Waits until `fn(arg)` run in the page returns something truthy (polled: no string predicates). */
async function until(d, fn, arg, what, ms = 15000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await d.run(fn, arg);
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`${d.name}: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The founder's steps in one engine; returns what each step showed. */
async function walk(d) {
  const seen = {};
  await d.goto(`${server.url}?${LINK}`);
  await d.waitFor('main[data-built]');
  await until(d, () => document.querySelector('main[data-built]') && document.querySelectorAll('[data-testid^=answer-]').length > 0, null, 'the answers');
  // The second module (the runway chart's place says "Loading" until it is in): every engine reads
  // the page once it is there.
  await until(d, () => !document.querySelector('[data-testid=detail-loading]'), null, 'the second module');
  // Let deferred work (the address bar write, chart frames) settle before reading.
  await new Promise((r) => setTimeout(r, 500));
  seen.link = await d.run(readPage);

  // Typed in Portuguese: a decimal comma.
  const before = await d.run(value, 'compute-cost');
  await d.typeInto('[data-testid=input-params]', '1,5B');
  await until(d, ([id, was]) => (document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') ?? was) !== was, ['compute-cost', before], 'the typed parameters to change the cost');
  seen.typed = {
    cost: await d.run(value, 'compute-cost'),
    error: await d.run(text, 'error-params'),
    box: await d.run(inputValue, 'input-params'),
  };

  // The MFU slider moved with the keyboard to its end (80 %): one step is a thousandth of the
  // track, which rounds back to the same whole percent.
  const atTyped = seen.typed.cost;
  await d.press('[data-testid=slider-mfu]', 'End');
  await until(d, ([id, was]) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') !== was, ['compute-cost', atTyped], 'the slider to change the cost');
  seen.slid = { cost: await d.run(value, 'compute-cost'), mfu: await d.run(inputValue, 'input-mfu') };

  // Save, reload without a link, open the saved plan.
  await d.run(() => {
    const s = document.querySelector('[data-testid=section-saved]');
    if (s && !s.open) s.querySelector('summary').click();
  });
  await d.waitFor('[data-testid=save-scenario]');
  await d.typeInto('[data-testid=scenario-name]', 'Rodada seed');
  await d.click('[data-testid=save-scenario]');
  await d.waitFor('[data-testid=saved-0]');
  await d.goto(server.url);
  await d.waitFor('main[data-built]');
  await until(d, ([id, want]) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') === want, ['compute-cost', seen.slid.cost], 'the last plan to come back after a reload');
  await d.run(() => {
    const s = document.querySelector('[data-testid=section-saved]');
    if (s && !s.open) s.querySelector('summary').click();
  });
  await d.waitFor('[data-testid=open-saved-0]');
  seen.reloaded = { cost: await d.run(value, 'compute-cost'), name: await d.run(inputValue, 'scenario-name') };
  await d.click('[data-testid=new-scenario]');
  await until(d, ([id, was]) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') !== was, ['compute-cost', seen.slid.cost], 'a new plan');
  await d.click('[data-testid=open-saved-0]');
  await until(d, ([id, want]) => document.querySelector(`[data-testid=${id}]`)?.getAttribute('data-value') === want, ['compute-cost', seen.slid.cost], 'the saved plan to open');
  seen.reopened = await d.run(value, 'total-spend');

  // The runway chart drew on its canvas.
  seen.chartDraws = await until(d, () => Number(document.querySelector('[data-testid=chart-runway]')?.dataset.drawCount ?? 0), null, 'the runway chart');
  seen.errors = await d.errors();
  return seen;
}

before(async () => {
  server = await serveDist();
  const c = await chromium();
  try {
    reference = await walk(c);
  } finally {
    await c.close();
  }
});

after(async () => {
  await server?.close();
});

test('Chromium, the reference, walks the steps as a founder would', () => {
  // The first screen and the calculator (collapsed sections are not built): 82 values today.
  assert.ok(Object.keys(reference.link.values).length > 50, `${Object.keys(reference.link.values).length} values`);
  // 1.5B parameters read from "1,5B", no message, the box keeps what was typed: 6 x 1.5e9 x 2e12
  // = 1.8e22 FLOPs on H100 (989 TFLOP/s) at MFU 0.4: 12,639.0 GPU-hours x $6.88 = $86,956.52.
  assert.ok(!reference.typed.error, reference.typed.error);
  assert.ok(Math.abs(Number(reference.typed.cost) - 86_956.52) < 0.01, reference.typed.cost);
  assert.equal(reference.typed.box, '1,5B');
  assert.notEqual(reference.slid.cost, reference.typed.cost);
  assert.equal(reference.reloaded.name, 'Rodada seed');
  assert.ok(reference.chartDraws >= 1);
  assert.deepEqual(reference.errors, []);
});

for (const [name, open] of [['Firefox', firefox], ['WebKit', webkit]]) {
  test(`${name} shows exactly Chromium's numbers and words at every step`, { skip: !installed()[name] && `${name} is not installed (make setup)` }, async (t) => {
    const d = await open();
    try {
      t.diagnostic(`${name}: ${d.version}`);
      const seen = await walk(d);
      // Every value on the page, one by one (a difference names its test id).
      const diff = Object.keys({ ...reference.link.values, ...seen.link.values })
        .filter((id) => reference.link.values[id] !== seen.link.values[id])
        .map((id) => `${id}: ${seen.link.values[id]} (Chromium ${reference.link.values[id]})`);
      assert.deepEqual(diff, []);
      assert.equal(seen.link.answers, reference.link.answers);
      assert.deepEqual(seen.typed, reference.typed);
      assert.deepEqual(seen.slid, reference.slid);
      assert.deepEqual(seen.reloaded, reference.reloaded);
      assert.equal(seen.reopened, reference.reopened);
      assert.ok(seen.chartDraws >= 1, `runway chart draws: ${seen.chartDraws}`);
      assert.deepEqual(seen.errors, []);
    } finally {
      await d.close();
    }
  });
}
