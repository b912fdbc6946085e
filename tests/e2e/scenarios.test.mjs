// End-to-end tests of saved scenarios, exports and imports, and the page's safety: storage that is
// corrupt, old, full or off; two tabs; hostile names; numeric extremes; no request leaving the
// origin; a Content-Security-Policy that still lets the app run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageSuite, reopenSections } from './support/suite.mjs';
import { CalculatorPage } from './support/calculator-page.mjs';

const SECTIONS = ['saved', 'hidden-costs'];
const suite = pageSuite({ waitFor: 'total-cost', sections: SECTIONS });
const { open, done } = suite;
const LIBRARY = 'gpu-credit-runway.library';

/** Opens the page in a context whose localStorage already holds `items` (set before any script). */
async function openWithStorage(items, query = '', init, contextOptions = {}) {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  await context.addInitScript(reopenSections, SECTIONS);
  await context.addInitScript((items) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, items);
  if (init) await context.addInitScript(init);
  const calc = new CalculatorPage(await context.newPage(), suite.server.url);
  await calc.open(query);
  return calc;
}

const storageItem = (calc, key) => calc.page.evaluate((k) => localStorage.getItem(k), key);
const savedNames = (calc) => calc.page.locator('[data-testid^=saved-name-]').allInnerTexts();

test('save, reload without a link, and open: the last plan and saved scenarios survive', async () => {
  const calc = await open('?params=70B&gpus=512&grant=aws-activate:100K:0:12:730');
  await calc.page.getByTestId('scenario-name').fill('Big run');
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  assert.deepEqual(await savedNames(calc), ['Big run']);
  // The row shows the headline cost and runway, as the page computes them.
  const total = await calc.page.getByTestId('total-cost').innerText();
  const runwayDay = await calc.page.getByTestId('runway-end-day').getAttribute('data-value');
  const row = await calc.page.getByTestId('saved-0').innerText();
  assert.ok(row.includes(total), `${row} should show ${total}`);
  // The row names the same first cash day as a date ("cash from 14 Mar 2027").
  const iso = await calc.attr('runway-end-date');
  const [y, m, d] = iso.split('-').map(Number);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  assert.ok(runwayDay !== 'none' && row.includes(`cash from ${d} ${month} ${y}`), row);
  // Reload with no query string: the last-open plan comes back, and the URL carries it again.
  await calc.page.goto(suite.server.url);
  await calc.page.getByTestId('total-cost').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('input-gpus').inputValue(), '512');
  await calc.waitForUrl((p) => p.get('params') === '70B' && p.getAll('grant').length === 1);
  assert.equal(await calc.page.getByTestId('scenario-name').inputValue(), 'Big run');
  // New from defaults, then open the saved one.
  await calc.page.getByTestId('new-scenario').click();
  await calc.waitForUrl((p) => p.get('params') === '7B' && p.get('name') === null);
  await calc.page.getByTestId('open-saved-0').click();
  await calc.waitForUrl((p) => p.get('params') === '70B' && p.get('gpus') === '512');
  assert.equal(await calc.page.getByTestId('total-cost').innerText(), total);
  // A link with keys opens exactly that link's plan and leaves saved scenarios alone.
  await calc.page.goto(suite.server.url + '?gpus=8');
  await calc.page.getByTestId('total-cost').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('input-params').inputValue(), '7B');
  assert.deepEqual(await savedNames(calc), ['Big run']);
  await done(calc);
});

