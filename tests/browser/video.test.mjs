// The video page (Part 2, live): frames counted whole by each way a frame reaches
// the GPU, the article's kernels on frames, the site's own video, a phone's
// window, a camera, and files that are not video refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, media, repo, shots, start, until, waitState, moreFrames, litPixels, histogramFoot, pause, countBuffers, axeViolations } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const VIDEO = media('Golden_retriever_swimming_the_doggy_paddle-360-no-audio.webm');
const { browser } = suite();
// The overlay's first line, on any of the frames' paths (`args`: what the test knows).
const rateLine = (args) => messagePattern('en', 'video-overlay-rate', { path: ['import', 'decoded', 'copy'], ...args });
/** A file refused in the words of `problem` (its message's pattern), the previous video kept. */
const refused = (problem, kept = message('en', 'video-kept')) => messagePattern('en', 'video-refused', { problem, kept });

/**
 * The paused frame counted twice: by the page's GPU (its four channels), and here
 * from the frame as the browser draws it into a 2D canvas, at `size`: 'decoded'
 * (the decoded frame's own, which the element's may differ from when pixels are
 * not square) or 'counted' (the size the page counts frames at).
 */
const pausedFrame = (page, size) => page.evaluate(async (size) => {
  const { video, view } = window.page;
  const gpu = await view.histogram();
  let [width, height] = window.page.frameSize ?? [];
  if (size === 'decoded') {
    const frame = new VideoFrame(video);
    ({ width, height } = frame.visibleRect);
    frame.close();
  }
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(video, 0, 0, width, height);
  const d = ctx.getImageData(0, 0, width, height).data;
  const cpu = [0, 1, 2].map(() => new Array(256).fill(0));
  for (let i = 0; i < d.length; i += 4) for (let c = 0; c < 3; c++) cpu[c][d[i + c]]++;
  return { pixels: d.length / 4, gpuPixels: gpu.pixels, gpu: [0, 1, 2, 3].map((c) => Array.from(gpu.bins(c))), cpu };
}, size);

/**
 * Paused, the frame said is the one shown: its time the element's, within a frame
 * (Firefox stamps a frame from the element in whole seconds, or 0). The copy path
 * says no frame's time.
 */
async function pausedSaid(page) {
  await page.waitForFunction((source) => {
    const path = window.page.path;
    if (path === 'copy') return true;
    const said = new RegExp(source).exec(document.querySelector(`#frame-path .fp-${path} [data-say="time"]`)?.textContent ?? '');
    return said && Math.abs(Number(said[1]) - window.page.video.currentTime) < 0.1;
  }, messagePattern('en', 'video-said-time', { time: /(\d+\.\d\d)/ }, { whole: true }).source);
}

/**
 * How many bins, on average, a pixel's count of channel `c` moved between the
 * GPU's histogram and the browser's (earth mover's distance). Decoders and colour
 * conversions differ by a level or two: the tests allow 3.
 */
function shift({ gpu, cpu, pixels }, c) {
  let cdf = 0;
  let moved = 0;
  for (let b = 0; b < 256; b++) { cdf += gpu[c][b] - cpu[c][b]; moved += Math.abs(cdf); }
  return moved / pixels;
}

