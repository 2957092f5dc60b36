// Part 1's GPU pages and the timings page, in headless Chromium with WebGPU.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { suite, shots, media, litPixels, referenceRows, cliRows, downloadCsv, pickFile, waitState, holdGpu } from './harness.mjs';

// A timings cell: a number, or where this device has no subgroups, that step's words.
const NUMBER = /^\d+(\.\d+)?$|^not on this GPU$/;

const PHOTO = media('pexels-francesco-ungaro-96938-mid.jpg');
const { browser, fixtures } = suite({ fixtures: true });

for (const id of ['atomic', 'chunks-sum', 'chunks-reduce']) {
  test(`${id}: draws the histogram, and its CSV of a photo equals the reference`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histogram is drawn');
    assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
    assert.match(await page.textContent('dl.stats'), /equals the pixel count/);
    assert.match(await page.textContent('details pre'), new RegExp(`---- ${id.split('-')[0]}.wgsl`));
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });
    await pickFile(page, PHOTO);
    assert.deepEqual((await downloadCsv(page)).rows, cliRows(PHOTO, 1), 'the photo counts as the command-line tool counts it');
    assert.deepEqual(page.errors, []);
  });
}

for (const id of ['chunks-sum', 'chunks-reduce']) {
  test(`${id}: the article's 16x16 chunks give the same bins`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.selectOption('#chunk', '16x16');
    await waitState(page, 'done');
    assert.match(await page.textContent('details pre'), /const chunkWidth = 16u;\nconst chunkHeight = 16u;/);
    assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
  });
}

/** Chooses `value` in the select `css` and waits for the page's run to end. */
async function choose(page, css, value) {
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption(css, value);
  await waitState(page, 'done');
}

test('atomic: 16x16 workgroups, as the article\'s timed pages, count the same', async () => {
  const page = await browser.open('/www/atomic.html');
  assert.match(await page.textContent('details pre'), /const chunkWidth = 1u;\nconst chunkHeight = 1u;[^]*@workgroup_size\(chunkWidth, chunkHeight\)/);
  await choose(page, '#chunk', '16x16');
  assert.match(await page.textContent('details pre'), /const chunkWidth = 16u;\nconst chunkHeight = 16u;/);
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
  assert.match(await page.textContent('dl.stats'), /equals the pixel count/);
  assert.deepEqual(page.errors, []);
});

// Every method page counts one channel or four, each drawn and exact.
for (const id of ['cpu', 'atomic', 'chunks-sum', 'chunks-reduce']) {
  test(`${id}: four channels when asked, drawn and exact, and back to one`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    await choose(page, '#channels', '4');
    assert.equal(await page.locator('canvas.histogram').count(), 2);
    for (const nth of [0, 1]) assert.ok(await litPixels(page, `canvas.histogram >> nth=${nth}`) > 1000, `canvas ${nth} drawn`);
    const csv = await downloadCsv(page);
    assert.equal(csv.header, 'bin,r,g,b,luminance');
    assert.deepEqual(csv.rows, await referenceRows(page, 4));
    if (id !== 'cpu') assert.match(await page.textContent('details pre'), /const channels = 4u;/);
    await page.screenshot({ path: join(shots, `${id}-4-channels.png`), fullPage: true });
    await choose(page, '#channels', '1');
    assert.equal(await page.locator('canvas.histogram').count(), 1);
    assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
    assert.deepEqual(page.errors, []);
  });
}

test('race: says on screen that counts are lost, never counts too many', async () => {
  const page = await browser.open('/www/race.html');
  assert.ok(await litPixels(page, 'canvas.histogram') > 1000);
  const pixels = 960 * 600;
  const totals = await page.$$eval('.reruns figcaption', (caps) => caps.map((c) => Number(c.textContent.match(/([\d,]+) counted/)[1].replaceAll(',', ''))));
  assert.equal(totals.length, 4, 'four more runs side by side');
  for (const t of totals) assert.ok(t > 0 && t <= pixels, `${t} of ${pixels}`);
  const csv = await downloadCsv(page);
  const total = csv.rows.reduce((a, [v]) => a + v, 0);
  assert.ok(total <= pixels);
  assert.match(await page.textContent('dl.stats'), total === pixels ? /lost nothing/ : /counts? lost/);
  // The loss drawn bin by bin in red: bars exactly where counts were lost.
  const red = await litPixels(page, '#loss');
  assert.ok(total === pixels ? red === 0 : red > 0, `${red} red pixels for ${pixels - total} lost counts`);
  // Said as it is: the losses of these runs, or that none of them lost any.
  assert.match(await page.textContent('#loss + figcaption'), total === pixels
    ? /This run lost none|None of these runs lost a count/ : /Counts lost in each luminance bin, against the exact histogram[^]*This run lost [\d,]+, the most in bin \d+/);
  assert.equal(await page.locator('.reruns canvas.loss').count(), 4, 'each run shows its loss');
  await page.screenshot({ path: join(shots, 'race.png'), fullPage: true });
});

