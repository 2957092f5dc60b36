// The studio must not slow video down: frames per second of the plain video page,
// of the studio with every panel feature on (a region, the clipping warning,
// statistics read back four times a second), and of live equalization (the
// equalize page: histogram, table pass, remap, the adjusted histogram), on the
// same 540p video in one headless Chromium, 1280x800, alternating, two rounds.
// Each side counts frames whose histogram was computed and drawn.
// Usage: node bench/studio.mjs [seconds] [video]   (after `make dist`)
import { start, media, waitState } from '../tests/browser/harness.mjs';

const seconds = Number(process.argv[2] ?? 15);
const video = media(process.argv[3] ?? 'pexels-kosmo-politeska-5750980-540p.webm');
const browser = await start();

async function fps(path, counter, setup) {
  const page = await browser.open(path, { state: null, viewport: { width: 1280, height: 800 } });
  await page.waitForFunction(() => ['ready', 'done'].includes(document.body.dataset.state), null, { timeout: 120_000 });
  await page.setInputFiles('#file', video);
  await waitState(page, 'playing', 60_000);
  await setup?.(page);
  await page.waitForTimeout(3000);
  const sample = () => page.evaluate((c) => ({ frames: window[c].frames, t: performance.now() }), counter);
  const first = await sample();
  await page.waitForTimeout(seconds * 1000);
  const last = await sample();
  const errors = page.errors;
  await page.close();
  return { fps: ((last.frames - first.frames) * 1000) / (last.t - first.t), errors };
}

const everything = async (page) => {
  await page.check('#clipping');
  for (const [name, v] of [['x', 100], ['y', 50], ['width', 640], ['height', 360]]) await page.fill(`#region-${name}`, String(v));
  await page.dispatchEvent('#region-height', 'change');
};

try {
  console.log(`${seconds} s each, ${video.split('/').at(-1)}, 1280x800, headless Chromium ${browser.version}`);
  const rows = [];
  for (let round = 1; round <= 2; round++) {
    const plain = await fps('/www/video.html', 'videoPage');
    const studio = await fps('/www/studio.html', 'studioPage', everything);
    const equalize = await fps('/www/equalize.html', 'studioPage');
    rows.push({ round, plain: plain.fps, studio: studio.fps, equalize: equalize.fps });
    for (const r of [plain, studio, equalize]) if (r.errors.length) console.log('  console errors:', r.errors);
  }
  console.log('round  video page fps  studio fps (ratio)  equalize fps (ratio)');
  for (const r of rows) {
    console.log(`${String(r.round).padEnd(7)}${r.plain.toFixed(1).padStart(14)}${r.studio.toFixed(1).padStart(12)} (${(r.studio / r.plain).toFixed(2)})` +
      `${r.equalize.toFixed(1).padStart(14)} (${(r.equalize / r.plain).toFixed(2)})`);
  }
} finally {
  await browser.close();
}
