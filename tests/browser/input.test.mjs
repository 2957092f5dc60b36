// Reading a picture file (issue #41), the one path every page takes (www/input.js):
// JPEG counted as libjpeg-turbo decodes it, against Pillow's decode made outside
// the project; who decodes what, and why; a file cut short refused; a file read
// once, and shown as the browser shows it (issue #74); the page's
// thread free while a large file is read; a newer file winning over a slow one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import {
  suite, shots, engine, downloadCsv, pickFile, waitState, makeJpegFixtures, makeLargePictures, studioRows, holdReads,
} from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser, fixtures } = suite({ fixtures: true });
let jpegs;
before(() => { jpegs = makeJpegFixtures(); });
after(() => jpegs?.remove());

/** How the page's last picture came (www/input.js). */
const lastWay = (page) => page.evaluate(async () => (await import(new URL('./input.js', location.href).href)).lastWay);

/** The SHA-256 of the studio's picture as its GPU holds it, read back. */
const gpuDigest = (page) => page.evaluate(async () => {
  const { picture, gpu } = window.page;
  const rgba = await picture.readBack(gpu);
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', rgba))].map((b) => b.toString(16).padStart(2, '0')).join('');
});

// The browser's decode reaches the GPU straight from its bitmap on a real GPU, or
// read back in a worker where the CPU plays the GPU: both forced here, whatever
// this machine's adapter, and both must count what Pillow counts. So must a
// baseline JPEG decoded on the GPU from its scan (a real GPU's way, forced here).
for (const decode of ['bitmap', 'pixels', 'planes', 'scan']) {
  test(`studio: every kind of JPEG counts as Pillow decodes it, the browser's decode taken as ${decode}`, async () => {
    const page = await browser.open(`/www/studio.html?decode=${decode}`);
    // Firefox has no planes: asked, it takes the bitmap, the test above's way, so
    // a grey file and a colour one show that.
    const fallsBack = decode === 'planes' && engine === 'firefox';
    let shot = false;
    for (const name of fallsBack ? jpegs.names.filter((n, i) => i === 0 || /^grey/.test(n)).slice(0, 2) : jpegs.names) {
      await pickFile(page, jpegs.path(name));
      // Every colour baseline file the GPU decodes from its scan; a progressive or
      // grey one, and a damaged scan the GPU refuses, the browser.
      const scanned = decode === 'scan' && (await lastWay(page)) === 'scan';
      if (decode === 'scan' && !/^damaged/.test(name)) assert.equal(scanned, !/^(grey|progressive)/.test(name), name);
      const by = messagePattern('en', scanned ? 'input-decoded-on-gpu' : 'input-decoded-by-this-browser', { format: 'JPEG' });
      assert.match(await page.textContent('figcaption'), pattern`\(${by}\)`, name);
      assert.deepEqual(await studioRows(page), jpegs.rows(name, 4), `${name}: Pillow's counts`);
      // The picture the scan became on the GPU, read back: Pillow's as shown, pixel for pixel.
      if (scanned) assert.equal(await gpuDigest(page), jpegs.digest(name), `${name}: Pillow's pixels`);
      // The studio as it shows the first file its GPU decoded.
      if (scanned && !shot) {
        await page.screenshot({ path: join(shots, 'studio-jpeg-decoded-on-the-gpu.png') });
        shot = true;
      }
      // Where the GPU has timestamps and is not the CPU's, each span of its
      // decoding said in the notes; where the CPU plays it, none.
      if (scanned) {
        const timed = await page.evaluate(() => window.page.gpu.timestamps && !window.page.gpu.software);
        const ms = /\d+\.\d\d|<0\.1/;
        const said = messagePattern('en', 'studio-decode-times', { sync: ms, write: ms, idct: ms, planes: ms }).test(await page.textContent('main'));
        assert.equal(said, timed, name);
      }
      if (decode === 'planes') {
        // Chromium hands over the planes of every colour JPEG, turned on the GPU
        // as EXIF says; a grey one, and Firefox's, go as a bitmap.
        const planar = engine !== 'firefox' && !/^grey/.test(name);
        assert.equal(await lastWay(page), planar ? 'planes' : 'bitmap', name);
        // The picture the planes became on the GPU, read back: Pillow's as shown, pixel for pixel.
        if (planar) assert.equal(await gpuDigest(page), jpegs.digest(name), `${name}: Pillow's pixels`);
      }
    }
    if (decode === 'bitmap') {
      // Where the picture was on the GPU only, the page never held its pixels.
      assert.equal(await page.evaluate(() => window.page.picture.hasPixels), false);
    }
    assert.deepEqual(page.errors, []);
  });
}

