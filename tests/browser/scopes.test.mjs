// Part 4: counting in a fragment shader, and the scopes: each chapter page and the
// studio's scopes in headless Chromium with WebGPU, their downloads compared with
// the command-line tool's on the same file (decoded and counted outside the browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, start, repo, shots, engine, media, litPixels, pickFile, waitState, cliRows, downloadCsv, decodePng, smallPicture, until, trackDevices, TEST_VIDEO_SIZE } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';
import { greyLevels } from '../fixtures/hdr-greys.mjs';

const PHOTO = media('pexels-francesco-ungaro-96938-mid.jpg');
const { browser } = suite();

/** The tool's scope of a file as JSON: `args` like ['--waveform']. */
function cliScope(args, path) {
  const out = execFileSync(join(repo, 'target/release/histogram'),
    ['scope', ...args, '--method', 'cpu', '--format', 'json', path], { maxBuffer: 1 << 28 });
  return JSON.parse(out);
}

test('fragment: counts with fragments exactly, timed beside the compute version', async () => {
  const page = await browser.open('/www/fragment.html', { timeout: 300_000 });
  assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histograms are drawn');
  assert.match(await page.textContent('dl.stats'), messagePattern('en', 'readout-equals-pixels'));
  assert.match(await page.textContent('details pre'), /---- fragment\.wgsl[^]*@fragment fn fs/);
  const beside = await page.evaluate(() => window.page.beside);
  assert.deepEqual(beside.methods, ['fragment', 'atomic']);
  for (const m of beside.medians) assert.ok(m > 0, `median ${m}`);
  assert.equal(await page.locator('#beside tbody tr').count(), 2);
  // Either clock, and either way round.
  assert.match(await page.textContent('#beside-ratio'),
    messagePattern('en', 'beside-ratio', { clock: ['gpu', 'wall'], than: ['less', 'same', 'more'], page: 'fragment', other: 'atomic' }, { whole: true }));
  await page.screenshot({ path: join(shots, 'fragment.png'), fullPage: true });
  // A picture of every level, small: the page times both methods on what it is
  // given, which on a photo took SwiftShader 26 s. (A photo's JPEG decode is the
  // input tests'; the fragment kernel's exactness on every kind of file, exact's.)
  const picture = smallPicture('fragment-picked.png');
  await pickFile(page, picture);
  assert.deepEqual((await downloadCsv(page)).rows, cliRows(picture, 4), 'the picture counts as the command-line tool counts it');
  assert.deepEqual(page.errors, []);
});

/** The frame drawn last on the fragment page, counted again: exact, and whole. */
async function fragmentFrame(page) {
  return page.evaluate(async () => {
    const { view } = window.page.live;
    const o = await view.histogram();
    const result = { pixels: o.pixels, totals: Array.from(o.totals()) };
    o.free();
    return result;
  });
}

test('fragment: a playing video and the camera, counted by fragments every frame and timed beside the compute version', async () => {
  // Chromium's fake camera (a moving test pattern), permission granted without a prompt.
  const camera = await start(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  try {
    const page = await camera.open('/www/fragment.html', { viewport: { width: 1280, height: 900 } });
    await page.getByRole('button', { name: message('en', 'chapter-play-video') }).click();
    await waitState(page, 'playing');
    // Both methods timed on frames of the video (alternate timed frames), the
    // ratio said once a second; where the GPU does not time passes (llvmpipe's
    // timestamps are not used), the rate and why not.
    const rate = messagePattern('en', 'page-per-second', { count: ['one', 'other'] });
    if (await page.evaluate(() => window.page.timed)) {
      const compared = messagePattern('en', 'video-live-time-beside', { rate, method: 'fragment', beside: 'atomic', compared: ['less', 'more'] });
      await page.waitForFunction((source) => {
        const live = window.page.live;
        return live && live.times.fragment.length >= 2 && live.times.atomic.length >= 2
          && new RegExp(source).test(document.getElementById('live-time').textContent);
      }, compared.source);
      assert.match(await page.textContent('#live-time'), compared);
    } else {
      const untimed = messagePattern('en', 'video-live-untimed', { rate, why: messagePattern('en', 'untimed-why', { why: ['late', 'none'] }) });
      await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('live-time').textContent), untimed.source);
    }
    assert.match(await page.textContent('figure.drop figcaption'), messagePattern('en', 'video-live-caption', {
      name: message('en', 'chapter-project-video'), width: /\d+/, height: /\d+/, counter: message('en', 'pass-name-kernel', { method: 'fragment' }),
    }));
    const frame = await fragmentFrame(page);
    assert.equal(frame.pixels, TEST_VIDEO_SIZE[0] * TEST_VIDEO_SIZE[1], 'a whole frame of the video');
    assert.deepEqual(frame.totals, [frame.pixels, frame.pixels, frame.pixels, frame.pixels], 'every pixel counted once');
    assert.ok(await litPixels(page, 'canvas.live') > 2000, 'the frame and its histograms are drawn');
    assert.equal(await page.locator('canvas.histogram').first().isVisible(), false, 'the picture\'s histograms give way');
    await page.screenshot({ path: join(shots, 'fragment-video.png'), fullPage: true });

    await page.getByRole('button', { name: message('en', 'chapter-use-camera') }).click();
    await page.waitForFunction((source) => window.page.live?.view && new RegExp(source, 'i').test(document.querySelector('figure.drop figcaption').textContent),
      messagePattern('en', 'video-source-camera').source);
    await page.waitForFunction(() => window.page.live.fps > 0); // camera frames keep coming
    const cam = await fragmentFrame(page);
    assert.ok(cam.pixels > 10_000, `a camera frame (${cam.pixels} pixels)`);
    assert.deepEqual(cam.totals, [cam.pixels, cam.pixels, cam.pixels, cam.pixels], 'the camera\'s frame counted exactly');
    await page.screenshot({ path: join(shots, 'fragment-camera.png'), fullPage: true });

    // A picture again: the video gives way, the picture is counted and drawn. A
    // small one: the photo is counted by fragments in the first test (on
    // SwiftShader, with its timing beside, 25 s a time).
    const picture = smallPicture('fragment-after-video.png');
    await pickFile(page, picture);
    assert.equal(await page.evaluate(() => window.page.live), null);
    assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the picture\'s histograms are drawn');
    assert.deepEqual((await downloadCsv(page)).rows, cliRows(picture, 4));
    assert.deepEqual(page.errors, []);

    // The scope chapters on the camera too: a whole frame in the waveform's JSON.
    const wave = await camera.open('/www/waveform.html', { viewport: { width: 1280, height: 900 } });
    await wave.getByRole('button', { name: message('en', 'scope-page-use-camera') }).click();
    await waitState(wave, 'playing');
    await wave.waitForFunction(() => window.page.fps > 0); // camera frames are drawn
    await until(() => litPixels(wave, 'canvas.scope'), (n) => n > 300, 'the camera\'s waveform drawn');
    const json = await downloadJson(wave, wave.getByRole('button', { name: message('en', 'scope-page-download-json') }));
    assert.equal(json.scope, 'waveform');
    assert.equal(columns(json, 'r').length, json.width);
    for (const key of ['r', 'g', 'b', 'luminance']) {
      assert.equal(columns(json, key).flat().reduce((a, b) => a + b, 0), json.width * json.height, `${key}: every pixel once`);
    }
    await wave.screenshot({ path: join(shots, 'waveform-camera.png'), fullPage: true });
    assert.deepEqual(wave.errors, []);
  } finally {
    await camera.close();
  }
});

