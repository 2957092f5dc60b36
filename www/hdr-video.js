// An HDR video's frames as its own 10-bit codes (issue #77). The <video> element
// gives the page 8-bit pictures of a PQ or HLG video (Chromium: frames without a
// format, the browser's conversion; docs/DECISIONS.md, 94), so for a WebM or MP4
// file of such frames the page demuxes the file (the core's VideoTrack,
// src/video_track, in the decoder's wasm) and decodes the frame the element shows
// with WebCodecs' VideoDecoder, which gives I420P10 planes. A frame is decoded in
// order from the chunk after the last one decoded, or from the key frame before it
// when it lies behind or a key frame comes first; a request the decoder has not
// answered once its queue is empty is flushed, and the next starts again at a key
// frame. Neither container is read whole, so a file may be any size: an MP4 file's
// movie box places its frames; a WebM file's are placed by the core walking its
// elements a window at a time; then each frame is read as it is decoded.
import init, { VideoTrack } from '../pkg/decoder.js';
import { hdrTransfer, hdrVideoContainer, largestHdrVideo } from '../pkg/histogram.js';

// Bytes read from each end of a WebM file for its track's description: muxers put
// it at the file's start and the cues, which the demuxer reads too, at its end; a
// file laid out otherwise is read whole, within the core's largest.
const WEBM_PART = 1 << 20;
// The bytes a WebM file's walk is given at a time: it reads only the elements'
// headers in them, and skips the frames.
const WEBM_WINDOW = 4 << 20;

/** `file`'s bytes from `at` to `end`. */
const bytes = async (file, at, end) => new Uint8Array(await file.slice(at, end).arrayBuffer());

/**
 * A WebM file's track, its frames placed: null where it is past the core's
 * largest and its ends do not describe it. A track that names no HDR transfer
 * is given before its frames are placed (the caller needs none of them).
 */
async function webmTrack(file) {
  const small = file.size <= 2 * WEBM_PART;
  const [head, tail] = small ? [await bytes(file, 0, file.size), new Uint8Array()]
    : await Promise.all([bytes(file, 0, WEBM_PART), bytes(file, file.size - WEBM_PART, file.size)]);
  let track = VideoTrack.fromWebm(file.size, head, tail);
  if (!track && !small) {
    if (file.size > largestHdrVideo()) return null;
    track = VideoTrack.fromWebm(file.size, await bytes(file, 0, file.size), new Uint8Array());
  }
  if (!track || !hdrTransfer(track.transfer)) return track;
  try {
    for (let at; (at = track.wants) !== undefined;) track.feed(at, await bytes(file, at, at + WEBM_WINDOW));
  } catch (e) {
    track.free();
    throw e;
  }
  return track;
}

/**
 * An MP4 file's `moov` box (the movie's description, ahead of its frames or after
 * them), found by reading its top-level boxes' headers one after another: its
 * bytes, or null past the core's largest (not read); empty where it has none.
 */
async function movieBox(file) {
  for (let at = 0; at + 8 <= file.size;) {
    const head = new DataView(await file.slice(at, at + 16).arrayBuffer());
    // ISO BMFF's box header: a 32-bit size (1: a 64-bit size follows; 0: to the
    // file's end) and a four-character kind.
    const short = head.getUint32(0);
    const size = short === 1 && head.byteLength === 16 ? Number(head.getBigUint64(8)) : short || file.size - at;
    if (size < 8) break;
    const kind = String.fromCharCode(...new Uint8Array(head.buffer, 4, 4));
    if (kind === 'moov') return size > largestHdrVideo() ? null : bytes(file, at, at + size);
    at += size;
  }
  return new Uint8Array();
}

/**
 * A decoder of `file`'s HDR frames by their timestamps (`{ decoder }`:
 * `frameAt(µs)`, a VideoFrame the caller closes, or null), or why there is none
 * (`{ why }`): 'too-large' (an MP4 file's movie box past the core's largest, or a
 * WebM file past it whose ends do not describe its track: never read), 'other-kind' (not a WebM or MP4 file of VP9 or
 * AV1), 'sdr' (its track names no PQ or HLG transfer) or 'eight-bit' (this
 * browser has no VideoDecoder of it). A decoder's frames may still be 8-bit
 * (Firefox's): the caller looks.
 */
