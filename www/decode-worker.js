// The page's decoder thread (www/input.js asks it): a file's bytes, read once by
// the page and handed over transferred, decoded here, off the page's own thread,
// and its samples sent back transferred, not copied. Four ways:
// 'bitmap', the browser's decode as a bitmap, for the page to copy to its GPU
// (made here because Chromium spends a long task of the calling thread on an
// exact bitmap of a large photo: 51-90 ms at 15-24 megapixels on the GPU machine);
// 'rust', the command-line tool's decoder (src/decode/) in this worker's own
// copy of the wasm; 'pixels', the browser's decode of an opaque 8-bit file read
// back through a 2D canvas (exact where no pixel is translucent). With `count`, an
// 8-bit picture is counted too, into that many bins. With `bands`, a 16-bit
// picture is not sent whole: the answer says its size, and each `next` message
// gets its next band of rows (page/src/deep_bands.rs), so that neither this worker nor
// the page ever holds all of it; a `next` message with `count` (the first) has the
// bands counted as they are read, at their stored depth, the counts sent with the
// last. And 'planes': a JPEG's planes as the browser's ImageDecoder leaves them
// (Chromium: I420, I422, I444), sent on to be finished on the GPU, or, with
// `finish`, finished here (wasm, libjpeg-turbo's rules) into 'pixels'' answer;
// where the browser gives no planes, the way `otherwise` says instead. With `show`,
// the answer carries how the browser shows the file too (`shownOf`).
import init, { FileDecoder, countRgba, finishPlanes, wasmMemoryBytes } from '../pkg/decoder.js';
import { EXACT, rendering } from './input.js';
import { saying } from './l10n.js';

let ready = null;
/** The files being read a band at a time, by the id of their read. */
const reading = new Map();

async function rust(bytes, id, bands) {
  ready ??= init();
  await ready;
  // Copied into this worker's wasm memory once: its decoder's own.
  const decoder = new FileDecoder(bytes);
  if (bands && decoder.banded) {
    reading.set(id, decoder);
    const { width, height, depth, format } = decoder;
    return { bands: true, width, height, depth, format };
  }
  let picture;
  try {
    picture = decoder.whole();
  } finally {
    decoder.free();
  }
  try {
    const depth = picture.depth;
    return {
      width: picture.width,
      height: picture.height,
      depth,
      rgba: picture.rgba(),
      deep: depth > 8 && depth <= 16 ? picture.deepSamples() : null,
      hdr: depth === 32 ? picture.hdrSamples() : null,
      // Over 12 megapixels these take most of a second: here, not on the page.
      hdrStats: depth === 32 ? picture.hdrStats() : null,
      format: picture.format,
      notes: picture.notes(),
      deepNotes: picture.deepNotes(),
    };
  } finally {
    picture.free();
  }
}

/** A VideoFrame format that is a JPEG's planes. */
const PLANAR = ['I420', 'I422', 'I444'];
let planesGiven = null;

/**
 * Whether this browser's ImageDecoder hands over a JPEG's planes (Firefox 153
 * gives BGRA): asked once, of a small JPEG made here by the browser's own encoder.
 */
function givesPlanes() {
  planesGiven ??= (async () => {
    if (typeof ImageDecoder === 'undefined' || typeof OffscreenCanvas === 'undefined') return false;
    try {
      const canvas = new OffscreenCanvas(16, 16);
      const context = canvas.getContext('2d');
      context.fillStyle = '#c84';
      context.fillRect(0, 0, 16, 16);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
      const frame = await decodeFrame(await blob.arrayBuffer());
      const given = PLANAR.includes(frame.format);
      frame.close();
      return given;
    } catch {
      return false;
    }
  })();
  return planesGiven;
}

/**
 * The first frame of a JPEG's bytes by the browser's ImageDecoder, unconverted;
 * given the whole file at once (Chromium decodes a stream's to BGRX, not to planes).
 */
