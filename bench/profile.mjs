// CPU profile of typed edits in headless Chromium: where the input -> result time goes.
// Usage: node bench/profile.mjs [edits] [input-testid] [value-a] [value-b]
// Build with function names to read wasm frames (see docs/performance.md "Benchmarks": a dist with the name
// section kept), then point DIST_DIR at it. Prints self time per function, top 45.
import { serveDist } from '../tests/e2e/support/server.mjs';
import { launch } from '../tests/e2e/support/browser.mjs';
import { openBenchPage } from './plan.mjs';

const N = Number(process.argv[2] ?? 200);
const input = process.argv[3] ?? 'input-params';
const values = [process.argv[4] ?? '13B', process.argv[5] ?? '7B'];
const server = await serveDist();
const browser = await launch();
try {
  const page = await openBenchPage(browser, server.url, { open: process.env.OPEN !== '0' });
  await page.waitForTimeout(500);
  if (process.env.NOPROFILE) {
    const r = await page.evaluate(async ({ input, values, n }) => {
      const el = document.querySelector(`[data-testid=${input}]`);
      const result = document.querySelector('[data-testid=compute-cost]');
      const out = [], frame = [];
      for (let i = 0; i < n; i++) {
        const before = result.dataset.value;
        const updated = new Promise((resolve) => {
          const mo = new MutationObserver(() => { if (result.dataset.value !== before) { mo.disconnect(); resolve(performance.now()); } });
          mo.observe(result, { attributes: true });
        });
        const t0 = performance.now();
        el.value = values[i % 2];
        el.dispatchEvent(new Event('input', { bubbles: true }));
        out.push((await updated) - t0);
        // Input -> the end of the next animation frame's callbacks and a task after it (charts drawn).
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        frame.push(performance.now() - t0);
      }
      const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor(p * xs.length)];
      return [q(out, 0.5), q(out, 0.95), q(frame, 0.5), q(frame, 0.95)];
    }, { input, values, n: N });
    console.log(`DOM updated median ${r[0].toFixed(2)} p95 ${r[1].toFixed(2)}; through next frame median ${r[2].toFixed(2)} p95 ${r[3].toFixed(2)} ms`);
    process.exit(0);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const dom = await page.evaluate(async ({ input, values, n }) => {
    const el = document.querySelector(`[data-testid=${input}]`);
    const result = document.querySelector('[data-testid=compute-cost]');
    const out = [];
    for (let i = 0; i < n; i++) {
      const before = result.dataset.value;
      const updated = new Promise((resolve) => {
        const mo = new MutationObserver(() => { if (result.dataset.value !== before) { mo.disconnect(); resolve(performance.now()); } });
        mo.observe(result, { attributes: true });
        setTimeout(() => { mo.disconnect(); resolve(NaN); }, 2000);
      });
      const t0 = performance.now();
      el.value = values[i % 2];
      el.dispatchEvent(new Event('input', { bubbles: true }));
      out.push((await updated) - t0);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
    return out.sort((a, b) => a - b)[Math.floor(n / 2)];
  }, { input, values, n: N });
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
    const t = (dt[i + 1] ?? 0) / 1000;
    total += t;
    self.set(name, (self.get(name) ?? 0) + t);
  });
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  profile.samples.forEach((id, i) => {
    const t = (dt[i + 1] ?? 0) / 1000;
    const stack = [];
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame.functionName);
    if (process.env.FOCUS && !stack.some((f) => f.includes(process.env.FOCUS))) return;
    if (process.env.CRATE) {
      // Self time by the crate (or JS glue) of the innermost frame: framework against app against model.
      const leaf = stack[0] || '(anon)';
      const m = leaf.match(/^<?([a-z_][a-z0-9_]*)(\[[0-9a-f]+\])?::/);
      const key = 'crate ' + (m ? m[1] : leaf.startsWith('__wbg') ? 'js glue' : leaf);
      incl.set(key, (incl.get(key) ?? 0) + t);
      return;
    }
    if (process.env.GROUP) {
      // Attribute the sample to the innermost frame of this crate: which component did the work.
      const own = stack.find((f) => f.startsWith('gpu_credit_runway::')) ?? '(outside the app)';
      const key = 'group ' + own.replace(/::\{\{closure\}\}.*$/, '').replace(/::h[0-9a-f]{16}$/, '');
      incl.set(key, (incl.get(key) ?? 0) + t);
      return;
    }
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      const name = `${n.callFrame.functionName || '(anon)'}`;
      if (!seen.has(name)) { seen.add(name); incl.set(name, (incl.get(name) ?? 0) + t); }
    }
  });
  if (process.env.INCLUSIVE) {
    for (const [name, t] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.INCLUSIVE))) {
      console.log(`incl ${(t / N).toFixed(3).padStart(8)} ms/edit  ${name.slice(0, 150)}`);
    }
  }
  console.log(`median input -> result ${dom.toFixed(2)} ms; profile ${total.toFixed(0)} ms over ${N} edits`);
  const idle = new Set(['(idle) ', '(program) ', '(garbage collector) ']);
  for (const [name, t] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
    console.log(`${(t / N).toFixed(3).padStart(8)} ms/edit  ${idle.has(name) ? '' : ''}${name.slice(0, 140)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