test('video: plays, keeps drawing 30 frames with no errors and no new buffers, and a paused frame matches the CPU', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 }, init: countBuffers });
  // Before play: the default video's first frame and its histograms, not a black box
  // (drawn a moment after the page is ready, on a loaded machine up to seconds).
  const footLit = async () => litPixels(page, '#screen', await histogramFoot(page));
  await until(footLit, (n) => n > 3000, 'the histograms of the first frame before play');
  assert.ok(await litPixels(page, '#screen') > 50_000, 'the first frame before play');
  await page.screenshot({ path: join(shots, 'video-before-play.png') });
  await page.setInputFiles('#file', VIDEO);
  await waitState(page, 'playing');
  await moreFrames(page, 5);
  const before = await page.evaluate(() => ({ frames: window.page.frames, ...window.gpuBuffers }));
  // Frames keep coming (30 more, however long this machine takes), and nothing grows.
  await moreFrames(page, 30);
  const after = await page.evaluate(() => ({ frames: window.page.frames, ...window.gpuBuffers }));
  assert.equal(after.created - after.destroyed, before.created - before.destroyed, 'live GPU buffers did not grow');
  assert.equal(after.created, before.created, 'no buffer was created per frame');
  assert.deepEqual(page.errors, []);
  assert.ok(await litPixels(page, '#screen', await histogramFoot(page)) > 5000, 'RGB histogram drawn along the bottom');
  await page.screenshot({ path: join(shots, 'video.png'), fullPage: true });

  // A smaller window: the canvas follows, at the video's shape, the histograms at its new foot.
  await page.setViewportSize({ width: 800, height: 600 });
  await moreFrames(page, 3); // frames keep coming after a resize
  const shape = await page.$eval('#screen', (c) => ({ width: c.width, height: c.height, client: c.clientWidth, video: window.page.video.videoWidth / window.page.video.videoHeight }));
  assert.ok(shape.width === shape.client && shape.width < 800, `the canvas follows its box: ${JSON.stringify(shape)}`);
  assert.ok(Math.abs(shape.width / shape.height - shape.video) < 0.02, `at the video's shape: ${JSON.stringify(shape)}`);
  assert.ok(await litPixels(page, '#screen', await histogramFoot(page)) > 3000, 'histograms at the new foot');
  await page.screenshot({ path: join(shots, 'video-resized.png'), fullPage: true });

  // Pause: the page draws the paused frame once more; compare its GPU histogram with
  // the CPU histogram of the same frame drawn into a 2D canvas by the browser.
  await page.click('#screen', { position: { x: 300, y: 100 } });
  await waitState(page, 'paused');
  await pausedSaid(page);
  const result = await pausedFrame(page, 'decoded');
  assert.equal(result.gpuPixels, result.pixels);
  for (let c = 0; c < 4; c++) assert.equal(result.gpu[c].reduce((a, b) => a + b), result.pixels, `channel ${c} counts every pixel`);
  for (let c = 0; c < 3; c++) {
    const moved = shift(result, c);
    assert.ok(moved < 3, `channel ${c}: GPU and CPU histograms differ by ${moved.toFixed(2)} bins on average`);
    console.log(`paused frame, channel ${'RGB'[c]}: GPU vs CPU histogram shift ${moved.toFixed(3)} bins`);
  }
});

// Where its size is the point: the site's own video, not the tests' small one
// (the harness serves that in its place everywhere else).
test('video: the site\'s own video, 1280x720, plays with every pixel of its frames counted', async () => {
  const site = await start([], { video: 'site' });
  try {
    const page = await site.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.click('#play');
    await waitState(page, 'playing');
    await moreFrames(page, 3);
    const counted = await page.evaluate(async () => {
      const o = await window.page.view.histogram();
      const out = { pixels: o.pixels, size: window.page.frameSize, src: window.page.video.src };
      o.free();
      return out;
    });
    assert.match(counted.src, /media\/sunset\.webm$/);
    assert.deepEqual(counted.size, [1280, 720]);
    assert.equal(counted.pixels, 1280 * 720, 'a whole frame counted');
    assert.deepEqual(page.errors, []);
  } finally {
    await site.close();
  }
});

// Counts the GPU submissions not yet done, and the most at once.
const countInFlight = () => {
  window.inFlight = { now: 0, most: 0 };
  const submit = GPUQueue.prototype.submit;
  GPUQueue.prototype.submit = function (...args) {
    const out = submit.apply(this, args);
    window.inFlight.most = Math.max(window.inFlight.most, ++window.inFlight.now);
    this.onSubmittedWorkDone().then(() => window.inFlight.now--, () => {});
    return out;
  };
};

