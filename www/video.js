// The live video page: a muted, looping video drawn with its histograms, every frame
// on the GPU (a VideoView over the frames of a Live: page/src/video.rs, live.rs).
// Sources: the project's own video, a file picked or dropped, or the camera; the
// frames module (frames.js) plays them.
import { VideoView, kernelSource, frameSource, importSource, composeSource } from '../pkg/histogram.js';
import { el, setState, listing } from './site.js';
import { counterName, drawingName, t, tMarked } from './l10n.js';
import { liveVideo, FRAME_PATHS } from './frames.js';
import { transport } from './transport.js';
import { DEFAULT_VIDEO, startPage } from './page.js';

const main = document.querySelector('main');
const canvas = document.getElementById('screen');
const playButton = document.getElementById('play');
const overlay = document.getElementById('overlay');

const message = el('p', { role: 'alert', class: 'message' });
const deviceNote = el('p', { class: 'note', hidden: true });
const retryButton = el('button', { type: 'button', id: 'retry', hidden: true }, t('video-try-gpu-again'));
const picker = el('input', { type: 'file', accept: 'video/*', id: 'file' });
const cameraButton = el('button', { type: 'button' }, t('video-use-camera'));
// Ours (the Live's choice: the privatized kernel, or the frame pass where a CPU
// plays the GPU), or the article's chunks + reduce.
const methodSelect = el('select', { id: 'method' },
  el('option', { value: '' }, t('video-method-ours')),
  el('option', { value: 'chunks-reduce' }, t('video-method-article')));
// How frames reach the GPU: this GPU's own way, or one forced (?frames=import).
const pathSelect = el('select', { id: 'frames' },
  el('option', { value: 'auto' }, t('video-path-auto')),
  ...Object.entries(FRAME_PATHS).map(([value, text]) => el('option', { value }, text)));
pathSelect.value = new URLSearchParams(location.search).get('frames') ?? 'auto';
// How frames are drawn: the compose pass on a real GPU, render quads where the CPU
// plays the GPU, unless forced (?draw=compose or ?draw=quads).
const drawParam = new URLSearchParams(location.search).get('draw') ?? undefined;
const frameCode = el('code');
const importCode = el('code');
const composeCode = el('code');
const source = el('code');
const sourceTitle = el('summary');
const sourceControls = el('div', { class: 'controls' }, el('label', { class: 'file' }, t('video-choose'), picker), cameraButton, retryButton,
  el('label', { class: 'option', for: 'method' }, t('video-counting'), methodSelect),
  el('label', { class: 'option', for: 'frames' }, t('video-frames'), pathSelect));
main.append(
  el('details', {}, el('summary', {}, t('video-wgsl-import')), listing(importCode)),
  el('details', {}, el('summary', {}, t('video-wgsl-frame')), listing(frameCode)),
  el('details', { id: 'kernel-source' }, sourceTitle, listing(source)),
  el('details', {}, el('summary', {}, t('video-wgsl-compose')), listing(composeCode)));

// Each method's latest GPU time a frame, kept as the visitor switches: the two side
// by side on this video and GPU.
const histogramTimes = {};
const showSource = () => {
  const method = methodSelect.value || 'privatized';
  sourceTitle.textContent = t('video-wgsl-kernel', { method });
  source.textContent = kernelSource(method, 4, '');
};

let gpu = null;
let frames = 0;
let fps = 0;
let lastSecond = performance.now();
let framesThisSecond = 0;

function showError(text) {
  message.textContent = text;
  setState('error');
}
// What the page said when no new device could be had: taken back once one is.
let gone = null;

/** The CPU pages, linked. */
const cpuInstead = () => tMarked('video-cpu-instead', {}, 'a', (words) => el('a', { href: 'cpu.html' }, words));

const live = liveVideo({
  gpu: () => gpu,
  viewOver: (frames) => {
    // The canvas takes the video's shape: all of the frame, no bars, no crop.
    canvas.parentElement.style.setProperty('--aspect', String(frames.width / frames.height));
    return new VideoView(gpu, canvas, frames, drawParam);
  },
  drawn: () => {
    frames++;
    framesThisSecond++;
  },
  error: showError,
  playing: () => {
    message.textContent = '';
    playButton.hidden = true;
    setState('playing');
  },
  paused: () => {
    sayFramePath();
    setState('paused');
  },
  kept: t('video-kept'),
  path: () => (pathSelect.value === 'auto' ? null : pathSelect.value),
});

