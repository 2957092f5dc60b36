// Does the shape of an image change what a histogram costs? The timings page
// (every method, 1 and 4 channels) on the project's picture made square, one pixel
// wide and one pixel tall with the same pixel count, in one headless Chromium run.
// Usage: node bench/shapes.mjs [pixels-per-side] [runs]   (after `make dist`)
import { start } from '../tests/browser/harness.mjs';

const side = Number(process.argv[2] ?? 317);
const runs = Number(process.argv[3] ?? 3);
const shapes = [[side, side - 1], [1, side * (side - 1)], [side * (side - 1), 1]];
const browser = await start([], { video: 'site' });
try {
  const times = {};
  for (const [w, h] of shapes) {
    const page = await browser.open(`/www/timings.html?runs=${runs}&width=${w}&height=${h}`, { timeout: 900_000 });
    times[`${w}x${h}`] = Object.fromEntries(await page.$$eval('td[data-cell]', (tds) => tds.map((td) => [td.dataset.cell, Number(td.textContent)])));
    if (page.errors.length) console.log('  console errors:', page.errors);
    await page.close();
  }
  const [square, ...others] = Object.keys(times);
  console.log(`timings page, median of ${runs} runs (GPU timestamps, ms), headless Chromium ${browser.version}`);
  console.log(`${'channels-method'.padEnd(20)}${square.padStart(12)}${others.map((o) => `${o.padStart(12)}  ratio`).join('')}`);
  for (const cell of Object.keys(times[square])) {
    const base = times[square][cell];
    console.log(`${cell.padEnd(20)}${base.toFixed(2).padStart(12)}${others.map((o) => `${times[o][cell].toFixed(2).padStart(12)}${(times[o][cell] / base).toFixed(2).padStart(7)}`).join('')}`);
  }
} finally {
  await browser.close();
}
