// Live video speed: frames per second and GPU time per frame of the video page,
// playing the article's 540p video in a 1280x800 window of headless Chromium.
// Usage: node bench/video.mjs [seconds]   (after `make build`)
import { start, media, waitState } from '../tests/browser/harness.mjs';

const seconds = Number(process.argv[2] ?? 15);
const videos = ['pexels-kosmo-politeska-5750980-540p.webm', 'pexels-kosmo-politeska-5750980-540p.mp4'];
const browser = await start();
try {
  console.log(`video page, 1280x800 window, ${seconds} s each, headless Chromium ${browser.version}`);
  console.log('video                                      fps   GPU histogram ms   GPU draw ms');
  for (const name of videos) {
    const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.setInputFiles('#file', media(name));
    await waitState(page, 'playing', 60_000);
    await page.waitForTimeout(3000); // warm-up: pipelines, first frames
    const sample = () => page.evaluate(() => ({
      frames: window.videoPage.frames, t: performance.now(),
      histogram: window.videoPage.view.histogramMs, draw: window.videoPage.view.drawMs,
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
    console.log(`${name.padEnd(42)}${fps.toFixed(1).padStart(5)}${median(gpu.map((g) => g.histogram)).padStart(19)}${median(gpu.map((g) => g.draw)).padStart(14)}`);
    if (page.errors.length) console.log('  console errors:', page.errors);
    await page.close();
  }
} finally {
  await browser.close();
}