test('timings: ?kind= times the benchmark images of histogram bench; an unknown kind says so', async () => {
  const page = await browser.open('/www/timings.html?runs=1&kind=noise&width=96&height=64', { timeout: 300_000 });
  const cells = await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent));
  for (const c of cells) assert.match(c, NUMBER);
  assert.match(await page.textContent('main'), /Done: medians of 1 run, on the noise image of histogram bench and CUB's benchmark, 96×64\./);
  const bad = await browser.open('/www/timings.html?runs=1&kind=plaid&width=96&height=64', { state: 'error' });
  assert.match(await bad.textContent('main'), /The page could not start: no benchmark image of kind 'plaid'/);
});

test('timings: a file picked during a run is timed next; one that cannot be read says so and the previous image is timed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-timings-'));
  const bad = join(dir, 'trunc.png');
  writeFileSync(bad, 'not a picture at all');
  // The GPU's read-backs held, so that the run is surely going when the file comes
  // (a fast machine finished the whole table first: Firefox, run of 2026-12-01).
  const page = await browser.open('/www/timings.html?runs=1&width=320&height=200', { state: 'running', init: holdGpu });
  // A small picture: what is tested is which picture is timed, not how long it takes.
  await page.setInputFiles('#file', fixtures.path('icc-profile-64x48.png'));
  // The page reads the file before it says so: wait for its words, not a moment.
  await page.waitForFunction(() => /Next: icc-profile-64x48\.png, as soon as this method is timed/.test(document.querySelector('[role=status]').textContent));
  await page.evaluate(() => window.releaseGpu());
  await waitState(page, 'done');
  const main = () => page.textContent('main');
  assert.match(await main(), /Done: medians of 1 run, on icc-profile-64x48\.png, 64×48/);
  const numbers = async () => {
    for (const c of await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent))) assert.match(c, NUMBER);
  };
  await numbers();
  // A bad file while idle: the reason, and no "Reading" left behind.
  await page.setInputFiles('#file', bad);
  await page.waitForFunction(() => /The previous image is kept/.test(document.querySelector('main').textContent));
  assert.doesNotMatch(await page.textContent('[role=status]'), /Reading/);
  // A bad file during a run: the previous image is timed whole, and the page says why.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; window.holdGpu(); });
  await page.click('text=Run again');
  await waitState(page, 'running');
  await page.setInputFiles('#file', bad);
  await page.waitForFunction(() => /Next: trunc\.png/.test(document.querySelector('[role=status]').textContent));
  await page.evaluate(() => window.releaseGpu());
  await waitState(page, 'done');
  assert.match(await main(), /The previous image is kept/);
  assert.match(await main(), /Done: medians of 1 run, on icc-profile-64x48\.png/);
  await numbers();
  assert.deepEqual(page.errors, []);
  rmSync(dir, { recursive: true, force: true });
});

test('timings: every cell of this machine\'s rows gets a number', async () => {
  const page = await browser.open('/www/timings.html?runs=1&width=320&height=200', { timeout: 300_000 });
  const cells = await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent));
  assert.equal(cells.length, 16);
  for (const c of cells) assert.match(c, NUMBER);
  // Only the subgroups step may be out of this device's reach.
  const others = await page.$$eval('td[data-cell]:not([data-cell$="-subgroups"])', (tds) => tds.map((td) => td.textContent));
  for (const c of others) assert.match(c, /^\d+(\.\d+)?$/);
  // The CPU column measured over enough time for a coarse clock: never 0.
  const js = await page.$$eval('td[data-cell$="-cpu"]', (tds) => tds.map((td) => Number(td.textContent)));
  assert.ok(js.length > 0 && js.every((ms) => ms > 0), `js times ${js}`);
  assert.match(await page.textContent('main'), /timestamp queries|wall-clock/);
  await page.screenshot({ path: join(shots, 'timings.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});