/** Clicks a download button (by its name): the bytes it saves. */
async function downloaded(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}
const downloadJson = async (page, button) => JSON.parse((await downloaded(page, button)).toString());

/** A waveform JSON channel's columns made whole: 256 counts each, zero outside its span. */
function columns(json, key) {
  const { from, counts } = json[key];
  assert.equal(from.length, counts.length, `${key}: a first level a column`);
  return counts.map((span, x) => {
    assert.ok(!span.length || (span[0] > 0 && span.at(-1) > 0), `${key} column ${x}: no zeros outside its span`);
    const column = new Array(256).fill(0);
    span.forEach((n, i) => { column[from[x] + i] = n; });
    return column;
  });
}

/** Equal but for `file`; a vectorscope pixel may sit in a neighbouring cell (f32). */
function assertSameScope(got, want, what) {
  for (const key of ['width', 'height', 'scope', 'size', 'region']) assert.deepEqual(got[key], want[key], `${what}: ${key}`);
  if (want.scope === 'waveform') {
    for (const key of ['r', 'g', 'b', 'luminance']) assert.deepEqual(got[key], want[key], `${what}: ${key}`);
  } else {
    const a = got.counts.flat();
    const b = want.counts.flat();
    const pixels = b.reduce((s, v) => s + v, 0);
    assert.equal(a.reduce((s, v) => s + v, 0), pixels, `${what}: every pixel counted`);
    const moved = a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / 2;
    assert.ok(moved * 10000 <= pixels, `${what}: ${moved} pixels moved`);
  }
}

