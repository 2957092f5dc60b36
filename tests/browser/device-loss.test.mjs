// A lost GPU device (issue #12), on an image page, the timings page, the studio and
// the playing video page, with and without a new device to be had: each comes
// back and counts exactly again, or says so and counts on the CPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots, trackDevices, holdGpu, referenceRows, downloadCsv, pickFile, waitState, litPixels, histogramFoot, decodePng, engine, moreFrames } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

// A timings cell: a number, or where this device has no subgroups, that step's words.
const NUMBER = pattern`^\d+(\.\d+)?$|${messagePattern('en', 'timings-not-here', {}, { whole: true })}`;
// The loss in the pages' words: a new device opened (destroyed by the test), or none to be had.
const RESET = messagePattern('en', 'page-device-reset', { reason: /destroyed.*/, ms: /\d+/ });
const GONE = pattern`${messagePattern('en', 'page-device-gone')}|${messagePattern('en', 'page-device-gone-retried')}`;

const { browser, fixtures } = suite({ fixtures: true });

const loseDevice = (page) => page.evaluate(() => {
  document.body.dataset.state = 'losing';
  window.gpuDevices.at(-1).destroy();
});

test('image page: a lost device is replaced and the image counted again, exactly', async () => {
  const page = await browser.open('/www/packed.html', { init: trackDevices });
  const before = await page.evaluate(() => window.page.counted);
  await loseDevice(page);
  await page.waitForFunction((n) => window.page.counted > n && document.body.dataset.state === 'done', before);
  const note = await page.textContent('p.note');
  assert.match(note, messagePattern('en', 'chapter-counted-again', { said: RESET }));
  console.log(`recovery: ${note.match(messagePattern('en', 'page-device-reset', { ms: /(\d+)/ }))[1]} ms`);
  assert.equal(await page.evaluate(() => window.gpuDevices.length), 2);
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 4));
  // The new device keeps working for new images.
  await pickFile(page, fixtures.path('translucent-257x131.png'));
  assert.deepEqual((await downloadCsv(page)).rows, fixtures.rows('translucent-257x131.png', 4));
  assert.deepEqual(page.errors, []);
  await page.screenshot({ path: join(shots, 'survive-image.png'), fullPage: true });
});

test('image page: with no new device to be had, it counts on the CPU and keeps working', async () => {
  const page = await browser.open('/www/4ch-gpu-draw.html', { init: trackDevices });
  await page.evaluate(() => { window.refuseAdapters = true; });
  await loseDevice(page);
  await waitState(page, 'done');
  assert.match(await page.textContent('p.note'), messagePattern('en', 'chapter-now-cpu', { said: GONE }));
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 4));
  for (const nth of [0, 1]) assert.ok(await litPixels(page, `canvas.histogram >> nth=${nth}`) > 1000, `canvas ${nth} drawn`);
  await pickFile(page, fixtures.path('rgb16-193x67.png'));
  assert.deepEqual((await downloadCsv(page)).rows, fixtures.rows('rgb16-193x67.png', 4));
  assert.match(await page.textContent('#time'), pattern`${messagePattern('en', 'page-time-cpu')}|${messagePattern('en', 'page-time-wall')}`);
  await page.screenshot({ path: join(shots, 'survive-cpu-fallback.png'), fullPage: true });
});

test('timings page: a device lost while timing is replaced and every cell still gets a number', async () => {
  // Its read-backs held, so that the device is lost while it times, however fast
  // the machine: lost once the CPU's column has a number, then let go.
  const page = await browser.open('/www/timings.html?runs=2&width=320&height=200', { state: null, init: [trackDevices, holdGpu] });
  await page.waitForFunction(() => /^\d/.test(document.querySelector('td[data-cell="1-cpu"]')?.textContent ?? ''));
  await loseDevice(page);
  await page.evaluate(() => window.releaseGpu());
  await waitState(page, 'done');
  const cells = await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent));
  for (const c of cells) assert.match(c, NUMBER);
  assert.match(await page.textContent('main'), RESET);
  assert.deepEqual(page.errors, []);
});

test('studio: a lost device gives back the region, the bins, the scale, the channels, the adjustment and the pinned histogram', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 }, init: trackDevices });
  const region = async (values) => {
    await page.evaluate((v) => {
      document.body.dataset.state = 'picking';
      for (const [name, n] of Object.entries(v)) document.querySelector(`#region-${name}`).value = String(n);
      document.querySelector('#region-height').dispatchEvent(new Event('change'));
    }, values);
    await waitState(page, 'done');
  };
  await pickFile(page, fixtures.path('translucent-257x131.png'));
  await region({ x: 10, y: 10, width: 50, height: 50 });
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '64');
  await waitState(page, 'done');
  await page.check('input[name=scale][value=log]');
  await page.uncheck('#show-1');
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#adjustment', 'clahe');
  await page.fill('#clip', '3');
  await page.dispatchEvent('#clip', 'change');
  await waitState(page, 'done');
  // Pin one region's histogram, then count another: the pin is not the current.
  // By keyboard: the adjusted half's statistics, read after 'done', can move the
  // button under a pointer's click.
  await page.focus('#pin');
  await page.keyboard.press('Enter');
  await page.evaluate(() => window.page.readBack());
  await region({ x: 100, y: 40, width: 120, height: 80 });
  const state = () => page.evaluate(() => ({
    region: Array.from(window.page.view.region),
    bins: window.page.view.numBins,
    pixels: document.querySelector('td[data-stat="r-pixels"]').textContent,
    pin: document.getElementById('pin').getAttribute('aria-pressed'),
    log: document.querySelector('input[name=scale][value=log]').checked,
    green: document.querySelector('#show-1').checked,
    adjustment: [document.querySelector('#adjustment').value, document.querySelector('#clip').value],
  }));
  const before = await state();
  // The panel as the GPU drew it, through the page's own "Panel as PNG" (a
  // screenshot would also see the page's layout move by a fraction of a pixel).
  const panel = async () => {
    const [saved] = await Promise.all([page.waitForEvent('download'), page.click('#png')]);
    const chunks = [];
    for await (const chunk of await saved.createReadStream()) chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const drawn = await panel();
  const { width, rgba } = decodePng(drawn);
  let lit = 0;
  for (let i = 0; i < width * 200 * 4; i += 4) lit += rgba[i] + rgba[i + 1] + rgba[i + 2] > 60;
  assert.ok(lit > 2000, `the exported panel shows its bars (${lit} lit pixels)`);
  await page.evaluate(() => { document.body.dataset.state = 'losing'; window.gpuDevices.at(-1).destroy(); });
  await page.waitForFunction(() => window.gpuDevices.length === 2 && document.body.dataset.state === 'done');
  await page.evaluate(() => window.page.readBack());
  assert.deepEqual(await state(), before);
  assert.deepEqual(before, {
    region: [100, 40, 120, 80], bins: 64, pixels: '9,600', pin: 'true', log: true, green: false, adjustment: ['clahe', '3'],
  });
  // The panel shows the channels, the pin and the adjusted histogram beside the
  // original: drawn the same, pixel for pixel.
  assert.ok((await panel()).equals(drawn), 'the panel draws the same pinned, counted and adjusted histograms');
  assert.match(await page.textContent('p.note'), messagePattern('en', 'page-device-reset'));
  assert.deepEqual(page.errors, []);
});