test('video: counts with the article\'s chunks + reduce when chosen, whole frames, both times shown where the GPU times passes, frames in flight bounded', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 }, init: countInFlight });
  // A 640x360 video: the article's kernel takes seconds a 1280x720 frame on SwiftShader.
  await page.setInputFiles('#file', VIDEO);
  await waitState(page, 'playing');
  // Where the GPU times passes, the kernel's time, and the frame pass's kept
  // beside it; else (llvmpipe's timestamps are not used) why not.
  const timed = await page.evaluate(() => window.page.timed);
  const histogram = timed ? messagePattern('en', 'video-overlay-count', { time: /\d/ })
    : messagePattern('en', 'video-overlay-untimed', { reason: ['late', 'none'] });
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('overlay').textContent), histogram.source);
  // The counter the overlay names, on the frames' path this page took.
  const path = await page.evaluate(() => window.page.path);
  const ours = (await page.textContent('#overlay')).match(pattern`${rateLine({ path, counter: /(.*)/ })}\n`)[1];
  await page.selectOption('#method', 'chunks-reduce');
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('overlay').textContent),
    pattern`${rateLine({ counter: message('en', 'pass-name-kernel', { method: 'chunks-reduce' }) })}\n${histogram}`.source);
  if (timed) {
    assert.match(await page.textContent('#overlay'),
      messagePattern('en', 'video-overlay-other', { counter: ours, time: messagePattern('en', 'page-ms', { ms: /\d+\.\d+/ }) }));
  }
  assert.match(await page.textContent('#kernel-source pre'), /---- chunks\.wgsl[^]*---- reduce\.wgsl/);
  // The drawing's own WGSL: one compute pass writing the canvas.
  const compose = await page.evaluate((source) => [...document.querySelectorAll('details')]
    .find((d) => new RegExp(source).test(d.querySelector('summary').textContent))?.querySelector('pre').textContent, messagePattern('en', 'video-wgsl-compose').source);
  assert.match(compose, /texture_storage_2d<rgba8unorm, write>[^]*channelMask/);
  // A GPU slower than the video skips frames rather than queueing them: at most
  // 2 + 8 in flight (frame-pace.js; one submission a frame here, and the odd
  // timing pass). Before, SwiftShader at 0.5 s a frame of this kernel had 100 in
  // flight within 10 s, a minute of work queued, and the page took 43 s to pause.
  await moreFrames(page, 25);
  const inFlight = await page.evaluate(() => window.inFlight.most);
  assert.ok(inFlight <= 12, `${inFlight} submissions in flight at most`);
  const counted = await page.evaluate(async () => {
    const result = await window.page.view.histogram();
    // At the size the frames are counted at (a decoded frame's own, which may
    // differ from the element's where pixels are not square).
    const [width, height] = window.page.frameSize;
    return { size: width * height, totals: Array.from(result.totals()) };
  });
  for (const t of counted.totals) assert.equal(t, counted.size, 'whole frames counted by chunks + reduce');
  // On the decoder's path the frame pass now only converts: its stage says so, and
  // says no count time (the kernel's is the overlay's).
  if (path === 'decoded') {
    await page.waitForFunction((words) => document.querySelector('#frame-path .fp-decoded [data-l10n-id="video-converts-counts-at"]').textContent === words,
      message('en', 'video-converts-only'));
    assert.equal(await page.textContent('#frame-path .fp-decoded [data-say="count"]'), '');
  }
  await pause(page);
  await page.screenshot({ path: join(shots, 'video-chunks-reduce.png'), fullPage: true });
  // axe on the page as chunks + reduce leaves it (its kernel's WGSL, the stage's words).
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(page.errors, []);
});

