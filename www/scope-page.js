// The scope chapters (Part 4): one scope of a picture or of a playing video's
// frames, counted and drawn on the GPU by a ScopeScreen (page/src/scope_chapters.rs). The
// page's scope is <main data-scope>: waveform, parade or vectorscope. Sources: the
// project's own picture, a picture or video picked or dropped, the project's video,
// the camera (frames.js plays them).
import { ScopeScreen, scopeSource, scopeLabels } from '../pkg/histogram.js';
import {
  el, setState, errorText, sentence, download, showPicture, nextPaint, formatMs, perSecond, stem, scopeBox, nameGraticule, listing,
} from './site.js';
import { sunsetPicture } from './core.js';
import { readPicture } from './input.js';
import { liveVideo } from './frames.js';
import { transport } from './transport.js';
import { DEFAULT_VIDEO, latestWins, startPage } from './page.js';

// Timed counts of a picture: the median is shown.
const TIMED_RUNS = 15;
const WARMUP_MS = 300;

const main = document.querySelector('main');
const scope = main.dataset.scope;

const picker = el('input', { type: 'file', accept: 'image/*,video/*', id: 'file' });
const videoButton = el('button', { type: 'button' }, 'Play the video');
const cameraButton = el('button', { type: 'button' }, 'Use the camera');
const timeButton = el('button', { type: 'button', disabled: true }, 'Time it again');
const pngButton = el('button', { type: 'button', disabled: true }, 'Download PNG');
const jsonButton = el('button', { type: 'button', disabled: true }, 'Download JSON');
const logBox = el('input', { type: 'checkbox', id: 'log' });
const gain = el('input', { type: 'range', id: 'gain', min: '-2', max: '3', step: '0.25', value: '0' });
const gainText = el('output', { for: 'gain' }, '×1');
const sizeSelect = el('select', { id: 'size' }, ...[256, 128, 64, 32].map((n) => el('option', { value: n }, `${n}×${n}`)));
const channelBoxes = ['R', 'G', 'B', 'Luma'].map((name, i) =>
  el('input', { type: 'checkbox', checked: i === 3, 'aria-label': name }));
const options = el('div', { class: 'controls' },
  el('label', { class: 'option' }, logBox, ' Logarithmic'),
  el('label', { class: 'option', for: 'gain' }, 'Gain ', gain, gainText));
const yrgbBox = el('input', { type: 'checkbox', id: 'yrgb' });
const decodedBox = el('input', { type: 'checkbox', id: 'decoded-luma' });
// What the waveform's luma is, where Y′ as decoded was asked for.
const lumaNote = el('p', { class: 'note', id: 'luma-note', hidden: true });
const zoomBox = el('input', { type: 'checkbox', id: 'zoom' });
const zoom = () => (zoomBox.checked ? 2 : 1);
if (scope === 'vectorscope') {
  options.append(el('label', { class: 'option', for: 'size' }, 'Grid ', sizeSelect),
    el('label', { class: 'option' }, zoomBox, ' 2× zoom'));
}
if (scope === 'parade') options.append(el('label', { class: 'option' }, yrgbBox, ' Luma first (YRGB)'));
if (scope === 'waveform') {
  options.append(el('span', { class: 'option' }, 'Channels:',
    ...channelBoxes.map((box, i) => el('label', {}, box, ` ${['R', 'G', 'B', 'Luma'][i]}`))),
  el('label', { class: 'option' }, decodedBox, ' Video’s luma as decoded (Y′, video levels)'));
}
options.append(pngButton, jsonButton);

const status = el('p', { role: 'status', class: 'muted' }, 'Loading…');
const message = el('p', { role: 'alert', class: 'message' });
const timing = el('p', { id: 'time' });
const pictureCanvas = el('canvas', { role: 'img', 'aria-label': 'The picture' });
const caption = el('figcaption');
const pictureFigure = el('figure', { class: 'drop' }, pictureCanvas, caption,
  el('p', { class: 'hint' }, 'Drop a picture or a video here, or anywhere on the page.'));
const scopeCanvas = el('canvas', {
  class: `scope ${scope}`, role: 'img', 'aria-label': `The ${scope} of the picture`,
});
const scopeFrame = scopeBox(scopeCanvas);
const scopeCaptionText = el('figcaption', {}, scopeCaption());
const kernel = el('code');
const drawing = el('code');
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, 'Choose a picture or video…', picker),
    videoButton, cameraButton, timeButton),
  options, lumaNote, status, message,
  el('div', { class: 'stage scope-stage' }, pictureFigure, el('figure', {}, scopeFrame, scopeCaptionText)),
  timing,
  el('details', {}, el('summary', {}, 'The WGSL of this kernel'), listing(kernel)),
  el('details', {}, el('summary', {}, 'The WGSL that draws it'), listing(drawing)));