test('the chapters count JPEGs on the CPU as Pillow decodes them (the browser\'s decode read back, or its planes finished, in a worker)', async () => {
  // At most 8 downloads a page (Chromium drops the eleventh).
  // As the page reads them, and as their planes finished in the worker (asked).
  // Firefox has no planes (no VideoFrame of a JPEG's): asked, it reads pixels, so
  // one file shows that, and the rest would repeat the first round.
  // Read as pixels, the chapters take the studio's `?decode=pixels` way (every
  // kind of JPEG counted through it above): three kinds show the CPU page's count.
  for (const planes of [false, true]) for (let first = 0; first < jpegs.names.length; first += 7) {
    const names = jpegs.names.slice(first, first + 7);
    if ((!planes || engine === 'firefox') && first > 0) break;
    const page = await browser.open(`/www/4ch-cpu.html${planes ? '?decode=planes' : ''}`);
    for (const name of !planes ? names.slice(0, 3) : engine === 'firefox' ? names.slice(0, 1) : names) {
      await pickFile(page, jpegs.path(name));
      assert.deepEqual((await downloadCsv(page)).rows, jpegs.rows(name, 4), `${name}: Pillow's counts`);
      // In Chromium a colour JPEG's planes, finished in the worker, when asked.
      const planar = planes && engine !== 'firefox' && !/^(grey|exif)/.test(name);
      assert.equal(await lastWay(page), planar ? 'planes finished' : 'pixels', name);
    }
    assert.deepEqual(page.errors, []);
  }
});

test('who decodes what: translucent and 16-bit files go to the Rust decoder, as this browser\'s own decode changes them', async () => {
  const page = await browser.open('/www/studio.html');
  const files = {
    'translucent-257x131.png': 'rust', 'rgba16-31x257.png': 'rust', 'grey16-300x7.png': 'rust', 'rgb16-193x67.png': 'rust',
    'palette-trns-97x61.png': 'rust', 'animated-80x60.png': 'rust', 'animated-70x50.gif': 'rust', 'translucent-61x59.webp': 'rust',
    // RGBA, all opaque: whether every alpha is 255 is known only once decoded.
    'thirds-96x64.png': 'rust',
    'photo-2448x1836.png': 'browser', 'icc-profile-64x48.png': 'browser',
  };
  // What the browser's own path (its bitmap, copied to a texture, read back)
  // counts of each, beside the counts of the pixels each was made from.
  const seen = {};
  for (const [name, decoder] of Object.entries(files)) {
    await page.setInputFiles('#file', fixtures.path(name));
    const { kind, bins } = await page.evaluate(async () => {
      const { EXACT } = await import(new URL('./input.js', location.href).href);
      const { fileKind } = await import(new URL('../pkg/histogram.js', location.href).href);
      const file = document.getElementById('file').files[0];
      const bitmap = await createImageBitmap(file, EXACT);
      const adapter = await navigator.gpu.requestAdapter();
      const device = await adapter.requestDevice();
      const { width, height } = bitmap;
      const texture = device.createTexture({
        size: [width, height], format: 'rgba8unorm',
        usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC | GPUTextureUsage.RENDER_ATTACHMENT,
      });
      device.queue.copyExternalImageToTexture({ source: bitmap }, { texture, premultipliedAlpha: false }, [width, height]);
      const row = Math.ceil((width * 4) / 256) * 256;
      const buffer = device.createBuffer({ size: row * height, usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
      const encoder = device.createCommandEncoder();
      encoder.copyTextureToBuffer({ texture }, { buffer, bytesPerRow: row }, [width, height]);
      device.queue.submit([encoder.finish()]);
      await buffer.mapAsync(GPUMapMode.READ);
      const data = new Uint8Array(buffer.getMappedRange());
      const counts = [0, 1, 2].map(() => new Array(256).fill(0));
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) for (let c = 0; c < 3; c++) counts[c][data[y * row + x * 4 + c]]++;
      }
      device.destroy();
      return { kind: fileKind(new Uint8Array(await file.arrayBuffer())), bins: counts };
    });
    assert.equal(kind.decoder, decoder, `${name} is decoded by ${decoder === 'rust' ? 'the Rust decoder' : 'the browser'}`);
    const made = fixtures.rows(name, 4);
    seen[name] = [0, 1, 2].every((c) => bins[c].every((n, b) => n === made[b][c]));
    if (decoder === 'browser') assert.ok(seen[name], `${name}: the browser's own path counts the pixels it was made from`);
  }
  // Why the Rust decoder takes the others: in this engine the browser's path changes
  // some of them. Chromium truncates 16-bit samples to 8 bits (the project rounds);
  // Firefox premultiplies translucent pixels on the way.
  const changed = Object.keys(seen).filter((n) => !seen[n]);
  console.log(`${engine}: the browser's own decode differs from the stored values for ${changed.join(', ')}`);
  const expectChanged = engine === 'firefox' ? 'translucent-257x131.png' : 'rgb16-193x67.png';
  assert.ok(changed.includes(expectChanged), `${expectChanged} is not exact by the browser's path in ${engine}`);
});