test('rename, duplicate, delete and undo', async () => {
  const calc = await open('?name=Alpha');
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  await calc.page.getByTestId('duplicate-saved-0').click();
  await calc.page.getByTestId('saved-1').waitFor();
  assert.deepEqual((await savedNames(calc)).sort(), ['Alpha', 'Alpha (copy)']);
  const copyIndex = (await savedNames(calc)).indexOf('Alpha (copy)');
  await calc.page.getByTestId(`rename-saved-${copyIndex}`).click();
  await calc.page.getByTestId(`rename-input-${copyIndex}`).fill('Beta');
  await calc.page.getByTestId(`rename-save-${copyIndex}`).click();
  await calc.page.waitForFunction(() => [...document.querySelectorAll('[data-testid^=saved-name-]')].some((e) => e.textContent === 'Beta'));
  const names = await savedNames(calc);
  assert.deepEqual(names.slice().sort(), ['Alpha', 'Beta']);
  // Delete Alpha, then undo.
  await calc.page.getByTestId(`delete-saved-${names.indexOf('Alpha')}`).click();
  await calc.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 1);
  assert.deepEqual(await savedNames(calc), ['Beta']);
  assert.doesNotMatch(await storageItem(calc, LIBRARY), /Alpha/);
  await calc.page.getByTestId('undo-delete').click();
  await calc.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 2);
  assert.match(await storageItem(calc, LIBRARY), /"name":"Alpha"/);
  await done(calc);
});

test('corrupt stored data is backed up, never overwritten, and the page keeps working', async () => {
  const calc = await openWithStorage({ [LIBRARY]: '{"format":"gpu-credit-runway/library","version":2,"scenarios":[' });
  const notice = await calc.page.getByTestId('storage-locked').innerText();
  assert.match(notice, /Saved scenarios could not be read: This is not a JSON file\. The stored text is kept under "gpu-credit-runway\.backup\.\d+" and was not changed/);
  const backupKey = notice.match(/"(gpu-credit-runway\.backup\.\d+)"/)[1];
  assert.equal(await storageItem(calc, backupKey), '{"format":"gpu-credit-runway/library","version":2,"scenarios":[');
  // Saving does not write over it.
  await calc.page.getByTestId('save-scenario').click();
  assert.equal(await storageItem(calc, LIBRARY), '{"format":"gpu-credit-runway/library","version":2,"scenarios":[');
  // The calculator still works.
  await calc.type('gpus', '128');
  await calc.waitForUrl((p) => p.get('gpus') === '128');
  // The founder chooses to start over; the backup stays.
  await calc.page.getByTestId('reset-library').click();
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  assert.notEqual(await storageItem(calc, backupKey), null);
  await done(calc);
});

test('a library from a newer page is refused, and one bad entry does not lose the others', async () => {
  const future = '{"format":"gpu-credit-runway/library","version":9,"scenarios":[]}';
  const calc = await openWithStorage({ [LIBRARY]: future });
  assert.match(await calc.page.getByTestId('storage-locked').innerText(), /schema version 9, newer than this page understands \(2\)/);
  await calc.page.getByTestId('save-scenario').click();
  assert.equal(await storageItem(calc, LIBRARY), future);
  await done(calc);
  const partial = JSON.stringify({
    format: 'gpu-credit-runway/library', version: 2,
    scenarios: [
      { id: 'good', name: 'Good plan', note: '', modified: 1764460800000, plan: 'params=13B' },
      { id: 'bad', name: 42, modified: 1, plan: '' },
    ],
  });
  const p = await openWithStorage({ [LIBRARY]: partial });
  assert.deepEqual(await savedNames(p), ['Good plan']);
  assert.match(await p.page.getByTestId('storage-notice').innerText(), /1 saved scenario\(s\) could not be read and are left out \(scenarios\[1\]\.name: expected text\.\)\. The original text is kept under "gpu-credit-runway\.backup\.\d+"/);
  await done(p);
});