function scopeCaption(videoLevels = false) {
  return {
    waveform: videoLevels
      ? 'x: the picture’s columns · y: Y′ code, 0 at the bottom · lines at 0, 25, 50, 75, 100% of video levels (codes 16–235)'
      : 'x: the picture’s columns · y: value, 0 at the bottom · lines at 0, 25, 50, 75, 100%',
    parade: `${yrgbBox.checked ? 'Luma, R, G and B waveforms side by side (YRGB)' : 'R, G and B waveforms side by side'} · lines at 0, 25, 50, 75, 100%`,
    vectorscope: '+Cb right, +Cr up · boxes: the 75% and 100% colour bars · line: skin tones',
  }[scope];
}

function showError(text) {
  message.textContent = text;
  status.textContent = '';
  setState('error');
}

let gpu = null;
let screen = null;
// { kind: 'picture', picture, name } or { kind: 'video', name }.
let source = null;
let frames = 0;
let fps = 0;

// Y′ as decoded is a video's luma alone: the channels are held to luma meanwhile.
const decoded = () => scope === 'waveform' && decodedBox.checked;
const style = () => {
  const shown = decoded() ? [3] : scope === 'waveform' ? channelBoxes.flatMap((b, i) => (b.checked ? [i] : []))
    : yrgbBox.checked ? [3, 0, 1, 2] : [0, 1, 2];
  return [logBox.checked, 2 ** Number(gain.value), Uint8Array.from(shown), zoom(), decoded()];
};

// Whether the waveform drawn last was of Y′ as decoded: its graticule and note.
let videoLevels = false;
function followLuma() {
  const on = Boolean(current()?.decodedLuma);
  if (on !== videoLevels) {
    videoLevels = on;
    nameGraticule(scopeFrame, JSON.parse(scopeLabels(scope, zoom(), on)));
    scopeCaptionText.textContent = scopeCaption(on);
  }
  lumaNote.hidden = !decoded();
  lumaNote.textContent = on
    ? 'Luma as decoded: each pixel’s Y′ code, 0% at code 16 and 100% at 235. Sub-blacks and super-whites, which the picture’s R′G′B′ clips, show in the tinted bands.'
    : source?.kind === 'video'
      ? 'This frame did not come as Y′CbCr planes here (the browser handed over RGB), so luma is computed from R′G′B′.'
      : 'Y′ as decoded is a video’s: play one. A picture’s luma is computed from its R′G′B′.';
}
const gridSize = () => Number(sizeSelect.value);


function setUp(next) {
  next.setStyle(...style());
  return next;
}

const live = liveVideo({
  gpu: () => gpu,
  viewOver: (frames) => {
    caption.textContent = `${source?.name ?? 'Video'}, ${frames.width}×${frames.height}`;
    return setUp(ScopeScreen.forLive(gpu, scopeCanvas, frames, scope, gridSize()));
  },
  drawn: () => { frames++; followLuma(); },
  path: () => (decoded() ? 'decoded' : null),
  error: showError,
  switched: (name) => {
    screen?.free();
    screen = null;
    if (source?.kind === 'picture') source.picture.free();
    source = { kind: 'video', name };
    pictureCanvas.hidden = true;
    pictureFigure.prepend(live.video);
    videoControls.element.hidden = false;
    timeButton.disabled = true;
  },
  playing: () => { message.textContent = ''; status.textContent = ''; setState('playing'); },
  paused: () => setState('paused'),
  kept: 'The previous picture or video is kept.',
});

const current = () => (source?.kind === 'video' ? live.view : screen);

// The transport under the video while one is the source.
const videoControls = transport(live, { active: () => source?.kind === 'video' });
videoControls.element.hidden = true;
pictureFigure.append(videoControls.element);

/** Times the scope's pass on the picture: the median of TIMED_RUNS counts. */
async function timeIt() {
  if (!screen) return;
  const gpuMs = [];
  const wallMs = [];
  // The GPU at its working clocks, as the timings page does: counts back to back
  // for a while first, and again briefly before each timed count (reading the
  // counts back leaves the GPU idle long enough to slow down).
  const [first, firstWall] = await screen.time();
  const passMs = Number.isFinite(first) ? first : firstWall;
  await screen.keepBusy(passMs, WARMUP_MS);
  for (let i = 0; i < TIMED_RUNS; i++) {
    await screen.keepBusy(passMs, 20);
    const [g, w] = await screen.time();
    gpuMs.push(g);
    wallMs.push(w);
  }
  const median = (v) => v.sort((a, b) => a - b)[v.length >> 1];
  const g = median(gpuMs);
  timing.textContent = `The ${scope} pass: ` + (Number.isFinite(g)
    ? `${formatMs(g)} on the GPU (median of ${TIMED_RUNS} after ${WARMUP_MS} ms of counts, timestamp queries) · ${formatMs(median(wallMs))} until the counts were back on the CPU`
    : `${formatMs(median(wallMs))} wall clock until the counts were back (median of ${TIMED_RUNS}; no timestamp queries here)`);
  timing.dataset.gpuMs = g;
}

