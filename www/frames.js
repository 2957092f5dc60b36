// A page's live video: the <video> element and its sources (a file, the camera, the
// site's own video), the frame pump that brings each frame to the GPU, and what
// happens when a frame fails or the GPU device is lost. The video page and the
// studio use it and only say how to draw: a view over each Live (page/src/live.rs),
// made anew for each source and frame size.
//
// Frames reach the GPU by one of three paths (`FRAME_PATHS`). On a GPU the CPU
// plays, the decoder's own bytes through WebCodecs (the frame pass converts them):
// there the browser's copy or import proved 35-55 times slower (docs/DECISIONS.md, 11). On a
// real GPU, the browser's frame imported as an external texture, but for an HDR
// video's 10-bit frames, whose codes only the decoder's bytes keep. The browser's
// copy from the element where neither can be had.
import { Live, frameLayoutRead, hdrTransfer } from '../pkg/histogram.js';
import { el, errorText, nextRepaint } from './site.js';
import { t } from './l10n.js';
import { lostWithin } from './page.js';
import { FRAMES_IN_FLIGHT, inFlightLimit } from './frame-pace.js';
import { importPass } from './frame-import.js';
import { hdrDecoder } from './hdr-video.js';
import { discard, problemWith } from './video-sources.js';

/** The ways a frame reaches the GPU, by name, as the pages offer them. */
export const FRAME_PATHS = {
  import: t('video-path-import'),
  decoded: t('video-path-decoded'),
  copy: t('video-path-copy'),
};

/**
 * Whether `video`'s frames are an HDR video's whose codes the page can have: as
 * 10-bit planes from the element, or (a PQ or HLG WebM or MP4 file) from its own
 * decoder (www/hdr-video.js) once its first frame has come 10-bit. The import and the
 * copy convert them to 8-bit pictures. Asked once a source; where an HDR video's
 * codes cannot be had, `video.hdrSaid` says why once known ('too-large',
 * 'other-kind', 'eight-bit'), of a video the element or its own track names HDR,
 * and `known` is called.
 */
function hdrCodes(video, known) {
  if (video.hdrCodes === undefined) {
    video.hdrCodes = false;
    // The transfer the element names: HDR's, another, or none (Firefox's).
    let [named, unnamed] = [null, true];
    try {
      const frame = new VideoFrame(video);
      const transfer = frame.colorSpace?.transfer;
      [named, unnamed] = [hdrTransfer(transfer ?? undefined), !transfer];
      video.hdrCodes = /P10$/.test(frame.format ?? '');
      frame.close();
    } catch { /* no frame to look at: the element's pictures */ }
    // A file the element names SDR is not read; one it names nothing is, to learn.
    if (!video.hdrCodes && video.file && (named || unnamed)) {
      video.hdr ??= hdrDecoder(video.file);
      video.hdr.then(async ({ decoder, why }) => {
        if (decoder) {
          // Firefox names no transfer on the element's frames and decodes this
          // one to 8-bit BGRX: only a 10-bit first frame is taken.
          const frame = await decoder.frameAt(decoder.first).catch(() => null);
          if (/P10$/.test(frame?.format ?? '')) {
            video.hdrCodes = true;
          } else {
            why = 'eight-bit';
            decoder.close();
            video.hdr = Promise.resolve({ why });
          }
          frame?.close();
        }
        if (why && why !== 'sdr' && (named || decoder)) video.hdrSaid = why;
        known();
      });
    }
  }
  return video.hdrCodes;
}

/**
 * The frame to read planes from for the element's `frame`: itself in a layout
 * the frame pass reads; an HDR file's own decoding of it (which the caller
 * closes); or null.
 */
async function planesOf(video, frame) {
  if (frameLayoutRead(frame.format ?? '')) return frame;
  if (!video.hdrCodes || !video.hdr) return null;
  const { decoder } = await video.hdr;
  const decoded = await decoder?.frameAt(frame.timestamp);
  if (decoded && frameLayoutRead(decoded.format ?? '')) return decoded;
  decoded?.close();
  return null;
}