async function decodeFrame(data) {
  const decoder = new ImageDecoder({ data, type: 'image/jpeg', colorSpaceConversion: 'none' });
  try {
    return (await decoder.decode()).image;
  } finally {
    decoder.close();
  }
}

/**
 * The EXIF orientation (1 to 8) of a frame the browser turns by `rotation`
 * (degrees clockwise) and then mirrors across by `flip`, as it shows the file.
 */
const orientation = ({ rotation = 0, flip = false }) =>
  flip ? { 0: 2, 90: 5, 180: 4, 270: 7 }[rotation] : { 0: 1, 90: 6, 180: 3, 270: 8 }[rotation];

/**
 * A JPEG's planes, copied out of the decoder's frame into a buffer of their own:
 * { width, height, frameFormat, planes, offsets, strides, turn } (`turn`: the
 * EXIF orientation they are shown by), or null where the browser gives none for
 * this file (it may still decode it otherwise); with `asStored`, only planes
 * shown as stored.
 */
async function jpegPlanes(bytes, asStored) {
  if (!(await givesPlanes())) return null;
  let frame;
  try {
    frame = await decodeFrame(bytes);
  } catch {
    return null; // the way `otherwise` says decides, and words its error
  }
  try {
    const turn = orientation(frame);
    if (!PLANAR.includes(frame.format) || !turn || (asStored && turn !== 1)) return null;
    const { width, height } = frame.visibleRect;
    const planes = new Uint8Array(frame.allocationSize());
    const layout = await frame.copyTo(planes);
    return {
      width,
      height,
      frameFormat: frame.format,
      planes,
      offsets: layout.map((p) => p.offset),
      strides: layout.map((p) => p.stride),
      turn,
    };
  } finally {
    frame.close();
  }
}

/** The planes finished here into a picture's parts, as 'pixels' gives them. */
async function finished({ width, height, frameFormat, planes, offsets, strides }) {
  ready ??= init();
  await ready;
  const rgba = finishPlanes(planes, frameFormat, width, height, Uint32Array.from(offsets), Uint32Array.from(strides));
  return { width, height, depth: 8, rgba, deep: null, hdr: null };
}

/**
 * The browser's exact decode of an opaque 8-bit file read back; with `keep`, its
 * bitmap kept (`exact`) to be shown.
 */
async function pixels(blob, keep) {
  const bitmap = await createImageBitmap(blob, EXACT);
  const { width, height } = bitmap;
  const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  const rgba = new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
  if (!keep) bitmap.close();
  return { width, height, depth: 8, rgba, deep: null, hdr: null, exact: keep ? bitmap : null };
}

/**
 * How the browser shows the file (`show`, the page's: 'same' or 'decode'), as
 * www/site.js's showPicture takes it: the exact decode (`exact`, a bitmap the
 * answer keeps, or one it hands over, `copy`) where the page found the file opaque
 * and with no colour profile, which the browser then shows as stored (EXIF
 * turns both alike); else a decode of its own (`rendering`), kept on purpose: the
 * exact decode is made with no colour conversion, so a file's profile would be
 * missed, and a file the Rust decoder reads (16-bit, translucent) has no exact
 * decode by the browser to show.
 */
async function shownOf(show, blob, exact = null, copy = false) {
  if (!show) {
    if (!copy) exact?.close();
    return null;
  }
  if (show === 'same' && exact) return copy ? createImageBitmap(exact) : exact;
  if (!copy) exact?.close();
  return rendering(blob);
}

/**
 * The next band of a file read in bands (its decoder let go after the last),
 * written into `spare`'s arrays, a band the page has sent on, where they fit;
 * with `count`, counted from here on (the page counts on a CPU GPU).
 */