for (const [scope, args] of [['waveform', ['--waveform']], ['parade', ['--parade']], ['vectorscope', ['--vectorscope']]]) {
  test(`${scope}: drawn on the default picture and a photo, its JSON equal to the tool's`, async () => {
    const page = await browser.open(`/www/${scope}.html`, { viewport: { width: 1280, height: 900 } });
    assert.ok(await litPixels(page, 'canvas.scope') > 500, 'the scope is drawn');
    assert.match(await page.locator('#time').textContent(), pattern`${messagePattern('en', 'scope-page-time-gpu', { scope })}|${messagePattern('en', 'scope-page-time-wall', { scope })}`);
    await page.screenshot({ path: join(shots, `${scope}.png`), fullPage: true });
    await pickFile(page, PHOTO);
    const json = await downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') }));
    assert.equal(json.file, 'pexels-francesco-ungaro-96938-mid.jpg');
    assertSameScope(json, cliScope(args, PHOTO), scope);
    await page.screenshot({ path: join(shots, `${scope}-photo.png`), fullPage: true });
    if (scope !== 'vectorscope') {
      // The PNG labelled as shown: its lines' values (in the labels' colour) in a strip right of the drawing.
      const bytes = await downloaded(page, page.getByRole('button', { name: message('en', 'scope-page-download-png') }));
      writeFileSync(join(shots, `${scope}-export.png`), bytes);
      const png = decodePng(bytes);
      let label = 0;
      const [r, g, b] = [0, 1, 2].map((c) => (i) => png.rgba[i + c]);
      for (let i = 0; i < png.rgba.length; i += 4) label += (i / 4) % png.width >= png.width - 40 && r(i) > 150 && g(i) > 100 && b(i) < r(i) - 40 ? 1 : 0;
      // (A column a picture's column, three of them in the parade, and the strip.)
      assert.equal(png.width, json.width * (scope === 'parade' ? 3 : 1) + 44);
      assert.ok(label > 100, `${png.width}x${png.height}, ${label} pixels of labels`);
      // The labels' colour is the tool's (its PNG's strip, lettered by the core), on the page too.
      const out = mkdtempSync(join(tmpdir(), 'scope-'));
      execFileSync(join(repo, 'target/release/histogram'), ['scope', `--${scope}`, '--method', 'cpu', '--out', out, PHOTO]);
      const tool = decodePng(readFileSync(join(out, `pexels-francesco-ungaro-96938-mid-${scope}.png`)));
      const lit = new Map();
      for (let i = 0; i < tool.rgba.length; i += 4) {
        if ((i / 4) % tool.width < tool.width - 44 || tool.rgba[i] + tool.rgba[i + 1] + tool.rgba[i + 2] === 0) continue;
        const key = [0, 1, 2].map((c) => tool.rgba[i + c]).join(', ');
        lit.set(key, (lit.get(key) ?? 0) + 1);
      }
      const colour = [...lit].sort((x, y) => y[1] - x[1])[0][0];
      // Text on black is the colour times its cover: the export's brightest strip pixels are the tool's colour, scaled.
      const want = colour.split(', ').map(Number);
      const strip = Array.from({ length: png.rgba.length / 4 }, (_, i) => [0, 1, 2].map((c) => png.rgba[4 * i + c]))
        .filter((_, i) => i % png.width >= png.width - 44).sort((x, y) => (y[0] + y[1] + y[2]) - (x[0] + x[1] + x[2])).slice(0, 20);
      for (const p of strip) {
        const cover = (p[0] + p[1] + p[2]) / (want[0] + want[1] + want[2]);
        assert.ok(cover > 0.5 && p.every((v, c) => Math.abs(v - want[c] * cover) <= 3), `export's label pixel ${p}, the tool's colour ${colour}`);
      }
      const shown = await page.evaluate(() => getComputedStyle(document.querySelector('.scope-label')).color);
      assert.equal(shown, `rgb(${colour})`, 'the graticule\'s names on the page');
    }
    if (scope === 'parade') {
      // The caption names what is drawn: luma only while it is on.
      const caption = () => page.evaluate(() => document.querySelector('.scope-stage figure:last-child figcaption').textContent);
      assert.match(await caption(), pattern`^${messagePattern('en', 'scope-page-caption-parade')}`);
      await page.check('#yrgb');
      assert.match(await caption(), pattern`^${messagePattern('en', 'scope-page-caption-parade-yrgb')}`);
    }
    assert.deepEqual(page.errors, []);
  });
}

