// The studio (issue #13) in headless Chromium with WebGPU: the panel and its
// readout, statistics, region, clipping warning, pin, exports, keyboard, a phone
// window, and a video and the camera for 300 frames each. References come from
// outside the browser: the command-line tool on the same file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  suite, start, repo, shots, cliRows, decodePng, litPixels, waitState, moreFrames, pngOf, browserMemory, memoryPeak, textMatching,
  pickFile, studioRows, countBuffers, testVideo, until, axeViolations, presented,
} from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser, fixtures } = suite({ fixtures: true });

// The command-line tool, outside the browser: a 16-bit file at its stored depth,
// as the studio counts it.
const cli = (...args) => JSON.parse(execFileSync(join(repo, 'target/release/histogram'), ['--method', 'cpu', ...args]));
const cliRowsOf = (out) => out.r.map((_, b) => ['r', 'g', 'b', 'luminance'].map((c) => out[c][b]));

// The readout in its messages' words: a bin's (the text or pattern of its message),
// then channels' counts (each a panel-readout-channel pattern), joined as the page joins them.
const reading = (bin, ...counts) => pattern`^${messagePattern('en', 'panel-readout', {
  half: 'none', bin, ...(counts.length ? { counts: new RegExp(counts.map((c) => c.source).join(' · ')) } : {}),
})}`;
/** Channel `c`'s count in the readout, with `args` (its figures). */
const channelCount = (c, args) => messagePattern('en', 'panel-readout-channel', { channel: message('en', `studio-channel-${c}`), ...args });
/** Bin `bin` of `bins` of a picture at its stored depth, whichever levels it holds. */
const binOf = (bin, bins) => new RegExp(['panel-bin-empty', 'panel-bin-level', 'panel-bin-levels']
  .map((id) => messagePattern('en', id, { bin: String(bin), bins: String(bins) }).source).join('|'));

/** Types a region in; on a picture, waits until it is counted. */
async function setRegion(page, [x, y, w, h], wait = true) {
  if (wait) await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  // All four at once, then one change: a field's change takes the four fields as
  // they stand, and waits while they do not fit the picture yet.
  await page.evaluate((values) => {
    for (const [name, v] of Object.entries(values)) document.querySelector(`#region-${name}`).value = String(v);
    document.querySelector('#region-height').dispatchEvent(new Event('change'));
  }, { x, y, width: w, height: h });
  if (wait) {
    await waitState(page, 'done');
    await page.waitForFunction((n) => document.querySelector('td[data-stat="r-pixels"]')?.textContent === n,
      (w * h).toLocaleString('en'));
  }
}

test('studio: panel, statistics and regions equal the command-line tool on the same file', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  assert.ok(await litPixels(page, '#panel') > 2000, 'the panel is drawn');
  const file = fixtures.path('photo-2448x1505.png');
  await pickFile(page, file);
  assert.deepEqual(await studioRows(page), cliRows(file, 4));
  // Statistics as the tool computes them (src/stats.rs on both sides, the bins from outside).
  const stats = cli('--stats', file).stats;
  for (const [c, key] of [['r', 'mean'], ['g', 'median'], ['b', 'p99'], ['luminance', 'std_dev']]) {
    const shown = Number(await page.textContent(`td[data-stat="${c}-${key}"]`));
    assert.ok(Math.abs(shown - stats[c][key]) < 0.01, `${c} ${key}: ${shown} shown, ${stats[c][key]} from the tool`);
  }
  // Regions: each edge, one pixel, the whole image; typed in, counted by the GPU.
  const [w, h] = [2448, 1505];
  for (const region of [[0, 0, w, h], [0, 0, 1, 1], [w - 1, h - 1, 1, 1], [0, 100, 300, 200],
    [w - 400, 50, 400, 10], [500, 0, 1, 700], [17, h - 3, 900, 3]]) {
    await setRegion(page, region);
    assert.deepEqual(await studioRows(page), await regionRows(file, region), `region ${region}`);
    assert.equal(await page.textContent('td[data-stat="r-pixels"]'), (region[2] * region[3]).toLocaleString('en'));
  }
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.keyboard.press('Escape');
  await waitState(page, 'done');
  assert.equal(await page.inputValue('#region-width'), String(w));
  assert.deepEqual(page.errors, []);
});

async function regionRows(file, [x, y, w, h]) {
  const out = cli('--region', `${x},${y},${w},${h}`, file);
  return out.r.map((_, b) => ['r', 'g', 'b', 'luminance'].map((c) => out[c][b]));
}

test('studio: a region dragged on the picture is counted', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  const file = fixtures.path('translucent-257x131.png');
  await pickFile(page, file);
  const box = await page.locator('#picture').boundingBox();
  // The picture is letterboxed: find where its pixels are on screen.
  const { scale, left, top } = await page.evaluate(() => {
    const c = document.getElementById('picture').getBoundingClientRect();
    const s = Math.min(c.width / 257, c.height / 131);
    return { scale: s, left: (c.width - 257 * s) / 2, top: (c.height - 131 * s) / 2 };
  });
  const at = (x, y) => [box.x + left + x * scale, box.y + top + y * scale];
  await page.mouse.move(...at(40, 20));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.mouse.down();
  await page.mouse.move(...at(100, 70), { steps: 5 });
  await page.mouse.up();
  await waitState(page, 'done');
  const region = await page.evaluate(() => window.page.view.region);
  assert.ok(Math.abs(region[0] - 40) <= 1 && Math.abs(region[2] - 60) <= 1, `dragged ${region}`);
  assert.deepEqual(await studioRows(page), await regionRows(file, region));
  assert.ok(await page.isVisible('.region-box'));
  await page.screenshot({ path: join(shots, 'studio-region.png') });
});