export async function hdrDecoder(file) {
  const container = hdrVideoContainer(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (!container) return { why: 'other-kind' };
  let track;
  try {
    // The decoder's wasm (the worker's codecs): a page loads it only for such a file.
    await init();
    if (container === 'mp4') {
      const moov = await movieBox(file);
      if (!moov) return { why: 'too-large' };
      track = VideoTrack.fromMovie(moov, file.size);
    } else {
      track = await webmTrack(file);
      if (!track) return { why: 'too-large' };
    }
  } catch {
    return { why: 'other-kind' };
  }
  if (!hdrTransfer(track.transfer)) {
    track.free();
    return { why: 'sdr' };
  }
  if (!('VideoDecoder' in window)) {
    track.free();
    return { why: 'eight-bit' };
  }
  const { primaries, transfer, matrix, fullRange } = track;
  const config = {
    codec: track.codec, codedWidth: track.width, codedHeight: track.height,
    colorSpace: Object.fromEntries(Object.entries({ primaries, transfer, matrix, fullRange }).filter(([, v]) => v !== undefined)),
  };
  if (!(await VideoDecoder.isConfigSupported(config).catch(() => ({}))).supported) {
    track.free();
    return { why: 'eight-bit' };
  }
  const times = track.timestamps();
  const keys = track.keys();
  // A chunk's bytes, read from where the file places it.
  const bytesOf = (k) => {
    const [at, size] = track.place(k);
    return bytes(file, at, at + size);
  };
  let decoder = null;
  // The next chunk to feed; -1 where the decoder must start again at a key frame.
  let next = -1;
  // Closed (the page took another source) while a request read a frame or waited:
  // that request ends with no frame.
  let closed = false;
  const outputs = [];
  let wake = () => {};
  const start = (at) => {
    if (decoder?.state !== 'closed') decoder?.close();
    outputs.splice(0).forEach((f) => f.close());
    decoder = new VideoDecoder({
      output: (f) => { outputs.push(f); wake(); },
      error: () => { next = -1; wake(); },
    });
    decoder.configure(config);
    decoder.addEventListener('dequeue', () => wake());
    next = at;
  };
  let queue = Promise.resolve();
  const frameAt = (timestamp) => {
    // One request at a time: each feeds the decoder from where the last left it.
    const asked = queue.then(() => decode(timestamp));
    queue = asked.catch(() => null);
    return asked;
  };
  async function decode(timestamp) {
    // The chunk shown at `timestamp`: the last at or before it.
    let i = -1;
    for (let k = 0; k < times.length && times[k] <= timestamp + 1; k++) i = k;
    if (i < 0) return null;
    let key = i;
    while (key > 0 && !keys[key]) key -= 1;
    if (closed) return null;
    if (next < 0 || i < next || key > next) start(key);
    while (!closed && next >= 0 && next <= i) {
      const k = next;
      const data = await bytesOf(k).catch(() => null);
      if (closed) return null;
      // A frame the file no longer gives: none; the next request starts again.
      if (!data) {
        next = -1;
        return null;
      }
      // The decoder failed while the frame was read: it starts again below.
      if (next !== k) break;
      decoder.decode(new EncodedVideoChunk({ type: keys[k] ? 'key' : 'delta', timestamp: times[k], data }));
      next = k + 1;
    }
    const want = times[i];
    for (;;) {
      while (outputs.length && outputs[0].timestamp < want) outputs.shift().close();
      if (outputs[0]?.timestamp === want) return outputs.shift();
      if (next < 0 || closed) return null;
      if (decoder.decodeQueueSize === 0) {
        await decoder.flush().catch(() => {});
        next = -1;
        continue;
      }
      await new Promise((resolve) => { wake = resolve; });
    }
  }
  const frames = {
    frameAt,
    /** The first frame's time (µs). */
    first: times[0],
    close() {
      closed = true;
      if (decoder?.state !== 'closed') decoder?.close();
      outputs.splice(0).forEach((f) => f.close());
      track.free();
      wake();
    },
  };
  return { decoder: frames };
}
