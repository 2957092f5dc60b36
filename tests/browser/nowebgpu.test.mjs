// Without WebGPU (issue #24, part 2): a browser with WebGPU switched off (Chromium
// without its WebGPU flags, Firefox with dom.webgpu.enabled false), not a page
// told so. Every page says what is missing and what still works; the CPU pages
// and the CPU paths count exactly; nothing throws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots, cliRows, downloadCsv, pickFile, litPixels, waitState, engine, textMatching } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';
import { examples } from '../../www/examples.js';

const { browser, fixtures } = suite({ fixtures: true, webgpu: false });
const CPU_PAGES = ['cpu', '4ch-cpu'];
// Tested on their own below: the pages that still count without WebGPU.
const OWN_TESTS = [...CPU_PAGES, 'timings', 'intro'];

test('the browser has no WebGPU adapter', async () => {
  const page = await browser.open('/index.html');
  const adapter = await page.evaluate(async () => Boolean(await navigator.gpu?.requestAdapter()));
  assert.equal(adapter, false, `${engine} was started without WebGPU`);
  assert.equal(await page.getAttribute('body', 'data-webgpu'), 'no');
  assert.match(await page.textContent('#webgpu'), messagePattern('en', 'home-webgpu-no'));
  await page.screenshot({ path: join(shots, 'no-webgpu-home.png') });
  assert.deepEqual(page.errors, []);
});

for (const { id, title } of examples.filter((e) => e.ready && !OWN_TESTS.includes(e.id))) {
  test(`${id}: says it needs WebGPU and what works instead`, async () => {
    const page = await browser.open(`/www/${id}.html`, { state: null });
    await page.waitForFunction(() => ['error', 'done'].includes(document.body.dataset.state));
    const alert = await page.textContent('[role=alert]');
    assert.match(alert, messagePattern('en', 'page-needs-webgpu'), `${title}: ${alert}`);
    // What still works: a link to the CPU page, or the command line (its command literal).
    const next = await page.$$eval('[role=alert] a', (links) => links.map((a) => a.getAttribute('href')));
    const commandLine = messagePattern('en', 'scope-page-command-line', { scope: ['waveform', 'parade', 'vectorscope'] });
    assert.ok(next.includes('cpu.html') || pattern`${commandLine}|histogram `.test(alert), `${id}: ${alert} (${next})`);
    // No caption claims something lit that nothing lights (the video page's frame path).
    const lit = messagePattern('en', 'video-path-caption', { path: ['import', 'decoded'] });
    for (const caption of await page.$$eval('.caption', (cs) => cs.map((c) => c.textContent))) assert.doesNotMatch(caption, lit, id);
    assert.deepEqual(page.errors, [], id);
    await page.screenshot({ path: join(shots, `no-webgpu-${id}.png`) });
  });
}

test('intro: needs no WebGPU: the picture counted into its three bins, as the article counts it', async () => {
  const page = await browser.open('/www/intro.html');
  assert.deepEqual(await page.evaluate(() => window.page.counts), [18, 16, 8]);
  assert.equal(await page.locator('[role=alert]').count(), 0);
  assert.deepEqual(page.errors, []);
});

test('equalize: the steps on the CPU are drawn without WebGPU', async () => {
  // The page says it has no GPU before it draws the steps: waited for is their sentence, said after them.
  const page = await browser.open('/www/equalize.html', { state: 'error' });
  await textMatching(page, '[role=alert]', messagePattern('en', 'studio-steps-without-gpu'));
  for (let nth = 0; nth < 5; nth++) assert.ok(await litPixels(page, `.steps canvas >> nth=${nth}`) > 500, `step ${nth + 1} drawn`);
  assert.deepEqual(page.errors, []);
});

test('the studio says it needs WebGPU', async () => {
  const page = await browser.open('/www/studio.html', { state: 'error' });
  assert.match(await page.textContent('[role=alert]'), messagePattern('en', 'page-needs-webgpu', { who: message('en', 'studio-who-studio') }));
  await page.screenshot({ path: join(shots, 'no-webgpu-studio.png') });
  assert.deepEqual(page.errors, []);
});

for (const id of CPU_PAGES) {
  test(`${id}: counts exactly on the CPU`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histogram is drawn');
    const channels = id === 'cpu' ? 1 : 4;
    for (const name of ['translucent-257x131.png', 'rgba16-31x257.png']) {
      await pickFile(page, fixtures.path(name));
      const { rows } = await downloadCsv(page);
      assert.deepEqual(rows, cliRows(fixtures.path(name), channels), name);
    }
    assert.deepEqual(page.errors, []);
  });
}

test('the timings page times the CPU and says the GPU methods need WebGPU', async () => {
  const page = await browser.open('/www/timings.html', { state: null });
  await page.waitForFunction(() => ['done', 'error'].includes(document.body.dataset.state));
  const text = await page.textContent('main');
  assert.match(text, /WebGPU/);
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(shots, 'no-webgpu-timings.png') });
});