function nextBand(id, spare, count) {
  const decoder = reading.get(id);
  if (!decoder) throw worded('input-no-longer-read');
  try {
    if (count) decoder.countBands(count);
    const band = decoder.nextBand(spare?.samples, spare?.rgba);
    if (band) {
      const [samples, rgba] = band;
      return { message: { id, next: true, samples, rgba }, buffers: [samples.buffer, rgba.buffer] };
    }
    const message = { id, next: true, end: true, notes: decoder.notes(), deepNotes: decoder.deepNotes(), counts: decoder.counts() };
    reading.delete(id);
    decoder.free();
    return { message, buffers: [] };
  } catch (e) {
    reading.delete(id);
    decoder.free();
    throw e;
  }
}

// With how much wasm memory this worker is left (it never shrinks), and whether a
// file is still being read from it: the page lets go of a worker that a large
// picture left holding much, once nothing is left to send.
const memory = () => ({ memory: ready ? wasmMemoryBytes() : 0, reading: reading.size });

// The worker's own errors go to the page as a message's id and arguments, as the
// decoder's do (src/words.rs), which the page words in its language (a module
// worker that awaited its catalogue before listening would miss the page's first
// message).
const worded = (id, args) => Object.assign(new Error(id), { words: saying(id, args) });

self.onmessage = async ({ data: { id, bytes, how: asked, otherwise, finish, count, bands, show, next, spare } }) => {
  if (next) {
    try {
      const { message, buffers } = nextBand(id, spare, count);
      self.postMessage({ ...message, ...memory() }, buffers);
    } catch (e) {
      self.postMessage({ id, next: true, error: e instanceof Error ? e.message : String(e), words: e?.words });
    }
    return;
  }
  // The browser's decoders take a Blob of the bytes (made once, where one is needed).
  let made = null;
  const blob = () => (made ??= new Blob([bytes]));
  const shown = (exact, copy) => shownOf(show, show && blob(), exact, copy);
  try {
    let how = asked;
    let parts = null;
    if (how === 'planes') {
      // Finished here as stored only (the browser's pixels come turned).
      const planes = await jpegPlanes(bytes, finish);
      if (planes && !finish) {
        const view = await shown(null);
        self.postMessage({ id, ...planes, shown: view, way: 'planes' }, [planes.planes.buffer, view].filter(Boolean));
        return;
      }
      if (planes) parts = { ...await finished(planes), way: 'planes finished' };
      else how = otherwise;
    }
    if (how === 'bitmap') {
      let bitmap;
      try {
        bitmap = await createImageBitmap(blob(), EXACT);
      } catch (e) {
        throw worded('input-browser-could-not-decode', { why: e instanceof Error ? e.message : String(e) });
      }
      // The picture closes its bitmap when freed: the one shown is a copy (no decode).
      const view = await shown(bitmap, true);
      self.postMessage({ id, bitmap, shown: view, way: 'bitmap' }, [bitmap, view].filter(Boolean));
      return;
    }
    parts ??= await (how === 'rust' ? rust(bytes, id, bands) : pixels(blob(), show === 'same'));
    const { exact, ...answer } = parts;
    if (!answer.bands) answer.shown = await shown(exact);
    // An 8-bit picture counted here, on the CPU, when asked: where the CPU plays
    // the GPU this is the page's first count (docs/DECISIONS.md, 6). Its pixels go
    // first, and the page sends them to the GPU while they are counted here.
    const counting = count && answer.depth === 8 ? answer.rgba.slice() : null;
    const buffers = [answer.rgba, answer.deep, answer.hdr].filter(Boolean).map((a) => a.buffer);
    self.postMessage({ id, way: how, ...answer, counting: Boolean(counting), ...memory() }, [...buffers, answer.shown].filter(Boolean));
    if (counting) {
      ready ??= init();
      await ready;
      const counts = countRgba(answer.width, answer.height, counting, count);
      self.postMessage({ id, counts, countBins: count, ...memory() }, [counts.buffer]);
    }
  } catch (e) {
    const unsupported = e?.name === 'UnsupportedFormat';
    // A format the Rust decoder does not read goes back, bytes and all, for the browser's decode.
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e), words: e?.words, unsupported, bytes: unsupported ? bytes : null },
      unsupported && bytes ? [bytes.buffer] : []);
  }
};