test('a version-1 library (calculator only) migrates and opens', async () => {
  const v1 = JSON.stringify({
    format: 'gpu-credit-runway/library', version: 1,
    scenarios: [{ name: 'Old seed plan', saved_ms: 1732096800000, scenario: { params: 13e9, tokens: 1e12, gpu: 'a100-80gb', gpus: 16, mfu: 0.35, duty: 0.5, provider: 'coreweave', price: null } }],
  });
  // A reader in São Paulo (UTC-3 that day, no daylight saving since 2019).
  const calc = await openWithStorage({ [LIBRARY]: v1 }, '', undefined, { timezoneId: 'America/Sao_Paulo' });
  assert.deepEqual(await savedNames(calc), ['Old seed plan']);
  // 1732096800000 ms is 2024-11-20 10:00 UTC: 07:00 in the reader's zone, the date written like
  // the page's other dates.
  const row = await calc.page.getByTestId('saved-0').innerText();
  assert.match(row, /· 20 Nov 2024, 07:00(?!\d)/);
  assert.doesNotMatch(row, /UTC/);
  await calc.page.getByTestId('open-saved-0').click();
  await calc.waitForUrl((p) => p.get('params') === '13B' && p.get('gpu') === 'a100-80gb' && p.get('provider') === 'coreweave');
  // 6 * 13e9 * 1e12 / (312e12 * 0.35) / 3600 = 198,412.7 GPU-hours at CoreWeave's A100 80GB $2.70.
  const hours = (6 * 13e9 * 1e12) / (312e12 * 0.35) / 3600;
  await calc.waitForValue('gpu-hours', (v) => Math.abs(v - hours) < 1e-6 * hours);
  await done(calc);
});

test('full storage and disabled storage get messages; the page works from the link alone', async () => {
  const full = await openWithStorage({}, '?gpus=32', () => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await full.page.getByTestId('save-scenario').click();
  assert.match(await full.page.getByTestId('storage-notice').innerText(), /^Browser storage is full: nothing was saved/);
  await full.type('gpus', '64');
  await full.waitForUrl((p) => p.get('gpus') === '64');
  await done(full);
  const off = await openWithStorage({}, '?gpus=32&name=Private', () => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  assert.match(await off.page.getByTestId('storage-notice').innerText(), /^Browser storage is off here/);
  assert.equal(await off.page.getByTestId('input-gpus').inputValue(), '32');
  await off.page.getByTestId('save-scenario').click();
  await off.type('gpus', '16');
  await off.waitForUrl((p) => p.get('gpus') === '16' && p.get('name') === 'Private');
  await done(off);
});

test('two tabs saving at once keep each other\'s scenarios', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(reopenSections, SECTIONS);
  const a = new CalculatorPage(await context.newPage(), suite.server.url);
  const b = new CalculatorPage(await context.newPage(), suite.server.url);
  await a.open('?name=From%20tab%20A');
  await b.open('?name=From%20tab%20B&gpus=8');
  // Both lists start empty; A saves, then B saves without having reloaded.
  await a.page.getByTestId('save-scenario').click();
  await a.page.getByTestId('saved-0').waitFor();
  await b.page.getByTestId('save-scenario').click();
  await b.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 2);
  assert.deepEqual((await savedNames(b)).sort(), ['From tab A', 'From tab B']);
  // Tab A hears about B's save through the storage event.
  await a.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 2);
  const stored = JSON.parse(await storageItem(a, LIBRARY));
  assert.deepEqual(stored.scenarios.map((s) => s.name).sort(), ['From tab A', 'From tab B']);
  for (const c of [a, b]) {
    assert.deepEqual(c.consoleErrors, []);
  }
  await context.close();
});

