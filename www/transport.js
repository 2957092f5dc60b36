// A video's transport, the same on every page that plays one (the video chapter,
// the studio, the chapters and scopes that play the project's video): play and
// pause that stay, a scrubber, a frame back and on, J/K/L shuttle and speeds, an
// in and out point to loop between, loop on or off, the state in words and the
// frame shown as timecode. Keys, from anywhere on the page but a text field or a
// control that takes them (a focused button keeps Space and Enter only): Space or
// K plays or pauses (at real time); L plays, again faster; J plays backwards, again
// faster (or slower, while playing forwards faster); the left and right arrows
// (or , and .) step one frame, pausing first; I and O mark in and out. A frame is
// counted from the rate the file declares (frame-clock.js), so a step is exactly
// one frame, however fast the keys come. A frame stepped or scrubbed to is counted
// and drawn like any other (the frames module draws the current frame on `seeked`).
import { el } from './site.js';
import { t } from './l10n.js';
import { RATES, declaredRate, frameAt, timecode } from './frame-clock.js';

/** Seconds as m:ss.t. */
const clock = (s) => {
  if (!Number.isFinite(s)) return '–';
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
};

/** The speeds the shuttle steps through and the menu offers. */
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8];

/**
 * The transport over `frames` (liveVideo's object: its `video`, `play`, `render`),
 * as an element; `keysFrom(target)` says whether a key pressed on `target`, outside
 * the transport, is the transport's (the page's own controls keep theirs), `active()`
 * whether a video is the page's source now (a page that shows pictures too).
 */
