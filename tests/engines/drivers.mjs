// One small interface over three engines, so the cross-engine test reads the same in each:
// Chromium through playwright-core (the reference), Firefox through WebDriver BiDi with
// puppeteer-core, WebKit (WebKitGTK, the engine behind Safari) through classic WebDriver with
// selenium-webdriver and WebKitWebDriver under Xvfb. Every driver offers:
//   goto(url), waitFor(selector, ms), run(fn, arg) (a function run in the page, never a string:
//   the page's CSP forbids eval), typeInto(selector, text) (real key presses after clearing),
//   press(selector, key) ('End'), click(selector), errors() (console errors and uncaught
//   exceptions seen so far), version, close().
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { launch as launchChromium } from '../e2e/support/browser.mjs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Chromium, the reference engine of the browser suite. */
export async function chromium() {
  const browser = await launchChromium();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' })).newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    name: 'Chromium',
    version: browser.version(),
    goto: (url) => page.goto(url),
    waitFor: (sel, timeout = 20000) => page.waitForSelector(sel, { state: 'attached', timeout }),
    run: (fn, arg) => page.evaluate(fn, arg),
    typeInto: async (sel, text) => {
      await page.fill(sel, '');
      await page.type(sel, text);
    },
    press: (sel, key) => page.press(sel, key),
    click: (sel) => page.click(sel),
    errors: () => [...errors],
    close: () => browser.close(),
  };
}

/** Firefox ESR through WebDriver BiDi (no geckodriver). */
export async function firefox() {
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: { 'intl.accept_languages': 'pt-BR' },
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    name: 'Firefox',
    version: await browser.version(),
    goto: (url) => page.goto(url),
    waitFor: (sel, timeout = 20000) => page.waitForSelector(sel, { timeout }),
    run: (fn, arg) => page.evaluate(fn, arg),
    typeInto: async (sel, text) => {
      await page.focus(sel);
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
      await page.type(sel, text);
    },
    press: async (sel, key) => {
      await page.focus(sel);
      await page.keyboard.press(key);
    },
    click: (sel) => page.click(sel),
    errors: () => [...errors],
    close: () => browser.close(),
  };
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver, which needs a display: started under
 * `xvfb-run -a`. Classic WebDriver has no console events, so errors are collected by a listener
 * the driver installs after each load (an error during the load itself shows as a page that never
 * builds, which `waitFor` reports).
 */
export async function webkit() {
  const { Builder, By, Key, until } = await import('selenium-webdriver');
  const port = await freePort();
  const server = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}`;
  // The driver takes a moment to listen.
  const deadline = Date.now() + 20000;
  for (;;) {
    const up = await fetch(`${url}/status`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const driver = await new Builder()
    .usingServer(url)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    })
    .build();
  await driver.manage().window().setRect({ width: 1280, height: 900 });
  const caps = await driver.getCapabilities();
  const listen = () =>
    driver.executeScript(() => {
      if (window.__engineErrors) return;
      window.__engineErrors = [];
      window.addEventListener('error', (e) => window.__engineErrors.push(String(e.message)));
      window.addEventListener('unhandledrejection', (e) => window.__engineErrors.push(String(e.reason)));
      const original = console.error;
      console.error = (...a) => {
        window.__engineErrors.push(a.map(String).join(' '));
        original.apply(console, a);
      };
    });
  const seen = [];
  const harvest = async () => {
    const now = await driver.executeScript(() => window.__engineErrors ?? []);
    for (const e of now) if (!seen.includes(e)) seen.push(e);
  };
  const key = { ArrowRight: Key.ARROW_RIGHT, ArrowLeft: Key.ARROW_LEFT, End: Key.END, Enter: Key.ENTER };
  return {
    name: 'WebKit',
    version: `${caps.get('browserName')} ${caps.get('browserVersion')}`,
    goto: async (u) => {
      await harvest().catch(() => {});
      await driver.get(u);
      await listen();
    },
    waitFor: async (sel, timeout = 20000) => {
      await driver.wait(until.elementLocated(By.css(sel)), timeout);
      await listen();
    },
    // selenium passes the function's source to the driver, which calls it with `arguments`.
    run: (fn, arg) => driver.executeScript(`return (${fn.toString()})(arguments[0]);`, arg),
    typeInto: async (sel, text) => {
      const el = await driver.findElement(By.css(sel));
      await el.clear();
      await el.sendKeys(text);
    },
    press: async (sel, k) => (await driver.findElement(By.css(sel))).sendKeys(key[k] ?? k),
    click: async (sel) => (await driver.findElement(By.css(sel))).click(),
    errors: async () => {
      await harvest();
      return [...seen];
    },
    close: async () => {
      await driver.quit().catch(() => {});
      try {
        process.kill(-server.pid);
      } catch {
        // already gone
      }
    },
  };
}

/** Whether each engine is installed (`make setup` installs them). */
export function installed() {
  return {
    Firefox: existsSync(FIREFOX),
    WebKit: existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER),
  };
}
