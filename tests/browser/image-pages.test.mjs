// The chapter pages of one picture (Part 1 and the steps beside it): each draws
// and counts exactly as the command-line tool does, the article's chunk shapes,
// one channel or four, the race said as it is, subgroups where the device has them,
// a bad or huge file refused with the previous picture kept, and files given during
// a run: the latest wins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, media, shots, waitState, litPixels, referenceRows, cliRows, downloadCsv, pickFile, png, smallPicture, timeMethods, unfilledFacts } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const PHOTO = media('pexels-francesco-ungaro-96938-mid.jpg');
const { browser, fixtures } = suite({ fixtures: true });

for (const id of ['cpu', 'single']) {
  test(`${id}: default image, then a photo, equal the reference`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histogram is drawn');
    let csv = await downloadCsv(page);
    assert.equal(csv.header, 'bin,luminance');
    assert.deepEqual(csv.rows, await referenceRows(page, 1));
    assert.match(await page.textContent('#time'), /\d.*(ms|µs)/);
    assert.deepEqual(await unfilledFacts(page), [], 'every figure the words give is this run\'s');
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
  // Why it cannot be read is the core's words; the rest, the page's.
  const damaged = messagePattern('en', 'input-cannot-read', { name: 'corrupt.jpg', why: messagePattern('en', 'decode-damaged') });
  assert.match(await page.textContent('[role=alert]'), messagePattern('en', 'chapter-image-kept', { why: damaged }));
  assert.equal(await page.textContent('figcaption'), caption);
  assert.deepEqual((await downloadCsv(page)).rows, before.rows);
  await page.screenshot({ path: join(shots, 'corrupt.png') });
  const text = join(shots, 'notes.txt');
  writeFileSync(text, 'just some words');
  await pickFile(page, text, 'error');
  assert.match(await page.textContent('[role=alert]'), messagePattern('en', 'chapter-image-kept', { why: messagePattern('en', 'input-not-an-image', { name: 'notes.txt' }) }));
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
  assert.match(await page.textContent('[role=alert]'), messagePattern('en', 'input-too-large', { width: '9000', height: '8000', most: '64' }));
  assert.equal(await page.textContent('figcaption'), caption);
});

for (const id of ['atomic', 'chunks-sum', 'chunks-reduce']) {
  test(`${id}: draws the histogram, and its CSV of a photo equals the reference`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histogram is drawn');
    assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
    assert.match(await page.textContent('dl.stats'), messagePattern('en', 'readout-equals-pixels'));
    assert.match(await page.textContent('details pre'), new RegExp(`---- ${id.split('-')[0]}.wgsl`));
    assert.deepEqual(await unfilledFacts(page), [], 'every figure the words give is this run\'s');
    await page.screenshot({ path: join(shots, `${id}.png`), fullPage: true });
    await pickFile(page, PHOTO);
    assert.deepEqual((await downloadCsv(page)).rows, cliRows(PHOTO, 1), 'the photo counts as the command-line tool counts it');
    assert.deepEqual(page.errors, []);
  });
}

for (const id of ['chunks-sum', 'chunks-reduce']) {
  test(`${id}: 16x16 chunks give the same bins, and the words and figures follow the shape`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    assert.equal(await page.textContent('[data-fact="shape"]'), '256×1');
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.selectOption('#chunk', '16x16');
    await waitState(page, 'done');
    assert.match(await page.textContent('details pre'), /const chunkWidth = 16u;\nconst chunkHeight = 16u;/);
    assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
    // The chunks said are this run's: 960x600 in 16x16 chunks is 60 × 38 of them.
    assert.equal(await page.textContent('[data-fact="shape"]'), '16×16');
    // (A CPU adapter may count it in bands of rows, each with its own passes.)
    const dispatched = await page.evaluate(() => JSON.parse(window.page.outcome.dispatches()));
    const bands = dispatched.filter((d) => d.pass === 'chunks');
    assert.deepEqual([bands.reduce((s, d) => s + d.grid[1], 0), ...new Set(bands.map((d) => d.grid[0]))], [38, 60]);
    assert.equal(await page.textContent('[data-fact="chunks"]'),
      bands.length > 1 ? message('en', 'facts-chunks-in-bands', { chunks: '2,280', bands: String(bands.length) }) : '2,280');
    // Figures taken at 256x1 are not set beside a 16x16 count.
    assert.match(await page.textContent('#other-shape'), messagePattern('en', 'published-other-shape', { ours: ['yes', 'no'], shape: '256×1' }));
  });
}

/** Chooses `value` in the select `css` and waits for the page's run to end. */
async function choose(page, css, value) {
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption(css, value);
  await waitState(page, 'done');
}