export function transport(frames, { keysFrom = defaultKeys, active = () => true } = {}) {
  const toggle = el('button', { type: 'button', class: 'tp-toggle', 'aria-pressed': 'false', 'aria-keyshortcuts': 'Space' }, t('video-play'));
  const back = el('button', { type: 'button', 'aria-label': t('video-frame-back'), 'aria-keyshortcuts': 'ArrowLeft' }, '◀|');
  const on = el('button', { type: 'button', 'aria-label': t('video-frame-on'), 'aria-keyshortcuts': 'ArrowRight' }, '|▶');
  const scrub = el('input', { type: 'range', min: 0, max: 1000, value: 0, step: 1, class: 'tp-scrub', 'aria-label': t('video-position') });
  const speed = el('select', { class: 'tp-speed', 'aria-label': t('video-speed') },
    ...SPEEDS.map((x) => el('option', { value: String(x), selected: x === 1 }, t('video-speed-value', { speed: x }))));
  const loop = el('input', { type: 'checkbox', checked: true });
  const markIn = el('button', { type: 'button', class: 'tp-in', 'aria-keyshortcuts': 'I' }, t('video-mark-in'));
  const markOut = el('button', { type: 'button', class: 'tp-out', 'aria-keyshortcuts': 'O' }, t('video-mark-out'));
  const clear = el('button', { type: 'button', class: 'tp-clear' }, t('video-clear-in-out'));
  const marks = el('span', { class: 'tp-marks' });
  const code = el('output', { class: 'tp-timecode' });
  const state = el('p', { class: 'tp-state', role: 'status' }, t('video-none-yet'));
  const bar = el('div', { class: 'transport', role: 'group', 'aria-label': t('video-transport') },
    toggle, back, on, scrub, speed, el('label', { class: 'option' }, loop, t('video-loop')),
    el('span', { class: 'tp-range' }, markIn, markOut, clear, marks), code, state);

  // The frame's length: the file's own rate (`declared`), else learned from the
  // frames Chromium shows in a row while it plays (its media times are the frames'
  // own; Firefox's are the element's clock and teach nothing): the longest of the
  // usual frame lengths that every step seen is a whole number of (a slow machine
  // drops frames), or the shortest step where none fits; 1/30 s until then.
  let declared = null;
  const steps = [];
  const frameLength = () => {
    if (declared) return 1 / declared;
    if (!steps.length) return 1 / 30;
    const whole = (frame) => steps.every((d) => Math.abs(d / frame - Math.round(d / frame)) < 0.05);
    return RATES.map((fps) => 1 / fps).find((frame) => frame <= Math.min(...steps) * 1.01 && whole(frame)) ?? Math.min(...steps);
  };
  const rate = () => 1 / frameLength();
  const known = () => declared !== null || steps.length > 0;
  // The frame on screen: the one a step or a mark put there (`at`), else the one
  // whose time Chromium's last presented frame had, else the one at the element's time.
  let at = null;
  let lastMedia = null;
  const video = () => frames.video;
  const shownFrame = () => {
    const v = video();
    if (at !== null) return at;
    const media = lastMedia !== null && Math.abs(lastMedia - v.currentTime) < frameLength() ? lastMedia : v.currentTime;
    return frameAt(media, rate());
  };
  const lastFrame = () => Math.max(0, Math.ceil(video().duration * rate() - 1e-3) - 1);
  // Seekable where the source says so: a server that answers no byte ranges, or a
  // camera, plays from the start only.
  const seekable = () => {
    const v = video();
    return Number.isFinite(v?.duration) && v.duration > 0 && v.seekable.length > 0 && v.seekable.end(v.seekable.length - 1) > 0;
  };
  // In and out, frames; the loop (or the end) is between them where both are set.
  let inFrame = null;
  let outFrame = null;
  // The jump from out back to in, once out has been shown its time.
  let backToIn = null;
  // Playing backwards: its speed (0: not), a frame stepped back each 1/(rate x speed) s.
  let reverse = 0;
  let reverseTimer = null;

  const show = () => {
    const v = video();
    if (!v || !frames.active) {
      state.textContent = t('video-none-yet');
      bar.dataset.state = 'none';
      code.textContent = '';
      marks.textContent = '';
      for (const c of [toggle, back, on, scrub, speed, loop, markIn, markOut, clear]) c.disabled = !v;
      return;
    }
    const ended = v.ended || (!v.loop && seekable() && v.currentTime >= v.duration - frameLength() / 2);
    const now = reverse ? 'reversing' : v.paused ? (ended ? 'ended' : 'paused') : 'playing';
    const where = { time: clock(v.currentTime), duration: clock(v.duration), length: seekable() ? 'known' : 'live' };
    state.textContent = t('video-transport-state', { ...where, state: now, loop: v.loop ? 'yes' : 'no' });
    bar.dataset.state = now;
    toggle.textContent = t(v.paused && !reverse ? 'video-play' : 'video-pause');
    toggle.setAttribute('aria-pressed', String(!v.paused || reverse > 0));
    for (const c of [toggle, loop, speed]) c.disabled = false;
    for (const c of [back, on, scrub, markIn, markOut]) c.disabled = !seekable();
    clear.disabled = inFrame === null && outFrame === null;
    if (seekable() && document.activeElement !== scrub) scrub.value = Math.round((1000 * v.currentTime) / v.duration);
    scrub.setAttribute('aria-valuetext', t('video-transport-position', where));
    loop.checked = v.loop;
    speed.value = String(reverse || v.playbackRate);
    const n = shownFrame();
    const fps = Number(rate().toFixed(3));
    code.textContent = seekable() ? t(known() ? 'video-timecode' : 'video-timecode-guessed', { timecode: timecode(n, rate()), frame: n, rate: fps }) : '';
    const mark = (f) => (f === null ? '–' : timecode(f, rate()));
    marks.textContent = inFrame === null && outFrame === null ? '' : t('video-in-out', { in: mark(inFrame), out: mark(outFrame) });
  };
  // The time the transport last sought (a seek to any other time, by the page or
  // the scrubber, leaves the frame to the element).
  let sought = null;
  // The middle of frame `n`: a time on its edge may show either.
  const middle = (n) => Math.min(video().duration, (n + 0.5) * frameLength());
  const seekFrame = (n) => {
    const v = video();
    at = Math.min(lastFrame(), Math.max(0, n));
    // Not sought again where it stands (Chromium then plays a looping video's end
    // from its start).
    const time = middle(at);
    if (Math.abs(v.currentTime - time) > 1e-6) v.currentTime = time;
    sought = v.currentTime;
    show();
  };
  // Paused by the transport, the element stands in the middle of the frame the
  // timecode names, and is sought there again (looked at 4 times a second) if it is
  // found elsewhere: Chromium, paused at speed on a loaded machine, can be left at
  // a time past the frame it goes on showing (0.8497 s, showing frame 20 of 25 fps,
  // for minutes).
  let settling = false;
  const settle = () => {
    const v = video();
    if (!settling || !v || !v.paused || v.seeking || reverse || !seekable()) return;
    const n = shownFrame();
    if (Math.abs(v.currentTime - middle(n)) > 1e-3) seekFrame(n);
    else settling = false;
  };
  const stopReverse = () => {
    reverse = 0;
    clearTimeout(reverseTimer);
  };
  const pause = () => {
    const v = video();
    stopReverse();
    v.playbackRate = 1;
    if (!v.paused) {
      v.pause();
      // The frame the element stopped on is the one its time is in, for the
      // timecode and the next step alike (Firefox may show the next).
      if (seekable()) seekFrame(shownFrame());
    }
    settling = seekable();
    show();
  };
  const step = (n) => {
    const v = video();
    if (!v || !seekable()) return;
    if (!v.paused || reverse) pause();
    seekFrame(shownFrame() + n);
  };
  const play = (speedNow = 1) => {
    const v = video();
    stopReverse();
    at = null;
    settling = false;
    v.playbackRate = speedNow;
    // From in, where the element stands outside in and out.
    if (seekable() && inFrame !== null && (v.currentTime < inFrame * frameLength() || (outFrame !== null && v.currentTime >= (outFrame + 1) * frameLength()))) {
      v.currentTime = middle(inFrame);
    }
    if (v.paused) frames.play();
    show();
  };
  const playBackwards = (speedNow) => {
    const v = video();
    if (!seekable()) return;
    if (!v.paused) pause();
    reverse = speedNow;
    const tick = () => {
      if (!reverse || video() !== v) return;
      const first = inFrame ?? 0;
      if (shownFrame() <= first) {
        if (v.loop && outFrame !== null) seekFrame(outFrame);
        else { stopReverse(); show(); return; }
      } else {
        seekFrame(shownFrame() - 1);
      }
      // The next frame back once this one is shown, at the speed's pace.
      const begun = performance.now();
      v.addEventListener('seeked', () => {
        reverseTimer = setTimeout(tick, Math.max(0, 1000 / (rate() * reverse) - (performance.now() - begun)));
      }, { once: true });
    };
    tick();
    show();
  };
  const faster = (x) => SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(x) + 1)];
  const slower = (x) => SPEEDS[Math.max(SPEEDS.indexOf(1), SPEEDS.indexOf(x) - 1)];
  // L: play, then faster; J: backwards, then faster, or slower while forwards is fast.
  const shuttleOn = () => {
    const v = video();
    if (reverse) play(1);
    else if (v.paused) play(1);
    else play(faster(v.playbackRate));
  };
  const shuttleBack = () => {
    const v = video();
    if (!v.paused && v.playbackRate > 1) play(slower(v.playbackRate));
    else playBackwards(reverse ? faster(reverse) : 1);
  };
  const playPause = () => {
    const v = video();
    if (!v) return;
    if (v.paused && !reverse) play(v.playbackRate);
    else pause();
  };
  const mark = (which) => {
    const v = video();
    if (!v || !seekable()) return;
    const n = shownFrame();
    if (which === 'in') {
      inFrame = n;
      if (outFrame !== null && outFrame < n) outFrame = null;
    } else {
      outFrame = n;
      if (inFrame !== null && inFrame > n) inFrame = null;
    }
    show();
  };

  toggle.addEventListener('click', playPause);
  back.addEventListener('click', () => step(-1));
  on.addEventListener('click', () => step(1));
  markIn.addEventListener('click', () => mark('in'));
  markOut.addEventListener('click', () => mark('out'));
  clear.addEventListener('click', () => { inFrame = null; outFrame = null; show(); });
  scrub.addEventListener('input', () => {
    const v = video();
    if (!v || !seekable()) return;
    at = null;
    settling = false;
    v.currentTime = (Number(scrub.value) / 1000) * v.duration;
  });
  speed.addEventListener('change', () => {
    const v = video();
    if (!v) return;
    if (reverse) reverse = Number(speed.value);
    else v.playbackRate = Number(speed.value);
    show();
  });
  loop.addEventListener('change', () => { if (video()) video().loop = loop.checked; });
  // A focused button or box keeps Space and Enter; a slider or menu its arrows and
  // page keys; any other key is the transport's.
  const kept = (target, key) => {
    if (target.type === 'range' || target.localName === 'select') return /^(arrow|page|home|end)/.test(key);
    return (key === ' ' || key === 'enter') && target.closest('button, a, summary, input[type=checkbox]') !== null;
  };
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || !active()) return;
    const key = e.key.toLowerCase();
    const target = e.target instanceof Element ? e.target : document.body;
    if (bar.contains(target) ? kept(target, key) : !keysFrom(target) || kept(target, key)) return;
    const act = {
      ' ': playPause, k: playPause, l: shuttleOn, j: shuttleBack, i: () => mark('in'), o: () => mark('out'),
      arrowleft: () => step(-1), ',': () => step(-1), arrowright: () => step(1), '.': () => step(1),
    }[key];
    if (!act || !video()) return;
    e.preventDefault();
    act();
  });

  // The state follows the element, whichever one is current: a new source is a new
  // one, its rate read from its file's header.
  let watched = null;
  const watch = () => {
    const v = video();
    if (v === watched) return;
    watched = v;
    stopReverse();
    lastMedia = null;
    at = null;
    settling = false;
    inFrame = null;
    outFrame = null;
    declared = null;
    steps.length = 0;
    if (!v) return;
    const src = v.file ?? (v.currentSrc || v.src);
    if (src) declaredRate(src).then((fps) => { if (watched === v) { declared = fps; show(); } });
    for (const type of ['play', 'pause', 'ended', 'seeked', 'timeupdate', 'loadedmetadata', 'ratechange']) v.addEventListener(type, show);
    // Played, or sought by another: the frame is the element's again.
    v.addEventListener('play', () => { at = null; });
    v.addEventListener('seeking', () => {
      if (sought !== null && Math.abs(v.currentTime - sought) <= 1e-4) return;
      at = null;
      settling = false;
    });
    const count = (now, meta) => {
      if (!v.paused && lastMedia !== null && meta.mediaTime > lastMedia) {
        // The latest few dozen steps: enough to say the rate, and a new rate is heard.
        steps.push(Math.max(1 / 240, meta.mediaTime - lastMedia));
        if (steps.length > 32) steps.shift();
      }
      lastMedia = meta.mediaTime;
      // Chromium's media time is the frame's own (a whole number of frames);
      // Firefox's is the clock.
      const own = Math.abs(meta.mediaTime * rate() - Math.round(meta.mediaTime * rate())) < 1e-3;
      // Paused, a frame presented with its own time is the frame shown: the
      // timecode says it, whatever a pause at speed left between.
      if (own && v.paused && !reverse && !v.seeking) {
        at = frameAt(meta.mediaTime, rate());
        show();
      }
      // Out shown, or before in (the element looped at its end): back to in
      // (looping), or stop on out. Chromium's media time is the frame's own (a
      // whole number of frames); Firefox's is the clock. Out stays its frame's time.
      if (!v.paused && (inFrame !== null || outFrame !== null) && seekable() && !backToIn) {
        const frame = frameLength();
        const shown = frameAt(own ? meta.mediaTime : v.currentTime, rate());
        const toIn = () => {
          backToIn = null;
          if (!v.paused && v === watched && (inFrame !== null || outFrame !== null)) v.currentTime = middle(inFrame ?? 0);
        };
        if (outFrame !== null && shown >= outFrame) {
          if (!v.loop) { pause(); seekFrame(outFrame); }
          else if (shown > outFrame) toIn();
          else {
            const left = own ? frame : (outFrame + 1) * frame - v.currentTime;
            backToIn = setTimeout(toIn, Math.max(0, (1000 * left) / v.playbackRate - 4));
          }
        } else if (v.loop && v.currentTime < ((inFrame ?? 0) - 0.5) * frame) {
          toIn();
        }
      }
      if (v === watched) v.requestVideoFrameCallback(count);
    };
    v.requestVideoFrameCallback?.(count);
  };
  setInterval(() => { watch(); settle(); show(); }, 250);
  show();
  return { element: bar, show, step, toggle: playPause, timecode: () => code.textContent };
}

/** Keys pressed on the page itself, on the video's own canvas or on a button or link are the transport's. */
function defaultKeys(target) {
  return !(target instanceof Element && target.closest('input, select, textarea, [contenteditable]'));
}
