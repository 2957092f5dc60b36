// The home page, the guide's sizes, and the built site from a subfolder of a host.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { suite, repo, shots, start, waitState } from './harness.mjs';
import { messagePattern } from './messages.mjs';
import { examples } from '../../www/examples.js';

const { browser } = suite();

test('home page lists every example and finds a WebGPU adapter', async () => {
  const page = await browser.open('/index.html');
  assert.equal(await page.locator('li[data-example]').count(), examples.length);
  for (const e of examples.filter((e) => e.ready)) {
    assert.equal(await page.locator(`li[data-example="${e.id}"] a`).getAttribute('href'), `www/${e.id}.html`);
  }
  assert.equal(await page.getAttribute('body', 'data-webgpu'), 'yes');
  assert.match(await page.textContent('#webgpu'), messagePattern('en', 'home-webgpu-yes', { timestamps: ['yes', 'no'] }));
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

test('the built site works from a subfolder of a static host', async () => {
  const hosted = await start([], { prefix: '/tools/histogram/' });
  try {
    const home = await hosted.open('/index.html');
    assert.equal(await home.getAttribute('body', 'data-webgpu'), 'yes');
    // The home page is 'done' too: wait for the chapter's address, then its count.
    await home.click('li[data-example="packed"] a');
    await home.waitForURL(/\/tools\/histogram\/www\/packed\.html$/);
    await waitState(home, 'done');
    assert.match(await home.textContent('dl.stats'), messagePattern('en', 'readout-equals-pixels'));
    await home.click('nav.pager a.home');
    await home.waitForURL(/\/tools\/histogram\/index\.html$/);
    assert.deepEqual(home.errors, []);
  } finally {
    await hosted.close();
  }
});
