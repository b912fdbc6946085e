// Saves a screenshot of the built app's first screen: node tests/e2e/support/screenshot.mjs out.png [query] [width] [full]
import { serveDist } from './server.mjs';
import { launch } from './browser.mjs';

const [out = 'screenshot.png', query = '', width = '1280', full = ''] = process.argv.slice(2);
const server = await serveDist();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 1 });
  page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
  page.on('pageerror', (e) => console.error('pageerror:', e));
  await page.goto(server.url + query);
  await page.getByTestId('compute-cost').waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: out, fullPage: full === 'full' });
  console.log(`saved ${out}`);
} finally {
  await browser.close();
  await server.close();
}
