// A video's frames as an editor counts them: its frame rate from the file's own
// header, the frame at a time, and timecode. The element says neither: Chromium's
// requestVideoFrameCallback gives a frame's own time, Firefox's the element's
// current time (a step learned from it was a fraction of a frame), so frame steps
// and frame numbers rest on the rate the file declares: a WebM (Matroska) video
// track's DefaultDuration, an MP4 video track's commonest sample duration over its
// timescale. Only the header is read: the first megabyte, where both formats put
// it when made for the web (an MP4 with its index at the end gives no rate, and
// the transport learns one while the video plays).

const HEAD = 1 << 20;

/** The usual frame rates, slowest first. */
export const RATES = [24000 / 1001, 24, 25, 30000 / 1001, 30, 48, 50, 60000 / 1001, 60, 120];

/** The first `HEAD` bytes of `source`: a dropped file, or the URL of the site's own video. */
async function head(source) {
  if (source instanceof Blob) return new Uint8Array(await source.slice(0, HEAD).arrayBuffer());
  const response = await fetch(source);
  if (!response.ok || !response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const parts = [];
  let length = 0;
  while (length < HEAD) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  reader.cancel().catch(() => {});
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return bytes.subarray(0, HEAD);
}

/** Frames a second that `source`'s header (a file, or a URL) declares for its video, or null. */
export async function declaredRate(source) {
  try {
    const bytes = await head(source);
    const rate = bytes[0] === 0x1a && bytes[1] === 0x45 ? matroskaRate(bytes) : mp4Rate(bytes);
    // A header's nanoseconds round 30 fps to 30.0000003: the usual rate it is.
    return rate > 0 && rate < 1000 ? RATES.find((r) => Math.abs(r - rate) < r * 1e-5) ?? rate : null;
  } catch {
    return null;
  }
}

/** An EBML variable-length integer at `at`: { value, length }; `marker` keeps the length bit (IDs do). */
function vint(bytes, at, marker) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  let value = marker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i];
  const unknown = !marker && value === 2 ** (7 * length) - 1;
  return { value: unknown ? Infinity : value, length };
}

// Matroska: Segment > Tracks > TrackEntry > TrackType (1: video), DefaultDuration (ns).
const DESCEND = new Set([0x18538067, 0x1654ae6b, 0xae]);
const CLUSTER = 0x1f43b675;

function matroskaRate(bytes) {
  let found = null;
  const walk = (from, to) => {
    let at = from;
    while (at < to && found === null) {
      const id = vint(bytes, at, true);
      const size = id && vint(bytes, at + id.length, false);
      if (!size || id.value === CLUSTER) return;
      const body = at + id.length + size.length;
      const end = Math.min(to, body + size.value);
      if (id.value === 0xae) {
        const entry = {};
        for (let p = body; p < end;) {
          const i = vint(bytes, p, true);
          const s = i && vint(bytes, p + i.length, false);
          if (!s || !Number.isFinite(s.value)) break;
          const value = p + i.length + s.length;
          if (s.value <= 8) {
            const v = bytes.subarray(value, value + s.value).reduce((n, b) => n * 256 + b, 0);
            if (i.value === 0x83) entry.type = v;
            if (i.value === 0x23e383) entry.duration = v;
          }
          p = value + s.value;
        }
        if (entry.type === 1 && entry.duration) found = 1e9 / entry.duration;
      } else if (DESCEND.has(id.value)) {
        walk(body, end);
      }
      at = end;
    }
  };
  walk(0, bytes.length);
  return found;
}

// MP4: moov > trak > mdia > (hdlr 'vide', mdhd's timescale, minf > stbl > stts).
const BOXES = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

function mp4Rate(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  let rate = null;
  const walk = (from, to, track) => {
    for (let at = from; at + 8 <= to;) {
      let size = view.getUint32(at);
      let body = at + 8;
      if (size === 1) {
        if (at + 16 > to) return;
        size = Number(view.getBigUint64(at + 8));
        body = at + 16;
      } else if (size === 0) {
        size = to - at;
      }
      if (size < 8) return;
      const end = Math.min(to, at + size);
      const name = type(at);
      if (name === 'trak') {
        const t = {};
        walk(body, end, t);
        if (t.handler === 'vide' && t.timescale && t.delta) rate = rate ?? t.timescale / t.delta;
      } else if (BOXES.has(name)) {
        walk(body, end, track);
      } else if (track && name === 'hdlr' && body + 12 <= end) {
        track.handler = String.fromCharCode(...bytes.subarray(body + 8, body + 12));
      } else if (track && name === 'mdhd' && body + 24 <= end) {
        track.timescale = view.getUint32(body + (bytes[body] === 1 ? 20 : 12));
      } else if (track && name === 'stts' && body + 8 <= end) {
        // The commonest sample duration.
        let best = 0;
        for (let i = 0, n = view.getUint32(body + 4); i < n && body + 16 + 8 * i <= end; i++) {
          const count = view.getUint32(body + 8 + 8 * i);
          if (count > best) { best = count; track.delta = view.getUint32(body + 12 + 8 * i); }
        }
      }
      at = at + size;
    }
  };
  walk(0, bytes.length, null);
  return rate;
}

/** The frame shown at `time` (seconds) at `fps`: a time a hair before a frame's start is that frame (29.97's starts are not exact in binary). */
export const frameAt = (time, fps) => Math.max(0, Math.floor(time * fps + 1e-3));

/** SMPTE timecode HH:MM:SS:FF of frame `n` at `fps`, counted at the nominal whole rate (non-drop). */
export function timecode(n, fps) {
  const base = Math.round(fps);
  const pad = (v) => String(v).padStart(2, '0');
  const seconds = Math.floor(n / base);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${pad(n % base)}`;
}