// The three ways a frame reaches the GPU, each forced by the page's option: every
// one draws whole frames whose histogram matches the browser's own decoding.
for (const path of ['import', 'decoded', 'copy']) {
  test(`video: frames ${path === 'copy' ? 'copied by the browser' : path}, whole and counted as the browser decodes them`, async () => {
    const page = await browser.open(`/www/video.html?frames=${path}`, { state: 'ready', viewport: { width: 1280, height: 800 } });
    const can = await page.evaluate(() => ({ import: 'importExternalTexture' in GPUDevice.prototype, decoded: 'VideoFrame' in window, copy: true }));
    await page.setInputFiles('#file', VIDEO);
    await waitState(page, 'playing');
    await moreFrames(page, 4);
    // A path the browser lacks falls back, and the page says which it took.
    const used = await page.evaluate(() => window.page.path);
    if (can[path]) assert.equal(used, path);
    else assert.notEqual(used, path);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('overlay').textContent), rateLine({ path: used }).source);
    // The frame path's caption says the path lit, and only one that is drawn.
    const caption = await page.evaluate(() => ({
      text: document.getElementById('frame-path-caption').textContent, lit: document.getElementById('frame-path').dataset.path,
    }));
    assert.equal(caption.lit, used);
    assert.match(caption.text, messagePattern('en', 'video-path-caption', { path: used }));
    // Under the lit path's stages, the last frame's own record: its time and size.
    if (used !== 'copy') {
      await page.waitForFunction(([u, source]) => new RegExp(source).test(document.querySelector(`#frame-path .fp-${u} [data-say="time"]`).textContent),
        [used, messagePattern('en', 'video-said-time', { time: /\d+\.\d\d/ }, { whole: true }).source]);
      // The record is said once a second, so the page's default video may be said
      // still: wait until the size said is the frame's (import's only).
      if (used === 'import') {
        await page.waitForFunction(() => {
          const size = window.page.frameSize;
          return size && document.querySelector('#frame-path .fp-import [data-say="size"]').textContent === `${size[0]}×${size[1]}`;
        });
      }
      const said = await page.evaluate((u) => Object.fromEntries([...document.querySelectorAll(`#frame-path .fp-${u} .fp-said`)].map((t) => [t.dataset.say, t.textContent])), used);
      if (used !== 'import') assert.match(said.bytes, messagePattern('en', 'video-said-bytes', { mb: /\d+\.\d\d/, format: /NV12|I420|I420A|RGBA|RGBX|BGRA|BGRX/ }, { whole: true }));
      assert.equal(await page.evaluate((u) => [...document.querySelectorAll(`#frame-path .fp-row:not(.fp-${u}) .fp-said`)].every((t) => t.textContent === ''), used), true);
    }
    // The import pass (through the browser's own device) timed too, where it ran
    // and the GPU times passes.
    if (used === 'import' && await page.evaluate(() => window.page.timed)) {
      await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('overlay').textContent),
        messagePattern('en', 'video-overlay-import', { time: /\d/ }).source);
    }
    await page.click('#screen', { position: { x: 300, y: 100 } });
    await waitState(page, 'paused');
    await pausedSaid(page);
    const result = await pausedFrame(page, 'counted');
    assert.equal(result.gpuPixels, result.pixels, 'whole frames');
    for (let c = 0; c < 3; c++) {
      const moved = shift(result, c);
      assert.ok(moved < 3, `${used}, channel ${'RGB'[c]}: ${moved.toFixed(2)} bins from the browser's decoding`);
      console.log(`frames ${used}, channel ${'RGB'[c]}: GPU vs browser histogram shift ${moved.toFixed(3)} bins`);
    }
    assert.deepEqual(page.errors, []);
  });
}

