// The live video page: a muted, looping video drawn with its histograms, every frame
// on the GPU (VideoView in src/web.rs). Sources: the project's own video, a file
// picked or dropped, or the camera.
import init, { GpuContext, VideoView, kernelSource, frameSource } from '../pkg/histogram.js';
import { pager, el, setState, errorText, watchDevice, lostText, lostWithin } from './site.js';
import { pumpFrames } from './frames.js';

const DEFAULT_VIDEO = 'media/sunset.webm';
const main = document.querySelector('main');
const canvas = document.getElementById('screen');
const playButton = document.getElementById('play');
const overlay = document.getElementById('overlay');
main.prepend(pager('video'));

const message = el('p', { role: 'alert', class: 'message' });
const deviceNote = el('p', { class: 'note', hidden: true });
const retryButton = el('button', { type: 'button', hidden: true }, 'Try the GPU again');
const picker = el('input', { type: 'file', accept: 'video/*', id: 'file' });
const cameraButton = el('button', { type: 'button' }, 'Use the camera');
const frameCode = el('code');
const source = el('code');
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, 'Choose a video…', picker), cameraButton, retryButton),
  message, deviceNote,
  el('details', {}, el('summary', {}, 'WGSL: the frame pass'), el('pre', {}, frameCode)),
  el('details', {}, el('summary', {}, 'WGSL: the privatized kernel'), el('pre', {}, source)));

const video = el('video', { muted: true, loop: true, playsInline: true, preload: 'auto' });
video.muted = true; // the attribute alone does not mute for autoplay purposes

let gpu = null;
let view = null;
// Between a device loss and the new device: nothing to draw with.
let recovering = false;
let frames = 0;
let fps = 0;
let lastSecond = performance.now();
let framesThisSecond = 0;

function showError(text) {
  message.textContent = text;
  setState('error');
}

function resize() {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
}

/** A view for frames of this size, made anew when the size changes. */
function viewFor(width, height) {
  if (!view || !view.fits(width, height)) {
    view?.free();
    view = new VideoView(gpu, canvas, video, width, height);
  }
  return view;
}

const pump = pumpFrames(video, {
  viewFor,
  ready: () => gpu && !recovering,
  drawn: () => {
    frames++;
    framesThisSecond++;
  },
  failed: async (e) => {
    // The device watcher takes over a loss, also one reported after this failure.
    if (recovering || gpu.isLost || (await lostWithin(gpu.lost))) return;
    video.pause();
    showError(`The video could not be drawn: ${errorText(e)}`);
  },
});
const render = pump.render;

setInterval(() => {
  const now = performance.now();
  fps = (framesThisSecond * 1000) / (now - lastSecond);
  framesThisSecond = 0;
  lastSecond = now;
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : 'n/a');
  overlay.textContent = !view ? '' : `${fps.toFixed(1)} fps\n` + (gpu.timestamps
    ? `GPU histogram ${ms(view.histogramMs)}\nGPU draw      ${ms(view.drawMs)}`
    : 'GPU time: no timestamp queries');
}, 1000);

async function play() {
  try {
    await video.play();
    playButton.hidden = true;
    setState('playing');
  } catch (e) {
    showError(`The video will not play: ${errorText(e)}`);
  }
}

/** Switches to a new source; on failure the message says why and the old one stays. */
function useSource(apply, describe) {
  const previous = { src: video.src, srcObject: video.srcObject };
  message.textContent = '';
  const failed = () => {
    showError(`${describe} cannot be played by this browser` +
      `${video.error?.message ? ` (${video.error.message})` : ''}. The previous video is kept.`);
    video.srcObject = previous.srcObject;
    if (!previous.srcObject) video.src = previous.src;
  };
  video.addEventListener('error', failed, { once: true });
  video.addEventListener('loadeddata', () => { video.removeEventListener('error', failed); play(); }, { once: true });
  apply();
}

function useFile(file) {
  if (!file) return;
  useSource(() => { video.srcObject = null; video.src = URL.createObjectURL(file); }, `"${file.name}"`);
}

picker.addEventListener('change', () => useFile(picker.files[0]));
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => { e.preventDefault(); useFile(e.dataTransfer.files[0]); });
cameraButton.addEventListener('click', async () => {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    useSource(() => { video.srcObject = stream; }, 'The camera');
  } catch (e) {
    showError(`The camera is not available: ${errorText(e)}. The current video is kept.`);
  }
});
playButton.addEventListener('click', play);
canvas.addEventListener('click', () => (video.paused ? play() : video.pause()));
video.addEventListener('pause', () => { render(); setState('paused'); });
new ResizeObserver(() => { resize(); render(true); }).observe(canvas);

try {
  await init();
  frameCode.textContent = frameSource();
  source.textContent = kernelSource('privatized', 4, '256x1');
  gpu = await GpuContext.create();
} catch (e) {
  playButton.hidden = true;
  showError(`This page needs WebGPU, and ${errorText(e)}.`);
}
if (gpu) {
  // A lost device (driver reset, GPU process crash): a new one, a new view, and the
  // video plays on; if none can be had, the page says so and offers to try again.
  const device = watchDevice(gpu, {
    lost: () => {
      recovering = true;
      view?.free();
      view = null;
    },
    recovered: (ms, info) => {
      recovering = false;
      retryButton.hidden = true;
      deviceNote.hidden = false;
      deviceNote.textContent = `The GPU was reset (${lostText(info)}); a new device was opened in ${ms} ms and the video plays on.`;
      if (message.textContent.startsWith('The GPU device was lost')) message.textContent = '';
      render(true);
    },
    failed: (e, info) => {
      video.pause();
      retryButton.hidden = false;
      showError(`The GPU device was lost${info ? ` (${lostText(info)})` : ''} and no new one could be had ` +
        `(${errorText(e)}). Try the GPU again when it is back.`);
    },
  });
  retryButton.addEventListener('click', () => device.retry().then(play, () => {}));
  resize();
  video.src = DEFAULT_VIDEO;
  video.addEventListener('error', () => showError(`The default video could not be loaded (${video.error?.message ?? 'unknown error'}).`), { once: true });
  setState('ready');
}
// For tests and the curious.
window.videoPage = {
  video,
  get view() { return view; },
  get frames() { return frames; },
  get fps() { return fps; },
};