async function drawPicture() {
  if (!screen) return;
  setState('running');
  try {
    screen.draw();
    followLuma();
    await timeIt();
    setState('done');
  } catch (e) {
    if (!gpu?.isLost) showError(`The ${scope} could not be drawn: ${errorText(e)}`);
  }
}

function makeScreen() {
  screen?.free();
  screen = null;
  if (source?.kind !== 'picture' || !gpu) return;
  try {
    screen = setUp(ScopeScreen.forPicture(gpu, scopeCanvas, source.picture, scope, gridSize()));
  } catch (e) {
    showError(`The ${scope} cannot be counted here: ${errorText(e)}`);
  }
}

/** `shown`: how the browser shows the picture's file (readPicture's), or none. */
async function usePicture(picture, name, shown = null) {
  await showPicture(pictureCanvas, picture, shown);
  live.stop();
  live.video.remove();
  videoControls.element.hidden = true;
  pictureCanvas.hidden = false;
  if (source?.kind === 'picture') source.picture.free();
  source = { kind: 'picture', picture, name };
  caption.textContent = `${name}, ${picture.width}×${picture.height}`;
  timeButton.disabled = !gpu;
  makeScreen();
  await drawPicture();
}

// A file given while another is read waits, and the latest wins.
const open = latestWins(async (file) => {
  message.textContent = '';
  if (file.type.startsWith('video/') || file.type.startsWith('audio/')) {
    await live.useFile(file);
    return;
  }
  try {
    status.textContent = `Reading ${file.name}…`;
    await nextPaint();
    const { picture, shown } = await readPicture(file, { gpu, show: true, status: (text) => { status.textContent = text; } });
    await usePicture(picture, file.name, shown);
    status.textContent = '';
  } catch (e) {
    showError(`${sentence(e)} The previous picture or video is kept.`);
  }
});

function restyle() {
  scopeCaptionText.textContent = scopeCaption(videoLevels);
  gainText.textContent = `×${(2 ** Number(gain.value)).toFixed(2).replace(/\.?0+$/, '')}`;
  current()?.setStyle(...style());
  if (source?.kind === 'picture') screen?.draw();
  else if (live.video.paused) live.render(true);
}

videoButton.addEventListener('click', () => live.useUrl(DEFAULT_VIDEO, 'The project’s video'));
cameraButton.addEventListener('click', () => live.useCamera());
timeButton.addEventListener('click', () => drawPicture());
for (const input of [logBox, gain, yrgbBox, ...channelBoxes]) input.addEventListener('input', restyle);
decodedBox.addEventListener('input', () => {
  for (const box of channelBoxes) box.disabled = decodedBox.checked;
  restyle();
  followLuma();
});
zoomBox.addEventListener('input', () => {
  nameGraticule(scopeFrame, JSON.parse(scopeLabels(scope, zoom(), videoLevels)));
  restyle();
});
sizeSelect.addEventListener('change', () => {
  if (source?.kind === 'picture') makeScreen(), drawPicture();
  else live.refresh();
});
const fileName = () => source?.name ?? scope;
const baseName = () => stem(fileName());
pngButton.addEventListener('click', async () => {
  try {
    download(`${baseName()}-${scope}.png`, new Blob([await current().png()], { type: 'image/png' }));
  } catch (e) { showError(`The PNG could not be made: ${errorText(e)}`); }
});
jsonButton.addEventListener('click', async () => {
  try {
    download(`${baseName()}-${scope}.json`, new Blob([await current().json(fileName())], { type: 'application/json' }));
  } catch (e) { showError(`The JSON could not be made: ${errorText(e)}`); }
});
setInterval(() => {
  fps = frames;
  frames = 0;
  if (source?.kind === 'video') timing.textContent = `${perSecond(fps)}, each counted and drawn on the GPU.`;
}, 1000);

const started = await startPage({
  kind: 'scope',
  message,
  shows: {
    get view() { return current(); },
    open,
    get source() { return source; },
    get fps() { return fps; },
    get video() { return live.video; },
  },
  loaded: () => {
    nameGraticule(scopeFrame, JSON.parse(scopeLabels(scope, zoom())));
    kernel.textContent = scopeSource(scope);
    drawing.textContent = scopeSource('draw');
  },
  // No buttons and empty canvases that cannot work.
  gpu: { instead: [`The command line draws the same ${scope}: histogram scope --${scope}.`], hide: main.querySelectorAll('.controls, .stage') },
  device: {
    lost: live.lost,
    recovered: (ms, info, said) => {
      live.recovered();
      makeScreen();
      drawPicture();
      status.textContent = said;
    },
    failed: (e, info, said) => { live.failed(); showError(said); },
  },
  files: { picker, area: pictureFigure, open },
  canvases: [scopeCanvas],
  resized: () => {
    if (source?.kind === 'picture') screen?.draw();
    else live.render(true);
  },
});
gpu = started?.gpu ?? null;
if (gpu) {
  pngButton.disabled = false;
  jsonButton.disabled = false;
}
if (started) await usePicture(await sunsetPicture(960, 600), 'Sunset (made by this project)');
status.textContent = '';