test('studio: the clipping warning paints 255 red and 0 blue on the picture', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.check('#clipping');
  await waitState(page, 'done');
  await presented(page);
  const shot = decodePng(await page.locator('#picture').screenshot());
  const { scale, left, top } = await page.evaluate(() => {
    const c = document.getElementById('picture').getBoundingClientRect();
    const s = Math.min(c.width / 96, c.height / 64);
    return { scale: s, left: (c.width - 96 * s) / 2, top: (c.height - 64 * s) / 2 };
  });
  const pixel = (x, y) => {
    const i = (Math.round(top + y * scale) * shot.width + Math.round(left + x * scale)) * 4;
    return [...shot.rgba.subarray(i, i + 3)];
  };
  assert.deepEqual(pixel(16, 32), [255, 0, 0], 'white shows red');
  assert.deepEqual(pixel(80, 32), [0, 77, 255], 'black shows blue');
  assert.deepEqual(pixel(48, 32), [128, 128, 128], 'grey shows as it is');
  assert.match(await page.textContent('td[data-stat="r-clipped_high_percent"]'), /^33\.33%/);
  await page.screenshot({ path: join(shots, 'studio-clipping.png') });
});

test('studio: hover and keys read a bin, and the cursor shows it', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  // Overlaid: R, G and B in the upper panel; bin 128 holds the grey third.
  const box = await page.locator('#panel').boundingBox();
  await page.mouse.move(box.x + box.width * (128.5 / 256), box.y + box.height * 0.3);
  await textMatching(page, '#readout', reading(message('en', 'panel-bin-level', { bin: '128', bins: '256', level: '128', max: '255' }),
    channelCount('r', { count: '2,048', share: '33.33', below: '66.7' }), channelCount('g', { count: '2,048' })));
  // Over an empty bin the cursor line shows on the black panel.
  await page.mouse.move(box.x + box.width * (100.5 / 256), box.y + box.height * 0.3);
  await textMatching(page, '#readout', reading(binOf(100, 256), channelCount('r', { count: '0', share: '0.00', below: '33.3' })));
  const shot = decodePng(await page.locator('#panel').screenshot());
  const x = Math.round(box.width * (100.5 / 256));
  const lit = [x - 1, x, x + 1].some((c) => shot.rgba[(5 * shot.width + c) * 4] > 128);
  assert.ok(lit, 'the cursor line is drawn over the empty part of the panel');
  await page.focus('#panel');
  await page.keyboard.press('End');
  assert.match(await page.textContent('#readout'), reading(binOf(255, 256), channelCount('r', { count: '2,048', share: '33.33', below: '100.0' })));
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#readout'), reading(binOf(0, 256), channelCount('r', { count: '2,048', share: '33.33', below: '33.3' })));
  await page.screenshot({ path: join(shots, 'studio-readout.png') });
});

