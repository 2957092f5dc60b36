// The studio must not slow video down: frames per second of the plain video page,
// of the studio with every panel feature on (a region, the clipping warning,
// statistics read back four times a second), and of live equalization (the
// equalize page: histogram, table pass, remap, the adjusted histogram), on the
// same 540p video in one headless Chromium, 1280x800, alternating, two rounds;
// and the studio with its waveform and vectorscope on (issue #22: at least 85% of
// the video page's rate); and the studio with every scope and overlay of issue
// #77 on (the three scopes, zebra at 95%, reference lines, the cumulative view,
// the scopes held as B): a build without some of them shows those it has.
// Each side counts frames whose histogram was computed and drawn.
// With `--before DIR` (an earlier `make dist`, copied aside) the same three pages of
// that build alternate with this one's, so a change is measured before and after
// in one run.
// Usage: node bench/studio.mjs [--before DIR] [seconds] [video]   (after `make dist`)
import { start, media, waitState } from '../tests/browser/harness.mjs';
import { overlaysOn } from './gpu-browser/overlays.js';

const args = process.argv.slice(2);
const at = args.indexOf('--before');
const beforeDir = at >= 0 ? args.splice(at, 2)[1] : null;
const seconds = Number(args[0] ?? 15);
const video = media(args[1] ?? 'pexels-kosmo-politeska-5750980-540p.webm');
const builds = [['this build', await start([], { video: 'site' })]];
if (beforeDir) builds.unshift(['before', await start([], { root: beforeDir, video: 'site' })]);

async function fps(browser, path, counter, setup) {
  const page = await browser.open(path, { state: null, viewport: { width: 1280, height: 800 } });
  await page.waitForFunction(() => ['ready', 'done'].includes(document.body.dataset.state), null, { timeout: 120_000 });
  await page.setInputFiles('#file', video);
  await waitState(page, 'playing', 60_000);
  await setup?.(page);
  await page.waitForTimeout(3000);
  // The page contract's frames (www/page.js); a build before it named its object.
  const sample = () => page.evaluate((c) => ({ frames: (window.page ?? window[c]).frames, t: performance.now() }), counter);
  const first = await sample();
  await page.waitForTimeout(seconds * 1000);
  const last = await sample();
  const errors = page.errors;
  await page.close();
  return { fps: ((last.frames - first.frames) * 1000) / (last.t - first.t), errors };
}

const everything = async (page) => {
  await page.check('#clipping');
  // All four fields, then one change (a rectangle that does not fit yet is refused).
  await page.evaluate(() => {
    for (const [name, v] of [['x', 100], ['y', 50], ['width', 640], ['height', 360]]) document.querySelector(`#region-${name}`).value = String(v);
    document.querySelector('#region-height').dispatchEvent(new Event('change'));
  });
};

// The waveform and the vectorscope beside the histogram (a build without them
// shows none).
const scopes = async (page) => {
  if (!(await page.$('#scope-waveform'))) return;
  await page.check('#scope-waveform');
  await page.check('#scope-vectorscope');
};

// Every scope and overlay (#77) a build has.
const overlays = (page) => page.evaluate(overlaysOn);

try {
  console.log(`${seconds} s each, ${video.split('/').at(-1)}, 1280x800, headless Chromium ${builds[0][1].version}`);
  const rows = [];
  for (let round = 1; round <= 2; round++) {
    for (const [build, browser] of builds) {
      const plain = await fps(browser, '/www/video.html', 'videoPage');
      const studio = await fps(browser, '/www/studio.html', 'studioPage', everything);
      const equalize = await fps(browser, '/www/equalize.html', 'studioPage');
      const scoped = await fps(browser, '/www/studio.html', 'studioPage', scopes);
      const overlaid = await fps(browser, '/www/studio.html', 'studioPage', overlays);
      rows.push({ round, build, plain: plain.fps, studio: studio.fps, equalize: equalize.fps, scopes: scoped.fps, overlays: overlaid.fps });
      for (const r of [plain, studio, equalize, scoped, overlaid]) if (r.errors.length) console.log('  console errors:', r.errors);
    }
  }
  console.log('round  build       video page fps  studio fps (ratio)  equalize fps (ratio)  scopes fps (ratio)  overlays fps (ratio)');
  for (const r of rows) {
    console.log(`${String(r.round).padEnd(7)}${r.build.padEnd(12)}${r.plain.toFixed(1).padStart(14)}${r.studio.toFixed(1).padStart(12)} (${(r.studio / r.plain).toFixed(2)})` +
      `${r.equalize.toFixed(1).padStart(14)} (${(r.equalize / r.plain).toFixed(2)})` +
      `${r.scopes.toFixed(1).padStart(14)} (${(r.scopes / r.plain).toFixed(2)})` +
      `${r.overlays.toFixed(1).padStart(14)} (${(r.overlays / r.plain).toFixed(2)})`);
  }
} finally {
  for (const [, browser] of builds) await browser.close();
}