test('a stale tab that renames or deletes keeps the other tab\'s changes', async () => {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(reopenSections, SECTIONS);
  const a = new CalculatorPage(await context.newPage(), suite.server.url);
  await a.open('?name=Plan%20one');
  await a.page.getByTestId('save-scenario').click();
  await a.page.getByTestId('saved-0').waitFor();
  // Tab B opens after A's first save, then never hears from A: its storage events are swallowed
  // before the page sees them, as for a tab that is asleep in the background. Its list goes stale.
  const bPage = await context.newPage();
  await bPage.addInitScript(() => window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true));
  const b = new CalculatorPage(bPage, suite.server.url);
  await b.open('?name=Tab%20B');
  assert.deepEqual(await savedNames(b), ['Plan one']);
  // A saves a second plan; B still lists one.
  await a.page.getByTestId('scenario-name').fill('Plan two');
  await a.page.getByTestId('save-scenario-new').click();
  await a.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 2);
  await b.page.waitForTimeout(100);
  assert.deepEqual(await savedNames(b), ['Plan one'], 'tab B has not refreshed');
  // What B wrote, read back in B: another tab's copy of storage follows a moment later (Chromium
  // syncs localStorage between tabs asynchronously; reading it in A right away raced under load).
  const names = async () => JSON.parse(await storageItem(b, LIBRARY)).scenarios.map((s) => s.name).sort();
  // B renames from its stale list: the write re-reads storage first, so A's "Plan two" survives.
  await b.page.getByTestId('rename-saved-0').click();
  await b.page.getByTestId('rename-input-0').fill('Renamed in B');
  await b.page.getByTestId('rename-save-0').click();
  await b.page.waitForFunction(() => [...document.querySelectorAll('[data-testid^=saved-name-]')].some((e) => e.textContent === 'Renamed in B'));
  assert.deepEqual(await names(), ['Plan two', 'Renamed in B']);
  // B's list now shows what storage holds (its write re-read it).
  assert.deepEqual((await savedNames(b)).sort(), ['Plan two', 'Renamed in B']);
  // A saves a third; B, stale again, deletes one it lists: A's third survives.
  await a.page.getByTestId('scenario-name').fill('Plan three');
  await a.page.getByTestId('save-scenario-new').click();
  await a.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 3);
  assert.equal((await savedNames(b)).length, 2, 'tab B has not refreshed');
  const index = (await savedNames(b)).indexOf('Renamed in B');
  await b.page.getByTestId(`delete-saved-${index}`).click();
  await b.page.getByTestId('undo-delete').waitFor();
  assert.deepEqual(await names(), ['Plan three', 'Plan two']);
  assert.deepEqual((await savedNames(b)).sort(), ['Plan three', 'Plan two']);
  // A heard B's writes.
  await a.page.waitForFunction(() => document.querySelectorAll('[data-testid^=saved-name-]').length === 2);
  assert.deepEqual((await savedNames(a)).sort(), ['Plan three', 'Plan two']);
  for (const c of [a, b]) assert.deepEqual(c.consoleErrors, []);
  await context.close();
});

test('an edit followed at once by a reload, or by closing the tab, is kept', async () => {
  // A link, one edit, and a reload straight away: the reloaded page shows the edit.
  const calc = await open('?params=7B');
  await calc.type('params', '21B');
  await calc.page.reload();
  await calc.page.getByTestId('total-cost').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('input-params').inputValue(), '21B');
  assert.equal((await calc.params()).get('params'), '21B');
  // Two edits in quick succession (the second is held back to coalesce URL writes), then the tab
  // is closed at once: the hidden page writes it, and the next visit without a link reopens it.
  await calc.type('gpus', '16');
  await calc.type('gpus', '32');
  const context = calc.page.context();
  await calc.page.close();
  const again = new CalculatorPage(await context.newPage(), suite.server.url);
  await again.open('');
  assert.equal(await again.page.getByTestId('input-gpus').inputValue(), '32');
  assert.equal(await again.page.getByTestId('input-params').inputValue(), '21B');
  await done(again);
});

test('a plan name and note are kept exactly as typed, spaces and new lines included', async () => {
  const calc = await open('');
  const name = calc.page.getByTestId('scenario-name');
  await name.pressSequentially('My plan A', { delay: 5 });
  assert.equal(await name.inputValue(), 'My plan A');
  const note = calc.page.getByTestId('scenario-note');
  await note.pressSequentially('line 1', { delay: 5 });
  await note.press('Enter');
  await note.pressSequentially('line 2 ', { delay: 5 });
  assert.equal(await note.inputValue(), 'line 1\nline 2 ');
  // The link and the saved record hold them trimmed.
  await calc.waitForUrl((p) => p.get('name') === 'My plan A' && p.get('note') === 'line 1\nline 2');
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  assert.equal(await calc.page.getByTestId('saved-name-0').innerText(), 'My plan A');
  const stored = JSON.parse(await storageItem(calc, LIBRARY)).scenarios[0];
  assert.deepEqual([stored.name, stored.note], ['My plan A', 'line 1\nline 2']);
  await done(calc);
});

