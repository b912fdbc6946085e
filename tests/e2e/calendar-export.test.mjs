// End-to-end test of "Add to calendar" (issue 13 item 3): the plan's iCalendar file (RFC 5545) is
// downloaded, parsed here (lines, folding, escaping, VEVENTs), and its all-day events fall on the
// dates the page shows and on the hand-computed ones; every event links back to the plan, and the
// link reopens the same plan. "Now" is fixed (page.clock) so DTSTAMP and day 0 are known.
// The hand values below are from data/programs.json (expected amount, typical review, validity).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageSuite } from './support/suite.mjs';

const suite = pageSuite();
const { done } = suite;

// Day 0 = 2026-12-01. A LoRA job on Modal (1 × H100 SXM, 8B on 20M tokens × 3 epochs × 5 runs, about
// 6.7 GPU-hours) from day 14; a serving line on Modal from day 30 for 12 months; AWS Activate and
// Modal at the catalog's defaults, applied on day 0.
const LINK =
  '?t0=2026-12-01&job=lora:8B:20M:modal:h100-sxm:1:14:3:5&serve=8B:2B:modal:h100-sxm:30:12' +
  '&grant=aws-activate&grant=modal&name=Seed%20plan%2C%20v1';
// Hand dates (day d = 2026-12-01 + d):
//  AWS Activate: review 12, valid 365. No workload runs on AWS: no apply-by event. Approved day 12 =
//    2026-12-13; expires day 377 = 2026-12-13 + 365 days = 2027-12-13 (no 29 Feb in 2027).
//  Modal: review 3, valid 365. Apply by day 14 − 3 = day 11 = 2026-12-12 (the LoRA job is its first
//    workload); approved day 3 = 2026-12-04; expires day 368 = 2027-12-04.
//  LoRA job: starts day 14 = 2026-12-15; its 6.7 hours end on day 14, so it is done by day 15 =
//    2026-12-16.
//  Serving: starts day 30 = 2026-12-31; 12 months of 730 h = 8,760 h = 365 days, so it stops by day
//    395 = 2026-12-31 + 365 = 2027-12-31.
//  Cash starts: Modal's $25,000 pays the LoRA job ($27.97) and then serving at $2,884 a month
//    (1 GPU always on at $3.95: 730 × 3.95 = $2,883.50, 24 × 3.95 = $94.80 a day) from day 30:
//    (25,000 − 27.97) / 94.80 = 263.4 days, so it runs out during day 30 + 263 = 293 = 2027-09-20.
const HAND = {
  'cash-starts': '20270920',
  'grant-1-aws-activate-approved': '20261213',
  'grant-1-aws-activate-expires': '20271213',
  'grant-2-modal-apply-by': '20261212',
  'grant-2-modal-approved': '20261204',
  'grant-2-modal-expires': '20271204',
  'job-1-start': '20261215',
  'job-1-end': '20261216',
  'serve-1-start': '20261231',
  'serve-1-end': '20271231',
};
// Which page result shows the same date (ISO, dashes removed).
const ON_PAGE = {
  'cash-starts': 'runway-end-date',
  'grant-1-aws-activate-approved': 'grant-approved-0',
  'grant-1-aws-activate-expires': 'grant-expires-0',
  'grant-2-modal-apply-by': 'apply-by-1',
  'grant-2-modal-approved': 'grant-approved-1',
  'grant-2-modal-expires': 'grant-expires-1',
  'job-1-start': 'job-start-date-0',
  'job-1-end': 'job-end-date-0',
};

/** Opens `query` in a fresh context whose clock reads `now`; downloads are kept. */
const openOn = (now, query) => suite.openOn(now, query, { acceptDownloads: true });

/** Physical lines: each must end in CRLF and hold at most 75 octets; then unfolded. */
function unfold(text) {
  assert.ok(text.endsWith('\r\n'), 'the file ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  const lines = [];
  for (const p of physical) {
    assert.ok(Buffer.byteLength(p, 'utf8') <= 75, `${Buffer.byteLength(p, 'utf8')} octets: ${p}`);
    assert.ok(!/[\r\n]/.test(p), `bare CR or LF in ${JSON.stringify(p)}`);
    if (p.startsWith(' ') || p.startsWith('\t')) lines[lines.length - 1] += p.slice(1);
    else lines.push(p);
  }
  return lines;
}

/** Reverses TEXT escaping (\\ \; \, \n); an unescaped ; or , or an unknown escape fails. */
function unescape(v) {
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    assert.ok(c !== ';' && c !== ',', `unescaped ${c} in ${v}`);
    if (c !== '\\') { out += c; continue; }
    const n = v[++i];
    if (n === 'n' || n === 'N') out += '\n';
    else if (n === '\\' || n === ';' || n === ',') out += n;
    else assert.fail(`bad escape \\${n} in ${v}`);
  }
  return out;
}

