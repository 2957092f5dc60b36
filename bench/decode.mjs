// From a dropped file to its histogram drawn (issue #41): the studio given a photo,
// beside the browser's own plain path in a blank page of the same browser, in the
// same run, rounds alternating:
//   decode  createImageBitmap(file) alone: the floor any path from a file pays;
//   plain   createImageBitmap -> 2D canvas -> getImageData -> a JavaScript loop
//           counting R, G, B (what a page without WebGPU would write);
//   studio  the file given to the studio's picker until its histogram is drawn
//           (the page's state 'done'), and the longest task of its main thread
//           meanwhile (the Long Tasks API, where the browser has it).
// Prints the medians and the ratios studio/decode and studio/plain. With --ways,
// the studio is also timed with each `?decode=` way named (www/input.js: bitmap,
// pixels, planes), beside its default.
// Usage: node bench/decode.mjs [--rounds N] [--before DIR] [--ways a,b] FILE...   (after `make dist tools`)
// With no FILE, the 15- and 24-megapixel JPEGs of tests/fixtures/large.rs, made in a
// temporary folder. ENGINE=firefox for Firefox.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { start, waitState, repo, engine, makeLargePictures } from '../tests/browser/harness.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '3' }, before: { type: 'string' }, ways: { type: 'string', default: '' } },
});
const rounds = Number(values.rounds);
const root = mkdtempSync(join(tmpdir(), 'histogram-decode-bench-'));
const builds = { after: join(repo, 'dist') };
if (values.before) builds.before = values.before;
for (const [name, dir] of Object.entries(builds)) cpSync(dir, join(root, name), { recursive: true });
// Each studio timed: a build, and the way asked of it ('' its default).
const studios = Object.fromEntries(Object.keys(builds).flatMap((b) => ['', ...values.ways.split(',').filter(Boolean)]
  .map((way) => [way ? `${b} ${way}` : b, `/${b}/www/studio.html${way ? `?decode=${way}` : ''}`])));
// The plain path's page: nothing but a file input.
writeFileSync(join(root, 'blank.html'), '<!doctype html><title>blank</title><input type="file" id="file">');

let large = null;
let files = positionals;
if (!files.length) {
  large = makeLargePictures();
  files = ['photo-4896x3010.jpg', 'photo-6000x4000.jpg'].map(large.path);
}

// The longest main-thread task since the page asked (Chromium's Long Tasks API).
const watchTasks = () => {
  window.longest = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
    window.longTasks = true;
  } catch { window.longTasks = false; }
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const browser = await start([], { root, video: 'site' });
try {
  console.log(`file -> histogram drawn, ${rounds} rounds, ${engine} ${browser.version}`);
  const blank = await browser.open('/blank.html', { state: null });
  for (const file of files) {
    const times = { decode: [], plain: [] };
    for (const b of Object.keys(studios)) { times[b] = []; times[`${b} longest task`] = []; times[`${b} way`] = []; }
    for (let round = 0; round < rounds; round++) {
      await blank.setInputFiles('#file', file);
      const plain = await blank.evaluate(async () => {
        const file = document.getElementById('file').files[0];
        let t = performance.now();
        (await createImageBitmap(file)).close();
        const decode = performance.now() - t;
        t = performance.now();
        const bitmap = await createImageBitmap(file);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        ctx.drawImage(bitmap, 0, 0);
        bitmap.close();
        const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        const bins = new Uint32Array(256 * 3);
        for (let i = 0; i < d.length; i += 4) { bins[d[i]]++; bins[256 + d[i + 1]]++; bins[512 + d[i + 2]]++; }
        return { decode, plain: performance.now() - t };
      });
      times.decode.push(plain.decode);
      times.plain.push(plain.plain);
      for (const [b, url] of Object.entries(studios)) {
        const page = await browser.open(url, { init: watchTasks });
        await page.evaluate(() => { window.longest = 0; document.body.dataset.state = 'picking'; });
        const t = Date.now();
        await page.setInputFiles('#file', file);
        await waitState(page, 'done');
        times[b].push(Date.now() - t);
        const { longest, longTasks } = await page.evaluate(() => ({ longest: window.longest, longTasks: window.longTasks }));
        times[`${b} longest task`].push(longTasks ? longest : NaN);
        times[`${b} way`].push(await page.evaluate(async () => (await import(new URL('./input.js', location.href).href)).lastWay ?? '?'));
        if (page.errors.length) console.log(`  ${b}: console errors`, page.errors);
        await page.close();
      }
    }
    const m = Object.fromEntries(Object.entries(times).filter(([k]) => !k.endsWith(' way')).map(([k, v]) => [k, median(v)]));
    console.log(`${basename(file)}: median of ${rounds} (ms): ${Object.entries(m).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    for (const b of Object.keys(studios)) {
      const ways = [...new Set(times[`${b} way`])].join('/');
      console.log(`  ${b} (read as ${ways}): studio / decode ${(m[b] / m.decode).toFixed(2)}x, studio / plain ${(m[b] / m.plain).toFixed(2)}x`);
    }
  }
} finally {
  await browser.close();
  rmSync(root, { recursive: true, force: true });
  large?.remove();
}