test('export the plan as JSON, import it back: the same plan; CSV totals match the page', async () => {
  const query = '?params=13B&gpus=128&start=15&grant=aws-activate:100K:0:12:730&grant=modal:5K:0:3:365&work=modal:h100-sxm:8:2K:0:0.25&spot=1&data_on=gcp&name=Export%20me&note=check%20the%20%22quote%22';
  const calc = await open(query);
  // One edit, so the address bar holds the page's own (canonical) encoding of the plan.
  await calc.type('gpus', '256');
  await calc.waitForUrl((p) => p.get('gpus') === '256' && p.get('tokens') === '2T');
  const dir = await mkdtemp(join(tmpdir(), 'gcr-'));
  const [json] = await Promise.all([calc.page.waitForEvent('download'), calc.page.getByTestId('export-json').click()]);
  assert.equal(json.suggestedFilename(), 'Export-me.json');
  const jsonPath = join(dir, 'plan.json');
  await json.saveAs(jsonPath);
  const file = JSON.parse(await readFile(jsonPath, 'utf8'));
  assert.equal(file.format, 'gpu-credit-runway/scenario');
  assert.equal(file.version, 2);
  assert.equal(file.name, 'Export me');
  const sorted = (p) => [...p.entries()].map(([k, v]) => `${k}=${v}`).sort().join('&');
  const before = sorted(await calc.params());
  const total = await calc.value('total-cost');
  // CSV: a row per bill line and grant; monthly spend adds up to the runway's total spend.
  const [csv] = await Promise.all([calc.page.waitForEvent('download'), calc.page.getByTestId('export-csv').click()]);
  const csvPath = join(dir, 'results.csv');
  await csv.saveAs(csvPath);
  const text = await readFile(csvPath, 'utf8');
  const blocks = text.split('\r\n\r\n');
  assert.equal(blocks[0], 'plan,Export me');
  assert.match(blocks[1], /^line,item,billed_by,gpus,hours,start_day,start_date,end_day,end_date,usd_in_horizon\r\n1,job 1: GPU-hours with communication and failures,aws,/);
  assert.match(blocks[1], /\r\n2,experiments 1: GPU-hours,modal,8,2000\.000,0,/);
  assert.match(blocks[1], /,job 1: egress,gcp,/);
  assert.equal(blocks[2].split('\r\n').length, 3, 'header and two grants');
  const months = blocks[3].trim().split('\r\n').slice(1).map((r) => r.split(','));
  const spend = months.reduce((s, r) => s + Number(r[5]), 0); // month,from_day,from_date,to_day,to_date,spend_usd
  assert.ok(Math.abs(spend - await calc.value('total-spend')) < 0.01 * months.length);
  // Start over, then import the file: exactly the same plan.
  await calc.page.getByTestId('new-scenario').click();
  await calc.waitForUrl((p) => p.get('params') === '7B');
  await calc.page.getByTestId('import-file').setInputFiles(jsonPath);
  await calc.waitForUrl((p) => sorted(p) === before);
  assert.equal(await calc.value('total-cost'), total);
  assert.equal(await calc.page.getByTestId('scenario-note').inputValue(), 'check the "quote"');
  // An invalid file gets a message naming the field.
  const bad = join(dir, 'bad.json');
  await writeFile(bad, JSON.stringify({ ...file, modified: 'yesterday' }));
  await calc.page.getByTestId('import-file').setInputFiles(bad);
  assert.equal(await calc.page.getByTestId('import-error').innerText(), 'bad.json: modified: expected a number.');
  const notJson = join(dir, 'notes.json');
  await writeFile(notJson, 'hello');
  await calc.page.getByTestId('import-file').setInputFiles(notJson);
  await calc.page.waitForFunction(() => document.querySelector('[data-testid=import-error]')?.textContent === 'notes.json: This is not a JSON file.');
  // Pasting a share link opens it.
  await calc.page.getByTestId('import-link').fill('https://example.org/tools/runway/?params=30B&gpus=64#x');
  await calc.page.getByTestId('open-link').click();
  await calc.waitForUrl((p) => p.get('params') === '30B');
  await calc.page.getByTestId('import-link').fill('just words');
  await calc.page.getByTestId('open-link').click();
  assert.equal(await calc.page.getByTestId('import-error').innerText(), 'That is not a GPU Credit Runway link: it has no ?params=… part.');
  await done(calc);
});