/** The calendar's own properties and its VEVENTs (maps from name with parameters to raw value). */
function parse(text) {
  const calendar = [];
  const events = [];
  let current = null;
  for (const line of unfold(text)) {
    const colon = line.indexOf(':');
    assert.ok(colon > 0, `no colon in ${line}`);
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (name === 'BEGIN' && value === 'VEVENT') current = {};
    else if (name === 'END' && value === 'VEVENT') { events.push(current); current = null; }
    else if (current) { assert.ok(!(name in current), `${name} twice`); current[name] = value; }
    else calendar.push([name, value]);
  }
  return { calendar, events };
}

const nextDay = (yyyymmdd) => {
  const d = new Date(Date.UTC(+yyyymmdd.slice(0, 4), +yyyymmdd.slice(4, 6) - 1, +yyyymmdd.slice(6, 8) + 1));
  return d.toISOString().slice(0, 10).replaceAll('-', '');
};

test('Add to calendar: the events fall on the page\'s and the hand-computed dates, and link back to the plan', async () => {
  const calc = await openOn('2026-12-01T12:00:00Z', LINK);
  const { page } = calc;
  const button = await calc.reveal(page.getByTestId('export-ics'));
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  assert.equal(download.suggestedFilename(), 'Seed-plan-v1.ics');
  const dir = await mkdtemp(join(tmpdir(), 'gcr-ics-'));
  const path = join(dir, 'plan.ics');
  await download.saveAs(path);
  const text = await readFile(path, 'utf8');
  const { calendar, events } = parse(text);

  assert.deepEqual(calendar.slice(0, 5), [
    ['BEGIN', 'VCALENDAR'], ['VERSION', '2.0'], ['PRODID', '-//GPU Credit Runway//Plan calendar//EN'],
    ['CALSCALE', 'GREGORIAN'], ['METHOD', 'PUBLISH'],
  ]);
  assert.deepEqual(calendar.at(-1), ['END', 'VCALENDAR']);

  const share = await page.getByTestId('share-url').inputValue();
  const byKey = {};
  for (const e of events) {
    const m = /^[0-9a-f]{16}-(.+)@gpu-credit-runway$/.exec(e.UID);
    assert.ok(m, `UID ${e.UID}`);
    assert.ok(!(m[1] in byKey), `UID ${e.UID} twice`);
    byKey[m[1]] = e;
    // All-day events: a DATE start and the next day as the (exclusive) end.
    assert.match(e['DTSTART;VALUE=DATE'], /^\d{8}$/);
    assert.equal(e['DTEND;VALUE=DATE'], nextDay(e['DTSTART;VALUE=DATE']));
    // The fixed clock: 2026-12-01 12:00:00 UTC.
    assert.equal(e.DTSTAMP, '20261201T120000Z');
    // The share link, as the URL and at the end of the one-line description.
    assert.equal(e.URL, share);
    const description = unescape(e.DESCRIPTION);
    assert.ok(description.endsWith(` Plan: ${share}`), description);
    assert.ok(!description.includes('\n') && !unescape(e.SUMMARY).includes('\n'));
  }
  // Exactly the hand-computed events (no apply-by for AWS Activate, which pays no workload).
  assert.deepEqual(
    Object.fromEntries(Object.entries(byKey).map(([k, e]) => [k, e['DTSTART;VALUE=DATE']])),
    HAND,
  );
  // The same dates the page shows.
  for (const [key, id] of Object.entries(ON_PAGE)) {
    assert.equal(byKey[key]['DTSTART;VALUE=DATE'], (await calc.attr(id)).replaceAll('-', ''), `${key} vs ${id}`);
  }
  // Display names, never ids.
  assert.equal(unescape(byKey['grant-2-modal-apply-by'].SUMMARY), 'Apply by: Modal startup credits ($25,000)');
  assert.match(unescape(byKey['grant-2-modal-apply-by'].DESCRIPTION), /approval lands in time for the LoRA job, which starts on 15 Dec 2026\./);
  assert.match(unescape(byKey['job-1-start'].SUMMARY), /^LoRA job starts \(1 × NVIDIA H100 SXM at Modal\)$/);
  await done(calc);

  // The URL reopens the same plan, in a fresh browser a week later.
  const again = await openOn('2026-12-08T12:00:00Z', share.slice(share.indexOf('?')));
  assert.equal(await again.page.getByTestId('share-url').inputValue(), share);
  for (const [key, id] of Object.entries(ON_PAGE)) {
    assert.equal((await again.attr(id)).replaceAll('-', ''), HAND[key], id);
  }
  await done(again);
});
