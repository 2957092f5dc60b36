// Live video speed: frames per second and GPU time per frame of the video page,
// playing the article's 540p video in a 1280x800 window of headless Chromium.
// Usage: node bench/video.mjs [seconds] [--before DIR] [--rounds N]   (after `make dist`)
// With --before (another build's dist/, e.g. of the commit before a change) both
// builds are served side by side and played alternately in one browser, N rounds:
// a before/after in the same run.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { start, media, waitState, repo } from '../tests/browser/harness.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { before: { type: 'string' }, rounds: { type: 'string', default: '1' } },
});
const seconds = Number(positionals[0] ?? 15);
const builds = { after: join(repo, 'dist') };
if (values.before) builds.before = values.before;
// One folder serving each build under its name.
const root = mkdtempSync(join(tmpdir(), 'histogram-video-bench-'));
for (const [name, dir] of Object.entries(builds)) cpSync(dir, join(root, name), { recursive: true });
const videos = ['pexels-kosmo-politeska-5750980-540p.webm', 'pexels-kosmo-politeska-5750980-540p.mp4'];
const browser = await start([], { root, video: 'site' });
try {
  console.log(`video page, 1280x800 window, ${seconds} s each, headless Chromium ${browser.version}`);
  console.log('build   video                                      fps   GPU histogram ms   GPU draw ms');
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const name of videos) {
      for (const build of Object.keys(builds)) {
        const page = await browser.open(`/${build}/www/video.html`, { state: 'ready', viewport: { width: 1280, height: 800 } });
        await page.setInputFiles('#file', media(name));
        await waitState(page, 'playing', 60_000);
        await page.waitForTimeout(3000); // warm-up: pipelines, first frames
        const sample = () => page.evaluate(() => ({
          frames: window.page.frames, t: performance.now(),
          histogram: window.page.view.histogramMs, draw: window.page.view.drawMs,
        }));
        const first = await sample();
        const gpu = [];
        for (let s = 0; s < seconds; s++) {
          await page.waitForTimeout(1000);
          gpu.push(await sample());
        }
        const last = gpu.at(-1);
        const fps = ((last.frames - first.frames) * 1000) / (last.t - first.t);
        const median = (xs) => {
          const ys = xs.filter(Number.isFinite).sort((a, b) => a - b);
          return ys.length ? ys[ys.length >> 1].toFixed(1) : '-';
        };
        console.log(`${build.padEnd(8)}${name.padEnd(42)}${fps.toFixed(1).padStart(5)}` +
          `${median(gpu.map((g) => g.histogram)).padStart(19)}${median(gpu.map((g) => g.draw)).padStart(14)}`);
        if (page.errors.length) console.log('  console errors:', page.errors);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  rmSync(root, { recursive: true, force: true });
}