test('studio: the readout is never stale: a new count reads its bin again, another picture, bins, channels or source clears it', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  const photo = fixtures.path('photo-2448x1505.png');
  const other = fixtures.path('translucent-257x131.png');
  const HINT = pattern`^${messagePattern('en', 'panel-readout-hint')}`;
  const readout = () => page.textContent('#readout');
  const box = async () => page.locator('#panel').boundingBox();
  /** Hovers bin `bin` of `n` in the upper panel and checks the R count against the CLI's. */
  async function hover(bin, n, want, what) {
    // In view: typing a region may have scrolled the window down to its fields.
    await page.evaluate(() => document.querySelector('#panel').scrollIntoView({ block: 'center' }));
    const b = await box();
    // Two moves, so that a pointer already there still reads.
    await page.mouse.move(b.x + b.width * ((bin + 0.5) / n), b.y + b.height * 0.35);
    await page.mouse.move(b.x + b.width * ((bin + 0.5) / n), b.y + b.height * 0.3);
    // The bin's reading with the CLI's R count (a failure shows what was read instead).
    await textMatching(page, '#readout', reading(binOf(bin, n), channelCount('r', { count: want.r[bin].toLocaleString('en') })));
  }
  await pickFile(page, photo);
  // The value axis at the stored depth, drawn as text under the panels.
  const ticks = () => page.$$eval('.panel-axis .tick', (t) => t.map((x) => x.textContent));
  assert.deepEqual(await ticks(), ['0', '64', '128', '192', '255']);
  assert.ok(await litPixels(page, '.panel-axis', undefined, 100) > 30, 'the axis labels are drawn');
  await hover(128, 256, cli(photo), 'the first picture');
  // Bins: the reading goes, and a new one reads the new bins.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '64');
  await waitState(page, 'done');
  assert.match(await readout(), HINT, 'after the bins changed');
  await hover(40, 64, cli('--bins', '64', photo), '64 bins');
  // A region counted under the pointer: the same bin read again, from the new counts.
  await setRegion(page, [100, 200, 640, 480]);
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#readout').textContent),
    channelCount('r', { count: cli('--bins', '64', '--region', '100,200,640,480', photo).r[40].toLocaleString('en') }).source);
  // Channels, layout or scale: cleared.
  await page.uncheck('#show-1');
  assert.match(await readout(), HINT, 'after a channel was hidden');
  await page.check('#show-1');
  // Another picture: cleared, then read from its own counts.
  await hover(40, 64, cli('--bins', '64', '--region', '100,200,640,480', photo), 'before another picture');
  await pickFile(page, other);
  assert.match(await readout(), HINT, 'after another picture');
  await hover(20, 64, cli('--bins', '64', '--depth', '8', other), 'the other picture');
  // Another source (the project's video): cleared.
  await page.setInputFiles('#file', testVideo);
  await waitState(page, 'playing');
  assert.match(await readout(), HINT, 'after the video started');
  // Shown once its frames are drawn.
  await page.waitForFunction(() => window.page.frames > 2);
  await page.screenshot({ path: join(shots, 'studio-readout-video.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: a 16-bit picture goes to the GPU in bands as it is read, counted as the command line counts it, and the page never holds it whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-bands-'));
  try {
    // 4096x4096 at 16 bits: four of the worker's bands, 128 MiB of RGBA samples,
    // in a file of a few MB (each row stored as its difference from the one above,
    // PNG's "Up" filter), so that what the browser holds is the picture's.
    const [width, height] = [4096, 4096];
    const file = join(dir, 'ramp16-4096x4096.png');
    let above = Buffer.alloc(width * 6);
    const stored = Array.from({ length: height }, (_, y) => {
      const row = Buffer.alloc(width * 6);
      for (let x = 0; x < width; x++) {
        row.writeUInt16BE(x * 16 + (y & 15), x * 6);
        row.writeUInt16BE(y * 16 + (x & 15), x * 6 + 2);
        row.writeUInt16BE(((x + 3 * y) * 4) & 0xffff, x * 6 + 4);
      }
      const up = Buffer.from(row.map((b, i) => (b - above[i]) & 0xff));
      above = row;
      return Buffer.concat([Buffer.from([2]), up]);
    });
    writeFileSync(file, pngOf(width, height, Buffer.concat(stored), 16));
    const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
    // The page's wasm memory, and the most its decoder worker's held.
    const wasm = () => page.evaluate(async () => (await import('../pkg/histogram.js')).wasmMemoryBytes());
    const worker = () => page.evaluate(async () => (await import('./input.js')).decoderPeakBytes());
    // A small 16-bit picture first: the browser's first count's own memory (where
    // SwiftShader plays the GPU, about 390 MiB whatever the picture) is paid before
    // the baseline, so that what grows after it is this picture's.
    await pickFile(page, fixtures.path('rgb16-193x67.png'));
    const wasmBefore = await wasm();
    const before = browserMemory();
    const baseline = before.pssMB;
    const peak = memoryPeak();
    await pickFile(page, file);
    const grew = peak() - baseline;
    const [wasmGrew, workerHeld] = [(await wasm()) - wasmBefore, await worker()];
    const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
    console.log(`16-bit ${width}x${height}: the browser grew by at most ${grew.toFixed(0)} MiB (WebGPU's process by ${(peak.gpu - before.gpuMB).toFixed(0)}, `
      + `the rest by ${(peak.rest - baseline + before.gpuMB).toFixed(0)}), the page's wasm memory by ${mib(wasmGrew)} MiB; `
      + `its decoder worker's held at most ${mib(workerHeld)} MiB`);
    assert.deepEqual(await page.evaluate(() => [window.page.picture.onGpuOnly, window.page.picture.hasPixels]), [true, false]);
    // Its 128 MiB of samples and 64 MiB of 8-bit view are the GPU's alone: the page's
    // wasm took a slice of a band at a time, the worker's a band (read whole, the
    // worker held 400 MiB and the page 192).
    assert.ok(wasmGrew < 64 * 2 ** 20, `the page's wasm memory grew by ${mib(wasmGrew)} MiB`);
    assert.ok(workerHeld < 128 * 2 ** 20, `the decoder worker held ${mib(workerHeld)} MiB`);
    // The browser holds the picture on the GPU (its samples and 8-bit view, 192
    // MiB), at most three of the worker's bands of 48 MiB, and 160 MiB more. Firefox
    // grew by 590-651 MiB when its staging copy of every band waited for the first
    // count's submission; Chromium by 741-950 when its first count came in it.
    const bound = (width * height * 12) / 2 ** 20 + 3 * 48 + 160;
    assert.ok(grew < bound, `the browser grew by ${grew.toFixed(0)} MiB, over ${bound.toFixed(0)}`);
    const rows = await studioRows(page);
    assert.deepEqual(rows, cliRowsOf(cli('--bins', String(rows.length), file)));
    // A region across the first bands' seam (row 1024).
    await setRegion(page, [100, 1000, 300, 50]);
    assert.deepEqual(await studioRows(page), cliRowsOf(cli('--bins', String(rows.length), '--region', '100,1000,300,50', file)));
    assert.ok(await litPixels(page, '#picture') > 10_000, 'the picture is drawn from its bands');
    await page.screenshot({ path: join(shots, 'studio-16-bit-bands.png') });
    assert.deepEqual(page.errors, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('studio: views, bins, pin and exports', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  const file = fixtures.path('rgb16-193x67.png');
  await pickFile(page, file);
  await page.check('input[name=layout][value=parade]');
  await page.check('input[name=scale][value=log]');
  // The parade: each panel named, each with its values at the file's 16 bits.
  await page.waitForFunction(() => document.querySelectorAll('.panel-names .panel-name').length === 4);
  assert.deepEqual(await page.$$eval('.panel-names .panel-name', (n) => n.map((x) => x.textContent)),
    ['r', 'g', 'b', 'luminance'].map((c) => message('en', `studio-channel-${c}`)));
  assert.deepEqual((await page.$$eval('.panel-axis .tick', (t) => t.map((x) => x.textContent))).slice(0, 3), ['0', '32768', '65535']);
  await page.uncheck('#show-1');
  // A 16-bit picture: counted at its stored depth, in up to 4096 bins.
  assert.deepEqual(await page.$$eval('#bins option:disabled', (o) => o.map((x) => x.value)), []);
  assert.match(await page.textContent('#bins-why'), messagePattern('en', 'panel-bins-deep', { depth: '16', levels: '65,536' }));
  // (What the file holds is the core's note.)
  assert.match(await page.textContent('p.note'), messagePattern('en', 'note-sixteen-deep'));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '64');
  await waitState(page, 'done');
  assert.equal(await page.evaluate(() => window.page.view.panelRects().length / 5), 3, 'a parade of R, B, L');
  assert.ok(await litPixels(page, '#panel') > 1000);
  const rows = await studioRows(page);
  assert.equal(rows.length, 64);
  assert.deepEqual(rows, cliRowsOf(cli('--bins', '64', file)));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '4096');
  await waitState(page, 'done');
  assert.deepEqual(await studioRows(page), cliRowsOf(cli('--bins', '4096', file)));
  await page.focus('#panel');
  await page.keyboard.press('Home');
  assert.match(await page.textContent('#readout'), reading(message('en', 'panel-bin-levels', { bin: '0', bins: '4096', low: '0', high: '15', max: '65535' })));
  await page.screenshot({ path: join(shots, 'studio-16-bit-4096-bins.png') });
  await setRegion(page, [3, 4, 150, 50]);
  assert.deepEqual(await studioRows(page), cliRowsOf(cli('--bins', '4096', '--region', '3,4,150,50', file)));
  // The file read again with 4096 bins chosen: the choice stays (where the CPU
  // plays the GPU it went back to 256), and the first count, there the worker's,
  // is the command line's. (The field emptied first: the same file again is no
  // change to it.)
  await page.evaluate(() => { document.querySelector('#file').value = ''; });
  await pickFile(page, file);
  assert.equal(await page.inputValue('#bins'), '4096');
  assert.deepEqual(await studioRows(page), cliRowsOf(cli('--bins', '4096', file)));
  // A new picture of the same size is counted whole, and its fields and box say
  // so (they kept the last region until the window changed size).
  assert.deepEqual(await page.$$eval('.studio-options.region input', (f) => f.map((x) => x.value)), ['0', '0', '193', '67']);
  assert.equal(await page.$eval('.region-box', (b) => b.hidden), true);
  await page.screenshot({ path: join(shots, 'studio-16-bit-read-again.png') });
  await setRegion(page, [0, 0, 193, 67]);
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '64');
  await waitState(page, 'done');
  await page.click(`text=${message('en', 'panel-pin')}`);
  await setRegion(page, [0, 0, 50, 30]);
  assert.equal(await page.getAttribute(`text=${message('en', 'panel-unpin')}`, 'aria-pressed'), 'true');
  await page.screenshot({ path: join(shots, 'studio-parade-pinned.png') });
  const download = async (id) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
    const chunks = [];
    for await (const c of await d.createReadStream()) chunks.push(c);
    return { name: d.suggestedFilename(), bytes: Buffer.concat(chunks) };
  };
  const csv = await download('#csv');
  assert.equal(csv.bytes.toString().trim().split('\n').length, 65);
  const json = JSON.parse((await download('#json')).bytes.toString());
  assert.deepEqual(json.region, { x: 0, y: 0, width: 50, height: 30 });
  assert.equal(json.depth, 16);
  assert.equal(json.stats.r.pixels, 1500);
  const png = await download('#png');
  assert.equal(png.name, 'rgb16-193x67-panel.png');
  const { width, height } = decodePng(png.bytes);
  assert.ok(width > 200 && height > 200, `${width}x${height}`);
  // An 8-bit picture next: past 256 bins its R, G and B would comb, so those
  // choices are shown, not offered, and the count falls back to 256.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '4096');
  await waitState(page, 'done');
  await pickFile(page, fixtures.path('palette-trns-97x61.png'));
  assert.deepEqual(await page.$$eval('#bins option:disabled', (o) => o.map((x) => x.value)), ['512', '1024', '2048', '4096']);
  assert.match(await page.textContent('#bins-why'), messagePattern('en', 'panel-bins-8'));
  assert.equal(await page.inputValue('#bins'), '256');
  assert.deepEqual(await studioRows(page), fixtures.rows('palette-trns-97x61.png', 4));
  assert.deepEqual(page.errors, []);
});