test('a JPEG cut short is refused, in the studio and on a chapter page, and the previous picture stays', async () => {
  const whole = readFileSync(jpegs.path('baseline-420.jpg'));
  const scan = whole.indexOf(Buffer.from([0xff, 0xda]));
  for (const [what, bytes] of [['14 bytes into the scan', whole.subarray(0, scan + 28)], ['at 90%', whole.subarray(0, Math.floor(whole.length * 0.9))]]) {
    const file = { name: 'cut.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(bytes) };
    const studio = await browser.open('/www/studio.html');
    await studio.setInputFiles('#file', file);
    await waitState(studio, 'error');
    // Why it cannot be read is the core's words; the rest, the page's.
    const cut = messagePattern('en', 'input-cannot-read', { name: 'cut.jpg', why: message('en', 'decode-damaged', { why: message('en', 'damage-jpeg-cut-short') }) });
    assert.match(await studio.textContent('[role=alert]'), messagePattern('en', 'studio-file-refused', { error: cut }), what);
    assert.match(await studio.textContent('figcaption'), pattern`^${messagePattern('en', 'studio-sunset-name')}`, `${what}: the studio keeps its picture`);
    const chapter = await browser.open('/www/privatized.html');
    await chapter.evaluate(() => { document.body.dataset.state = 'picking'; });
    await chapter.setInputFiles('#file', file);
    await waitState(chapter, 'error');
    assert.match(await chapter.textContent('[role=alert]'), /the JPEG ends before its picture does/, what);
  }
});

/**
 * An init script that lists each read of a File the page makes in
 * `window.fileReads`: its bytes, a slice, a stream or text, a FileReader's read, a
 * decode of the file itself, the file posted to a worker (to be read there); and
 * keeps the last picture handed to a canvas to show (`window.shown`, ImageData).
 */
const watchReads = () => {
  const transfer = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
  ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (bitmap) {
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
    context.drawImage(bitmap, 0, 0);
    window.shown = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return transfer.call(this, bitmap);
  };
  const reads = (window.fileReads = []);
  for (const name of ['arrayBuffer', 'slice', 'stream', 'text', 'bytes']) {
    const own = Blob.prototype[name];
    if (own) Blob.prototype[name] = function (...args) { if (this instanceof File) reads.push(name); return own.apply(this, args); };
  }
  for (const name of ['readAsArrayBuffer', 'readAsBinaryString', 'readAsDataURL', 'readAsText']) {
    const own = FileReader.prototype[name];
    FileReader.prototype[name] = function (blob, ...args) { if (blob instanceof File) reads.push(name); return own.call(this, blob, ...args); };
  }
  const decode = window.createImageBitmap;
  window.createImageBitmap = function (source, ...args) { if (source instanceof File) reads.push('createImageBitmap'); return decode.call(this, source, ...args); };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...args) {
    if (Object.values(message ?? {}).some((v) => v instanceof File)) reads.push('postMessage');
    return post.call(this, message, ...args);
  };
};

