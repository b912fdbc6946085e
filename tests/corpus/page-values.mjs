// Reads every `data-value` the fully built page shows for one link: opens the link, builds every
// collapsed section (as a print does: `beforeprint`), waits until the values stop
// changing, and returns { testid: value } (timings and today's distance left out: they differ on
// every run), and the
// text of every input error shown (`error-…#text`).
// `day0-past` counts the days since a link's day 0 up to today: it changes every day.
export const UNSTABLE = new Set(['mc-time', 'day0-past']);

/** @param {import('playwright-core').Page} page */
export async function pageValues(page, baseUrl, query) {
  await page.goto(`${baseUrl}?${query}`);
  await page.locator('main[data-built]').waitFor({ state: 'attached' }).catch(async (e) => {
    // Say which link, and what the page was doing (one run in seven timed out here, link unknown).
    const state = await page.evaluate(() => ({
      readyState: document.readyState,
      url: location.href,
      worker: Boolean(navigator.serviceWorker?.controller),
      loading: document.getElementById('loading')?.textContent?.trim() ?? null,
      main: document.querySelector('main')?.outerHTML.slice(0, 200) ?? null,
    })).catch((x) => String(x));
    throw new Error(`the page did not build for ?${query}: ${e.message}; page: ${JSON.stringify(state)}`);
  });
  // A print builds every section's contents (each is built on first open otherwise).
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.waitForFunction(() => document.querySelectorAll('details.section[data-built=false]').length === 0, null, { timeout: 10000 });
  let last = null;
  for (let i = 0; i < 50; i++) {
    const now = await page.evaluate((skip) => {
      const out = {};
      for (const el of document.querySelectorAll('[data-testid][data-value]')) {
        const id = el.getAttribute('data-testid');
        if (skip.includes(id) || id in out) continue;
        out[id] = el.getAttribute('data-value');
      }
      // Rejected inputs: the message each shows (a link's bad token or value).
      for (const el of document.querySelectorAll('[data-testid^="error-"]')) {
        const text = el.textContent.trim();
        if (text) out[`${el.getAttribute('data-testid')}#text`] = text;
      }
      return JSON.stringify(out);
    }, [...UNSTABLE]);
    if (now === last) {
      // The next link starts from nothing saved (language choice, last plan).
      await page.evaluate(() => localStorage.clear());
      return JSON.parse(now);
    }
    last = now;
    await page.waitForTimeout(150);
  }
  return JSON.parse(last);
}