test('studio: an HDR picture is counted in its own units as the command line counts it, shown at an exposure', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 900 } });
  // The fields the command line's JSON and the studio's share for an HDR picture.
  const shared = (o) => Object.fromEntries(['stats', 'range', 'below', 'above', 'above_one', 'invalid', 'r', 'g', 'b', 'luminance']
    .map((k) => [k, o[k]]));
  const download = async (id) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
    const chunks = [];
    for await (const c of await d.createReadStream()) chunks.push(c);
    return Buffer.concat(chunks);
  };
  // The scopes' scale as PQ codes, asked for before: a floating-point picture
  // keeps it (its scopes read its light as PQ's codes) and says how it reads.
  const codes = () => page.evaluate(() => {
    const select = document.getElementById('scope-codes');
    return [select.value, select.disabled, select.getAttribute('aria-describedby')];
  });
  await page.evaluate(() => {
    const select = document.getElementById('scope-codes');
    select.value = 'pq';
    select.dispatchEvent(new Event('change'));
  });
  // Samples from 2^-20 to 2^20, zeros, negatives, NaN and infinities (OpenEXR),
  // and a Radiance file: every count, the range and what lay outside it.
  for (const name of ['hdr-13x17.exr', 'hdr-31x7.hdr', 'hdr-257x3.exr']) {
    const file = fixtures.path(name);
    await pickFile(page, file);
    assert.equal(await page.isVisible('#exposure'), true, `${name}: the exposure control shows`);
    assert.deepEqual(await codes(), ['pq', false, 'exposure-why'], `${name}: a scale of nits, described`);
    assert.deepEqual(await studioRows(page), cliRowsOf(cli(file)), name);
    const json = JSON.parse((await download('#json')).toString());
    assert.deepEqual(shared(json), shared(cli('--stats', file)), `${name}: the exported JSON`);
    assert.equal(json.depth, 32);
    const { range, invalid } = json;
    assert.match(await page.textContent('#hdr-range'),
      messagePattern('en', 'hdr-range', { low: String(range.stops[0]), high: String(range.stops[1]), invalid: String(invalid) }), name);
  }
  assert.match(await page.textContent('#bins-why'), messagePattern('en', 'panel-bins-float'));

  const file = fixtures.path('hdr-scene-612x376.exr');
  await pickFile(page, file);
  const whole = cli('--stats', file);
  const { max, stops } = whole.range;
  assert.ok(max > 1, 'the scene passes 1.0');
  assert.match(await page.textContent('#hdr-range'), messagePattern('en', 'hdr-range', { max: max.toPrecision(4), low: String(stops[0]), high: String(stops[1]) }));
  assert.equal(await page.textContent('td[data-stat="r-max"]'), whole.stats.r.max.toPrecision(4), 'statistics in the file\'s units');
  assert.match(await page.textContent('caption'), messagePattern('en', 'stats-caption-hdr'));
  // Regions and other bins are counted from the samples too.
  await setRegion(page, [100, 50, 300, 200]);
  assert.deepEqual(await studioRows(page), cliRowsOf(cli('--region', '100,50,300,200', file)));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '1024');
  await waitState(page, 'done');
  assert.deepEqual(await studioRows(page), cliRowsOf(cli('--bins', '1024', '--region', '100,50,300,200', file)));
  await page.focus('#panel');
  await page.keyboard.press('End');
  const region = cli('--region', '100,50,300,200', file).range;
  const top = (v) => (region.stops[0] + ((region.stops[1] - region.stops[0]) * v) / 1024).toFixed(2);
  assert.ok((await page.textContent('#readout')).startsWith(message('en', 'panel-bin-hdr', {
    bin: '1023', bins: '1024', low: ((region.max * 1023) / 1024).toPrecision(4), high: region.max.toPrecision(4), stopsLow: top(1023), stopsHigh: top(1024),
  })));
  // The exposure changes the picture, not the counts.
  const brightness = async () => {
    const { width, height, rgba } = decodePng(await page.locator('#picture').screenshot());
    let sum = 0;
    for (let i = 0; i < width * height * 4; i += 4) sum += rgba[i] + rgba[i + 1] + rgba[i + 2];
    return sum / (width * height * 3);
  };
  const before = await studioRows(page);
  const asStored = await brightness();
  await page.screenshot({ path: join(shots, 'studio-hdr.png') });
  for (const [stops, brighter] of [[-3, false], [2, true]]) {
    await page.evaluate((v) => {
      const input = document.querySelector('#exposure');
      input.value = String(v);
      input.dispatchEvent(new Event('input'));
    }, stops);
    // Drawn on a later frame: read until the picture has changed as asked.
    await until(brightness, (now) => (now > asStored) === brighter, `${stops} stops against ${asStored} as stored`);
    assert.match(await page.textContent('#exposure-value'), messagePattern('en', 'hdr-stops', { stops: `${stops > 0 ? '+' : '-'}${Math.abs(stops)}.0` }));
  }
  await page.screenshot({ path: join(shots, 'studio-hdr-plus-2-stops.png') });
  assert.deepEqual(await studioRows(page), before, 'the exposure leaves the counts');
  // A new device keeps the exposure (and the counts).
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#bins', '256');
  await waitState(page, 'done');
  assert.equal(await page.evaluate(() => window.page.view.exposure), 2, 'a new Studio keeps the exposure');
  // An 8-bit picture next: no exposure control.
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  assert.equal(await page.isVisible('#exposure'), false);
  // (Described by its own line instead, empty and hidden but where a video's
  // 10-bit codes are not read: scope-scale.js.)
  assert.deepEqual(await codes(), ['pq', false, 'scope-codes-why'], 'the scale kept, no longer described by the exposure');
  assert.equal(await page.textContent('#scope-codes-why'), '');
  assert.deepEqual(page.errors, []);
});

