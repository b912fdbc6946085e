// The lightest peer calculator, measured the way bench/phone.mjs measures this page (issue 46, item
// 5): a pre-rendered Next.js export (isEmmanuelOlowe/llm-cost-estimator, 11d46bb, 1 April 2026: the
// 164 KB gzip the issues compare against). Its build is never committed; make it from its public
// source (docs/performance.md, "The peer, side by side"), then `PEER_DIR=<its out/> node
// bench/phone.mjs`.
//
// Its "answers on screen" is its first contentful paint: its page is pre-rendered with its first
// result in it ("Projected cost: $1.01"), painted once its render-blocking style sheet is in. Its
// "controls working" is the moment React has hydrated the page's inputs (React puts its
// `__reactProps$…` key on an element as it hydrates it; polled every 10 ms from before the first
// byte), checked once per run with an edit that changes its result, as this page's are.

/** The peer's "Runtime (hours)" field: editing it changes the projected cost. */
const RUNTIME = 'Runtime (hours)';

function hydrationProbe(label) {
  window.__peer = { hydrated: NaN };
  const input = () =>
    [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith(label))?.querySelector('input');
  const poll = setInterval(() => {
    const el = input();
    if (el && Object.keys(el).some((k) => k.startsWith('__reactProps$'))) {
      window.__peer.hydrated = performance.now();
      clearInterval(poll);
    }
  }, 10);
}

/** One cold load of the peer under `phone` (bench/phone.mjs's PHONE): timings and resources. */
export async function peerLoad(browser, url, phone) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(hydrationProbe, RUNTIME);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', phone.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
    await page.goto(url);
    await page.waitForFunction(() => Number.isFinite(window.__peer?.hydrated), null, { timeout: 120_000 });
    await page.waitForTimeout(500);
    const r = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = [nav, ...performance.getEntriesByType('resource')].map((e) => ({
        url: e.name, end: e.responseEnd, encoded: e.encodedBodySize,
      }));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { hydrated: window.__peer.hydrated, fcp, resources };
    });
    if (!Number.isFinite(r.fcp)) throw new Error('the peer painted nothing');
    const interactive = Math.max(r.hydrated, r.fcp);
    return {
      onScreen: r.fcp,
      interactive,
      beforeScreen: r.resources.filter((x) => x.end <= r.fcp),
      beforeInteractive: r.resources.filter((x) => x.end <= interactive),
      resources: r.resources,
    };
  } finally {
    await context.close();
  }
}

/** Fails unless an edit of the peer's runtime changes its projected cost (its controls work). */
export async function peerEdits(browser, url) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await page.goto(url);
    const cost = page.locator('p', { hasText: 'Projected cost:' });
    await page.waitForLoadState('load');
    const before = await cost.textContent();
    // Typed until it takes: a field filled before hydration is reset by React.
    for (let i = 0; i < 50; i++) {
      await page.getByLabel(RUNTIME).fill(String(3 + i));
      if ((await cost.textContent()) !== before) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`the peer's projected cost stayed "${before}" after its runtime was edited`);
  } finally {
    await page.close();
  }
}
