// The one way a page reads a picture file: the chapters, the studio, the scopes and
// Part 3 all call `readPicture`. Who decodes it is chosen from its first bytes:
//
// - on a real GPU, a baseline Y′CbCr JPEG is read here and entropy-decoded and
//   finished there by the command line's WGSL (src/gpu/jpeg_decode.rs):
//   libjpeg-turbo's pixels whatever this browser's decoder is;
// - the browser, for what it decodes exactly at 8 bits: JPEG (libjpeg-turbo, as
//   Pillow and OpenCV), PNG of 8 bits or fewer with no transparency, WebP with no
//   alpha. On a GPU it goes straight from the browser's bitmap to a texture
//   (copyExternalImageToTexture), never through wasm memory; a page that counts on
//   the CPU, or a GPU the CPU plays (where that copy costs seconds), gets the
//   pixels read back in a worker instead. A Y′CbCr JPEG goes as its planes
//   where the browser's ImageDecoder gives them (Chromium): 1.5 to 3 bytes a
//   pixel, finished on the GPU exactly as libjpeg-turbo finishes them
//   (shaders/frames/planes.wgsl; src/jpeg_planes.rs the same in the worker, with
//   ?decode=planes where the page needs pixels); else as before. Its bytes are
//   checked first (a JPEG cut
//   short, a PNG chunk's checksum, a header claiming more than the file holds):
//   browsers fill in what is missing without a word. Translucent pixels and 16-bit samples
//   are not exact there (Firefox premultiplies alpha; Chromium truncates 16 bits
//   to 8, where the project rounds): tests/browser/exact.test.mjs shows both;
// - the Rust decoder of the command-line tool (src/decode/), in a worker
//   (decode-worker.js), for those and for what the browser does not read (TIFF,
//   16-bit, HDR, OpenEXR, ICO, GIF, BMP); its pixels come back transferred and go
//   into the page's wasm memory a slice at a time; a 16-bit picture the studio
//   asks for in bands comes a band of rows at a time instead, each sent on to the
//   GPU as it comes (page/src/deep_bands.rs): only the GPU ever holds all of it;
// - the browser alone for what only it reads (AVIF, ...): core.js's browserPicture.
//
// Nothing of it runs long on the page's own thread: decoding happens in the
// browser's decoder threads or the worker, and every copy is cut into slices.
import { Picture, PictureParts, PictureBands, FileBytes } from '../pkg/histogram.js';
import { errorText, yieldToPage } from './site.js';
import { browserPicture } from './core.js';
import { said, t } from './l10n.js';

/** The browser's decode as stored: no premultiplied alpha, no colour conversion. */
export const EXACT = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };

/** Most bytes copied into wasm memory in one task. */
const SLICE = 4 << 20;
/** A read that takes longer than this says so, with its name and progress. */
const PATIENCE_MS = 500;
/**
 * `?decode=bitmap`, `?decode=pixels` or `?decode=planes` on a page: the browser's
 * decode taken by that way whatever the GPU (planes: a JPEG's, to the GPU where
 * there is one), so that the tests check each way where it is not the GPU's;
 * `?decode=scan`: a baseline JPEG decoded on the GPU, a CPU-played one too.
 */
const FORCED = new URLSearchParams(globalThis.location?.search).get('decode');

/**
 * The browser's rendering of a file's `bytes`, as an `<img>` shows it (its
 * colour profile applied, turned as its EXIF says), or null where this browser
 * cannot decode it: a decode of its own, made where the exact decode cannot be
 * shown (decode-worker.js's `shownOf` says when).
 */
export const rendering = (bytes) => createImageBitmap(new Blob([bytes])).catch(() => null);

let worker = null;
let calls = 0;
const waiting = new Map();
/**
 * A worker whose wasm memory grew past this (a large picture decoded) is let go
 * once it has nothing left to send: wasm memory never shrinks, and a 16-bit
 * picture of 8192x8192 left its worker holding about a gigabyte. The next file
 * starts a fresh one (docs/DECISIONS.md 35).
 */
const RETIRE_BYTES = 256 << 20;
/** The most wasm memory a decoder worker has said it holds (for the tests). */
let workerPeak = 0;
export const decoderPeakBytes = () => workerPeak;

