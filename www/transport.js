// A video's transport, the same on every page that plays one (the video chapter,
// the studio, the chapters and scopes that play the project's video): play and pause that stay, a scrubber, a frame back and on, loop on
// or off, and the state said in words. Keys, from anywhere on the page but a text
// field or a control that takes them: Space or K plays or pauses; the left and
// right arrows (or , and .) step one frame, pausing first. A frame stepped to, or
// scrubbed to, is counted and drawn like any other (the frames module draws the
// current frame on `seeked`).
import { el } from './site.js';
import { t } from './l10n.js';

/** The usual frame rates, slowest first. */
const RATES = [24000 / 1001, 24, 25, 30000 / 1001, 30, 48, 50, 60000 / 1001, 60, 120];

/** Seconds as m:ss.t. */
const clock = (s) => {
  if (!Number.isFinite(s)) return '–';
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
};

/**
 * The transport over `frames` (liveVideo's object: its `video`, `play`, `render`),
 * as an element; `keysFrom(target)` says whether a key pressed on `target` is the
 * transport's (the page's own controls keep theirs), `active()` whether a video is
 * the page's source now (a page that shows pictures too).
 */
export function transport(frames, { keysFrom = defaultKeys, active = () => true } = {}) {
  const toggle = el('button', { type: 'button', class: 'tp-toggle', 'aria-pressed': 'false' }, t('video-play'));
  const back = el('button', { type: 'button', 'aria-label': t('video-frame-back') }, '◀|');
  const on = el('button', { type: 'button', 'aria-label': t('video-frame-on') }, '|▶');
  const scrub = el('input', { type: 'range', min: 0, max: 1000, value: 0, step: 1, class: 'tp-scrub', 'aria-label': t('video-position') });
  const loop = el('input', { type: 'checkbox', checked: true });
  const state = el('p', { class: 'tp-state', role: 'status' }, t('video-none-yet'));
  const bar = el('div', { class: 'transport', role: 'group', 'aria-label': t('video-transport') },
    toggle, back, on, scrub, el('label', { class: 'option' }, loop, t('video-loop')), state);

  // One frame's length, from the steps between the decoder's times of frames shown
  // in a row. A slow machine drops frames, so a step is a whole number of frames,
  // not always one: the frame is the longest of the usual frame lengths that every
  // step seen is a whole number of (steps of 4 and 3 frames at 30 fps say 1/30 s,
  // where the shortest step alone said 4/30), or the shortest step where none fits
  // (a camera's own rate); 1/30 s until a step is seen.
  const steps = [];
  const frameLength = () => {
    if (!steps.length) return 1 / 30;
    const whole = (frame) => steps.every((d) => Math.abs(d / frame - Math.round(d / frame)) < 0.05);
    return RATES.map((fps) => 1 / fps).find((frame) => frame <= Math.min(...steps) * 1.01 && whole(frame)) ?? Math.min(...steps);
  };
  let lastMedia = null;
  const video = () => frames.video;
  // Seekable where the source says so: a server that answers no byte ranges, or a
  // camera, plays from the start only.
  const seekable = () => {
    const v = video();
    return Number.isFinite(v?.duration) && v.duration > 0 && v.seekable.length > 0 && v.seekable.end(v.seekable.length - 1) > 0;
  };

  const show = () => {
    const v = video();
    if (!v || !frames.active) {
      state.textContent = t('video-none-yet');
      bar.dataset.state = 'none';
      for (const c of [toggle, back, on, scrub, loop]) c.disabled = !v;
      return;
    }
    const ended = v.ended || (!v.loop && seekable() && v.currentTime >= v.duration - frameLength() / 2);
    const now = v.paused ? (ended ? 'ended' : 'paused') : 'playing';
    const at = { time: clock(v.currentTime), duration: clock(v.duration), length: seekable() ? 'known' : 'live' };
    state.textContent = t('video-transport-state', { ...at, state: now, loop: v.loop ? 'yes' : 'no' });
    bar.dataset.state = now;
    toggle.textContent = t(v.paused ? 'video-play' : 'video-pause');
    toggle.setAttribute('aria-pressed', String(!v.paused));
    for (const c of [toggle, loop]) c.disabled = false;
    for (const c of [back, on, scrub]) c.disabled = !seekable();
    if (seekable() && document.activeElement !== scrub) scrub.value = Math.round((1000 * v.currentTime) / v.duration);
    scrub.setAttribute('aria-valuetext', t('video-transport-position', at));
    loop.checked = v.loop;
  };
  const seek = (time) => {
    const v = video();
    if (!v || !seekable()) return;
    v.currentTime = Math.min(v.duration, Math.max(0, time));
  };
  const step = (frames) => {
    const v = video();
    if (!v || !seekable()) return;
    if (!v.paused) v.pause();
    // From the start of the frame shown (the decoder's time for it, while it is
    // still the one at the current time) to the middle of the frame wanted: a time
    // on a frame's edge may show either.
    const frame = frameLength();
    const shown = lastMedia !== null && Math.abs(lastMedia - v.currentTime) < frame ? lastMedia : Math.floor(v.currentTime / frame) * frame;
    seek(shown + (frames + 0.5) * frame);
  };
  const playPause = () => {
    const v = video();
    if (!v) return;
    if (v.paused) frames.play();
    else v.pause();
  };

  toggle.addEventListener('click', playPause);
  back.addEventListener('click', () => step(-1));
  on.addEventListener('click', () => step(1));
  scrub.addEventListener('input', () => {
    const v = video();
    if (v && seekable()) seek((Number(scrub.value) / 1000) * v.duration);
  });
  loop.addEventListener('change', () => { if (video()) video().loop = loop.checked; });
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !active() || !keysFrom(e.target)) return;
    const key = e.key.toLowerCase();
    const act = { ' ': playPause, k: playPause, arrowleft: () => step(-1), ',': () => step(-1), arrowright: () => step(1), '.': () => step(1) }[key];
    if (!act || !video()) return;
    e.preventDefault();
    act();
  });

  // The state follows the element, whichever one is current: a new source is a new one.
  let watched = null;
  const watch = () => {
    const v = video();
    if (v === watched) return;
    watched = v;
    lastMedia = null;
    steps.length = 0;
    if (!v) return;
    for (const type of ['play', 'pause', 'ended', 'seeked', 'timeupdate', 'loadedmetadata']) v.addEventListener(type, show);
    // A frame's length from the times of frames presented in a row.
    const count = (now, meta) => {
      if (lastMedia !== null && meta.mediaTime > lastMedia) {
        // The latest few dozen steps: enough to say the rate, and a new rate is heard.
        steps.push(Math.max(1 / 240, meta.mediaTime - lastMedia));
        if (steps.length > 32) steps.shift();
      }
      lastMedia = meta.mediaTime;
      if (v === watched) v.requestVideoFrameCallback(count);
    };
    v.requestVideoFrameCallback?.(count);
  };
  setInterval(() => { watch(); show(); }, 250);
  show();
  return { element: bar, show, step, toggle: playPause };
}

/** Keys pressed on the page itself, on the video's own canvas or on the transport's buttons are the transport's. */
function defaultKeys(target) {
  if (!(target instanceof Element)) return true;
  if (target.closest('input, select, textarea, [contenteditable]')) return target.closest('.transport') !== null && target.type !== 'range';
  if (target.closest('button, summary, a')) return false;
  return true;
}