// The frame path diagram: the path taken lit, and under its stages the last
// frame's own record (when, how large, each pass's time). Said each second, and at
// once when a paused frame is drawn, so that it names the frame shown.
const framePath = document.getElementById('frame-path');
// On the decoder's path the frame pass counts only where it is the counter; else
// it converts, and the kernel chosen counts (the overlay gives its time).
const framePassDoes = framePath.querySelector('.fp-decoded [data-l10n-id="video-converts-counts-at"]');
const countsAtOnce = framePassDoes.textContent;
/** A GPU time in the page's words, or that it was not measured. */
const ms = (v) => (Number.isFinite(v) ? t('page-ms', { ms: v.toFixed(2) }) : t('video-no-time'));
function sayFramePath() {
  const view = live.view;
  if (live.path) framePath.dataset.path = live.path;
  const record = live.record;
  const framePassCounts = live.live?.counter === 'frame';
  framePassDoes.textContent = framePassCounts || !live.live ? countsAtOnce : t('video-converts-only');
  const timed = (time) => (gpu.timestamps && Number.isFinite(time) ? ms(time) : '');
  const says = record && {
    time: t('video-said-time', { time: record.time.toFixed(2) }),
    size: `${record.width}×${record.height}`,
    bytes: record.bytes ? t('video-said-bytes', { mb: (record.bytes / 1e6).toFixed(2), format: record.format }) : '',
    import: timed(live.importMs),
    count: record.path === 'decoded' && !framePassCounts ? '' : timed(view?.histogramMs),
    draw: timed(view?.drawMs),
  };
  for (const said of framePath.querySelectorAll('.fp-said')) {
    said.textContent = says && said.closest(`.fp-${record.path}`) ? says[said.dataset.say] : '';
  }
  // The caption says which path is lit (none until frames come, nor the browser's
  // copy, which the diagram does not draw), and what is said under its stages.
  document.getElementById('frame-path-caption').textContent = t('video-path-caption', {
    path: live.path ?? 'none',
    record: record && record.path !== 'copy' ? (gpu.timestamps ? 'timed' : 'untimed') : 'none',
  });
}

setInterval(() => {
  const now = performance.now();
  fps = (framesThisSecond * 1000) / (now - lastSecond);
  framesThisSecond = 0;
  lastSecond = now;
  const view = live.view;
  if (view && Number.isFinite(view.histogramMs)) histogramTimes[live.live.counter] = view.histogramMs;
  const others = Object.entries(histogramTimes).filter(([counter]) => counter !== live.live?.counter)
    .map(([counter, time]) => t('video-overlay-other', { counter: counterName(counter), time: ms(time) }));
  sayFramePath();
  framePath.toggleAttribute('data-playing', Boolean(view) && fps > 0.5);
  // The overlay's lines: the rate and the way, then each pass's GPU time.
  const lines = [];
  if (view) {
    lines.push(t('video-overlay-rate', { fps: fps.toFixed(1), path: live.path, counter: counterName(live.live.counter) }));
    if (gpu.timestamps) {
      if (live.path === 'import') lines.push(t('video-overlay-import', { time: ms(live.importMs) }));
      lines.push(t('video-overlay-count', { time: ms(view.histogramMs) }), t('video-overlay-draw', { time: ms(view.drawMs), drawing: drawingName(view.drawing) }), ...others);
    } else lines.push(t('video-overlay-untimed', { reason: gpu.untimed ?? 'none' }), t('video-overlay-drawing', { drawing: drawingName(view.drawing) }));
  }
  overlay.textContent = lines.join('\n');
}, 1000);

const open = (file) => live.useFile(file);
cameraButton.addEventListener('click', () => live.useCamera());
pathSelect.addEventListener('change', () => live.refresh());
methodSelect.addEventListener('change', () => {
  showSource();
  live.counting(methodSelect.value || undefined, undefined);
});
playButton.addEventListener('click', () => live.play());
// The transport under the video: it stays, whatever the state, and says it.
// Under the video, with the source's controls after it: nothing is put above the
// video once the page shows, so it never moves.
const controls = transport(live);
document.querySelector('.video-stage').after(controls.element, sourceControls, message, deviceNote);
canvas.addEventListener('click', () => live.toggle());

const started = await startPage({
  kind: 'video',
  message,
  shows: {
    get video() { return live.video; },
    get view() { return live.view; },
    open,
    get frames() { return frames; },
    get fps() { return fps; },
    /** The size frames are counted at (the decoded size, or the element's). */
    get frameSize() { return live.live ? [live.live.width, live.live.height] : null; },
    /** The frame path of the frame drawn last: 'import', 'decoded' or 'copy'. */
    get path() { return live.path; },
    /** Whether the GPU times its passes (GpuContext.timestamps): the overlay's times. */
    get timed() { return gpu.timestamps; },
    /** GPU milliseconds of the import pass (the hardware path; NaN otherwise). */
    get importMs() { return live.importMs; },
  },
  loaded: () => {
    frameCode.textContent = frameSource();
    importCode.textContent = importSource();
    composeCode.textContent = composeSource();
    showSource();
  },
  // No buttons that cannot work, no empty stage.
  gpu: {
    instead: cpuInstead(),
    hide: [playButton, ...main.querySelectorAll('.video-stage, .controls, .transport')],
  },
  // A lost device (driver reset, GPU process crash): a new one, and the video plays
  // on; if none can be had, the page says so and offers to try again.
  device: {
    lost: live.lost,
    recovered: (ms, info, said) => {
      live.recovered();
      deviceNote.hidden = false;
      deviceNote.textContent = t('video-device-recovered', { said });
      if (message.textContent === gone) message.textContent = '';
    },
    failed: (e, info, said) => {
      live.failed();
      gone = t('video-device-failed', { said });
      showError(gone);
    },
    retried: live.play,
  },
  retry: retryButton,
  files: { picker, area: document.querySelector('.video-stage'), open, kinds: ['video/'] },
  canvases: [canvas],
  resized: () => live.render(true),
});
gpu = started?.gpu ?? null;
if (gpu && await live.useUrl(DEFAULT_VIDEO, t('video-source-default'), { play: false })) setState('ready');