test('studio: a 16-bit picture the lost device alone held is read again from its file, its counts and region as before', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 }, init: trackDevices });
  await pickFile(page, fixtures.path('rgb16-193x67.png'));
  await page.evaluate(() => {
    document.body.dataset.state = 'picking';
    for (const [name, n] of Object.entries({ x: 3, y: 4, width: 150, height: 50 })) document.querySelector(`#region-${name}`).value = String(n);
    document.querySelector('#region-height').dispatchEvent(new Event('change'));
  });
  await waitState(page, 'done');
  const counted = () => page.evaluate(async () => {
    await window.page.readBack();
    const o = window.page.outcome;
    return { onGpuOnly: window.page.picture.onGpuOnly, region: Array.from(window.page.view.region), bins: [0, 1, 2, 3].map((c) => Array.from(o.bins(c))) };
  });
  const before = await counted();
  assert.equal(before.onGpuOnly, true, 'sent to the GPU as it was read');
  await page.evaluate(() => { document.body.dataset.state = 'losing'; window.gpuDevices.at(-1).destroy(); });
  await page.waitForFunction(() => window.gpuDevices.length === 2 && document.body.dataset.state === 'done');
  assert.deepEqual(await counted(), before);
  // (What the file holds is the core's note.)
  assert.match(await page.textContent('p.note'), pattern`${messagePattern('en', 'studio-device-read-again', { said: messagePattern('en', 'page-device-reset') })} ${messagePattern('en', 'note-sixteen-deep')}`);
  assert.ok(await litPixels(page, '#picture') > 1000, 'the picture is drawn again');
  assert.deepEqual(page.errors, []);
});

// Firefox stops running animation frames once the device is destroyed, and the
// frame pump no longer waits on them alone (site.js's nextRepaint): the frames
// keep coming there too. But Firefox 153 itself crashes (a minidump, "Exiting due
// to channel error") in about one run in three, after the new device has drawn;
// so this is Chromium's until Firefox's crash is gone (bench/results/2026-11-22-lab-notes.md, "Firefox as a second engine").
test('video page: a device lost while playing is replaced and frames keep coming', { skip: engine === 'firefox' && 'Firefox itself crashes in one run in three here' }, async () => {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 }, init: trackDevices });
  await page.click('#play');
  await waitState(page, 'playing');
  await moreFrames(page, 3);
  await page.evaluate(() => { setTimeout(() => window.gpuDevices.at(-1).destroy()); });
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('main').textContent), messagePattern('en', 'page-device-reset').source);
  await moreFrames(page, 6); // frames keep coming
  const counted = await page.evaluate(async () => {
    const result = await window.page.view.histogram();
    const size = window.page.video.videoWidth * window.page.video.videoHeight;
    return { size, totals: Array.from(result.totals()) };
  });
  for (const t of counted.totals) assert.equal(t, counted.size, 'whole frames counted on the new device');
  assert.ok(await litPixels(page, '#screen', await histogramFoot(page)) > 5000, 'histograms drawn');
  await page.screenshot({ path: join(shots, 'survive-video.png') });
  assert.deepEqual(page.errors, []);
});

test('video page: with no new device, it says so and offers to try again', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready', init: trackDevices });
  await page.click('#play');
  await waitState(page, 'playing');
  // Destroyed in a task of the page's own: in Firefox a destroy inside the
  // driver's call, with no adapter to be had, keeps that call from returning.
  await page.evaluate(() => { window.refuseAdapters = true; setTimeout(() => window.gpuDevices.at(-1).destroy()); });
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=alert]').textContent), GONE.source);
  // By its id: Firefox's accessibility tree (getByRole) stops with the page's
  // animation frames once a device that drew into a canvas is destroyed.
  const retry = page.locator('#retry');
  assert.equal(await page.textContent('#retry'), message('en', 'video-try-gpu-again'));
  assert.ok(await retry.isVisible());
  await page.evaluate(() => { window.refuseAdapters = false; });
  await retry.click();
  await waitState(page, 'playing');
  await moreFrames(page, 3); // frames come again
  assert.ok(!(await retry.isVisible()));
});