// Issue #74: a file given to a page is read once, its bytes asked every question
// and handed to the decoder's worker. A chapter shows it as this browser shows the
// file (its colour profile applied, turned as its EXIF says) while counting the
// stored values: the shown canvas against the browser's own rendering of the file.
test('a file given to a chapter or the studio is read once, and a chapter shows it as this browser shows the file', async () => {
  const files = [jpegs.path('exif-rotated.jpg'), jpegs.path('icc-srgb.jpg'), fixtures.path('icc-profile-64x48.png'), fixtures.path('rgb16-193x67.png')];
  for (const path of ['/www/4ch-cpu.html', '/www/studio.html']) {
    const page = await browser.open(path, { init: watchReads });
    for (const file of files) {
      await page.evaluate(() => { window.fileReads.length = 0; });
      await pickFile(page, file);
      assert.deepEqual(await page.evaluate(() => window.fileReads), ['arrayBuffer'], `${path}: ${file} read once`);
      if (path.includes('studio')) continue;
      // The picture shown, against the browser's rendering of the file scaled as
      // the page scales it (whole, or enlarged pixel by pixel), read alike; and
      // against the stored values, which a profile moves.
      const { shown, stored } = await page.evaluate(async () => {
        const { EXACT } = await import(new URL('./input.js', location.href).href);
        const file = document.getElementById('file').files[0];
        const { width, height, data } = window.shown;
        const read = (source) => {
          const context = new OffscreenCanvas(width, height).getContext('2d');
          context.imageSmoothingEnabled = false;
          context.drawImage(source, 0, 0, width, height);
          return context.getImageData(0, 0, width, height).data;
        };
        const most = (other) => data.reduce((m, v, i) => (i % 4 === 3 ? m : Math.max(m, Math.abs(v - other[i]))), 0);
        return { shown: most(read(await createImageBitmap(file))), stored: most(read(await createImageBitmap(file, EXACT))) };
      });
      assert.ok(shown <= 2, `${file}: shown ${shown} levels from this browser's rendering of it`);
      if (/icc-profile/.test(file)) assert.ok(stored >= 20, `${file}: shown only ${stored} levels from its stored values`);
    }
    assert.deepEqual(page.errors, []);
  }
});

test('a read of over half a second says the file\'s name and how far it is; a newer file wins', async () => {
  // The read is held (`holdReads`) until the newer file is picked: over half a
  // second on any machine, without a file large enough to take that long here.
  const page = await browser.open('/www/studio.html', { init: holdReads });
  await page.evaluate(() => {
    window.said = [];
    const status = document.querySelector('[role=status]');
    new MutationObserver(() => window.said.push(status.textContent))
      .observe(status, { childList: true, characterData: true, subtree: true });
    window.holdReads();
    document.body.dataset.state = 'picking';
  });
  await page.setInputFiles('#file', fixtures.path('rgb16-193x67.png'));
  await page.waitForFunction((source) => window.said.some((t) => new RegExp(source).test(t)),
    pattern`^${messagePattern('en', 'input-reading', { name: 'rgb16-193x67.png', stage: 'decoding' })}`.source);
  // A newer file while the first is still being read: it is the one shown.
  await page.setInputFiles('#file', jpegs.path('baseline-444.jpg'));
  await page.evaluate(() => window.releaseReads());
  await waitState(page, 'done');
  assert.match(await page.textContent('figcaption'), pattern`^${messagePattern('en', 'studio-caption-picture', { name: 'baseline-444.jpg', width: '643', height: '482' })}`);
  assert.deepEqual(await studioRows(page), jpegs.rows('baseline-444.jpg', 4));
  assert.equal(await page.textContent('[role=alert]'), '');
  console.log(`said while reading: ${JSON.stringify(await page.evaluate(() => [...new Set(window.said)].slice(0, 6)))}`);
  assert.deepEqual(page.errors, []);
});

// A task of the page's thread that takes it over 50 ms of its CPU time, read from
// Chromium's trace (each task's thread time), is the page's doing on any machine;
// the wall time the Long Tasks API gives (printed too) also counts the time the
// thread waited for a core, which another process on a busy machine stretches
// (a 68 ms task of 10 ms of the thread's time seen beside a busy loop).
// `make test` runs it alone on the machine (TIMED=later while the engines run side by side).
const untimed = engine === 'firefox' ? 'Firefox has no trace of its tasks to read here'
  : process.env.TIMED === 'later' && 'run alone afterwards (make test-timed)';
