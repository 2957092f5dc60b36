// Our pages against the article's own pages, side by side: one headless Chromium, one
// machine, one run, the pages opened alternately (../shared/anchors/serve-article.sh
// serves the article's). Prints each side's figures and the ratio.
//
// Video: the same 540p video in a 1280x800 window, `seconds` of counting per page per
// round after a 3 s warm-up. Each side counts frames whose histogram was computed and
// drawn on the GPU, per second:
//   article: calls of its requestAnimationFrame loop; each imports the video's current
//            frame, computes its four histograms, scales them and draws frame and
//            histograms (a frame the video has not advanced is counted again);
//   ours:    `videoPage.frames`, decoded frames converted, counted and drawn; a frame
//            already drawn is never drawn or counted twice.
// CPU: the article's `*-javascript-w-timing` pages (their logged duration of one
// histogram on the photo they load) against our cpu and 4ch-cpu pages given the same
// photo (the page's shown wall time of one histogram); median over `loads` page loads.
//
// Usage: node bench/vs-article.mjs [seconds=15] [rounds=2] [loads=5]
//        (after `make dist`; the site is served from dist/)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { start, media, repo, pickFile } from '../tests/browser/harness.mjs';

const [seconds, rounds, loads] = [15, 2, 5].map((d, i) => Number(process.argv[2 + i] ?? d));
const VIDEO = 'pexels-kosmo-politeska-5750980-540p.mp4';
const VIEWPORT = { width: 1280, height: 800 };
const ARTICLE_PORT = 8797;
const articleUrl = (page) => `http://127.0.0.1:${ARTICLE_PORT}/webgpu/webgpu-compute-shaders-histogram-${page}.html`;

const anchors = join(repo, '..', 'shared', 'anchors');
const articleServer = spawn(join(anchors, 'serve-article.sh'), [String(ARTICLE_PORT)], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
await new Promise((resolve, reject) => {
  articleServer.stdout.once('data', resolve);
  articleServer.once('exit', (code) => reject(new Error(`serve-article.sh exited (${code})`)));
});
await new Promise((resolve) => setTimeout(resolve, 500));

const browser = await start([], { video: 'site' });
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Frames per second of `count()` over `seconds`, after a 3 s warm-up. */
async function rate(page, count) {
  await page.waitForTimeout(3000);
  const sample = async () => ({ n: await page.evaluate(count), t: Date.now() });
  const first = await sample();
  await page.waitForTimeout(seconds * 1000);
  const last = await sample();
  return ((last.n - first.n) * 1000) / (last.t - first.t);
}

async function articleVideo() {
  const page = await browser.context.newPage();
  await page.setViewportSize(VIEWPORT);
  // Counts the calls of the page's requestAnimationFrame callbacks: its render loop.
  await page.addInitScript(() => {
    window.rafCalls = 0;
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (f) => raf((t) => { window.rafCalls++; f(t); });
  });
  await page.goto(articleUrl('video-w-timing'));
  // The page listens for the click only once its pipelines are made: click until it hides.
  while (await page.locator('#start').isVisible()) {
    await page.click('#start', { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(500);
  }
  await page.waitForFunction(() => window.rafCalls > 10, null, { timeout: 60_000 });
  const fps = await rate(page, () => window.rafCalls);
  // What its overlay says: a rolling average of 1 / (time between calls), which keeps
  // the fast first calls (made before the GPU's queue filled) for a long time.
  // Its GPU time per histogram (timestamp queries) bounds its rate from above.
  const info = await page.locator('#info').textContent();
  const overlay = Number(info.match(/fps: ([\d.]+)/)?.[1]);
  const gpuMs = Number(info.match(/histogram gpu: ([\d.]+)/)?.[1]) / 1000;
  await page.close();
  return { fps, overlay, gpuMs };
}

async function ourVideo() {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: VIEWPORT });
  await page.setInputFiles('#file', media(VIDEO));
  await page.waitForFunction(() => window.page.frames > 10, null, { timeout: 60_000 });
  const fps = await rate(page, () => window.page.frames);
  if (page.errors.length) console.log('  console errors:', page.errors);
  await page.close();
  return fps;
}

async function articleCpu(channels) {
  const page = await browser.context.newPage();
  const logged = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('duration:'), timeout: 60_000 });
  await page.goto(articleUrl(channels === 1 ? 'javascript-w-timing' : '4ch-javascript-w-timing'));
  const ns = Number((await logged).text().match(/duration: (\d+)ns/)[1]);
  await page.close();
  return ns / 1e6;
}

async function ourCpu(channels) {
  const page = await browser.open(channels === 1 ? '/www/cpu.html' : '/www/4ch-cpu.html');
  await pickFile(page, media(channels === 1 ? 'pexels-francesco-ungaro-96938-mid.jpg' : 'pexels-chevanon-photography-1108099.jpg'));
  const ms = await page.evaluate(() => window.page.outcome.wallMs);
  await page.close();
  return ms;
}

try {
  console.log(`Ours against the article's pages, headless Chromium ${browser.version}, same run`);
  console.log(`\nVideo, ${VIDEO}, ${VIEWPORT.width}x${VIEWPORT.height} window, ${seconds} s a page, alternating`);
  console.log('round  article fps (its overlay, its GPU ms per histogram)  ours fps  ratio');
  const ratios = [];
  for (let r = 1; r <= rounds; r++) {
    const { fps: article, overlay, gpuMs } = await articleVideo();
    const ours = await ourVideo();
    ratios.push(ours / article);
    console.log(`${String(r).padEnd(7)}${article.toFixed(2).padStart(11)}${`(${overlay.toFixed(1)} fps, ${gpuMs.toFixed(1)} ms)`.padStart(27)}${ours.toFixed(1).padStart(27)}${(ours / article).toFixed(1).padStart(7)}x`);
  }
  console.log(`video ratio (ours / article): ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`);

  console.log(`\nCPU histogram, one histogram per page load, median of ${loads} loads, alternating`);
  console.log('channels  article js ms  ours ms  ratio');
  for (const channels of [1, 4]) {
    const article = [], ours = [];
    for (let i = 0; i < loads; i++) {
      article.push(await articleCpu(channels));
      ours.push(await ourCpu(channels));
    }
    const a = median(article), o = median(ours);
    console.log(`${String(channels).padEnd(10)}${a.toFixed(1).padStart(13)}${o.toFixed(1).padStart(9)}${(a / o).toFixed(2).padStart(6)}x`);
  }
} finally {
  await browser.close();
  process.kill(-articleServer.pid);
}
