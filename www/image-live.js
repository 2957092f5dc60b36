// A chapter page's playing video or camera (data-live on <main>): each frame
// counted on the GPU by the page's method and drawn with its histograms over it
// (the video page's VideoView), and, with a method beside it, the two timed on
// alternate frames of the same video. The picture's own view is hidden meanwhile.
import { VideoView } from '../pkg/histogram.js';
import { el, formatMs, perSecond, setState, untimedWhy } from './site.js';
import { counterName, t } from './l10n.js';
import { liveVideo } from './frames.js';
import { transport } from './transport.js';
import { fitCanvas } from './page.js';

// Timed frames of each method whose median is shown.
const KEPT_TIMES = 31;

/**
 * `gpu()`: the page's GpuContext; `stage`: the figure the video's canvas goes in,
 * `caption` its caption; `onPlay()`: a video or the camera takes the picture's
 * place; `error(text)`: a message for the page.
 */
export function liveChapter({ gpu, method, beside, stage, caption, onPlay, error }) {
  const canvas = el('canvas', { class: 'live', role: 'img', 'aria-label': t('video-live-label'), hidden: true });
  const timing = el('p', { id: 'live-time', hidden: true });
  stage.prepend(canvas);
  let frames = 0;
  let fps = 0;
  const times = { [method]: [], ...(beside ? { [beside]: [] } : {}) };
  const last = {};

  new ResizeObserver(() => { if (!canvas.hidden) { fitCanvas(canvas); live.render(true); } }).observe(canvas);

  /** Keeps each method's newest GPU time when it changed (a new timed frame). */
  const sample = (view) => {
    for (const [m, ms] of [[method, view.histogramMs], [beside, view.besideMs]]) {
      if (!m || !Number.isFinite(ms) || ms === last[m]) continue;
      last[m] = ms;
      times[m].push(ms);
      if (times[m].length > KEPT_TIMES) times[m].shift();
    }
  };
  const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

  const live = liveVideo({
    gpu,
    method,
    beside,
    viewOver: (l) => {
      canvas.style.aspectRatio = `${l.width} / ${l.height}`;
      fitCanvas(canvas);
      caption.textContent = t('video-live-caption', { name: live.name ?? t('video-unnamed'), width: String(l.width), height: String(l.height), counter: counterName(l.counter) });
      for (const kept of Object.values(times)) kept.length = 0;
      return new VideoView(gpu(), canvas, l, undefined);
    },
    drawn: () => { frames++; if (live.view) sample(live.view); },
    error,
    switched: (name) => {
      live.name = name;
      canvas.hidden = false;
      controls.element.hidden = false;
      timing.hidden = false;
      timing.textContent = t('video-live-timing');
      onPlay();
    },
    playing: () => setState('playing'),
    paused: () => setState('paused'),
    kept: t('video-live-kept'),
  });

  // The transport under the video while one is shown.
  const controls = transport(live, { active: () => !canvas.hidden });
  controls.element.hidden = true;
  stage.append(controls.element);

  setInterval(() => {
    fps = frames;
    frames = 0;
    if (canvas.hidden) return;
    const rate = perSecond(fps);
    if (!gpu()?.timestamps) {
      timing.textContent = t('video-live-untimed', { rate, why: untimedWhy(gpu()) });
      return;
    }
    // A median not yet had: '…'.
    const [a, b] = [times[method], beside ? times[beside] : []];
    const time = a.length ? formatMs(median(a)) : '…';
    if (!beside) {
      timing.textContent = t('video-live-time', { rate, method, time });
      return;
    }
    // `compared`: whether the page's method took less time than the one beside it, or more.
    const both = a.length > 0 && b.length > 0;
    const ratio = both ? median(b) / median(a) : 1;
    timing.textContent = t('video-live-time-beside', {
      rate, method, time, beside, besideTime: b.length ? formatMs(median(b)) : '…',
      compared: !both ? 'none' : ratio >= 1 ? 'less' : 'more',
      ratio: (ratio >= 1 ? ratio : 1 / ratio).toFixed(1),
    });
  }, 1000);

  return {
    live,
    timing,
    /** Whether a video or the camera is shown. */
    get shown() { return !canvas.hidden; },
    get fps() { return fps; },
    /** Each method's GPU times of the last timed frames, in ms. */
    get times() { return times; },
    /** Back to a picture: the video stops and its canvas hides. */
    stop() {
      live.stop();
      canvas.hidden = true;
      timing.hidden = true;
      controls.element.hidden = true;
    },
  };
}