test('studio: a floating-point picture\'s light read in nits: its scopes as the command line draws them, BT.2020 on the vectorscope, the exposure moving them', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 1000 } });
  await waitState(page, 'done');
  await page.check('#scope-waveform');
  await page.check('#scope-parade');
  await page.check('#scope-vectorscope');
  // Columns of 0 to 10,000 nits (1.0 = 203): greys, reds, an orange, dimmer greys.
  const file = fixtures.path('hdr-nits-8x4.exr');
  await pickFile(page, file);
  const dir = mkdtempSync(join(tmpdir(), 'studio-nits-'));
  const saved = async (button) => {
    const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const chunks = [];
    for await (const c of await d.createReadStream()) chunks.push(c);
    return Buffer.concat(chunks);
  };
  const figure = (name) => page.locator('.studio-scopes figure').filter({ has: page.locator(`canvas.${name}`) });
  const labels = (name) => page.evaluate((n) => [...document.querySelector(`canvas.scope.${n}`).parentElement
    .querySelectorAll('.scope-label')].map((l) => l.textContent), name);
  for (const [transfer, top] of [['pq', '10000'], ['hlg', '1000']]) {
    await page.selectOption('#scope-codes', transfer);
    for (const name of ['waveform', 'parade']) {
      const named = await until(() => labels(name), (l) => l.includes('203') && l.at(-1) === top, `the ${name} named in nits`);
      assert.equal(named[0], '0');
      const exported = decodePng(await saved(figure(name).getByRole('button', { name: message('en', 'scope-png') })));
      execFileSync(join(repo, 'target/release/histogram'), ['scope', `--${name}`, '--nits', transfer, '--method', 'cpu', '--out', dir, file]);
      const tool = decodePng(readFileSync(join(dir, `hdr-nits-8x4-${name}.png`)));
      // The drawing (left of the labels' strip: 8 columns, three times on the
      // parade) is the tool's, pixel for pixel: the GPU's codes of the light are
      // the CPU's.
      const columns = name === 'parade' ? 24 : 8;
      assert.equal(exported.height, 256);
      const row = (png, y) => png.rgba.subarray(y * png.width * 4, (y * png.width + columns) * 4);
      for (let y = 0; y < 256; y++) assert.deepEqual(row(exported, y), row(tool, y), `${transfer} ${name} row ${y}`);
    }
    // The vectorscope reads the codes' chroma by BT.2020's matrix, and counts as
    // the command line does.
    const vec = JSON.parse((await saved(figure('vectorscope').getByRole('button', { name: message('en', 'scope-json') }))).toString());
    const tool = JSON.parse(execFileSync(join(repo, 'target/release/histogram'),
      ['scope', '--vectorscope', '--nits', transfer, '--method', 'cpu', '--format', 'json', file]));
    assert.equal(vec.matrix, 'bt2020', `${transfer}: the vectorscope's matrix`);
    assert.deepEqual(vec.counts, tool.counts, `${transfer}: the vectorscope's counts`);
  }
  await page.screenshot({ path: join(shots, 'studio-hdr-nits.png') });
  // Three stops brighter, the light is 8 times: each column's least R (the
  // dimmer grey's, 0.37 of the column's light) climbs to PQ's code of 8 times its
  // nits, worked out here (ST 2084's inverse EOTF; each code at least 0.09 of a
  // level from a rounding's edge).
  await page.selectOption('#scope-codes', 'pq');
  const pq = (nits) => {
    const [m1, m2, c1, c2, c3] = [2610 / 16384, (2523 / 4096) * 128, 3424 / 4096, (2413 / 4096) * 32, (2392 / 4096) * 32];
    const y = Math.min(nits / 10000, 1) ** m1;
    return ((c1 + c2 * y) / (1 + c3 * y)) ** m2;
  };
  const least = (stops) => [0, 1, 10, 100, 203, 1000, 4000, 10000].map((n) => Math.round(pq(0.37 * n * 2 ** stops) * 255));
  const from = async () => JSON.parse((await saved(figure('waveform').getByRole('button', { name: message('en', 'scope-json') }))).toString()).r.from;
  assert.deepEqual(await from(), least(0));
  // The pixel under the pointer: the orange at 203 nits (R; G 0.6 and B 0.2 of
  // it), marked on the waveform's R, G and B at its codes' levels.
  await page.selectOption('#scope-waveform-channels', '0,1,2');
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  const pic = await page.locator('.studio-picture canvas').boundingBox();
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  await page.mouse.move(pic.x + pic.width * (rect[0] + rect[2] * (4.5 / 8)), pic.y + pic.height * (rect[1] + rect[3] * (2.5 / 4)));
  const points = () => page.evaluate(() => [...document.querySelector('canvas.scope.waveform').parentElement.querySelectorAll('.scope-point')]
    .map((p) => [Number(p.className.match(/c(\d)/)[1]), parseFloat(p.style.left) / 100, parseFloat(p.style.top) / 100]));
  // Its light in BT.2020's primaries (BT.2087's matrix), each channel's level.
  const to2020 = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]];
  const orangeLevels = (stops) => to2020.map((k) => Math.round(pq(203 * 2 ** stops * (k[0] + 0.6 * k[1] + 0.2 * k[2])) * 255));
  const marked = (stops) => orangeLevels(stops).map((level, c) => [c, 4.5 / 8, 1 - (level + 0.5) / 256]);
  const near = (got, want) => got.length === want.length && got.every((p, i) => p[0] === want[i][0] && p.slice(1).every((v, j) => Math.abs(v - want[i][j + 1]) < 1e-4));
  await until(points, (p) => near(p, marked(0)), 'the orange marked at its PQ codes');
  // On the vectorscope: at its codes' chroma by BT.2020's Kr and Kb, on the
  // 256-cell plane drawn in a margin of 8 cells a side.
  const [kr, kb] = [0.2627, 0.0593];
  const [r, g, b] = orangeLevels(0).map((v) => v / 255);
  const luma = kr * r + (1 - kr - kb) * g + kb * b;
  const code = (d) => Math.floor(128.5 + 255 * d);
  const [cb, cr] = [code((b - luma) / (2 - 2 * kb)), code((r - luma) / (2 - 2 * kr))];
  const spread = 256 / 272;
  const onVectorscope = [[3, 0.5 + ((cb + 0.5) / 256 - 0.5) * spread, 0.5 + (0.5 - (cr + 0.5) / 256) * spread]];
  const vecPoints = () => page.evaluate(() => [...document.querySelector('canvas.scope.vectorscope').parentElement.querySelectorAll('.scope-point')]
    .map((p) => [Number(p.className.match(/c(\d)/)[1]), parseFloat(p.style.left) / 100, parseFloat(p.style.top) / 100]));
  await until(vecPoints, (p) => near(p, onVectorscope), `the orange on the vectorscope at (${cb}, ${cr})`);
  // On the histogram: its light in the bins of the range counted (the command
  // line's), R, G and B over [0, max], luminance in stops.
  const { range } = cli(file);
  const [n, rects] = await page.evaluate(() => [window.page.view.numBins, Array.from(window.page.view.panelRects())]);
  const [lo, hi] = range.stops;
  const orange = [1, 0.6, 0.2];
  const y = 0.2126 * orange[0] + 0.7152 * orange[1] + 0.0722 * orange[2];
  const bins = [...orange.map((v) => Math.min(n - 1, Math.floor((v * n) / range.max))), Math.floor(((Math.log2(y) - lo) * n) / (hi - lo))];
  const inPanels = [];
  for (let i = 0; i < rects.length; i += 5) {
    const [px, py, pw, ph, mask] = rects.slice(i, i + 5);
    for (const c of [0, 1, 2, 3].filter((k) => mask & (1 << k))) inPanels.push([c, px + (pw * (bins[c] + 0.5)) / n, py + ph]);
  }
  const panelPoints = () => page.evaluate(() => [...document.querySelectorAll('.panel-point')]
    .map((p) => [Number(p.className.match(/c(\d)/)[1]), parseFloat(p.style.left) / 100, parseFloat(p.style.top) / 100]));
  assert.equal(inPanels.length, 4, 'R, G, B and luminance shown');
  await until(panelPoints, (p) => near(p, inPanels), `the orange in the histogram's bins ${bins}`);
  // Each panel named with its scale, the command line's range, and the luminance
  // panel's stops under it.
  const channels = (ids) => ids.map((c) => message('en', `studio-channel-${c}`)).join(', ');
  const named = [message('en', 'panel-name-hdr-linear', { channels: channels(['r', 'g', 'b']), high: String(Number(range.max.toPrecision(3))) }),
    message('en', 'panel-name-hdr-stops', { channels: channels(['luminance']), low: lo.toFixed(1), high: hi.toFixed(1) })];
  await until(() => page.$$eval('.panel-names .panel-name', (n) => n.map((x) => x.textContent)), (n) => JSON.stringify(n) === JSON.stringify(named), 'the panels named with their scales');
  assert.deepEqual(await page.$$eval('.panel-axis .tick', (t) => t.map((x) => x.textContent)), [0, 1, 2, 3, 4].map((k) => (lo + ((hi - lo) * k) / 4).toFixed(1)));
  await page.evaluate(() => {
    const input = document.querySelector('#exposure');
    input.value = '3';
    input.dispatchEvent(new Event('input'));
  });
  // The pointer still on the orange: its marks follow the exposure (read before
  // the export, whose click takes the pointer away).
  await until(points, (p) => near(p, marked(3)), 'the orange marked three stops up');
  await page.screenshot({ path: join(shots, 'studio-hdr-nits-pointer.png') });
  await until(from, (f) => JSON.stringify(f) === JSON.stringify(least(3)), 'the waveform three stops up');
  // As a parade, each narrow panel named by its channel (luminance with its unit),
  // no name over another's.
  await page.check('input[name=layout][value=parade]');
  const paraded = [...['r', 'g', 'b'].map((c) => channels([c])), message('en', 'panel-name-hdr-stops-short', { channels: channels(['luminance']) })];
  await until(() => page.$$eval('.panel-names .panel-name', (n) => n.map((x) => x.textContent)), (n) => JSON.stringify(n) === JSON.stringify(paraded), 'the parade\'s names');
  const boxes = await page.$$eval('.panel-names .panel-name', (n) => n.map((x) => { const r = x.getBoundingClientRect(); return [r.left, r.right]; }));
  for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i][0] >= boxes[i - 1][1], `name ${i} clear of name ${i - 1}: ${JSON.stringify(boxes)}`);
  // axe on the studio as an HDR picture has it (its exposure, its scales' names).
  assert.deepEqual(await axeViolations(page), []);
  rmSync(dir, { recursive: true });
  assert.deepEqual(page.errors, []);
});

