// A video source checked before it replaces the one playing (it loads, has a
// picture, plays, and its frames decode), and a source let go of whole.
import { errorText } from './site.js';
import { t } from './l10n.js';

/**
 * Why `next` (`what`: it in words, a sentence's subject: "The camera") cannot
 * replace the current source, or null if it can: it loads, it has a picture (not
 * audio only), it plays, and its frames decode. It is left playing (muted, off
 * screen): a live stream has no frame to decode until then.
 */
export async function problemWith(next, what) {
  const loaded = await new Promise((resolve) => {
    next.addEventListener('loadeddata', () => resolve(true), { once: true });
    next.addEventListener('error', () => resolve(false), { once: true });
  });
  if (!loaded) {
    const why = next.error?.message;
    return why ? t('video-cannot-be-played', { what, why }) : t('video-cannot-be-played-unsaid', { what });
  }
  if (!next.videoWidth || !next.videoHeight) return t('video-audio-only', { what });
  try {
    await next.play();
  } catch (e) {
    return t('video-source-will-not-play', { what, why: errorText(e) });
  }
  if ('VideoFrame' in window) {
    // Right after play() a busy machine may not have presented a frame yet, and
    // a VideoFrame of the element fails until it has: give it a few frames, as
    // many as it presents however slowly, until it ends.
    let failure = null;
    for (let tries = 0; tries < 6; tries++) {
      try {
        new VideoFrame(next).close();
        return null;
      } catch (e) {
        failure = e;
      }
      if (next.ended || next.error || !(await moved(next))) break;
    }
    return t('video-does-not-decode', { what, why: errorText(failure) });
  }
  return null;
}

/** How long a source that has played may go with no new frame: it has stopped. */
const STALLED_MS = 30_000;

/**
 * Whether `v` presents a frame (or, where the browser cannot say so, moves its
 * time) before it ends, fails or shows nothing new for STALLED_MS.
 */
function moved(v) {
  return new Promise((resolve) => {
    const settle = (yes) => {
      clearTimeout(timer);
      v.removeEventListener('ended', stopped);
      v.removeEventListener('error', stopped);
      v.removeEventListener('timeupdate', presented);
      resolve(yes);
    };
    const stopped = () => settle(false);
    const presented = () => settle(true);
    const timer = setTimeout(stopped, STALLED_MS);
    v.addEventListener('ended', stopped);
    v.addEventListener('error', stopped);
    if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(presented);
    else v.addEventListener('timeupdate', presented);
  });
}

export function discard(v) {
  v.pause();
  // An HDR file's own decoder (www/frames.js), if one was made.
  v.hdr?.then(({ decoder }) => decoder?.close());
  if (v.src.startsWith('blob:')) URL.revokeObjectURL(v.src);
  v.srcObject?.getTracks?.().forEach((t) => t.stop());
  v.removeAttribute('src');
  v.srcObject = null;
  v.load();
}
