// Page object for the calculator: what a user does (open a link, type, slide, pick, copy) and what a
// test reads (data-value of results, validation messages, the URL).

export class CalculatorPage {
  /** @param {import('playwright-core').Page} page @param {string} baseUrl */
  constructor(page, baseUrl) {
    this.page = page;
    this.baseUrl = baseUrl;
    this.consoleErrors = [];
    this.dialogs = [];
    this.requests = [];
    page.on('console', (m) => m.type() === 'error' && this.consoleErrors.push(m.text()));
    page.on('pageerror', (e) => this.consoleErrors.push(String(e)));
    page.on('dialog', (d) => {
      this.dialogs.push(d.message());
      d.dismiss().catch(() => {});
    });
    page.on('request', (r) => this.requests.push(r.url()));
  }

  /** Opens the page with a query string ("" or "?params=7B...") and waits for the results. */
  async open(query = '') {
    await this.page.goto(this.baseUrl + query);
    await this.built();
    await this.page.waitForFunction(() => document.querySelector('[data-testid=compute-cost]')?.dataset.value !== undefined);
  }

  /**
   * Waits until the app has built the whole page: it builds the first screen first and the rest
   * in the next tasks (`data-built` on `<main>` once every part is in the document).
   */
  async built() {
    await this.page.locator('main[data-built]').waitFor({ state: 'attached' });
  }

  /**
   * The raw number of a result. Throws when the result has no number: a missing or empty
   * `data-value` (what a NaN or infinite result renders as), or text that is not a finite number
   * ("none" included: read those with `attr`). Never reads a missing result as 0.
   */
  async value(testId) {
    const raw = await (await this.find(testId)).getAttribute('data-value', { timeout: 5000 });
    return finiteNumber(testId, raw);
  }

  /** The raw `data-value` text of a result (e.g. "none", an ISO date). */
  async attr(testId) {
    return (await this.find(testId)).getAttribute('data-value', { timeout: 5000 });
  }

  /**
   * The element with `testId`, building the collapsed sections first when it is in none of the
   * built ones (a result inside a section is readable, open or not, once the section was opened).
   */
  async find(testId) {
    const locator = this.page.getByTestId(testId);
    if ((await locator.count()) === 0) await this.buildSections();
    return locator;
  }

  /** Waits until a result's data-value is a finite number satisfying `predicate`, returning it. */
  async waitForValue(testId, predicate, timeout = 5000) {
    const deadline = Date.now() + timeout;
    let last;
    while (Date.now() < deadline) {
      const raw = await (await this.find(testId)).getAttribute('data-value', { timeout }).catch(() => null);
      last = raw;
      if (raw !== null && raw !== '' && Number.isFinite(Number(raw)) && predicate(Number(raw))) return Number(raw);
      await this.page.waitForTimeout(20);
    }
    throw new Error(`${testId} stayed at ${JSON.stringify(last)}`);
  }

  /**
   * Opens a collapsed detail section ("advisor", "hidden-costs", "programs", ...) the way a user
   * does, by clicking its summary; an open section stays open.
   */
  async openSection(name) {
    const section = this.page.getByTestId(`section-${name}`);
    if (!(await section.evaluate((d) => d.open))) await this.page.getByTestId(`summary-${name}`).click();
    await this.page.waitForFunction((n) => document.querySelector(`[data-testid="section-${n}"]`)?.open === true, name);
  }

  /** Closes an open detail section from its summary. */
  async closeSection(name) {
    const section = this.page.getByTestId(`section-${name}`);
    if (await section.evaluate((d) => d.open)) await this.page.getByTestId(`summary-${name}`).click();
    await this.page.waitForFunction((n) => document.querySelector(`[data-testid="section-${n}"]`)?.open === false, name);
  }

  /**
   * Builds every section never opened (a collapsed section's contents are built the first time it
   * opens): opens each from its summary and closes it again, as a user looking for a control would.
   */
  async buildSections() {
    for (let pass = 0; pass < 3; pass++) {
      const ids = await this.page.evaluate(() => [...document.querySelectorAll('details.section[data-built=false]')].map((d) => d.id));
      if (ids.length === 0) return;
      for (const id of ids) {
        await this.openSection(id);
        await this.closeSection(id);
      }
    }
  }

