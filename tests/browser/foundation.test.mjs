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
