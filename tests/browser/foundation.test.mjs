// The home page and the first two examples, in headless Chromium with WebGPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, start, repo, shots, media, litPixels, referenceRows, cliRows, downloadCsv, pickFile, waitState, png } from './harness.mjs';
import { examples } from '../../www/examples.js';

const PHOTO = media('pexels-francesco-ungaro-96938-mid.jpg');
const { browser } = suite();

test('home page lists every example and finds a WebGPU adapter', async () => {
  const page = await browser.open('/index.html');
  assert.equal(await page.locator('li[data-example]').count(), examples.length);
  for (const e of examples.filter((e) => e.ready)) {
    assert.equal(await page.locator(`li[data-example="${e.id}"] a`).getAttribute('href'), `www/${e.id}.html`);
  }
  assert.equal(await page.getAttribute('body', 'data-webgpu'), 'yes');
  assert.match(await page.textContent('#webgpu'), /WebGPU is available: .+Timestamp queries: (yes|no)/);
  await page.screenshot({ path: join(shots, 'home.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  // A light first load: the home page asks the browser for WebGPU itself.
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  assert.deepEqual(loaded.filter((url) => url.endsWith('.wasm')), [], 'the home page loads no wasm');
});

test('the guide states the sizes that `make dist` writes', () => {
  const guide = readFileSync(join(repo, 'docs', 'GUIDE.md'), 'utf8').replace(/\s+/g, ' ');
  const [, all, wasm] = guide.match(/about ([\d.]+) MB in all, the wasm ([\d.]+) MB of it/);
  const size = (dir) => readdirSync(dir, { withFileTypes: true })
    .reduce((sum, e) => sum + (e.isDirectory() ? size(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);
  const mb = (bytes) => bytes / 1e6;
  const within = (stated, real, what) => assert.ok(Math.abs(stated - real) <= 0.1 + 0.05 * real, `${what}: the guide says ${stated} MB, make dist wrote ${real.toFixed(2)} MB`);
  within(Number(all), mb(size(join(repo, 'dist'))), 'the site');
  within(Number(wasm), mb(statSync(join(repo, 'dist', 'pkg', 'histogram_bg.wasm')).size), 'the wasm');
});

for (const id of ['cpu', 'single']) {
  test(`${id}: default image, then a photo, equal the reference`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histogram is drawn');
    let csv = await downloadCsv(page);
    assert.equal(csv.header, 'bin,luminance');
    assert.deepEqual(csv.rows, await referenceRows(page, 1));
    assert.match(await page.textContent('#time'), /\d.*(ms|µs)/);
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });

    // A JPEG: the page counts what the command-line tool counts.
    await pickFile(page, PHOTO);
    csv = await downloadCsv(page);
    const reference = cliRows(PHOTO, 1);
    assert.equal(reference.flat().reduce((a, b) => a + b), 2448 * 1505);
    assert.deepEqual(csv.rows, reference);
    assert.match(await page.textContent('figcaption'), /2448×1505/);
    await page.screenshot({ path: join(shots, `${id}-photo.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
  });
}

test('a corrupt file or a file that is no image shows a message and keeps the previous image', async () => {
  const page = await browser.open('/www/single.html');
  const before = await downloadCsv(page);
  const caption = await page.textContent('figcaption');
  const bad = join(shots, 'corrupt.jpg');
  writeFileSync(bad, Buffer.from('\xff\xd8\xff\xe0 this is not really a JPEG', 'latin1'));
  await pickFile(page, bad, 'error');
  assert.match(await page.textContent('[role=alert]'), /"corrupt.jpg" cannot be read: the file is damaged or not an image .*The previous image is kept/);
  assert.equal(await page.textContent('figcaption'), caption);
  assert.deepEqual((await downloadCsv(page)).rows, before.rows);
  await page.screenshot({ path: join(shots, 'corrupt.png') });
  const text = join(shots, 'notes.txt');
  writeFileSync(text, 'just some words');
  await pickFile(page, text, 'error');
  assert.match(await page.textContent('[role=alert]'), /"notes.txt" is not an image this page can read: neither PNG, JPEG.*nor a format this browser decodes.*previous image is kept/);
  assert.equal(await page.textContent('figcaption'), caption);
});

test('an image past the size limit is refused with a message', async () => {
  const page = await browser.open('/www/cpu.html');
  const caption = await page.textContent('figcaption');
  // A whole 9000x8000 PNG (72 megapixels, over the 64 the pages accept), black: a
  // browser took 14 s to encode it from a canvas.
  const big = join(shots, 'huge.png');
  const row = Buffer.alloc(9000 * 3);
  writeFileSync(big, png(9000, 8000, () => row));
  await pickFile(page, big, 'error');
  assert.match(await page.textContent('[role=alert]'), /the image is 9000x8000 pixels: more than the 64 megapixels allowed here/);
  assert.equal(await page.textContent('figcaption'), caption);
});

test('without WebGPU the GPU page explains and the CPU page still works', async () => {
  const home = await browser.open('/index.html', { webgpu: false });
  assert.equal(await home.getAttribute('body', 'data-webgpu'), 'no');
  assert.match(await home.textContent('#webgpu'), /not available/);
  const gpuPage = await browser.open('/www/single.html', { webgpu: false, state: 'error' });
  assert.match(await gpuPage.textContent('[role=alert]'), /needs WebGPU.*no WebGPU.*CPU version/);
  await gpuPage.screenshot({ path: join(shots, 'no-webgpu.png') });
  const cpuPage = await browser.open('/www/cpu.html', { webgpu: false });
  assert.ok(await litPixels(cpuPage, 'canvas.histogram') > 1000);
});

test('the built site works from a subfolder of a static host', async () => {
  const hosted = await start([], { prefix: '/tools/histogram/' });
  try {
    const home = await hosted.open('/index.html');
    assert.equal(await home.getAttribute('body', 'data-webgpu'), 'yes');
    // The home page is 'done' too: wait for the chapter's address, then its count.
    await home.click('li[data-example="packed"] a');
    await home.waitForURL(/\/tools\/histogram\/www\/packed\.html$/);
    await waitState(home, 'done');
    assert.match(await home.textContent('dl.stats'), /equals the pixel count/);
    await home.click('nav.pager a.home');
    await home.waitForURL(/\/tools\/histogram\/index\.html$/);
    assert.deepEqual(home.errors, []);
  } finally {
    await hosted.close();
  }
});

// Every page, at the widths people's windows have and on a phone both ways: no
// horizontal scrolling, no table cut off in its box (the studio's statistics
// lost their Luminance column in a 1400-pixel window), nothing over anything else.
test('every page fits its window, from 1920 pixels to a phone', async () => {
  const paths = ['/index.html', '/www/studio.html', ...examples.filter((e) => e.ready).map((e) => `/www/${e.id}.html`)];
  const sizes = [[1920, 1080], [1400, 900], [1280, 800], [1024, 768], [390, 844], [844, 390]];
  const problems = [];
  const page = await browser.open('/index.html');
  for (const path of paths) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(browser.base + path);
    // Every page says when it is drawn; the timings page (minutes of timing) is
    // checked while it runs.
    const drawn = ['done', 'ready', 'playing', 'error', ...(path === '/www/timings.html' ? ['running'] : [])];
    await page.waitForFunction((states) => states.includes(document.body.dataset.state)
      || document.body.dataset.webgpu, drawn);
    // Every chapter of a kernel shows what it does, drawn.
    const chapter = await page.evaluate(() => document.querySelector('main[data-method]')?.dataset.method);
    if (chapter && !(await page.$('figure.diagram svg, figure.step-diagram svg'))) problems.push(`${path}: no diagram of ${chapter}`);
    // One load a page, then each size in turn: the page reflows as a window would.
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      // Laid out again, and the page's own resize handlers run (two frames later).
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const found = await page.evaluate(() => {
        const out = [];
        const over = document.documentElement.scrollWidth - window.innerWidth;
        if (over > 0) out.push(`${over}px wider than the window`);
        for (const wrap of document.querySelectorAll('.table-wrap')) {
          if (wrap.scrollWidth > wrap.clientWidth + 1) out.push(`a table cut off by ${wrap.scrollWidth - wrap.clientWidth}px`);
        }
        // Nothing drawn over anything else, but what is made to lie over a
        // picture (the play button, the video's timings, labels, the region).
        const parts = [...document.querySelectorAll('h1, h2, h3, p, li, label, button, select, input, summary, '
          + 'figcaption, caption, th, td, canvas, video, img, pre, legend')].filter((e) => {
          if (e.closest('.overlay, .play, .half-label, .region-box, .bin-cursor')) return false;
          // Hidden for the eye, kept for screen readers: in a 1-pixel box.
          for (let box = e; box; box = box.parentElement) {
            const r = box.getBoundingClientRect();
            if (r.width < 2 || r.height < 2) return false;
          }
          return e.checkVisibility({ visibilityProperty: true });
        });
        const boxes = parts.map((e) => e.getBoundingClientRect());
        const name = (e) => `${e.localName}${e.id ? `#${e.id}` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
        for (let i = 0; i < parts.length; i++) {
          for (let j = i + 1; j < parts.length; j++) {
            if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
            const [a, b] = [boxes[i], boxes[j]];
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (w > 2 && h > 2) out.push(`${name(parts[i])} and ${name(parts[j])} overlap by ${Math.round(w)}x${Math.round(h)}px`);
          }
        }
        return out;
      });
      problems.push(...found.map((f) => `${path} at ${width}x${height}: ${f}`));
      // Each page on a desktop and a phone, to look at: test-output/layouts/ (Firefox's
      // under firefox/). The other sizes are checked above, not kept as pictures.
      const name = path.replace(/^.*\//, '').replace('.html', '');
      if (width === 1400 || width === 390) {
        await page.screenshot({ path: join(shots, 'layouts', `${name}-${width}x${height}.png`), fullPage: true });
      }
      if (width === 390 && path === '/www/timings.html') await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
    }
  }
  assert.deepEqual(problems, []);
});