test('hostile names and notes from links, storage and files are shown as text', async () => {
  const name = '<img src=x onerror=alert(1)>';
  const note = '"><script>alert(2)</script>';
  const calc = await open(`?name=${encodeURIComponent(name)}&note=${encodeURIComponent(note)}`);
  assert.equal(await calc.page.getByTestId('scenario-name').inputValue(), name);
  assert.equal(await calc.page.getByTestId('scenario-note').inputValue(), note);
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  assert.equal(await calc.page.getByTestId('saved-name-0').innerText(), name);
  assert.equal(await calc.page.getByTestId('saved-note-0').innerText(), note);
  assert.equal(await calc.page.locator('img[src=x]').count(), 0);
  // The page's own scripts: Trunk's module loader, index.html's first-screen script and its
  // service worker registration only.
  assert.equal(await calc.page.locator('script:not([type=module]):not([data-prerender]):not([data-offline])').count(), 0);
  // Reload: the name comes back from storage, still as text.
  await calc.page.reload();
  await calc.page.getByTestId('saved-0').waitFor();
  await calc.built();
  assert.equal(await calc.page.getByTestId('saved-name-0').innerText(), name);
  assert.equal(await calc.page.locator('img[src=x]').count(), 0);
  await done(calc);
});

test('numeric extremes never show NaN or Infinity and never hang', async () => {
  const links = [
    '?params=0&tokens=1e-300&gpus=1e300&mfu=-0&duty=0&price=1e300&start=36500&mtbf=1e-300&ckpt_write=-0&restart=1e300&ckpt_every=0&overlap=-0&ckpts_kept=1e300',
    '?params=2T&tokens=100T&gpus=1&mfu=0.0001&duty=0.01',
    '?gpus=100000&mtbf=10&ckpt_write=1440&restart=1440',
    '?params=100M&tokens=1B&gpus=100000&price=0.001&grant=aws-genai:1B:1826:730:3650&work=aws:h100-sxm:100000:1e12:1826:1',
  ];
  for (const link of links) {
    const calc = await open(link);
    const text = await calc.page.locator('body').innerText();
    assert.doesNotMatch(text, /NaN|Infinity|undefined/, link);
    const values = await calc.page.evaluate(() => [...document.querySelectorAll('[data-value]')].map((e) => e.dataset.value));
    // An empty data-value is what a NaN or infinite number renders as: never acceptable.
    // Dates (runway-end-date, apply-by-<i>, ...) are ISO calendar dates.
    for (const v of values) assert.ok(v === 'none' || /^\d{4}-\d{2}-\d{2}$/.test(v) || (v.trim() !== '' && Number.isFinite(Number(v))), `${link}: data-value ${JSON.stringify(v)}`);
    await done(calc);
  }
  // The first link's bad values each got a message.
  const calc = await open(links[0]);
  for (const key of ['params', 'tokens', 'gpus', 'mfu', 'duty', 'price', 'start', 'mtbf', 'ckpt_write', 'restart', 'ckpt_every', 'ckpts_kept']) {
    assert.ok(await calc.error(key), `no message for ${key}`);
  }
  // 10-hour MTBF per GPU on 100,000 GPUs with day-long writes: the run never finishes, said in words.
  const never = await open(links[2]);
  assert.equal(await never.page.getByTestId('total-cost').innerText(), 'never finishes');
  assert.equal(await never.page.getByTestId('total-cost').getAttribute('data-value'), 'none');
  await never.page.getByTestId('failure-warning').waitFor();
  await done(never);
  await done(calc);
});