test('studio: a typed region is taken as typed or refused beside the fields; an edited bins value is not counted', async () => {
  const page = await browser.open('/www/studio.html');
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  await setRegion(page, [10, 10, 50, 40]);
  const region = () => page.evaluate(() => Array.from(window.page.view.region));
  const fields = () => Promise.all(['x', 'y', 'width', 'height'].map((n) => page.inputValue(`#region-${n}`)));
  assert.deepEqual(await region(), [10, 10, 50, 40]);
  // The field named by its label (X, Y, W, H), and the least it takes where the test says.
  const notWhole = (name, least) => messagePattern('en', 'region-not-whole', { field: message('en', `region-label-${name}`), ...(least ? { least } : {}) });
  for (const [name, value, says] of [
    ['x', '4294967306', notWhole('x', '0')],
    ['x', '1e308', notWhole('x')],
    ['x', '-1', notWhole('x')],
    ['y', '2.5', notWhole('y')],
    ['width', '-10', notWhole('width', '1')],
    ['height', '0', notWhole('height', '1')],
    ['width', '', notWhole('width')],
  ]) {
    await page.fill(`#region-${name}`, value);
    await page.dispatchEvent(`#region-${name}`, 'change');
    assert.match(await page.textContent('#region-why'), says, `${name} = ${value}`);
    assert.ok(await page.isVisible('#region-why'));
    assert.deepEqual(await region(), [10, 10, 50, 40], `${name} = ${value}: the region counted is kept`);
    assert.deepEqual(await fields(), ['10', '10', '50', '40'], `${name} = ${value}: the fields show it`);
  }
  await setRegion(page, [0, 0, 96, 64]);
  assert.ok(await page.isHidden('#region-why'), 'a region taken clears the message');
  // Typed in the natural order, X, Y, W, H, each left with Tab: nothing applies
  // until the four fit, and what is typed stays in the fields meanwhile.
  for (const [name, value] of [['x', '20'], ['y', '10'], ['width', '70']]) {
    await page.fill(`#region-${name}`, value);
    await page.press(`#region-${name}`, 'Tab');
    assert.match(await page.textContent('#region-why'),
      pattern`^${messagePattern('en', 'region-past', { x: /\d+/, width: /\d+/, y: /\d+/, height: /\d+/, pictureWidth: '96', pictureHeight: '64' })}`);
    assert.deepEqual(await region(), [0, 0, 96, 64], `after ${name}: nothing applied yet`);
  }
  assert.deepEqual(await fields(), ['20', '10', '70', '64'], 'what is typed stays');
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.fill('#region-height', '50');
  await page.press('#region-height', 'Tab');
  await waitState(page, 'done');
  assert.deepEqual(await region(), [20, 10, 70, 50]);
  assert.ok(await page.isHidden('#region-why'));
  assert.deepEqual(await studioRows(page), await regionRows(fixtures.path('thirds-96x64.png'), [20, 10, 70, 50]));
  // Enter applies at once, the rest fitted to the picture.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.fill('#region-x', '90');
  await page.press('#region-x', 'Enter');
  await waitState(page, 'done');
  assert.deepEqual(await region(), [90, 10, 6, 50]);
  assert.deepEqual(await fields(), ['90', '10', '6', '50']);
  const invalid = await page.$$eval('[aria-invalid=true]', (n) => n.map((x) => x.id));
  assert.deepEqual(invalid, [], 'no field is left marked');
  // What was fitted is said, and stays when the field's change follows.
  const fitted = messagePattern('en', 'region-fitted', { fitX: '90', fitY: '10', fitWidth: '6', fitHeight: '50' });
  await page.dispatchEvent('#region-x', 'change');
  assert.match(await page.textContent('#region-why'), fitted);
  assert.ok(await page.isVisible('#region-why'));
  // A corner outside the picture (X = 5000, Enter): refused, not a 1-pixel column;
  // the message stays, X marked, the region counted kept.
  await page.fill('#region-x', '5000');
  await page.press('#region-x', 'Enter');
  await page.dispatchEvent('#region-x', 'change');
  const outside = messagePattern('en', 'region-outside', { field: message('en', 'region-label-x'), value: '5000', pictureWidth: '96', pictureHeight: '64' }, { whole: true });
  assert.match(await page.textContent('#region-why'), outside);
  assert.ok(await page.isVisible('#region-why'));
  assert.deepEqual(await region(), [90, 10, 6, 50]);
  assert.deepEqual(await fields(), ['90', '10', '6', '50']);
  assert.deepEqual(await page.$$eval('[aria-invalid=true]', (n) => n.map((x) => x.id)), ['region-x']);
  await setRegion(page, [0, 0, 96, 64]);
  // A bins value the studio does not offer (an edited page): 256 are counted.
  await page.evaluate(() => {
    document.body.dataset.state = 'picking';
    document.querySelector('#bins').append(new Option('0', '0'));
  });
  await page.selectOption('#bins', '0');
  await waitState(page, 'done');
  assert.equal(await page.evaluate(() => window.page.view.numBins), 256);
  assert.equal(await page.inputValue('#bins'), '256');
  assert.deepEqual(await studioRows(page), fixtures.rows('thirds-96x64.png', 4));
  assert.deepEqual(page.errors, []);
});

