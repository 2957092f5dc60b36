// Feeds a playing video's frames to the GPU: to a VideoView (the video page) or a
// Studio, anything with renderFrame / renderElement. The decoder's own bytes go
// through WebCodecs where the browser has it (the frame pass converts them on the
// GPU), else the browser copies the element. A view is made for each frame size.

// Layouts the frame pass converts; others use the browser's copy.
const FRAME_FORMATS = ['NV12', 'I420', 'I420A', 'RGBA', 'RGBX', 'BGRA', 'BGRX'];

const nextRepaint = () => new Promise((resolve) => requestAnimationFrame(resolve));
const shortWait = () => new Promise((resolve) => setTimeout(resolve, 4));

/**
 * Draws `video`'s frames through `viewFor(width, height)` while it plays.
 * `ready()` says whether drawing is possible now (a GPU, no device being replaced);
 * `drawn()` is called for each new frame drawn; `failed(error)` when one fails.
 */
export function pumpFrames(video, { viewFor, ready, drawn, failed }) {
  let frameBytes = new Uint8Array(0);
  let rendering = false;
  let lastTimestamp = null;

  /**
   * Sends the decoder's bytes of the current frame to the GPU: 'drawn', or 'same'
   * when it is the frame drawn last (unless `again`), or null for a pixel format
   * the frame pass does not read.
   */
  async function renderDecoded(again) {
    const frame = new VideoFrame(video);
    try {
      if (!FRAME_FORMATS.includes(frame.format)) return null;
      if (!again && frame.timestamp === lastTimestamp) return 'same';
      const { width, height } = frame.visibleRect;
      const size = frame.allocationSize();
      if (frameBytes.length < size) frameBytes = new Uint8Array(size);
      const planes = await frame.copyTo(frameBytes);
      const { matrix, fullRange } = frame.colorSpace;
      viewFor(width, height).renderFrame(frameBytes.subarray(0, size), frame.format,
        Uint32Array.from(planes, (p) => p.offset), Uint32Array.from(planes, (p) => p.stride),
        matrix ?? undefined, fullRange ?? false);
      lastTimestamp = frame.timestamp;
      return 'drawn';
    } finally {
      frame.close();
    }
  }

  /**
   * Draws the current frame: 'drawn' from the decoder's bytes, 'same' if it was
   * drawn already, 'copied' from the element; null when there is nothing to draw
   * or it failed.
   */
  async function render(again = false) {
    if (!ready() || video.readyState < 2 || rendering) return null;
    rendering = true;
    try {
      let done = 'VideoFrame' in window ? await renderDecoded(again) : null;
      if (!done) {
        viewFor(video.videoWidth, video.videoHeight).renderElement();
        done = 'copied';
      }
      if (done !== 'same') drawn();
      return done;
    } catch (e) {
      failed(e);
      return null;
    } finally {
      rendering = false;
    }
  }

  // Decoded frames are taken as soon as the last one is on its way to the GPU: the
  // loop looks for a new one every 4 ms. Waiting for requestVideoFrameCallback would
  // wait for the page's next rendering step, which the browser holds back while the
  // GPU is busy (19.7 instead of 21.9 fps on SwiftShader: NOTES.md). Frames copied
  // from the element (no WebCodecs) cannot be told apart: one per repaint.
  (async () => {
    for (;;) {
      if (video.paused) await new Promise((resolve) => video.addEventListener('play', resolve, { once: true }));
      const done = await render();
      if (done === 'drawn') continue;
      await (done === 'same' ? shortWait() : nextRepaint());
    }
  })();

  return { render };
}