test('vectorscope: live on the playing video, a smaller grid on the picture equal to the tool\'s', async () => {
  const page = await browser.open('/www/vectorscope.html', { viewport: { width: 1280, height: 900 } });
  await page.selectOption('#size', '64');
  await waitState(page, 'done');
  const json = await downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') }));
  assert.equal(json.size, 64);
  await page.getByRole('button', { name: message('en', 'scope-page-play-video') }).click();
  await waitState(page, 'playing');
  await page.waitForFunction(() => window.page.fps > 0); // frames are drawn
  await until(() => litPixels(page, 'canvas.scope'), (n) => n > 200, 'the video\'s vectorscope drawn');
  await page.screenshot({ path: join(shots, 'vectorscope-video.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

// Column x of this video's frames has Y′ = x (scripts/make-levels-video.sh): every
// code, past video levels (16..235) too, as the decoder hands them over.
const LEVELS_VIDEO = join(repo, 'tests/fixtures/levels.webm');

test('waveform: a video\'s luma as decoded shows the codes past video levels, which computed luma clips', async () => {
  const page = await browser.open('/www/waveform.html', { viewport: { width: 1280, height: 900 } });
  await waitState(page, 'done');
  // Where the graticule's label `text` sits, % of the scope's height from its top.
  const top = (text) => page.evaluate((t) => parseFloat([...document.querySelectorAll('.scope-labels span')]
    .find((e) => e.textContent === t).style.top), text);
  await page.check('#decoded-luma');
  assert.ok(await page.evaluate((r) => document.querySelector(`input[aria-label="${r}"]`).disabled, message('en', 'scope-page-channel-r')), 'luma alone while it is on');
  await page.setInputFiles('#file', LEVELS_VIDEO);
  await page.waitForFunction(() => window.page.source?.kind === 'video' && window.page.fps > 0);
  if (engine === 'firefox') {
    // Firefox (153) hands a <video>'s frames over as BGRA: no Y′ to count, and
    // the page says so.
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('luma-note').textContent),
      messagePattern('en', 'scope-page-luma-not-planes').source);
    assert.equal(await page.evaluate(() => window.page.view.decodedLuma), false);
  } else {
    await page.waitForFunction(() => window.page.view?.decodedLuma);
    assert.match(await page.locator('#luma-note').textContent(), messagePattern('en', 'scope-page-luma-decoded'));
    // The graticule's 100% names code 235, its 0% code 16.
    assert.ok(Math.abs(await top('100%') - (1 - 235.5 / 256) * 100) < 0.01);
    assert.ok(Math.abs(await top('0%') - (1 - 16.5 / 256) * 100) < 0.01);
    const decoded = await downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') }));
    assert.equal(decoded.luma, 'decoded');
    assert.equal(decoded.width, 256);
    columns(decoded, 'luminance').forEach((column, x) => {
      column.forEach((n, level) => assert.equal(n, level === x ? decoded.height : 0, `column ${x} level ${level}`));
    });
  }
  await page.screenshot({ path: join(shots, 'waveform-decoded-luma.png'), fullPage: true });

  // Computed from R'G'B': the codes past video levels clip to 0 and 255.
  await page.uncheck('#decoded-luma');
  await page.waitForFunction(() => !window.page.view?.decodedLuma);
  assert.ok(await page.evaluate(() => document.getElementById('luma-note').hidden));
  const computed = await downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') }));
  assert.equal(computed.luma, undefined);
  columns(computed, 'luminance').forEach((column, x) => {
    const level = column.indexOf(computed.height);
    assert.ok(level >= 0, `column ${x}: one level`);
    if (x <= 16) assert.equal(level, 0, `column ${x}`);
    else if (x >= 235) assert.equal(level, 255, `column ${x}`);
    else assert.ok(Math.abs(level - (x - 16) * 255 / 219) <= 1.5, `column ${x}: level ${level}`);
  });
  assert.ok(Math.abs(await top('100%') - (1 - 255.5 / 256) * 100) < 0.01);
  assert.deepEqual(page.errors, []);
});

test('waveform, vectorscope and studio: an HDR video\'s 10-bit codes read in nits on its own transfer\'s scale, its colour by BT.2020\'s matrix', async (t) => {
  if (engine === 'firefox') {
    // Firefox (153) hands a video's frames over as 8-bit, HDR or not: BGRA from
    // the element (its colour space unnamed), BGRX from its VideoDecoder. The
    // codes never reach the page there, and the page says so beside the Scale,
    // which stays on SDR's codes.
    for (const name of ['hdr-pq.webm', 'hdr-pq.mp4']) {
      const page = await browser.open('/www/waveform.html', { viewport: { width: 1280, height: 900 } });
      await waitState(page, 'done');
      await page.setInputFiles('#file', join(repo, 'tests/fixtures', name));
      await until(() => page.locator('#codes-why').textContent(), (text) => text === message('en', 'scope-codes-eight-bit'), `${name}: the line saying why`);
      assert.ok(await page.locator('#codes-why').isVisible());
      assert.equal(await page.inputValue('#codes'), 'sdr');
      await page.screenshot({ path: join(shots, `waveform-hdr-eight-bit-${name.replace('.', '-')}.png`), fullPage: true });
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    t.skip('Firefox gives no 10-bit planes (docs/DECISIONS.md, 94): the line checked instead');
    return;
  }
  // WebM files of VP9 (4:2:0, and PQ's at 4:4:4 too); MP4 files of AV1 (PQ) and
  // of VP9 (HLG); an MP4 and a WebM file past the largest file read whole (the PQ
  // video, a `free` box or a Void element of zeros after it), their frames read
  // from where the movie box or the walk over the WebM file's elements places them.
  const dir = mkdtempSync(join(tmpdir(), 'histogram-hdr-'));
  const LARGE = 257 * 2 ** 20;
  const pqMp4 = readFileSync(join(repo, 'tests/fixtures/hdr-pq.mp4'));
  const free = Buffer.from('....free');
  free.writeUInt32BE(LARGE - pqMp4.length);
  writeFileSync(join(dir, 'hdr-pq-large.mp4'), Buffer.concat([pqMp4, free]));
  truncateSync(join(dir, 'hdr-pq-large.mp4'), LARGE);
  const pqWebm = readFileSync(join(repo, 'tests/fixtures/hdr-pq.webm'));
  writeFileSync(join(dir, 'hdr-pq-large.webm'), Buffer.concat([pqWebm, voidHeader(LARGE - pqWebm.length)]));
  truncateSync(join(dir, 'hdr-pq-large.webm'), LARGE);
  const videos = [['pq', 'hdr-pq.webm'], ['hlg', 'hdr-hlg.webm'], ['pq', 'hdr-pq-444.webm'], ['pq', 'hdr-pq.mp4'], ['hlg', 'hdr-hlg.mp4'],
    ['pq', 'hdr-pq-large.mp4'], ['pq', 'hdr-pq-large.webm']];
  for (const [transfer, name] of videos) {
    const video = name.includes('large') ? join(dir, name) : join(repo, 'tests/fixtures', name);
    const page = await browser.open('/www/waveform.html', { viewport: { width: 1280, height: 900 } });
    await waitState(page, 'done');
    await page.setInputFiles('#file', video);
    await page.waitForFunction(() => window.page.source?.kind === 'video' && window.page.fps > 0);
    const levels = greyLevels(transfer);
    const json = await until(() => downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') })),
      (j) => columns(j, 'r').every((column, x) => column[levels[Math.floor(x / 8)]] >= 16), `${name}: the greys at their codes' levels`);
    assert.equal(json.width, 64);
    // The Scale took the video's transfer by itself.
    assert.equal(await page.inputValue('#codes'), transfer);
    await page.screenshot({ path: join(shots, `waveform-${name.replace('.', '-')}.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  // The colour: R′G′B′ of Y′ 500, Cb 400, Cr 700 by BT.2020's matrix (limited
  // range), in 8 bits, and its chroma codes by the same matrix.
  const [kr, kb] = [0.2627, 0.0593];
  const l = (500 / 4 - 16) / 219;
  const [cb, cr] = [(400 / 4 - 128) / 224, (700 / 4 - 128) / 224];
  const r = l + 2 * (1 - kr) * cr;
  const b = l + 2 * (1 - kb) * cb;
  const rgb = [r, (l - kr * r - kb * b) / (1 - kr - kb), b].map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255) / 255);
  const y = kr * rgb[0] + (1 - kr - kb) * rgb[1] + kb * rgb[2];
  const code = (d) => Math.floor(128.5 + 255 * d);
  const cell = [code((rgb[2] - y) / (2 - 2 * kb)), code((rgb[0] - y) / (2 - 2 * kr))];
  const page = await browser.open('/www/vectorscope.html', { viewport: { width: 1280, height: 900 } });
  await waitState(page, 'done');
  await page.setInputFiles('#file', join(repo, 'tests/fixtures/hdr-pq.webm'));
  await page.waitForFunction(() => window.page.source?.kind === 'video' && window.page.fps > 0);
  const json = await until(() => downloadJson(page, page.getByRole('button', { name: message('en', 'scope-page-download-json') })),
    (j) => j.size === 256 && j.counts[255 - cell[1]][cell[0]] === 64 * 16, `the colour at (${cell})`);
  assert.equal(json.matrix, 'bt2020');
  assert.equal(json.counts[127][128], 64 * 16, 'the greys neutral');
  assert.match(await page.locator('figure:has(canvas.scope) figcaption').textContent(), /BT\.2020/);
  await page.screenshot({ path: join(shots, 'vectorscope-hdr-pq.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.close();
  // The studio too: its Scale takes an HLG video's transfer.
  const studio = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await waitState(studio, 'done');
  await studio.check('#scope-waveform');
  await pickFile(studio, join(repo, 'tests/fixtures/hdr-hlg.webm'), 'playing');
  await until(() => studio.inputValue('#scope-codes'), (v) => v === 'hlg', 'the studio\'s Scale on HLG');
  await until(() => studio.evaluate(() => [...document.querySelector('canvas.scope.waveform').parentElement.querySelectorAll('.scope-label')]
    .map((l) => l.textContent)), (l) => l.includes('203') && l.at(-1) === '1000', 'the studio\'s waveform named in HLG\'s nits');
  await until(() => litPixels(studio, 'canvas.scope.waveform'), (lit) => lit > 300, 'the studio\'s waveform drawn');
  await studio.screenshot({ path: join(shots, 'studio-hdr-hlg.png') });
  assert.deepEqual(studio.errors, []);
  // A WebM file past the core's largest whose two ends do not describe its track
  // (the PQ video's description 2 MiB in, zeros after it) is not read for its
  // codes: the studio says so, and its Scale stays on SDR's codes, which the
  // browser's 8-bit pictures are.
  const large = join(dir, 'hdr-pq-far.webm');
  writeFileSync(large, farDescribed(pqWebm));
  truncateSync(large, LARGE);
  await pickFile(studio, large, 'playing');
  await until(() => studio.locator('#scope-codes-why').textContent(), (text) => text === message('en', 'scope-codes-too-large', { mb: '256' }),
    'the studio\'s line saying why');
  assert.equal(await studio.inputValue('#scope-codes'), 'sdr');
  // The HLG video's decoder, closed by the switch, said nothing.
  assert.equal(await studio.locator('p.message').textContent(), '');
  await studio.screenshot({ path: join(shots, 'studio-hdr-too-large.png') });
  assert.deepEqual(studio.errors, []);
  await studio.close();
  rmSync(dir, { recursive: true });
});

/** The header of a Matroska Void element of `size` bytes in all. */
function voidHeader(size) {
  const head = Buffer.alloc(9);
  head.writeBigUInt64BE(BigInt(size - 9), 1);
  head[0] = 0xec;
  head[1] = 0x01;
  return head;
}

/** A Matroska Void element of `size` bytes in all: its header, then zeros. */
const voidElement = (size) => Buffer.concat([voidHeader(size), Buffer.alloc(size - 9)]);

/**
 * The project's PQ video (`pq`) with its track's description past its first MiB,
 * as tests/native/video_track.rs makes it (`far_described`): its seek head (63
 * bytes at 48) made a Void, a Void of 2 MiB inserted before its Tracks (at 264),
 * the Segment's size (8 bytes at 40) grown by it.
 */
function farDescribed(pq) {
  const gap = 2 ** 21;
  const far = Buffer.concat([pq.subarray(0, 48), voidElement(63), pq.subarray(111, 264), voidElement(gap), pq.subarray(264)]);
  const size = (pq.readBigUInt64BE(40) & ((1n << 56n) - 1n)) + BigInt(gap);
  far.writeBigUInt64BE(size | (1n << 56n), 40);
  return far;
}

test('an HDR video file\'s decoder: an MP4 file read from its movie box and its frames, a WebM file from its two ends and a walk over its elements, never whole', async () => {
  const page = await browser.open('/www/waveform.html', { viewport: { width: 800, height: 600 } });
  await waitState(page, 'done');
  const hdr = readFileSync(join(repo, 'tests/fixtures/hdr-pq.mp4'));
  // The same file tagged BT.709's transfer: its `colr` box's code 16 made 1.
  const sdr = Buffer.from(hdr);
  sdr.writeUInt16BE(1, sdr.indexOf('colr') + 10);
  // Neither read whole (the test fails: its slices are other objects); the HDR
  // one's last frame decoded from its bytes alone.
  const [sdrWhy, hdrWhy] = await page.evaluate(async (files) => {
    const { hdrDecoder } = await import('./hdr-video.js');
    return Promise.all(files.map(async (bytes) => {
      const file = new File([new Uint8Array(bytes)], 'video.mp4', { type: 'video/mp4' });
      file.arrayBuffer = () => Promise.reject(new Error('read whole'));
      const { decoder, why } = await hdrDecoder(file);
      const frame = await decoder?.frameAt(300_000);
      const said = why ?? (frame ? `${frame.timestamp}: ${frame.format}` : 'no frame');
      frame?.close();
      decoder?.close();
      return said;
    }));
  }, [[...sdr], [...hdr]]);
  assert.equal(sdrWhy, 'sdr');
  // Firefox's VideoDecoder may take AV1 or not, and gives 8-bit frames.
  assert.ok(engine === 'firefox' ? /^(300000: BGRX|eight-bit)$/.test(hdrWhy) : hdrWhy === '300000: I420P10', hdrWhy);
  // WebM files past 2 MiB, described by their first and last MiB, neither read
  // whole: an SDR one of 3.7 MB; the PQ video with 3 MiB after its segment (a Void
  // element) named PQ, its frames placed by the walk and the last one decoded.
  const pq = readFileSync(join(repo, 'tests/fixtures/hdr-pq.webm'));
  const padded = Buffer.concat([pq, voidElement(3 << 20)]);
  const webm = await page.evaluate(async (files) => {
    const { hdrDecoder } = await import('./hdr-video.js');
    return Promise.all(files.map(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const file = new File([bytes], 'video.webm', { type: 'video/webm' });
      file.arrayBuffer = () => Promise.reject(new Error('read whole'));
      const { decoder, why } = await hdrDecoder(file);
      const frame = await decoder?.frameAt(300_000);
      const said = why ?? (frame ? `${frame.timestamp}: ${frame.format}` : 'no frame');
      frame?.close();
      decoder?.close();
      return said;
    }));
  }, [readFileSync(media('pexels-kosmo-politeska-5750980-540p.webm')).toString('base64'), padded.toString('base64')]);
  assert.equal(webm[0], 'sdr');
  assert.ok(engine === 'firefox' ? /^(300000: BGRX|eight-bit)$/.test(webm[1]) : webm[1] === '300000: I420P10', webm[1]);
  // Closed (the page took another file) while a request reads its frames: the
  // request ends with no frame, and no decoder is called once closed.
  const closing = await page.evaluate(async (base64) => {
    const { hdrDecoder } = await import('./hdr-video.js');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const file = new File([bytes], 'video.webm', { type: 'video/webm' });
    const { decoder, why } = await hdrDecoder(file);
    if (!decoder) return why;
    // Closed once the request has asked the file for its first frame's bytes.
    const slice = file.slice.bind(file);
    const reading = new Promise((resolve) => { file.slice = (...a) => { resolve(); return slice(...a); }; });
    const asked = decoder.frameAt(300_000);
    await reading;
    decoder.close();
    return asked.then((frame) => (frame ? 'a frame' : 'none'), (e) => `failed: ${e}`);
  }, padded.toString('base64'));
  assert.ok(closing === 'none' || (engine === 'firefox' && closing === 'eight-bit'), closing);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('studio: waveform and vectorscope beside the histogram, over a region, exported as the tool counts them', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 1000 } });
  await page.check('#scope-waveform');
  await page.check('#scope-vectorscope');
  for (const scope of ['waveform', 'vectorscope']) {
    await until(() => litPixels(page, `canvas.scope.${scope}`), (lit) => lit > 300, `${scope} drawn`);
  }
  await pickFile(page, PHOTO);
  await page.evaluate(() => window.page.view.setRegion(100, 200, 640, 480));
  await page.evaluate(() => window.page.readBack());
  const figure = (scope) => page.locator('.studio-scopes figure').filter({ has: page.locator(`canvas.${scope}`) });
  const wave = await downloadJson(page, figure('waveform').getByRole('button', { name: message('en', 'scope-json') }));
  assertSameScope(wave, cliScope(['--waveform', '--region', '100,200,640,480'], PHOTO), 'studio waveform');
  const vec = await downloadJson(page, figure('vectorscope').getByRole('button', { name: message('en', 'scope-json') }));
  assertSameScope(vec, cliScope(['--vectorscope', '--region', '100,200,640,480'], PHOTO), 'studio vectorscope');
  await page.screenshot({ path: join(shots, 'studio-scopes.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('studio: the scopes in a window of their own (one closed before it loaded, or while it loads, leaves them in the page), drawn there through a lost device, back in the page when it closes, closed with the page', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 }, init: trackDevices });
  await page.check('#scope-waveform');
  await page.check('#scope-vectorscope');
  await waitState(page, 'done');
  const drawn = (win, scope) => until(() => litPixels(win, `canvas.scope.${scope}`), (lit) => lit > 300, `${scope} drawn`);
  // Document Picture-in-Picture in Chromium, a plain window in Firefox.
  const openWindow = async () => {
    const [win] = await Promise.all([page.waitForEvent('popup'), page.click('#scope-window')]);
    await win.waitForFunction(() => document.querySelectorAll('.scope-window .studio-scopes canvas.scope').length === 3);
    return win;
  };
  // A window closed before it loaded (one closed as it is given; one closed
  // while its stylesheet loads, firing no pagehide): the scopes stay in the
  // page, and the button opens the next.
  await page.evaluate(() => {
    const closed = { closed: true, addEventListener() {}, close() {} };
    const closing = {
      closed: false, addEventListener() {}, close() {},
      document: { documentElement: {}, head: { append() { setTimeout(() => { closing.closed = true; }); } } },
    };
    window.givenClosed = 0;
    const give = () => { window.givenClosed += 1; return window.givenClosed === 1 ? closed : closing; };
    window.openers = [window.open];
    if (window.documentPictureInPicture) window.documentPictureInPicture.requestWindow = async () => give();
    window.open = give;
  });
  for (const given of [1, 2]) {
    await page.click('#scope-window');
    await page.waitForFunction((n) => window.givenClosed === n && !document.querySelector('#scope-window').disabled, given);
    assert.equal(await page.getAttribute('#scope-window', 'aria-pressed'), 'false');
    assert.equal(await page.evaluate(() => document.querySelectorAll('.studio-right .studio-scopes canvas.scope').length), 3);
  }
  await page.evaluate(() => {
    if (window.documentPictureInPicture) delete window.documentPictureInPicture.requestWindow;
    [window.open] = window.openers;
  });
  const win = await openWindow();
  assert.equal(await page.evaluate(() => document.querySelector('.studio-scopes')), null, 'the figures left the page');
  assert.equal(await page.getAttribute('#scope-window', 'aria-pressed'), 'true');
  assert.equal(await page.textContent('#scope-window'), message('en', 'scope-window-close'));
  assert.equal(await win.evaluate(() => document.title), message('en', 'scope-window-title'));
  for (const scope of ['waveform', 'vectorscope']) await drawn(win, scope);
  const sunset = await litPixels(win, 'canvas.scope.waveform');
  await win.screenshot({ path: join(shots, 'studio-scope-window.png') });
  // The device lost and replaced: the new one draws the next picture there.
  await page.evaluate(() => { document.body.dataset.state = 'losing'; window.gpuDevices.at(-1).destroy(); });
  await page.waitForFunction(() => window.gpuDevices.length === 2 && document.body.dataset.state === 'done');
  await pickFile(page, PHOTO);
  await until(() => litPixels(win, 'canvas.scope.waveform'), (lit) => lit > 300 && lit !== sunset, 'the photo\'s waveform drawn in the window');
  await drawn(win, 'vectorscope');
  // Closed (as its window's close button does: the harness's close runs no
  // pagehide in Firefox): the figures are back in the page, drawn there.
  await win.evaluate(() => { setTimeout(() => window.close()); });
  await page.waitForFunction(() => document.querySelector('#scope-window').getAttribute('aria-pressed') === 'false'
    && document.querySelectorAll('.studio-right .studio-scopes canvas.scope').length === 3);
  for (const scope of ['waveform', 'vectorscope']) await drawn(page, scope);
  // Opened again, then the page left: the window goes with it.
  const again = await openWindow();
  await page.goto(page.url().replace(/www\/studio\.html.*/, 'index.html'));
  await until(() => again.isClosed(), (closed) => closed, 'the scopes\' window closed with the page');
  assert.deepEqual(page.errors, []);
});

test('studio: the waveform of a video\'s luma as decoded, exported with its codes past video levels', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 1000 } });
  await waitState(page, 'done');
  await page.check('#scope-waveform');
  await page.selectOption('#scope-waveform-channels', 'decoded');
  // Over a picture it says whose luma that is.
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('scope-luma-note').textContent),
    messagePattern('en', 'scope-luma-picture').source);
  await page.setInputFiles('#file', LEVELS_VIDEO);
  await page.waitForFunction(() => window.page.video.currentTime > 0 && window.page.frames > 2);
  const figure = page.locator('.studio-scopes figure').filter({ has: page.locator('canvas.waveform') });
  if (engine === 'firefox') {
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('scope-luma-note').textContent),
      messagePattern('en', 'scope-luma-not-planes').source);
  } else {
    await page.waitForFunction((source) => window.page.view?.decodedLuma && new RegExp(source).test(document.getElementById('scope-luma-note').textContent),
      messagePattern('en', 'scope-luma-decoded').source);
    const json = await downloadJson(page, figure.getByRole('button', { name: message('en', 'scope-json') }));
    assert.equal(json.luma, 'decoded');
    columns(json, 'luminance').forEach((column, x) => assert.equal(column[x], json.height, `column ${x}`));
  }
  await page.screenshot({ path: join(shots, 'studio-decoded-luma.png'), fullPage: true });
  // The frame's alpha holds Y′: its adjusted picture still downloads opaque.
  await page.selectOption('#adjustment', 'equalize');
  await page.evaluate(() => window.page.video.pause());
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('#download-adjusted')]);
  const chunks = [];
  for await (const c of await d.createReadStream()) chunks.push(c);
  const { width, rgba } = decodePng(Buffer.concat(chunks));
  assert.equal(width, 256);
  assert.ok(rgba.every((v, i) => i % 4 !== 3 || v === 255), 'every pixel opaque');
  assert.deepEqual(page.errors, []);
});

test('waveform: files given while one is read wait, and the latest wins', async () => {
  const page = await browser.open('/www/waveform.html');
  await waitState(page, 'done');
  const seen = await page.evaluate(async () => {
    const png = async (name, w, h) => {
      const canvas = new OffscreenCanvas(w, h);
      canvas.getContext('2d').fillRect(0, 0, w / 2, h);
      return new File([await canvas.convertToBlob({ type: 'image/png' })], name, { type: 'image/png' });
    };
    const files = [await png('a.png', 300, 200), await png('b.png', 64, 48), await png('c.png', 97, 61)];
    const caption = document.querySelector('figure.drop figcaption');
    const captions = [];
    new MutationObserver(() => captions.push(caption.textContent)).observe(caption, { childList: true, characterData: true, subtree: true });
    const input = document.querySelector('#file');
    for (const file of files) {
      const data = new DataTransfer();
      data.items.add(file);
      input.files = data.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
    while (!captions.at(-1)?.startsWith('c.png') || document.body.dataset.state !== 'done') await new Promise((r) => setTimeout(r, 50));
    return captions;
  });
  assert.deepEqual(seen, [['a.png', '300', '200'], ['c.png', '97', '61']].map(([name, width, height]) => message('en', 'scope-page-caption', { name, width, height })),
    'the first, then only the last');
  assert.deepEqual(page.errors, []);
});

/** A grey ramp, every code once a row (a waveform's drawing crosses every line), made by Pillow in a new folder. */
/**
 * A grey ramp, column x at level x; with `sixteen`, 16-bit samples whose nearest
 * 8-bit value is x, up to half a level either side (x * 257 + d, |d| <= 128).
 */
function ramp({ sixteen = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'scope-nits-'));
  const file = join(dir, 'ramp.png');
  const [mode, level] = sixteen ? ['I;16', 'min(65535, max(0, x * 257 + x * 37 % 257 - 128))'] : ['L', 'x'];
  execFileSync(join(repo, '.venv/bin/python'), ['-c', `import sys; from PIL import Image; im = Image.new("${mode}", (256, 32)); `
    + `im.putdata([${level} for y in range(32) for x in range(256)]); im.save(sys.argv[1])`, file]);
  return { dir, file };
}

/** The PNG the page saves when `button` is clicked, decoded. */
async function savedPng(page, button) {
  const [d] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const chunks = [];
  for await (const c of await d.createReadStream()) chunks.push(c);
  return decodePng(Buffer.concat(chunks));
}

test('parade chapter: HLG codes read in nits, exported as the command line draws them', async () => {
  const { dir, file } = ramp();
  const page = await browser.open('/www/parade.html', { viewport: { width: 1400, height: 1000 } });
  await pickFile(page, file);
  await page.selectOption('#codes', 'hlg');
  const labels = () => page.evaluate(() => [...document.querySelectorAll('.scope-label')].map((l) => l.textContent));
  const named = await until(labels, (l) => l.includes('203'), 'the parade named in nits');
  assert.deepEqual(named, ['0', '1', '10', '100', '203', '500', '1000']);
  // The caption names its lines as drawn, no longer "a line every 10%".
  assert.equal(await page.textContent('figure:has(canvas.scope) figcaption'), message('en', 'scope-page-caption-parade-nits'));
  const exported = await savedPng(page, page.getByRole('button', { name: message('en', 'scope-page-download-png') }));
  execFileSync(join(repo, 'target/release/histogram'), ['scope', '--parade', '--nits', 'hlg', '--method', 'cpu', '--out', dir, file]);
  const tool = decodePng(readFileSync(join(dir, 'ramp-parade.png')));
  // The drawing of the three channels (left of the labels' strip) is the tool's.
  assert.equal(exported.height, 256);
  const row = (png, y) => png.rgba.subarray(y * png.width * 4, (y * png.width + 768) * 4);
  for (let y = 0; y < 256; y++) assert.deepEqual(row(exported, y), row(tool, y), `row ${y}`);
  await page.screenshot({ path: join(shots, 'parade-nits.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: HDR codes of a 16-bit picture read in nits: the waveform\'s lines named in nits, the reference white marked, exported as the command line draws it', async () => {
  const { dir, file } = ramp({ sixteen: true });
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 1000 } });
  await waitState(page, 'done');
  await page.check('#scope-waveform');
  await pickFile(page, file);
  await page.selectOption('#scope-codes', 'pq');
  const labels = () => page.evaluate(() => [...document.querySelector('canvas.scope.waveform').parentElement
    .querySelectorAll('.scope-label')].map((l) => l.textContent));
  const named = await until(labels, (l) => l.includes('203'), 'the waveform named in nits');
  assert.deepEqual(named, ['0', '1', '10', '100', '203', '1000', '4000', '10000']);
  const figure = page.locator('.studio-scopes figure').filter({ has: page.locator('canvas.waveform') });
  const exported = await savedPng(page, figure.getByRole('button', { name: message('en', 'scope-png') }));
  execFileSync(join(repo, 'target/release/histogram'), ['scope', '--waveform', '--nits', 'pq', '--method', 'cpu', '--out', dir, file]);
  const tool = decodePng(readFileSync(join(dir, 'ramp-waveform.png')));
  // The drawing (left of the labels' strip) is the tool's, pixel for pixel: its
  // lines at ST 2084's codes, the reference white (203 nits) in the labels' colour.
  assert.equal(exported.height, 256);
  const row = (png, y) => png.rgba.subarray(y * png.width * 4, (y * png.width + 256) * 4);
  for (let y = 0; y < 256; y++) assert.deepEqual(row(exported, y), row(tool, y), `row ${y}`);
  const white = Array.from(row(tool, 255 - 148).subarray(0, 3));
  assert.deepEqual(white, JSON.parse(await page.evaluate(() => JSON.stringify(getComputedStyle(document.querySelector('.scope-label')).color
    .match(/\d+/g).map(Number)))), 'the reference white in the labels\' colour');
  await page.screenshot({ path: join(shots, 'studio-scope-nits.png') });
  assert.deepEqual(page.errors, []);
});