test('the page keeps answering while a 24-megapixel JPEG, a 16-bit TIFF or a 12-megapixel EXR is read: no task takes over 50 ms of its thread', { skip: untimed }, async () => {
  const large = makeLargePictures();
  try {
    const page = await browser.open('/www/studio.html', {
      init: () => {
        window.longTasks = [];
        new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))))
          .observe({ type: 'longtask' });
      },
    });
    const cdp = await browser.context.newCDPSession(page);
    /** The time of the page's thread (its renderer's main thread) each of its tasks took during `work`, in ms. */
    const traced = async (work) => {
      const events = [];
      const collect = ({ value }) => events.push(...value);
      cdp.on('Tracing.dataCollected', collect);
      await cdp.send('Tracing.start', { categories: 'toplevel', transferMode: 'ReportEvents' });
      await work();
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain')
        .map((e) => `${e.pid}.${e.tid}`));
      // A task is a RunTask and the microtask checkpoint Blink runs after it (as
      // the Long Tasks API counts them); the nested slices are in its time.
      const tasks = [];
      const end = new Map();
      for (const e of events.filter((e) => e.ph === 'X' && main.has(`${e.pid}.${e.tid}`)).sort((a, b) => a.ts - b.ts)) {
        const thread = `${e.pid}.${e.tid}`;
        if (e.ts < (end.get(thread) ?? 0)) continue;
        end.set(thread, e.ts + e.dur);
        if (e.name === 'ThreadControllerImpl::RunTask') tasks.push({ thread, cpu: e.tdur ?? 0 });
        else if (e.name === 'BlinkScheduler_PerformMicrotaskCheckpoint' && tasks.at(-1)?.thread === thread) tasks.at(-1).cpu += e.tdur ?? 0;
      }
      return tasks.map((t) => Math.round(t.cpu / 1000));
    };
    /** The page's tasks over 50 ms of its thread while `name` is read, to its histogram drawn. */
    const read = async (name) => {
      // The picker emptied first: the same file again is a new pick.
      await page.evaluate(() => {
        window.longTasks = [];
        document.body.dataset.state = 'picking';
        document.querySelector('#file').value = '';
      });
      const t = Date.now();
      const times = await traced(async () => {
        await page.setInputFiles('#file', large.path(name));
        await waitState(page, 'done');
      });
      const tasks = times.filter((ms) => ms > 50);
      const wall = await page.evaluate(() => window.longTasks);
      console.log(`${name}: ${Date.now() - t} ms to the histogram drawn; the longest task ${Math.max(...times)} ms of the thread; `
        + `tasks over 50 ms of the thread: ${JSON.stringify(tasks)}, over 50 ms of wall time: ${JSON.stringify(wall)}`);
      return tasks;
    };
    for (const name of ['photo-6000x4000.jpg', 'scan-16bit-6000x4000.tif', 'scene-4000x3000.exr']) {
      // The first read of a kind may compile what later reads reuse: a long
      // task counts when a second read shows one too.
      if ((await read(name)).length > 0) assert.deepEqual(await read(name), [], `${name}: no long task, read twice`);
    }
    await page.screenshot({ path: join(shots, 'studio-16-bit-tiff.png') });
    assert.deepEqual(page.errors, []);
  } finally {
    large.remove();
  }
});

// The page shell (www/page.js): every page lights its drop area while a file is
// dragged over it and takes a pasted picture (Firefox hands a paste event made by
// a script no files, so the paste is Chromium's here).
test('every page lights its drop area, and the picture pages take a pasted picture', async () => {
  const bytes = [...readFileSync(fixtures.path('palette-trns-97x61.png'))];
  for (const [path, area] of [['/www/studio.html', 'figure.drop'], ['/www/packed.html', 'figure.drop'], ['/www/waveform.html', 'figure.drop'], ['/www/video.html', '.video-stage']]) {
    const page = await browser.open(path, path.includes('video') ? { state: 'ready' } : {});
    const lit = () => page.evaluate((a) => document.querySelector(a).classList.contains('over'), area);
    await page.evaluate(() => document.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: new DataTransfer() })));
    assert.ok(await lit(), `${path}: lit while a file is over it`);
    await page.evaluate(() => document.dispatchEvent(new DragEvent('dragleave', { bubbles: true })));
    assert.ok(!(await lit()), `${path}: dark again`);
    if (engine !== 'firefox' && !path.includes('video')) {
      await page.evaluate((bytes) => {
        document.body.dataset.state = 'picking';
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
        document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data }));
      }, bytes);
      await waitState(page, 'done');
      assert.match(await page.textContent('main'), /pasted\.png/, `${path}: the pasted picture shown`);
      if (path.includes('studio')) assert.deepEqual(await studioRows(page), fixtures.rows('palette-trns-97x61.png', 4));
      if (path.includes('packed')) assert.deepEqual((await downloadCsv(page)).rows, fixtures.rows('palette-trns-97x61.png', 4));
    }
    assert.deepEqual(page.errors, [], path);
  }
});
