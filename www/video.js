// The live video page: a muted, looping video drawn with its histograms, every frame
// on the GPU (VideoView in src/web.rs). Sources: the project's own video, a file
// picked or dropped, or the camera.
import init, { GpuContext, VideoView, kernelSource, frameSource } from '../pkg/histogram.js';
import { pager, el, setState, errorText } from './site.js';

const DEFAULT_VIDEO = 'media/sunset.webm';
const main = document.querySelector('main');
const canvas = document.getElementById('screen');
const playButton = document.getElementById('play');
const overlay = document.getElementById('overlay');
main.prepend(pager('video'));

const message = el('p', { role: 'alert', class: 'message' });
const picker = el('input', { type: 'file', accept: 'video/*', id: 'file' });
const cameraButton = el('button', { type: 'button' }, 'Use the camera');
const frameCode = el('code');
const source = el('code');
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, 'Choose a video…', picker), cameraButton),
  message,
  el('details', {}, el('summary', {}, 'WGSL: the frame pass'), el('pre', {}, frameCode)),
  el('details', {}, el('summary', {}, 'WGSL: the privatized kernel'), el('pre', {}, source)));

const video = el('video', { muted: true, loop: true, playsInline: true, preload: 'auto' });
video.muted = true; // the attribute alone does not mute for autoplay purposes

let gpu = null;
let view = null;
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

// Layouts VideoView.renderFrame converts on the GPU; others use the browser's copy.
const FRAME_FORMATS = ['NV12', 'I420', 'I420A', 'RGBA', 'RGBX', 'BGRA', 'BGRX'];
let frameBytes = new Uint8Array(0);
let rendering = false;

/** A view for frames of this size, made anew when the size changes. */
function viewFor(width, height) {
  if (!view || !view.fits(width, height)) {
    view?.free();
    view = new VideoView(gpu, canvas, video, width, height);
  }
  return view;
}

let lastTimestamp = null;

/**
 * Sends the decoder's bytes of the current frame to the GPU (WebCodecs): 'drawn', or
 * 'same' when it is the frame drawn last (unless `again`), or null for a pixel format
 * the GPU code does not read.
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
 * Draws the current frame, from the decoder's bytes where WebCodecs can give them
 * ('drawn', or 'same' if it was drawn already), else copied from the element
 * ('copied'). Null when there is nothing to draw or it failed.
 */
async function render(again = false) {
  if (!gpu || video.readyState < 2 || rendering) return null;
  rendering = true;
  try {
    let done = 'VideoFrame' in window ? await renderDecoded(again) : null;
    if (!done) {
      viewFor(video.videoWidth, video.videoHeight).renderElement();
      done = 'copied';
    }
    if (done !== 'same') {
      frames++;
      framesThisSecond++;
    }
    return done;
  } catch (e) {
    video.pause();
    showError(`The video could not be drawn: ${errorText(e)}`);
    return null;
  } finally {
    rendering = false;
  }
}

const nextRepaint = () => new Promise((resolve) => requestAnimationFrame(resolve));
const shortWait = () => new Promise((resolve) => setTimeout(resolve, 4));

// Decoded frames are taken as soon as the last one is on its way to the GPU: the
// loop looks for a new one every 4 ms. Waiting for requestVideoFrameCallback would
// wait for the page's next rendering step, which the browser holds back while the
// GPU is busy (19.7 instead of 21.9 fps on SwiftShader: NOTES.md). Frames copied
// from the element (no WebCodecs) cannot be told apart: one per repaint.
async function loop() {
  for (;;) {
    if (video.paused) await new Promise((resolve) => video.addEventListener('play', resolve, { once: true }));
    const done = await render();
    if (done === 'drawn') continue;
    await (done === 'same' ? shortWait() : nextRepaint());
  }
}

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
  resize();
  video.src = DEFAULT_VIDEO;
  video.addEventListener('error', () => showError(`The default video could not be loaded (${video.error?.message ?? 'unknown error'}).`), { once: true });
  setState('ready');
  loop();
}
// For tests and the curious.
window.videoPage = {
  video,
  get view() { return view; },
  get frames() { return frames; },
  get fps() { return fps; },
};
