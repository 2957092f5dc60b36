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
    return t('video-does-not-decode', { what, why: errorText(failure) });
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
  // An HDR file's own decoder (www/frames.js), if one was made.
  v.hdr?.then(({ decoder }) => decoder?.close());
  if (v.src.startsWith('blob:')) URL.revokeObjectURL(v.src);
  v.srcObject?.getTracks?.().forEach((t) => t.stop());
  v.removeAttribute('src');
  v.srcObject = null;
  v.load();
}
