// Part 2's four channels: every page's R, G, B and luminance drawn and exact, the
// article's chunks + reduce beside ours, the GPU drawing blended channels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, media, shots, waitState, litPixels, decodePng, referenceRows, cliRows, downloadCsv, pickFile, smallPicture, timeMethods, unfilledFacts } from './harness.mjs';
import { message, messagePattern } from './messages.mjs';

const PHOTO = media('pexels-chevanon-photography-1108099.jpg');
const { browser } = suite();

// The article's slow kernels (one invocation; chunks + reduce, 24 s over the photo
// on SwiftShader) count a small picture of every level; the others the photo.
const ON_SMALL = new Set(['4ch-single', '4ch-chunks-reduce']);
for (const id of ['4ch-cpu', '4ch-single', '4ch-chunks-reduce', '4ch-gpu-draw', 'privatized', 'packed']) {
  test(`${id}: both histograms drawn, 4-channel CSV equals the reference`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    const canvases = page.locator('canvas.histogram');
    assert.equal(await canvases.count(), 2);
    for (const nth of [0, 1]) assert.ok(await litPixels(page, `canvas.histogram >> nth=${nth}`) > 1000, `canvas ${nth} drawn`);
    let csv = await downloadCsv(page);
    assert.equal(csv.header, 'bin,r,g,b,luminance');
    assert.deepEqual(csv.rows, await referenceRows(page, 4));
    assert.deepEqual(await unfilledFacts(page), [], 'every figure the words give is this run\'s');
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });
    const file = ON_SMALL.has(id) ? smallPicture(`${id}-small.png`) : PHOTO;
    await pickFile(page, file);
    csv = await downloadCsv(page);
    const reference = cliRows(file, 4);
    assert.equal(reference.reduce((a, r) => a + r[0], 0), ON_SMALL.has(id) ? 257 * 131 : 2448 * 1836);
    assert.deepEqual(csv.rows, reference);
    assert.deepEqual(page.errors, []);
  });
}

test('4ch-gpu-draw: the article\'s chunks + reduce counts too, timed beside ours', async () => {
  const page = await browser.open('/www/4ch-gpu-draw.html');
  assert.equal(await page.evaluate(() => window.page.beside), null, 'timed only when asked');
  // Nothing timed yet: no table of times; the draw passes named by their panels.
  assert.equal(await page.isVisible('#beside'), false);
  const table = await page.textContent('#passes');
  for (const id of ['pass-name-draw-rgb', 'pass-name-draw-luminance']) assert.ok(table.includes(message('en', id)), `${id} in ${table}`);
  assert.ok(!table.includes(message('en', 'pass-name-stride', { kernel: 'draw', stride: '' }).trim()), 'no draw pass has a stride');
  // Timed twice, twelve runs each: on a small picture (SwiftShader takes seconds a
  // run of the article's kernel on the 960x600 default).
  const picture = smallPicture('4ch-gpu-draw-timed.png');
  await pickFile(page, picture);
  const times = await timeMethods(page);
  assert.deepEqual(times.methods, ['privatized', 'chunks-reduce']);
  assert.equal(await page.locator('#beside tbody tr').count(), 2);
  // Either clock, and either way round.
  assert.match(await page.textContent('#beside-ratio'),
    messagePattern('en', 'beside-ratio', { clock: ['gpu', 'wall'], than: ['less', 'same', 'more'], page: 'privatized', other: 'chunks-reduce' }));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#method', 'chunks-reduce');
  await waitState(page, 'done');
  assert.match(await page.textContent('details pre'), /---- chunks\.wgsl[^]*---- reduce\.wgsl/);
  for (const nth of [0, 1]) assert.ok(await litPixels(page, `canvas.histogram >> nth=${nth}`) > 1000, `canvas ${nth} drawn`);
  assert.deepEqual((await downloadCsv(page)).rows, cliRows(picture, 4));
  assert.deepEqual((await timeMethods(page)).methods, ['chunks-reduce', 'privatized']);
  await page.screenshot({ path: join(shots, '4ch-gpu-draw-chunks-reduce.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('4ch-chunks-reduce: the article\'s 16x16 version, summed by one workgroup, counts the same', async () => {
  const page = await browser.open('/www/4ch-chunks-reduce.html');
  for (const [css, value] of [['#chunk', '16x16'], ['#method', 'chunks-sum']]) {
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.selectOption(css, value);
    await waitState(page, 'done');
  }
  const source = await page.textContent('details pre');
  assert.match(source, /const chunkWidth = 16u;[^]*---- sum\.wgsl/);
  assert.doesNotMatch(source, /---- reduce\.wgsl/);
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 4));
  assert.deepEqual(page.errors, []);
});

test('4ch-gpu-draw: the GPU draws overlapping channels in their blended colours', async () => {
  const page = await browser.open('/www/4ch-gpu-draw.html');
  const { width, height, rgba } = decodePng(await page.locator('canvas.histogram').first().screenshot());
  const colours = new Set();
  for (let i = 0; i < width * height * 4; i += 4) colours.add([rgba[i], rgba[i + 1], rgba[i + 2]].map((c) => (c > 127 ? 1 : 0)).join(''));
  // Red alone, and at least one overlap colour (yellow, cyan, magenta or white).
  assert.ok(colours.has('100'), `red bars: ${[...colours]}`);
  assert.ok(['110', '011', '101', '111'].some((c) => colours.has(c)), `blended bars: ${[...colours]}`);
});