// A desktop window shows the picture, its histogram and two scopes at once, with
// the scopes' graticule named, and a notice does not move the picture.
test('studio: at 1400x900 the picture, the histogram and the first scope show without scrolling, the next under it', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  // Where the picture lies on the page (choosing a file may scroll the window to the field).
  const top = () => page.evaluate(() => document.querySelector('#picture').getBoundingClientRect().top + window.scrollY);
  const before = await top();
  await page.check('#scope-waveform');
  await page.check('#scope-vectorscope');
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes = await page.evaluate(() => ['#picture', '#panel', 'canvas.scope.waveform', 'canvas.scope.vectorscope']
    .map((s) => { const r = document.querySelector(s).getBoundingClientRect(); return [s, r.top, r.bottom, r.height]; }));
  await page.screenshot({ path: join(shots, 'studio-1400x900-scopes.png') });
  // Scopes one under another, each at least 200 px tall (issue #59: readable).
  for (const [what, t, bottom, height] of boxes.slice(0, 3)) {
    assert.ok(height > 200 && t >= 0 && bottom <= 900, `${what} is in the window: ${t}-${bottom}`);
  }
  assert.ok(boxes[3][1] >= boxes[2][2], 'the vectorscope under the waveform');
  const labels = await page.$$eval('.scope-label', (l) => l.filter((x) => x.checkVisibility()).map((x) => x.textContent));
  const targets = ['r', 'yl', 'g', 'cy', 'b', 'mg'].map((target) => message('en', `scope-target-${target}`));
  for (const name of ['0%', '50%', '100%', ...targets]) assert.ok(labels.includes(name), `the graticule names ${name}: ${labels}`);
  // A notice (a refused file) is said beside the picture, not above it.
  await page.setInputFiles('#file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await page.waitForFunction(() => document.querySelector('[role=alert]').textContent.length > 0);
  // Within half a pixel: Firefox's rectangle plus its scroll offset differs in the
  // fifth decimal once the window has scrolled (298.8000030 against 298.7999878).
  const after = await top();
  assert.ok(Math.abs(after - before) < 0.5, `the picture stays where it was: ${before} then ${after}`);
  await page.screenshot({ path: join(shots, 'studio-1400x900-notice.png') });
});