  /** Opens every collapsed section that holds `locator` (a user must before using a control). */
  async reveal(locator) {
    if ((await locator.count()) === 0) await this.buildSections();
    for (;;) {
      const closed = await locator.evaluate((el) => el.closest('details.section:not([open])')?.id ?? null);
      if (!closed) return locator;
      await this.openSection(closed);
    }
  }

  /** Replaces the text of a typed field, as a user typing would. */
  async type(key, text) {
    const box = await this.reveal(this.page.getByTestId(`input-${key}`));
    await box.fill(text);
  }

  /** Moves a slider with the keyboard: `steps` presses of ArrowRight (negative: ArrowLeft). */
  async nudgeSlider(key, steps) {
    const slider = await this.reveal(this.page.getByTestId(`slider-${key}`));
    await slider.focus();
    const arrow = steps > 0 ? 'ArrowRight' : 'ArrowLeft';
    for (let i = 0; i < Math.abs(steps); i++) await slider.press(arrow);
  }

  /** Sets a slider position (0..1000) the way a drag ends: value, then an input event. */
  async setSlider(key, position) {
    await (await this.reveal(this.page.getByTestId(`slider-${key}`))).evaluate((el, p) => {
      el.value = String(p);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, position);
  }

  async select(key, value) {
    await (await this.reveal(this.page.getByTestId(`input-${key}`))).selectOption(value);
  }

  /** The validation message of a field, or null when there is none. */
  async error(key) {
    const el = this.page.getByTestId(`error-${key}`);
    return (await el.count()) ? el.textContent() : null;
  }

  /**
   * The current query parameters of the page's own URL, with the fields of the first `job=` token
   * readable by their old single-run keys (`get('mfu')` reads the first job's MFU as written), so a
   * test can say which value the link carries without spelling the token.
   */
  async params() {
    return withJobFields(new URL(this.page.url()).searchParams);
  }

  /** Waits until the page URL's query satisfies `predicate` (polled: the URL is replaced, not navigated). */
  async waitForUrl(predicate, timeout = 5000) {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const p = await this.params();
      if (predicate(p)) return p;
      await this.page.waitForTimeout(20);
    }
    throw new Error(`URL never matched: ${this.page.url()}`);
  }
}

/** The fields of a `job=` token, in order (README "Share links"). */
export const JOB_FIELDS = ['kind', 'params', 'tokens', 'provider', 'gpu', 'gpus', 'start', 'epochs', 'runs', 'mfu', 'duty', 'price', 'lora_rank', 'seq_len'];

/** A `job=` token as an object keyed by JOB_FIELDS (absent trailing fields are missing). */
export function parseJob(token) {
  const parts = token.split(':');
  return Object.fromEntries(JOB_FIELDS.map((k, i) => [k, parts[i]]).filter(([, v]) => v !== undefined));
}

/** URLSearchParams whose get/has answer the old single-run keys from the first job token. */
function withJobFields(params) {
  const first = params.get('job');
  const job = first === null ? null : parseJob(first);
  // Fields written only when not the default in the old form: start 0 and no price (an empty
  // slot before a LoRA rank or sequence length) read as absent.
  const absent = (k, v) => v === undefined || v === '' || (k === 'start' && v === '0');
  const get = params.get.bind(params);
  const has = params.has.bind(params);
  params.get = (k) => (job && JOB_FIELDS.includes(k) && k !== 'kind' ? (absent(k, job[k]) ? null : job[k]) : get(k));
  params.has = (k) => (job && JOB_FIELDS.includes(k) && k !== 'kind' ? !absent(k, job[k]) : has(k));
  return params;
}

/** A `data-value` as a finite number, or an error naming the result and what it held. */
export function finiteNumber(testId, raw) {
  if (raw === null) throw new Error(`${testId}: no data-value attribute`);
  const v = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(v)) throw new Error(`${testId}: data-value ${JSON.stringify(raw)} is not a finite number`);
  return v;
}