test('atomic: 16x16 workgroups count the same', async () => {
  const page = await browser.open('/www/atomic.html');
  assert.match(await page.textContent('details pre'), /const chunkWidth = 1u;\nconst chunkHeight = 1u;[^]*@workgroup_size\(chunkWidth, chunkHeight\)/);
  await choose(page, '#chunk', '16x16');
  assert.match(await page.textContent('details pre'), /const chunkWidth = 16u;\nconst chunkHeight = 16u;/);
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 1));
  assert.match(await page.textContent('dl.stats'), messagePattern('en', 'readout-equals-pixels'));
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
  const totals = await page.$$eval('.reruns figcaption', (caps, source) => caps.map((c) => Number(c.textContent.match(new RegExp(source))[1].replaceAll(',', ''))),
    messagePattern('en', 'race-runs-run-caption', { counted: /([\d,]+)/ }).source);
  assert.equal(totals.length, 4, 'four more runs side by side');
  for (const t of totals) assert.ok(t > 0 && t <= pixels, `${t} of ${pixels}`);
  const csv = await downloadCsv(page);
  const total = csv.rows.reduce((a, [v]) => a + v, 0);
  assert.ok(total <= pixels);
  assert.match(await page.textContent('dl.stats'), total === pixels ? messagePattern('en', 'readout-lost-nothing') : messagePattern('en', 'readout-lost', { count: ['one', 'other'] }));
  // The loss drawn bin by bin in red: bars exactly where counts were lost.
  const red = await litPixels(page, '#loss');
  assert.ok(total === pixels ? red === 0 : red > 0, `${red} red pixels for ${pixels - total} lost counts`);
  // Said as it is: the losses of these runs, or that none of them lost any.
  assert.match(await page.textContent('#loss + figcaption'), total === pixels
    ? pattern`${messagePattern('en', 'race-runs-this-lost-none')}|${messagePattern('en', 'race-runs-none-lost')}`
    : pattern`${messagePattern('en', 'race-runs-loss-scale')}[^]*${messagePattern('en', 'race-runs-this-lost', { lost: /[\d,]+/, bin: /\d+/ })}`);
  assert.equal(await page.locator('.reruns canvas.loss').count(), 4, 'each run shows its loss');
  assert.deepEqual(await unfilledFacts(page), [], 'every figure the words give is this run\'s');
  await page.screenshot({ path: join(shots, 'race.png'), fullPage: true });
});

test('subgroups: the kernel counts exactly where the device has subgroups; elsewhere the page says so, shows it and counts with the privatized kernel', async () => {
  const page = await browser.open('/www/subgroups.html');
  const has = await page.evaluate(async () => (await navigator.gpu.requestAdapter()).features.has('subgroups'));
  assert.match(await page.textContent('details pre'), /enable subgroups;[^]*subgroupBallot/);
  if (has) {
    assert.equal(await page.locator('#instead').isHidden(), true);
    assert.deepEqual(await page.evaluate(() => JSON.parse(window.page.outcome.passes()).map((p) => p.pass)), ['subgroups']);
  } else {
    assert.match(await page.textContent('#instead'),
      messagePattern('en', 'chapter-lacks-instead', { lacking: 'subgroups', features: 'subgroups', method: message('en', 'step-label-privatized') }));
    assert.equal(await page.locator('#method option[value=subgroups]').count(), 0);
    assert.equal(await page.evaluate(() => window.page.method), 'privatized');
  }
  assert.deepEqual((await downloadCsv(page)).rows, await referenceRows(page, 4));
  await pickFile(page, PHOTO);
  assert.deepEqual((await downloadCsv(page)).rows, cliRows(PHOTO, 4));
  // Timed on a small picture: chunks + reduce takes seconds a run on the 960x600
  // default where the CPU plays the GPU, and the methods run six times each.
  await pickFile(page, smallPicture('subgroups-timed.png'));
  const times = await timeMethods(page);
  assert.deepEqual(times.methods, has ? ['subgroups', 'privatized', 'chunks-reduce'] : ['privatized', 'chunks-reduce']);
  await page.screenshot({ path: join(shots, 'subgroups.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('files given while a run is going: the latest wins, shown and counted once', async () => {
  const page = await browser.open('/www/packed.html');
  const counted = await page.evaluate(() => window.page.counted);
  const photo = media('pexels-chevanon-photography-1108099.jpg');
  const next = ['translucent-257x131.png', 'rgb16-193x67.png', 'palette-trns-97x61.png', 'grey16-300x7.png'];
  // The four files come the moment the photo's run starts (each a change of the
  // picker, from the page itself): in every engine, during that run. Firefox
  // counts the photo faster than its driver could set four files one by one.
  const files = next.map((name) => ({ name, bytes: [...readFileSync(fixtures.path(name))] }));
  await page.evaluate((given) => {
    new MutationObserver((_, observer) => {
      if (document.body.dataset.state !== 'running') return;
      observer.disconnect();
      const input = document.querySelector('#file');
      for (const { name, bytes } of given) {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        input.files = data.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      window.statusAfterFiles = document.querySelector('[role=status]').textContent;
    }).observe(document.body, { attributes: true, attributeFilter: ['data-state'] });
    document.body.dataset.state = 'picking';
  }, files);
  await page.setInputFiles('#file', photo);
  await page.waitForFunction(() => window.statusAfterFiles !== undefined);
  assert.match(await page.evaluate(() => window.statusAfterFiles), messagePattern('en', 'chapter-next-file', { name: 'grey16-300x7.png' }));
  // Its work queue emptied (Run again enabled once more): no third count is waiting.
  await page.waitForFunction(([n, again]) => window.page.counted >= n + 2 && document.body.dataset.state === 'done'
    && [...document.querySelectorAll('button')].some((b) => b.textContent === again && !b.disabled), [counted, message('en', 'chapter-run-again')]);
  assert.equal(await page.evaluate(() => window.page.counted), counted + 2, 'the photo, then only the last file');
  assert.match(await page.textContent('figcaption'), pattern`^${messagePattern('en', 'chapter-image-caption-format', { name: 'grey16-300x7.png', size: '300×7' })}`);
  assert.deepEqual((await downloadCsv(page)).rows, fixtures.rows('grey16-300x7.png', 4));
});
