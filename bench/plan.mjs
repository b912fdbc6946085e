// The plan the latency benchmarks edit: 3 training jobs, 2 serving lines and 5 grants, so every
// edit re-evaluates the whole plan (each job's hidden costs, each serving line's sizing), re-runs
// the runway and redraws it.
export const BENCH_PLAN = [
  't0=2026-12-01',
  'job=pretrain:7B:2T:aws:h100-sxm:64:20',
  'job=lora:8B:20M:modal:h100-sxm:1:14:3:5',
  'job=full-ft:8B:500M:gcp:h100-sxm:8:30',
  'serve=8B:2B:modal:h100-sxm:30:12',
  'serve=70B:10B:aws:h100-sxm:60:12',
  'grant=aws-activate:100K', 'grant=modal:25K', 'grant=aws-trainium:50K', 'grant=gcp-startups', 'grant=nvidia-inception',
].join('&');

// A plan at the page's limits for timing (issue 26): 16 training jobs of every kind at four
// providers, 4 serving lines and 10 grants. Every edit re-prices all 20 workloads.
const KINDS = ['pretrain:7B:2T', 'lora:8B:20M', 'full-ft:8B:500M', 'qlora:70B:50M', 'dpo:8B:100M', 'continued:13B:200B'];
const AT = ['aws:h100-sxm:64', 'modal:h100-sxm:1', 'gcp:h100-sxm:8', 'coreweave:h100-sxm:16'];
export const LIMITS_PLAN = [
  't0=2026-12-01',
  ...Array.from({ length: 16 }, (_, i) => `job=${KINDS[i % KINDS.length]}:${AT[i % AT.length]}:${i * 7}`),
  'serve=8B:2B:modal:h100-sxm:30:12', 'serve=70B:10B:aws:h100-sxm:60:12',
  'serve=8B:500M:gcp:h100-sxm:90:6', 'serve=13B:1B:coreweave:h100-sxm:120:24',
  'grant=aws-activate:100K', 'grant=modal:25K', 'grant=aws-trainium:50K', 'grant=gcp-startups', 'grant=nvidia-inception',
  'grant=azure-founders', 'grant=together', 'grant=oracle', 'grant=aws-genai', 'grant=gcp-startups-start',
].join('&');

/** Opens the bench plan (PLAN=limits: [`LIMITS_PLAN`]) at 1280×900; `open` also opens every
 * collapsible section. */
export async function openBenchPage(browser, url, { open = true } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const plan = process.env.PLAN === 'limits' ? LIMITS_PLAN : BENCH_PLAN;
  await page.goto(url + '?' + plan);
  await page.getByTestId('compute-cost').waitFor();
  // The app builds the first screen first and the rest in the next frames.
  await page.locator('main[data-built]').waitFor({ state: 'attached' });
  if (open) {
    // One section at a time, each after the last one's toggle was handled: the open state lives in
    // the app, and a toggle handled after another was opened would be undone by it. Repeated until
    // nothing is closed, as an opened section builds the sections inside it.
    await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      for (let pass = 0; pass < 5; pass++) {
        const closed = [...document.querySelectorAll('details.section')].filter((d) => !d.open);
        if (closed.length === 0) return;
        for (const d of closed) {
          const toggled = new Promise((r) => d.addEventListener('toggle', r, { once: true }));
          d.open = true;
          await toggled;
          await frame();
        }
      }
    });
    const closed = await page.evaluate(() => [...document.querySelectorAll('details.section')].filter((d) => !d.open).length);
    if (closed) throw new Error(`${closed} sections did not open`);
  }
  return page;
}