test('no request leaves the origin, the CSP is in force, and only localStorage and the offline cache are used', async () => {
  const calc = await open('?grant=aws-activate:100K&name=Audit');
  await calc.type('params', '13B');
  // The last-open plan is written after an edit: wait for it, so the key list below is certain.
  await calc.page.waitForFunction(() => localStorage.getItem('gpu-credit-runway.last')?.includes('job=pretrain%3A13B%3A'));
  await calc.page.getByTestId('save-scenario').click();
  await calc.page.getByTestId('saved-0').waitFor();
  await Promise.all([calc.page.waitForEvent('download'), calc.page.getByTestId('export-csv').click()]);
  await calc.page.reload();
  await calc.page.getByTestId('total-cost').waitFor();
  await calc.built();
  const origin = new URL(suite.server.url).origin;
  const foreign = calc.requests.filter((u) => !u.startsWith(origin + '/') && !u.startsWith('blob:' + origin) && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  assert.ok(calc.requests.some((u) => u.endsWith('.wasm')), 'the wasm was fetched from the origin');
  const csp = await calc.page.locator('meta[http-equiv=Content-Security-Policy]').getAttribute('content');
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  assert.match(csp, /connect-src 'self'/);
  // The CSP blocks what it should: an injected inline script does not run.
  const ran = await calc.page.evaluate(() => {
    window.__ran = false;
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.head.append(s);
    return window.__ran;
  });
  assert.equal(ran, false);
  calc.consoleErrors = calc.consoleErrors.filter((e) => !/Refused to execute inline script|Executing inline script violates/.test(e));
  const stored = await calc.page.evaluate(async () => {
    // The one cache is the service worker's, of the build's own files (docs/page.md "Offline and second
    // visits"), named by the page's folder and the build's version.
    await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const cached = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return {
      cookie: document.cookie,
      session: Object.keys(sessionStorage),
      local: Object.keys(localStorage).sort(),
      databases: indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : [],
      caches: names.map((n) => n.replace(/ [0-9a-f]{16}$/, ' VERSION')),
      cachedElsewhere: cached.flat().filter((u) => !u.startsWith(`${location.origin}/`)),
    };
  });
  assert.deepEqual(stored, {
    cookie: '', session: [], local: ['gpu-credit-runway.last', 'gpu-credit-runway.library'], databases: [],
    caches: [`gpu-credit-runway ${suite.server.url} VERSION`], cachedElsewhere: [],
  });
  await done(calc);
});

test('the print stylesheet gives a report without controls', async () => {
  const calc = await open('?grant=aws-activate:100K&name=Board%20update');
  await calc.page.emulateMedia({ media: 'print' });
  for (const hidden of ['input-params', 'save-scenario', 'export-json', 'copy-link']) {
    assert.equal(await calc.page.getByTestId(hidden).isVisible(), false, `${hidden} is printed`);
  }
  // The page is built in steps (the charts after their frame): on a loaded machine the last
  // steps can still be running here, so each printed part gets 10 s to appear.
  for (const shown of ['total-cost', 'compute-cost', 'runway-end-day', 'chart-runway', 'chart-cost-vs-mfu', 'scenario-name']) {
    await calc.page.getByTestId(shown).waitFor({ state: 'visible', timeout: 10000 }).catch(() => {});
    assert.equal(await calc.page.getByTestId(shown).isVisible(), true, `${shown} is not printed`);
  }
  const pdf = await calc.page.pdf({ format: 'A4', printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  assert.equal(pages, 1, 'a one-page report');
  await done(calc);
});