/** The decoder worker, started on first use (it loads its own copy of the wasm). */
function decodeWorker() {
  if (!worker) {
    const w = new Worker(new URL('./decode-worker.js', import.meta.url), { type: 'module' });
    worker = w;
    w.onmessage = ({ data }) => {
      // A decode's counts come after its pixels, and each band of a picture read
      // in bands after it is asked for, in messages of their own.
      const key = data.next ? `${data.id} next` : data.counts ? `${data.id} counts` : data.id;
      const call = waiting.get(key);
      waiting.delete(key);
      workerPeak = Math.max(workerPeak, data.memory ?? 0);
      call?.(data);
      if (data.memory > RETIRE_BYTES && waiting.size === 0 && !data.reading) {
        w.terminate();
        if (worker === w) worker = null;
      }
    };
    w.onerror = (e) => {
      for (const call of waiting.values()) call({ error: e.message ? t('input-decoder-stopped', { why: e.message }) : t('input-decoder-stopped-unsaid') });
      waiting.clear();
      worker = null;
    };
  }
  return worker;
}

/**
 * Sends the worker `message` and waits for its answer filed under `key`;
 * rejects on `signal` (the worker goes with it: a decode cannot be stopped
 * inside it).
 */
function ask(message, key, signal, transfer = []) {
  return new Promise((resolve, reject) => {
    const w = decodeWorker();
    const abort = () => {
      waiting.delete(key);
      w.terminate();
      if (worker === w) worker = null;
      for (const call of waiting.values()) call({ error: t('input-superseded') });
      waiting.clear();
      reject(new DOMException('a newer file was given', 'AbortError'));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    waiting.set(key, (data) => {
      signal?.removeEventListener('abort', abort);
      if (data.error) {
        const e = new Error(data.words ? said(data.words) : data.error);
        if (data.unsupported) Object.assign(e, { name: 'UnsupportedFormat', bytes: data.bytes });
        reject(e);
        return;
      }
      // The counts, when asked for, follow: null if the worker goes first.
      if (data.counting) data.counted = new Promise((done) => waiting.set(`${key} counts`, (c) => done(c.error ? null : c)));
      resolve(data);
    });
    w.postMessage(message, transfer);
  });
}

/**
 * Asks the worker to decode the file `read` holds (`how`: 'bitmap', 'rust',
 * 'pixels' or 'planes', with `otherwise` and `finish`: decode-worker.js), and with
 * `count` to count an 8-bit picture into that many bins; with `bands`, a 16-bit
 * picture is answered with its size alone, its rows to be asked for
 * (`receiveBands`). Its bytes go to the worker transferred, not copied: the page
 * holds them no more (the worker hands them back with a format it cannot read).
 */
function inWorker(read, how, count, signal, { bands = false, otherwise, finish } = {}) {
  const id = ++calls;
  const { bytes, show } = read;
  read.bytes = null;
  return ask({ id, bytes, how, count, bands, otherwise, finish, show }, id, signal, [bytes.buffer]);
}

/**
 * A 16-bit picture read in bands (`parts`, the worker's answer): each band asked
 * for as the one before goes to the GPU, in slices of whole rows of at most
 * SLICE bytes of samples. Only the GPU ever holds all of it. With `count`, the
 * worker counts its samples in that many bins as it reads them (asked with the
 * first band), and the counts come with the picture.
 */
async function receiveBands(parts, gpu, progress, signal, count) {
  const { id, width, height, depth, format } = parts;
  const bands = new PictureBands(gpu, width, height, depth);
  // Each band's arrays go back with the request for the band after next, to be
  // written again: two or three bands' worth at a time, whatever the picture.
  const next = (spare, count = 0) => {
    const transfer = spare ? [spare.samples.buffer, spare.rgba.buffer] : [];
    const band = ask({ id, next: true, spare, count }, `${id} next`, signal, transfer);
    band.catch(() => {}); // awaited below, unless an earlier band failed
    return band;
  };
  let sent = false;
  try {
    let coming = next(null, count);
    let spare = null;
    const slice = Math.max(1, Math.floor(SLICE / (width * 8))) * width * 4;
    let rows = 0;
    for (;;) {
      const band = await coming;
      if (band.end) {
        sent = true;
        return bands.finish(format, band.notes, band.deepNotes, count, band.counts);
      }
      // The worker decodes the next band while this one goes to the GPU.
      coming = next(spare);
      for (let at = 0; at < band.samples.length; at += slice) {
        await bands.push(band.samples.subarray(at, at + slice), band.rgba.subarray(at, at + slice));
        rows = Math.min(height, rows + slice / (width * 4));
        progress('sending', rows / height);
      }
      spare = { samples: band.samples, rgba: band.rgba };
    }
  } catch (e) {
    if (!sent) bands.free();
    throw e;
  }
}


/** A picture from a worker's parts, copied into wasm memory a slice at a time. */
async function assemble(parts, progress) {
  const { width, height, depth, rgba, deep, hdr } = parts;
  // Not in the task that received the worker's message: its arrival (and the
  // collection it sets off) already took most of a task's 50 ms.
  await yieldToPage();
  const builder = new PictureParts(width, height, depth);
  const total = rgba.byteLength + (deep?.byteLength ?? 0) + (hdr?.byteLength ?? 0);
  let done = 0;
  try {
    for (const [samples, push] of [[rgba, 'pushRgba'], [deep, 'pushDeep'], [hdr, 'pushHdr']]) {
      if (!samples) continue;
      const step = SLICE / samples.BYTES_PER_ELEMENT;
      for (let at = 0; at < samples.length; at += step) {
        builder[push](samples.subarray(at, at + step));
        done += Math.min(step, samples.length - at) * samples.BYTES_PER_ELEMENT;
        progress('copying', done / total);
        await yieldToPage();
      }
    }
    return builder.finish(parts.format, parts.notes, parts.deepNotes, parts.hdrStats ?? undefined);
  } catch (e) {
    builder.free();
    throw e;
  }
}

/**
 * Reads an image file into a Picture of the values stored in it, decoded as
 * above. Its bytes are read from the file once (one `arrayBuffer`): every question
 * of them is the core's, asked of one copy in wasm memory (`FileBytes`: its kind,
 * what the browser would fill in, its colour profile, a JPEG's scan), and the
 * decoder's worker is handed them. `gpu`: the page's GpuContext (null without
 * WebGPU); `pixels`: the page counts on the CPU (the pixels must be in wasm
 * memory; else, with a GPU, the picture is sent there a band at a time before it
 * is returned); `status(text, fraction)`: told what is happening once a read takes
 * longer than half a second (fraction null while unknown); `signal`: aborts the
 * read (a newer file won); `count(depth)`: the bins to count a picture of that
 * depth into on the CPU where it is read (the studio's first count where the CPU
 * plays the GPU), or null; `bands`: a 16-bit picture goes to the GPU as it is
 * decoded and is held there alone (the studio, which counts and draws it there;
 * `Picture.onGpuOnly`). Resolves to `{ picture, shown, profile }`: with `show`,
 * `shown` is the file as this browser shows it (an ImageBitmap, colour-managed and
 * turned as its EXIF says, for `showPicture`; null where the browser cannot
 * decode it); with `profile`, `profile` is its ColourProfile or null. The caller
 * frees the picture and the profile. Throws a message a person can act on.
 */
export async function readPicture(file, {
  gpu = null, pixels = false, count = null, bands = false, status = () => {}, signal, show = false, profile = false,
} = {}) {
  // Says what is happening once the read has taken half a second: from the
  // timer's call on (a clock compared with it said nothing in Firefox, whose
  // timer may fire a little before the clock has moved half a second, so a read
  // held in one step never said a word). The stage: 'decoding', 'copying' or
  // 'sending' (input-reading's choices).
  let late = false;
  let stage = 'decoding';
  const progress = (now, fraction = null) => {
    stage = now;
    if (!late) return;
    const name = file.name;
    status(fraction === null ? t('input-reading', { name, stage })
      : t('input-reading-part', { name, stage, percent: String(Math.round(fraction * 100)) }), fraction);
  };
  const patience = setTimeout(() => { late = true; progress(stage); }, PATIENCE_MS);
  let found = null;
  let picture = null;
  let shown = null;
  let opened = null;
  try {
    // The one read of the file.
    const bytes = new Uint8Array(await file.arrayBuffer());
    signal?.throwIfAborted();
    opened = new FileBytes(bytes);
    // What the file is and who decodes it exactly (src/decode/kind.rs).
    const kind = opened.kind();
    if (kind.decoder === 'browser') {
      // What the browser would fill in without a word, or a header past the limits
      // (src/decode/mod.rs's `problem`: the command line's rules).
      const problem = opened.problem();
      if (problem) throw new Error(t('input-cannot-read', { name: file.name, why: said(problem) }));
    }
    // The Rust decoder says it of what it decodes; of the browser's, the same words here.
    if (kind.decoder === 'browser' || profile) found = opened.profile();
    if (kind.decoder === 'browser' && found) kind.notes.push(found.note);
    // Each stage of a read marked on the page's timeline (bench/gpu-browser reads them).
    performance.mark('read: checked');
    // Where the file has no profile, the browser's exact decode of an opaque file is
    // how it shows it: that decode is shown too, not made again.
    const read = { file, bytes, kind, show: show && (kind.decoder === 'browser' && !found ? 'same' : 'decode') };
    // Its copy in wasm memory let go once the scan has been tried, before the pixels come.
    read.done = () => {
      opened?.free();
      opened = null;
    };
    read.scan = (...args) => opened.scan(...args);
    const asked = { gpu, pixels, count, bands: bands && gpu && !pixels, signal, progress, scan: true };
    let counted;
    ({ picture, counted, shown } = await decodePicture(read, asked));
    read.done();
    // On the GPU a band at a time, where the page counts there.
    if (gpu && !pixels && !picture.onGpuOnly) {
      // Its first band in a task of its own, not in the one that made the picture.
      await yieldToPage();
      try {
        await picture.prepare(gpu, (fraction) => progress('sending', fraction));
      } catch (e) {
        // A scan the GPU finds damaged (or out of step) goes the browser's way,
        // which reads it or words why not.
        if (lastWay !== 'scan' || e.name === 'AbortError') throw e;
        picture.free();
        picture = null;
        shown?.close();
        ({ picture, counted, shown } = await decodePicture(read, { ...asked, scan: false }));
        await picture.prepare(gpu, (fraction) => progress('sending', fraction));
      }
      performance.mark('read: on the GPU');
      // The worker's count, made meanwhile.
      const { counts, countBins } = (await counted) ?? {};
      if (counts) picture.precounted(countBins, counts);
      // What the page does with the picture next (its views, their pipelines)
      // starts in a task of its own, not in the last step's.
      await yieldToPage();
      signal?.throwIfAborted();
    }
    const done = { picture, shown: shown ?? null, profile: profile ? found : null };
    if (!profile) found?.free();
    return done;
  } catch (e) {
    opened?.free();
    picture?.free();
    shown?.close();
    found?.free();
    throw e;
  } finally {
    clearTimeout(patience);
  }
}

/**
 * How the last picture read came: 'planes' (a JPEG's, finished on the GPU),
 * 'planes finished' (in the worker), 'bitmap', 'pixels', 'rust', 'bands' or
 * 'browser-only' (the tests and benchmarks ask).
 */
export let lastWay = null;

/**
 * The picture from `read` (readPicture's: the file, its bytes and their answers),
 * the worker's count of it when one was asked (a promise), and, when asked, how
 * the browser shows the file (`shown`).
 */
async function decodePicture(read, { gpu, pixels, count, bands, signal, progress, scan }) {
  const { file, kind } = read;
  // (The browser's decodes alone are named so: what only the browser reads has no
  // format here, and browserPicture names it.)
  const format = kind.decoder === 'browser' ? t('input-decoded-by-this-browser', { format: kind.format }) : null;
  // To the GPU from the browser's decode (its bitmap, or a JPEG's planes) on a
  // real GPU; where the CPU plays it, pixels read back in the worker cost less.
  const toGpu = kind.decoder === 'browser' && gpu && !pixels && (FORCED ? FORCED !== 'pixels' : !gpu.software);
  // The browser's rendering, for a way the worker does not take.
  const rendered = async () => (read.show ? rendering(read.bytes) : null);
  // A baseline Y′CbCr JPEG entropy-decoded and finished on a real GPU by the
  // command line's WGSL (src/gpu/jpeg_decode.rs, at `prepare`): libjpeg-turbo's
  // pixels whatever this browser's decoder gives. Where the CPU plays the GPU its
  // sync rounds cost more than the browser's decode; ?decode=scan asks for it
  // there. A file it does not take goes the browser's way.
  if (scan && kind.planes && toGpu && (FORCED ? FORCED === 'scan' : !gpu.software)) {
    try {
      const picture = read.scan(t('input-decoded-on-gpu', { format: kind.format }), kind.notes);
      lastWay = 'scan';
      performance.mark('read: decoded');
      return { picture, shown: await rendered() };
    } catch { /* progressive, arithmetic-coded, not Y′CbCr: the browser's way */ }
  }
  read.done();
  // Only once checked: a header claiming a huge picture is never decoded.
  let answer = null;
  try {
    if (kind.planes && (FORCED ? FORCED === 'planes' : toGpu)) {
      // The JPEG's planes where the browser gives them, sent on to be finished on
      // the GPU, turned there as the file says. Finished in the worker (where the
      // page needs pixels) only when asked: there they cost more than the
      // browser's pixels read back (docs/DECISIONS.md, 46).
      const finish = !toGpu;
      answer = await inWorker(read, 'planes', finish ? count?.(8) ?? 0 : 0, signal, { otherwise: toGpu ? 'bitmap' : 'pixels', finish });
    } else if (toGpu) {
      // Made in the worker and handed over: no long task here (decode-worker.js).
      answer = await inWorker(read, 'bitmap', 0, signal);
    }
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new Error(t('input-cannot-read', { name: file.name, why: errorText(e) }));
  }
  lastWay = answer?.way ?? null;
  if (answer?.planes) {
    performance.mark('read: decoded');
    const { planes, frameFormat, width, height, offsets, strides, turn, shown } = answer;
    // Kept in the browser's array, written to the GPU from there (no copy here).
    return { picture: Picture.fromPlanes(planes, frameFormat, width, height, Uint32Array.from(offsets), Uint32Array.from(strides), turn, format, kind.notes), shown };
  }
  if (answer?.bitmap) {
    performance.mark('read: decoded');
    return { picture: Picture.fromBitmap(answer.bitmap, format, kind.notes), shown: answer.shown };
  }
  // What only the browser reads, from the bytes read (a Blob of them: no second read).
  const browserOnly = async (bytes) => {
    lastWay = 'browser-only';
    read.bytes = bytes;
    const picture = await browserPicture(new Blob([bytes], { type: file.type }), file.name);
    return { picture, shown: await rendered() };
  };
  if (kind.decoder === 'browser-only') return browserOnly(read.bytes);
  if (!answer) lastWay = kind.decoder === 'browser' ? 'pixels' : 'rust';
  let parts = answer;
  try {
    parts ??= await inWorker(read, kind.decoder === 'browser' ? 'pixels' : 'rust', count?.(8) ?? 0, signal, { bands });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    if (e.name === 'UnsupportedFormat') return browserOnly(e.bytes);
    throw new Error(t('input-cannot-read', { name: file.name, why: errorText(e) }));
  }
  if (parts.bands) {
    lastWay = 'bands';
    let picture;
    try {
      picture = await receiveBands(parts, gpu, progress, signal, count?.(parts.depth) ?? 0);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new Error(t('input-cannot-read', { name: file.name, why: errorText(e) }));
    }
    performance.mark('read: on the GPU');
    return { picture };
  }
  if (kind.decoder === 'browser') Object.assign(parts, { format, notes: kind.notes, deepNotes: [] });
  performance.mark('read: decoded');
  try {
    return { picture: await assemble(parts, progress), counted: parts.counted, shown: parts.shown };
  } catch (e) {
    parts.shown?.close();
    throw e;
  }
}
