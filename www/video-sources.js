// A video source checked before it replaces the one playing (it loads, has a
// picture, plays, and its frames decode), and a source let go of whole.
import { errorText } from './site.js';

/**
 * Why `next` cannot replace the current source, or null if it can: it loads, it
 * has a picture (not audio only), it plays, and its frames decode. It is left
 * playing (muted, off screen): a live stream has no frame to decode until then.
 */
export async function problemWith(next, what) {
  const loaded = await new Promise((resolve) => {
    next.addEventListener('loadeddata', () => resolve(true), { once: true });
    next.addEventListener('error', () => resolve(false), { once: true });
  });
  if (!loaded) {
    return `${what} cannot be played by this browser${next.error?.message ? ` (${next.error.message})` : ''}.`;
  }
  if (!next.videoWidth || !next.videoHeight) return `${what} has no picture: audio only.`;
  try {
    await next.play();
  } catch (e) {
    return `${what} will not play: ${errorText(e)}.`;
  }
  if ('VideoFrame' in window) {
    // Right after play() a busy machine may not have presented a frame yet, and
    // a VideoFrame of the element fails until it has: give it a few frames.
    let failure = null;
    for (let tries = 0; tries < 6; tries++) {
      try {
        new VideoFrame(next).close();
        return null;
      } catch (e) {
        failure = e;
      }
      await presentedOrTimeout(next, 500);
    }
    return `${what} cannot be shown: its picture does not decode (${errorText(failure)}).`;
  }
  return null;
}

/** Resolves when `v` presents its next frame, or after `ms`, whichever is first. */
function presentedOrTimeout(v, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    v.requestVideoFrameCallback?.(() => { clearTimeout(timer); resolve(); });
  });
}

export function discard(v) {
  v.pause();
  if (v.src.startsWith('blob:')) URL.revokeObjectURL(v.src);
  v.srcObject?.getTracks?.().forEach((t) => t.stop());
  v.removeAttribute('src');
  v.srcObject = null;
  v.load();
}