const shortWait = () => new Promise((resolve) => setTimeout(resolve, 4));

/**
 * `gpu()`: the page's GpuContext (null without one); `bins()`: bins to count;
 * `viewOver(live)`: the page's view of a Live, with `drawFrame()`; `drawn()`: after
 * each new frame drawn; `error(text)`: a message for the page's alert (the video is
 * paused or kept as it was); `switched(name)`: a new source took the place of the
 * old, about to play (`name`: the source in words, "The camera", a sentence's
 * subject); `playing(name)`, `paused()`: the current source's state (`paused`
 * again once a frame stepped or scrubbed to is drawn: its readouts are new); `kept`:
 * what a refused source leaves in place, a sentence ("The previous video is kept.");
 * `method`, `beside`: a page's own counting method and one to time beside it
 * (the fragment page), else the Live's choice; `counting(method, beside)` changes
 * them. `path()`: a page's forced frame path (a key of FRAME_PATHS), or null for
 * this GPU's own (`pathFor`).
 */
export function liveVideo({
  gpu, bins = () => 256, viewOver, drawn = () => {}, error, switched = () => {}, playing = () => {}, paused = () => {}, kept,
  method, beside, path = () => null,
}) {
  let video = newVideo();
  let name = null;
  let live = null;
  let view = null;
  // Between a device loss and the new device: nothing to draw with.
  let recovering = false;
  let frameBytes = new Uint8Array(0);
  // The draw running (settled when it ends), and the one asked for after it
  // (again: drawn even if it is the same frame).
  let rendering = null;
  let followUp = null;
  let followAgain = false;
  let lastFrame = null;
  let wake = () => {};
  // The import pass over the current Live (remade with it), and the path last used.
  let importer = null;
  let used = null;
  // The frame drawn last, as it went: its path, media time, size, and for the
  // decoder's bytes their layout and how many were copied.
  let record = null;
  // For each frame submitted and not yet done: its queue's onSubmittedWorkDone.
  let inFlight = [];

  function newVideo() {
    const v = el('video', { muted: true, loop: true, playsInline: true, preload: 'auto' });
    v.muted = true; // the attribute alone does not mute for autoplay purposes
    // Frames the element has presented (see `frameKey`).
    v.presented = 0;
    const count = (now, meta) => {
      v.presented = meta.presentedFrames;
      v.mediaTime = meta.mediaTime;
      // A frame the element presents while paused after a step or scrub, which
      // the draw at 'seeked' may not have had: on a loaded machine Chromium's
      // 'seeked' can come before the element holds the frame it then shows. Drawn
      // and said if it is not the one drawn.
      if (v === video && v.stepped && v.paused) render(false, true).then((done) => { if (done === 'drawn' || done === 'copied') paused(); });
      v.requestVideoFrameCallback(count);
    };
    v.requestVideoFrameCallback?.(count);
    v.addEventListener('play', () => { v.stepped = false; if (v === video) { wake(); playing(name); } });
    v.addEventListener('pause', () => {
      // A source taken without playing it was paused after its check: no news.
      if (v.quietPause) {
        v.quietPause = false;
        return;
      }
      if (v !== video || !name) return;
      // A file's frame is drawn once the element has settled where it stopped (a
      // seek there, then 'seeked'): at the pause, Firefox's decoder may hand out
      // the frame after the one the element goes on showing.
      if (v.srcObject) render(true).then(paused);
      else v.currentTime = v.currentTime;
    });
    // A frame scrubbed or stepped to while paused is counted and drawn, and said
    // as a paused frame is.
    v.addEventListener('seeked', () => {
      if (v !== video || !name || !v.paused) return;
      v.stepped = true;
      render(true).then(paused);
    });
    v.addEventListener('error', () => {
      if (!(v === video && name)) return;
      const why = v.error?.message;
      fail(new Error(why ? t('video-stopped-playing', { what: name, why }) : t('video-stopped-playing-unsaid', { what: name })));
    });
    return v;
  }

  /** Frees the Live and its view (a new source, size or device makes new ones). */
  function release() {
    view?.free();
    live?.free();
    view = null;
    live = null;
    importer = null;
  }

  /** The view of a Live for frames of this size from the current element. */
  function viewFor(width, height) {
    if (!live || !live.fits(width, height, bins()) || live.element !== video) {
      release();
      live = new Live(gpu(), width, height, bins(), method, beside);
      live.element = video;
      view = viewOver(live);
    }
    return view;
  }

  /**
   * Sends the decoder's bytes of the current frame to the GPU: 'drawn', or 'same'
   * when it is the frame drawn last (unless `again`), or null for a pixel format
   * the frame pass does not read.
   */
  async function renderDecoded(again) {
    const frame = new VideoFrame(video);
    let source = null;
    try {
      const key = frameKey(frame);
      if (key === lastFrame && !again) return 'same';
      if (key === lastFrame && live) {
        // Its bytes are on the GPU already (drawn again for a new canvas size): not
        // copied out again, which held the page's thread until the GPU's queue was
        // done. Drawn once what is queued is done: a window being resized asks many
        // times a second, and a slow kernel's frames would pile up on the GPU.
        while (inFlight.length) await inFlight.shift();
        if (live) {
          view.drawFrame();
          return 'drawn';
        }
      }
      source = await planesOf(video, frame);
      if (!source) return null;
      const { width, height } = source.visibleRect;
      const size = source.allocationSize();
      if (frameBytes.length < size) frameBytes = new Uint8Array(size);
      const planes = await source.copyTo(frameBytes);
      // Lost while the bytes were copied out: no Live is made on the old device.
      if (recovering) return null;
      const { matrix, fullRange } = source.colorSpace;
      const v = viewFor(width, height);
      live.upload(frameBytes.subarray(0, size), source.format,
        Uint32Array.from(planes, (p) => p.offset), Uint32Array.from(planes, (p) => p.stride),
        matrix ?? undefined, fullRange ?? false);
      v.drawFrame();
      lastFrame = key;
      record = {
        path: 'decoded', time: stamped(frame) ? frame.timestamp / 1e6 : video.currentTime, width, height, format: source.format, bytes: size, transfer: source.colorSpace.transfer,
      };
      return 'drawn';
    } finally {
      if (source !== frame) source?.close();
      frame.close();
    }
  }

  /**
   * What tells this frame from the last: its timestamp (microseconds). Firefox
   * (153) stamps a frame taken from a <video> in whole seconds (0 for every frame
   * of the first second, then 1, ...; a camera's always 0), so 29 of 30 frames
   * looked like the last and its pages drew one frame a second. Where a stamp is
   * that far from the element's time, the count of frames the element has
   * presented tells them apart (requestVideoFrameCallback's, which Firefox keeps
   * for a camera too, and the playback quality's).
   */
  function frameKey(frame) {
    if (stamped(frame)) return frame.timestamp;
    return `${frame.timestamp}:${video.presented}:${video.getVideoPlaybackQuality?.().totalVideoFrames}`;
  }

  /** Whether `frame`'s stamp is its time in the video (not Firefox's whole seconds, or 0). */
  const stamped = (frame) => Math.abs(frame.timestamp - video.currentTime * 1e6) < 500_000;

  /**
   * The hardware path (www/frame-import.js): 'drawn', or 'same' when the element
   * has shown no new frame (unless `again`).
   */
  function renderImported(again) {
    // Any sign of a new frame: the presented count, the media time or the decoded
    // count. They move at different moments, so a 30 fps video is imported about
    // 40 times a second on an H100, but the element then drops the fewest frames:
    // at 4K60 (15 s) 1 of 892, against 6-9 keyed by the decoded count alone and
    // 29-32 by the presented count alone (docs/DECISIONS.md, 15).
    const decoded = video.getVideoPlaybackQuality?.().totalVideoFrames;
    const key = `${video.presented}:${video.mediaTime}:${decoded}`;
    if (!again && key === lastFrame) return 'same';
    const v = viewFor(video.videoWidth, video.videoHeight);
    if (importer?.live !== live) importer = importPass(gpu(), live);
    importer.run(video);
    v.drawFrame();
    lastFrame = key;
    record = { path: 'import', time: video.currentTime, width: video.videoWidth, height: video.videoHeight };
    return 'drawn';
  }

  /** The path for this GPU and browser: the page's choice where it can be had. */
  function pathNow() {
    const raw = gpu().rawDevice;
    const can = {
      import: Boolean(raw?.importExternalTexture),
      decoded: 'VideoFrame' in window,
      copy: true,
    };
    const forced = path();
    if (forced && can[forced]) return forced;
    // Once the file's own decoder is looked at, the frame drawn again: on its
    // path, with the Scale told.
    if (can.decoded && hdrCodes(video, () => render(true))) return 'decoded';
    return gpu().software ? (can.decoded ? 'decoded' : 'copy') : can.import ? 'import' : can.decoded ? 'decoded' : 'copy';
  }

  /**
   * Draws the current frame by this GPU's path: 'drawn' (imported or from the
   * decoder's bytes), 'same' if it was drawn already (unless `again`), 'copied'
   * from the element; null when there is nothing to draw or it failed. While a
   * draw runs, a playing frame is skipped; one asked with `wait` is drawn after it.
   */
  async function render(again = false, wait = again) {
    // A paused frame asked for while a draw runs (a step's seek ended during the
    // pause's draw): once more after it, of the frame shown then.
    if (rendering && wait) {
      followAgain ||= again;
      followUp ??= rendering.then(() => {
        const twice = followAgain;
        followUp = null;
        followAgain = false;
        return render(twice);
      });
      return followUp;
    }
    if (!name || !gpu() || recovering || video.readyState < 2 || rendering) return null;
    let finished;
    rendering = new Promise((resolve) => { finished = resolve; });
    try {
      const now = pathNow();
      // Another path brings the frame again: what it leaves in the texture differs
      // (a frame from YUV keeps its Y′ for the waveform).
      if (now !== used) lastFrame = null;
      used = now;
      let done = used === 'import' ? renderImported(again) : used === 'decoded' ? await renderDecoded(again) : null;
      if (!done) {
        // A layout the frame pass does not read: the browser's copy, of a bitmap
        // (Firefox copies no video element).
        used = 'copy';
        const bitmap = await createImageBitmap(video);
        try {
          if (recovering) return null;
          // The bitmap's size: the element's may differ (pixels not square).
          const v = viewFor(bitmap.width, bitmap.height);
          live.copyBitmap(bitmap);
          v.drawFrame();
          record = { path: 'copy', time: video.currentTime, width: bitmap.width, height: bitmap.height };
        } finally {
          bitmap.close();
        }
        done = 'copied';
      }
      if (done !== 'same') {
        // The device's one queue: wgpu's submissions and the import pass alike. A
        // lost device's work is never done: its loss ends the wait.
        const device = gpu().rawDevice;
        if (device) inFlight.push(Promise.race([device.queue.onSubmittedWorkDone(), device.lost]).catch(() => {}));
        drawn();
      }
      return done;
    } catch (e) {
      fail(e);
      return null;
    } finally {
      rendering = null;
      finished();
    }
  }

  async function fail(e) {
    // The device watcher takes over a loss, also one reported after this failure.
    const g = gpu();
    if (recovering || !g || g.isLost || (await lostWithin(g.lost))) return;
    video.pause();
    error(t('video-could-not-draw', { why: errorText(e) }));
  }

  // Decoded frames are taken as soon as the last one is on its way to the GPU: the
  // loop looks for a new one every 4 ms. Waiting for requestVideoFrameCallback would
  // wait for the page's next rendering step, which the browser holds back while the
  // GPU is busy (19.7 instead of 21.9 fps on SwiftShader: docs/DECISIONS.md, 12). Frames copied
  // from the element (no WebCodecs) cannot be told apart: one per repaint.
  (async () => {
    for (;;) {
      if (video.paused) {
        await new Promise((resolve) => { wake = resolve; });
        continue;
      }
      // No new frame while the GPU has its fill: the frame taken next is the one
      // current then, and those it could not take are skipped.
      const device = gpu()?.rawDevice;
      const limit = device ? await inFlightLimit(device) : FRAMES_IN_FLIGHT;
      while (inFlight.length >= limit) await inFlight.shift();
      const done = await render();
      if (done === 'drawn') continue;
      await (done === 'same' ? shortWait() : nextRepaint());
    }
  })();

  /**
   * Puts the source that `apply(element)` sets, called `what`, in place of the
   * current one once it has shown it plays, and plays it (unless `play` is false).
   * Resolves to whether it did; if not, `error` says why and nothing changed.
   */
  async function use(apply, what, { play: andPlay = true } = {}) {
    const next = newVideo();
    apply(next);
    const problem = await problemWith(next, what);
    if (problem) {
      discard(next);
      error(t('video-refused', { problem, kept }));
      return false;
    }
    const previous = video;
    video = next;
    name = what;
    // The last frame's record is the new source's alone: the page said the old
    // one's size under the new one's frames until its next second.
    lastFrame = null;
    record = null;
    release();
    discard(previous);
    switched(what);
    if (andPlay) {
      wake();
      playing(what);
    } else {
      next.quietPause = true;
      next.pause();
      // Its first frame and histograms, drawn before play: a poster, not a black box.
      await render(true);
    }
    return true;
  }

  async function play() {
    try {
      await video.play();
      return true;
    } catch (e) {
      error(t('video-will-not-play', { why: errorText(e) }));
      return false;
    }
  }

  return {
    get video() { return video; },
    get view() { return view; },
    get live() { return live; },
    /** GPU milliseconds of the latest timed import pass (NaN if none). */
    get importMs() { return used === 'import' && importer?.timer ? importer.timer.ms : NaN; },
    /** The frame path of the frame drawn last (a key of FRAME_PATHS). */
    get path() { return used; },
    /** The frame drawn last: { path, time (s), width, height, and for 'decoded' format, bytes }. */
    get record() { return record; },
    /** Why an HDR video's 10-bit codes are not read (`hdrCodes`), or null. */
    get hdrSaid() { return video?.hdrSaid ?? null; },
    /** Whether a video or camera is the current source. */
    get active() { return name !== null; },
    render,
    play,
    toggle: () => (video.paused ? play() : video.pause()),
    // The file kept on the element: the transport reads its frame rate from it.
    useFile: (file) => use((v) => { v.file = file; v.src = URL.createObjectURL(file); }, t('video-source-file', { name: file.name })),
    useUrl: (url, what, options) => use((v) => { v.src = url; }, what, options),
    async useCamera() {
      let stream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
      } catch (e) {
        error(t('video-no-camera', { why: errorText(e), kept }));
        return false;
      }
      return use((v) => { v.srcObject = stream; }, t('video-source-camera'));
    },
    /** Makes a new Live and view for the next frame (the bins changed). */
    refresh() {
      release();
      render(true);
    },
    /** Counts with `m` (undefined: the Live's choice), timing `b` beside it, from the next frame. */
    counting(m, b) {
      method = m;
      beside = b;
      this.refresh();
    },
    /** Leaves video (the studio shows a picture instead). */
    stop() {
      name = null;
      release();
      discard(video);
    },
    // The device's policy: on a loss, stop drawing and free what the old device
    // made; on a new device, draw the current frame again; with none, pause.
    lost() {
      recovering = true;
      inFlight = [];
      release();
    },
    recovered() {
      recovering = false;
      // A render that began before the loss may have left a Live of the old device.
      release();
      render(true);
    },
    failed() {
      video.pause();
    },
  };
}