// One picture at 4:2:0, 4:2:2 and 4:4:4 (8-bit VP9, lossless; the wider layouts
// repeat 4:2:0's chroma samples where they fall): the frame pass reads each from
// the decoder's planes, and counts them alike, bin for bin.
test('video: frames at 4:2:2 and 4:4:4 counted from the decoder\'s planes, as the same picture at 4:2:0', async (t) => {
  const counted = {};
  for (const chroma of ['420', '422', '444']) {
    const page = await browser.open('/www/video.html?frames=decoded', { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.setInputFiles('#file', join(repo, 'tests/fixtures', `chroma-${chroma}.webm`));
    await waitState(page, 'playing');
    await moreFrames(page, 2);
    await page.click('#screen', { position: { x: 300, y: 100 } });
    await waitState(page, 'paused');
    // The layout the browser's decoder gives this file's frames; where it gives
    // planes (Chromium), those of the file's chroma, read by the frame pass (the
    // decoded path, not the browser's copy, which a layout it does not read takes).
    const format = await page.evaluate(() => {
      const frame = new VideoFrame(window.page.video);
      const { format } = frame;
      frame.close();
      return format;
    });
    console.log(`chroma-${chroma}.webm: frames in ${format}`);
    if (!/^(NV12|I4)/.test(format)) {
      // Firefox: BGRA frames of every layout, the browser's conversion.
      t.skip(`this browser gives ${format} frames, not planes: no layouts of the frame pass to compare`);
      await page.close();
      return;
    }
    if (chroma !== '420') assert.equal(format, `I${chroma}`);
    assert.equal(await page.evaluate(() => window.page.path), 'decoded');
    // (Not against the browser's drawing: it smooths chroma this sharp, one
    // colour a 2x2 block, by several levels.)
    const result = await pausedFrame(page, 'counted');
    assert.equal(result.gpuPixels, 64 * 32);
    counted[chroma] = result.gpu;
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  assert.deepEqual(counted['422'], counted['420'], '4:2:2 counted as 4:2:0');
  assert.deepEqual(counted['444'], counted['420'], '4:4:4 counted as 4:2:0');
});

for (const draw of ['compose', 'quads']) {
  test(`video: drawn by ${draw === 'compose' ? 'one compute pass' : 'render quads'} when forced, frame and histograms on the canvas`, async () => {
    const page = await browser.open(`/www/video.html?draw=${draw}`, { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.click('#play');
    await waitState(page, 'playing');
    await moreFrames(page, 4);
    const pass = message('en', draw === 'compose' ? 'pass-name-compose-pass' : 'pass-name-render-pass');
    await page.waitForFunction((p) => document.getElementById('overlay').textContent.includes(p), pass);
    await page.click('#screen', { position: { x: 300, y: 100 } });
    await waitState(page, 'paused');
    // The histograms along the foot, the frame above them (the sunset's sky).
    const [x, y, w, h] = await histogramFoot(page);
    await until(() => litPixels(page, '#screen', [x, y, w, h]), (n) => n > (w * h) / 20, `${pass}: the RGB histogram drawn`);
    await until(() => litPixels(page, '#screen', [x, 0, w, y - 20]), (n) => n > (w * (y - 20)) / 2, `${pass}: the frame drawn`);
    await page.screenshot({ path: join(shots, `video-${draw}.png`) });
    assert.deepEqual(page.errors, []);
  });
}

test('video: an unplayable file says so and keeps the current video', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready' });
  await page.click('#play');
  await waitState(page, 'playing');
  const bad = join(shots, 'not-a-video.webm');
  writeFileSync(bad, 'this is not a video');
  await page.setInputFiles('#file', bad);
  // The page shows the message and goes back to the previous video, which plays on:
  // its state moves on from 'error' quickly, so wait for the message itself.
  // Said with the browser's reason or without.
  const unplayable = (args) => pattern`${messagePattern('en', 'video-cannot-be-played', args)}|${messagePattern('en', 'video-cannot-be-played-unsaid', args)}`;
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=alert]').textContent), unplayable({}).source);
  assert.match(await page.textContent('[role=alert]'), refused(unplayable({ what: message('en', 'video-source-file', { name: 'not-a-video.webm' }) })));
  await page.waitForFunction(() => !window.page.video.paused && window.page.video.src.endsWith('sunset.webm'));
  await moreFrames(page, 3); // the previous video plays on
});

test('video: a frame not yet presented is waited for; a picture that never decodes is refused and the current video kept', async () => {
  // A busy machine can leave a just-played element without a frame for a moment,
  // and a VideoFrame made of it then fails: the first three such frames fail here.
  const init = () => {
    let failures = 3;
    window.refuseFrame = () => failures-- > 0;
    window.framesLeftToRefuse = () => Math.max(failures, 0);
    if (!window.VideoFrame) return;
    window.VideoFrame = new Proxy(window.VideoFrame, {
      construct(target, args) {
        if (args[0] instanceof HTMLVideoElement && window.refuseFrame(args[0])) {
          throw new DOMException("Failed to construct 'VideoFrame': Invalid source state.", 'InvalidStateError');
        }
        return Reflect.construct(target, args);
      },
    });
  };
  const page = await browser.open('/www/video.html', { state: 'ready', init });
  assert.ok(await page.evaluate(() => 'VideoFrame' in window), 'both engines have WebCodecs');
  assert.equal(await page.evaluate(() => window.framesLeftToRefuse()), 0, 'the page tried again');
  assert.equal(await page.textContent('[role=alert]'), '');
  await page.click('#play');
  await waitState(page, 'playing');
  // Now a file whose every frame fails: refused in words, the default plays on.
  await page.evaluate(() => { window.refuseFrame = (v) => v.src.startsWith('blob:'); });
  await page.setInputFiles('#file', VIDEO);
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=alert]').textContent),
    messagePattern('en', 'video-does-not-decode').source);
  // (Why: the browser's words.)
  assert.match(await page.textContent('[role=alert]'), refused(messagePattern('en', 'video-does-not-decode', { why: /.*Invalid source state.*/ })));
  await page.waitForFunction(() => !window.page.video.paused && window.page.video.src.endsWith('sunset.webm'));
  await moreFrames(page, 3);
  assert.deepEqual(page.errors, []);
});

test('video: on a phone, upright or sideways, the whole video is in sight with its controls, play button on it, timings under it or on it', async () => {
  const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const page = await browser.open('/www/video.html', { state: 'ready', viewport });
    // The three boxes of one layout, read together: three reads apart could each
    // see a different one while the page settles under load.
    const [screen, transportBox, controls] = await page.evaluate(() => ['#screen', 'main .transport', 'main > .controls']
      .map((selector) => {
        const { x, y, width, height } = document.querySelector(selector).getBoundingClientRect();
        return { x, y, width, height };
      }));
    assert.ok(screen.x >= 0 && screen.x + screen.width <= viewport.width, `${viewport.width}x${viewport.height}: the video as wide as the window at most`);
    assert.ok(screen.height <= viewport.height, 'the whole video fits the window\'s height');
    // Nothing above the video arrives after the page shows (it would push the video
    // down): the transport under it, the source's controls under that.
    assert.ok(transportBox.y >= screen.y + screen.height - 0.5 && controls.y >= transportBox.y + transportBox.height - 0.5,
      'the transport under the video, the source controls under the transport');
    assert.ok(inside(await page.locator('#play').boundingBox(), screen), 'the play button on the video');
    // All of the frame is drawn: the canvas has the video's shape.
    const aspect = await page.evaluate(() => window.page.video.videoWidth / window.page.video.videoHeight);
    assert.ok(Math.abs(screen.width / screen.height - aspect) < 0.02 || screen.height >= viewport.height * 0.74, 'the video at its shape, or as tall as the page lets it be');
    await page.click('#play');
    await waitState(page, 'playing');
    await page.waitForFunction(() => document.getElementById('overlay').textContent !== '');
    const [overlay, shown] = [await page.locator('#overlay').boundingBox(), await page.locator('#screen').boundingBox()];
    if (viewport.width < 672) {
      // Upright, over the frame they would hide a third of it: under it instead.
      assert.ok(overlay.y >= shown.y + shown.height - 0.5 && overlay.x >= 0 && overlay.x + overlay.width <= viewport.width, 'upright: the timings under the video');
    } else {
      assert.ok(inside(overlay, shown), 'sideways: the timings on the video');
    }
    await page.screenshot({ path: join(shots, `video-${viewport.width}x${viewport.height}.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

/** One second of a 440 Hz tone as a WAV file: a sound with no picture. */
function tone() {
  const rate = 8000;
  const wav = Buffer.alloc(44 + rate * 2);
  wav.write('RIFF', 0); wav.writeUInt32LE(36 + rate * 2, 4); wav.write('WAVEfmt ', 8); wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); wav.writeUInt16LE(1, 22); wav.writeUInt32LE(rate, 24); wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32); wav.writeUInt16LE(16, 34); wav.write('data', 36); wav.writeUInt32LE(rate * 2, 40);
  for (let i = 0; i < rate; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

test('an audio-only file named .mp4 is refused before anything is replaced: the video page and the studio', async () => {
  const file = { name: 'tone.mp4', mimeType: 'video/mp4', buffer: tone() };
  const video = await browser.open('/www/video.html', { state: 'ready' });
  await video.click('#play');
  await waitState(video, 'playing');
  await video.setInputFiles('#file', file);
  await waitState(video, 'error');
  assert.match(await video.textContent('[role=alert]'), refused(messagePattern('en', 'video-audio-only', { what: message('en', 'video-source-file', { name: 'tone.mp4' }) })));
  await moreFrames(video, 3); // the previous video keeps playing
  assert.deepEqual(video.errors, []);
  const studio = await browser.open('/www/studio.html');
  await studio.setInputFiles('#file', file);
  await waitState(studio, 'error');
  assert.match(await studio.textContent('[role=alert]'), refused(messagePattern('en', 'video-audio-only'), message('en', 'studio-kept')));
  assert.match(await studio.textContent('figcaption'), pattern`^${messagePattern('en', 'studio-sunset-name')}`);
  assert.deepEqual(studio.errors, []);
});

test('video: a camera that is not there gives a message', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready' });
  await page.getByRole('button', { name: message('en', 'video-use-camera') }).click();
  await waitState(page, 'error');
  assert.match(await page.textContent('[role=alert]'), messagePattern('en', 'video-no-camera'));
});

test('video: the camera, when there is one, plays with its histograms', async () => {
  // Chromium's fake camera (a moving test pattern), permission granted without a prompt.
  const cameraBrowser = await start(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
  try {
    const page = await cameraBrowser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.getByRole('button', { name: message('en', 'video-use-camera') }).click();
    await waitState(page, 'playing');
    await page.waitForFunction(() => window.page.video.srcObject && window.page.frames > 5);
    await moreFrames(page, 10); // camera frames keep coming
    const counted = await page.evaluate(async () => {
      const { video, view } = window.page;
      const result = await view.histogram();
      return { pixels: result.pixels, size: video.videoWidth * video.videoHeight, luminance: Array.from(result.bins(3)) };
    });
    assert.equal(counted.pixels, counted.size, 'a whole camera frame counted');
    assert.equal(counted.luminance.reduce((a, b) => a + b), counted.pixels);
    await page.screenshot({ path: join(shots, 'video-camera.png') });
    // The test pattern is a few flat colours: the histograms are a few tall spikes.
    const lit = await litPixels(page, '#screen', await histogramFoot(page));
    assert.ok(lit > 500, `RGB histogram drawn (${lit} lit pixels)`);
    assert.deepEqual(page.errors, []);
  } finally {
    await cameraBrowser.close();
  }
});