test('studio: fits a phone-sized window', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 390, height: 844 } });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scrolling (${overflow}px)`);
  await page.screenshot({ path: join(shots, 'studio-phone.png'), fullPage: true });
});

/**
 * 60 frames with every feature on: frames keep coming, nothing grows. Counted in
 * frames, not seconds, so a busy machine takes longer and still passes.
 */
async function manyFrames(page) {
  await page.check('#clipping');
  await setRegion(page, [10, 10, 100, 60], false);
  // A few frames for the region's pipelines to settle, then 20 more: a buffer
  // made a frame and never destroyed shows as 20 (the soak, `make soak`, plays
  // for minutes and watches every kind of memory).
  await moreFrames(page, 6);
  const live = () => page.evaluate(() => ({ frames: window.page.frames, live: window.gpuBuffers.created - window.gpuBuffers.destroyed }));
  const before = await live();
  await moreFrames(page, 20);
  const after = await live();
  assert.equal(after.live, before.live, 'live GPU buffers did not grow');
  // The stats are said four times a second, not each frame: waited for.
  await textMatching(page, 'td[data-stat="r-pixels"]', /^6,000$/);
  assert.deepEqual(page.errors, []);
}

test('studio: a video for 20 frames, region and clipping on, no buffer left behind', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 800 }, init: countBuffers });
  await page.setInputFiles('#file', testVideo);
  await waitState(page, 'playing');
  await page.waitForFunction(() => window.page.frames > 5);
  await manyFrames(page);
  await page.screenshot({ path: join(shots, 'studio-video.png') });
});

test('studio: the camera for 20 frames, no buffer left behind', async () => {
  const camera = await start(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  try {
    const page = await camera.open('/www/studio.html', { viewport: { width: 1280, height: 800 }, init: countBuffers });
    await page.click(`text=${message('en', 'studio-use-camera')}`);
    await waitState(page, 'playing');
    await page.waitForFunction(() => window.page.frames > 5);
    await manyFrames(page);
  } finally {
    await camera.close();
  }
});
