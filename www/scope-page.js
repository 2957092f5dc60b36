// The scope chapters (Part 4): one scope of a picture or of a playing video's
// frames, counted and drawn on the GPU by a ScopeScreen (page/src/scope_chapters.rs). The
// page's scope is <main data-scope>: waveform, parade or vectorscope. Sources: the
// project's own picture, a picture or video picked or dropped, the project's video,
// the camera (frames.js plays them). Its controls are those the core's registry
// says the scope offers (`scopeKinds`, src/scope/).
import { ScopeScreen, scopeKinds, scopeSource } from '../pkg/histogram.js';
import {
  el, setState, errorText, sentence, download, showPicture, nextPaint, formatMs, stem, listing, untimedWhy,
} from './site.js';
import { t, tMarked } from './l10n.js';
import { graticule, labelledScope, nameGraticule, scopeBox } from './scope-labels.js';
import { scaleControl } from './scope-scale.js';
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
const videoButton = el('button', { type: 'button' }, t('scope-page-play-video'));
const cameraButton = el('button', { type: 'button' }, t('scope-page-use-camera'));
const timeButton = el('button', { type: 'button', disabled: true }, t('scope-page-time-again'));
const pngButton = el('button', { type: 'button', disabled: true }, t('scope-page-download-png'));
const jsonButton = el('button', { type: 'button', disabled: true }, t('scope-page-download-json'));
const logBox = el('input', { type: 'checkbox', id: 'log' });
const gain = el('input', { type: 'range', id: 'gain', min: '-2', max: '3', step: '0.25', value: '0' });
const gainText = el('output', { for: 'gain' }, '×1');
const sizeSelect = el('select', { id: 'size' }, ...[256, 128, 64, 32].map((n) => el('option', { value: n }, `${n}×${n}`)));
const CHANNELS = ['r', 'g', 'b', 'luma'].map((c) => t(`scope-page-channel-${c}`));
const channelBoxes = CHANNELS.map((name, i) =>
  el('input', { type: 'checkbox', checked: i === 3, 'aria-label': name }));
const options = el('div', { class: 'controls' },
  el('label', { class: 'option' }, logBox, ` ${t('scope-log')}`),
  el('label', { class: 'option', for: 'gain' }, `${t('scope-gain')} `, gain, gainText));
const yrgbBox = el('input', { type: 'checkbox', id: 'yrgb' });
const decodedBox = el('input', { type: 'checkbox', id: 'decoded-luma' });
// What the waveform's luma is, where Y′ as decoded was asked for.
const lumaNote = el('p', { class: 'note', id: 'luma-note', hidden: true });
// HDR codes: the waveform's and the parade's lines named in nits, the
// vectorscope's chroma read by BT.2020's matrix (src/scope/nits.rs, vectorscope/).
const scale = scaleControl('codes');
const codes = scale.select;
// The controls the scope offers, once the core is loaded ('channels', 'yrgb', ...).
let controls = [];
const offers = (control) => controls.includes(control);
// Y′ as decoded is a video's luma alone: the channels are held to luma meanwhile.
const decoded = () => offers('decoded-luma') && decodedBox.checked;
// The HDR codes the lines are named by, if any (not Y′ as decoded, in video levels).
const nits = () => (codes.value === 'sdr' || decoded() ? undefined : codes.value);
const zoomBox = el('input', { type: 'checkbox', id: 'zoom' });
const zoom = () => (zoomBox.checked ? 2 : 1);
// Each control the scope may offer, as the form shows it, in the form's order.
const CONTROLS = {
  grid: () => el('label', { class: 'option', for: 'size' }, `${t('scope-page-grid')} `, sizeSelect),
  zoom: () => el('label', { class: 'option' }, zoomBox, ` ${t('scope-page-zoom')}`),
  yrgb: () => el('label', { class: 'option' }, yrgbBox, ` ${t('scope-page-yrgb')}`),
  channels: () => el('span', { class: 'option boxes' }, t('scope-page-channels'),
    ...channelBoxes.map((box, i) => el('label', {}, box, ` ${CHANNELS[i]}`))),
  'decoded-luma': () => el('label', { class: 'option' }, decodedBox, ` ${t('scope-page-decoded')}`),
  nits: () => el('label', { class: 'option', for: 'codes' }, `${t('scope-codes')} `, codes),
};
/** The scope's own controls (the registry's), before the downloads. */
function offerControls() {
  controls = JSON.parse(scopeKinds()).find((kind) => kind.name === scope)?.controls ?? [];
  scale.offer();
  pngButton.before(...Object.keys(CONTROLS).filter(offers).map((control) => CONTROLS[control]()));
}
options.append(pngButton, jsonButton);

const status = el('p', { role: 'status', class: 'muted' }, t('scope-page-loading'));
const message = el('p', { role: 'alert', class: 'message' });
const timing = el('p', { id: 'time' });
const pictureCanvas = el('canvas', { role: 'img', 'aria-label': t('scope-page-picture-label') });
const caption = el('figcaption');
const pictureFigure = el('figure', { class: 'drop' }, pictureCanvas, caption,
  el('p', { class: 'hint' }, t('scope-page-drop-hint')));
const scopeCanvas = el('canvas', {
  class: `scope ${scope}`, role: 'img', 'aria-label': t('scope-page-scope-label', { scope }),
});
const scopeFrame = scopeBox(scopeCanvas);
const scopeCaptionText = el('figcaption', {}, scopeCaption());
const kernel = el('code');
const drawing = el('code');
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, t('scope-page-choose-file'), picker),
    videoButton, cameraButton, timeButton),
  options, lumaNote, scale.why, status, message,
  el('div', { class: 'stage scope-stage' }, pictureFigure, el('figure', {}, scopeFrame, scopeCaptionText)),
  timing,
  el('details', {}, el('summary', {}, t('scope-page-wgsl-kernel')), listing(kernel)),
  el('details', {}, el('summary', {}, t('scope-page-wgsl-draw')), listing(drawing)));

function scopeCaption(videoLevels = false) {
  const n = Boolean(nits());
  return t({
    waveform: videoLevels ? 'scope-page-caption-waveform-video' : n ? 'scope-page-caption-waveform-nits' : 'scope-page-caption-waveform',
    parade: yrgbBox.checked ? (n ? 'scope-page-caption-parade-yrgb-nits' : 'scope-page-caption-parade-yrgb')
      : n ? 'scope-page-caption-parade-nits' : 'scope-page-caption-parade',
    vectorscope: n ? 'scope-page-caption-vectorscope-nits' : 'scope-page-caption-vectorscope',
  }[scope]);
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

const style = () => {
  const shown = decoded() ? [3] : offers('channels') ? channelBoxes.flatMap((b, i) => (b.checked ? [i] : []))
    : yrgbBox.checked ? [3, 0, 1, 2] : [0, 1, 2];
  return [logBox.checked, 2 ** Number(gain.value), Uint8Array.from(shown), zoom(), decoded(), codes.value];
};
const labels = () => graticule(scope, zoom(), videoLevels, nits());

// An HDR video's frames read on their transfer's scale from a source's first
// frame on, where the Scale is offered.
const followTransfer = () => offers('nits') && scale.follow(live.record?.transfer, live.hdrSaid, source);

// Whether the waveform drawn last was of Y′ as decoded: its graticule and note.
let videoLevels = false;
function followLuma() {
  const on = Boolean(current()?.decodedLuma);
  if (on !== videoLevels) {
    videoLevels = on;
    nameGraticule(scopeFrame, labels());
    scopeCaptionText.textContent = scopeCaption(on);
  }
  lumaNote.hidden = !decoded();
  lumaNote.textContent = t(on ? 'scope-page-luma-decoded' : source?.kind === 'video' ? 'scope-page-luma-not-planes' : 'scope-page-luma-picture');
}
const gridSize = () => Number(sizeSelect.value);

function setUp(next) {
  next.setStyle(...style());
  return next;
}

const live = liveVideo({
  gpu: () => gpu,
  viewOver: (frames) => {
    caption.textContent = t('scope-page-caption', {
      name: source?.name ?? t('scope-page-video-unnamed'), width: String(frames.width), height: String(frames.height),
    });
    return setUp(ScopeScreen.forLive(gpu, scopeCanvas, frames, scope, gridSize()));
  },
  drawn: () => { frames++; followLuma(); followTransfer(); },
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
  kept: t('scope-page-kept'),
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
  const times = { scope, runs: String(TIMED_RUNS), wall: formatMs(median(wallMs)) };
  timing.textContent = Number.isFinite(g)
    ? t('scope-page-time-gpu', { ...times, gpu: formatMs(g), warmup: String(WARMUP_MS) })
    : t('scope-page-time-wall', { ...times, why: untimedWhy(gpu) });
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
    if (!gpu?.isLost) showError(t('scope-page-draw-failed', { scope, error: errorText(e) }));
  }
}

function makeScreen() {
  screen?.free();
  screen = null;
  if (source?.kind !== 'picture' || !gpu) return;
  try {
    screen = setUp(ScopeScreen.forPicture(gpu, scopeCanvas, source.picture, scope, gridSize()));
  } catch (e) {
    showError(t('scope-page-count-failed', { scope, error: errorText(e) }));
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
  scale.follow(null, null, source);
  caption.textContent = t('scope-page-caption', { name, width: String(picture.width), height: String(picture.height) });
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
    status.textContent = t('scope-page-reading', { name: file.name });
    await nextPaint();
    const { picture, shown } = await readPicture(file, { gpu, show: true, status: (text) => { status.textContent = text; } });
    await usePicture(picture, file.name, shown);
    status.textContent = '';
  } catch (e) {
    showError(t('scope-page-file-refused', { error: sentence(e) }));
  }
});

function restyle() {
  scopeCaptionText.textContent = scopeCaption(videoLevels);
  gainText.textContent = `×${(2 ** Number(gain.value)).toFixed(2).replace(/\.?0+$/, '')}`;
  current()?.setStyle(...style());
  if (source?.kind === 'picture') screen?.draw();
  else if (live.video.paused) live.render(true);
}

videoButton.addEventListener('click', () => live.useUrl(DEFAULT_VIDEO, t('scope-page-video-name')));
cameraButton.addEventListener('click', () => live.useCamera());
timeButton.addEventListener('click', () => drawPicture());
for (const input of [logBox, gain, yrgbBox, ...channelBoxes]) input.addEventListener('input', restyle);
decodedBox.addEventListener('input', () => {
  for (const box of channelBoxes) box.disabled = decodedBox.checked;
  codes.disabled = decodedBox.checked;
  nameGraticule(scopeFrame, labels());
  restyle();
  followLuma();
});
for (const input of [zoomBox, codes]) {
  input.addEventListener(input === codes ? 'change' : 'input', () => {
    nameGraticule(scopeFrame, labels());
    restyle();
  });
}
sizeSelect.addEventListener('change', () => {
  if (source?.kind === 'picture') makeScreen(), drawPicture();
  else live.refresh();
});
const fileName = () => source?.name ?? scope;
const baseName = () => stem(fileName());
pngButton.addEventListener('click', async () => {
  try {
    const png = new Blob([await current().png()], { type: 'image/png' });
    download(`${baseName()}-${scope}.png`, await labelledScope(png, labels()));
  } catch (e) { showError(t('scope-png-failed', { error: errorText(e) })); }
});
jsonButton.addEventListener('click', async () => {
  try {
    download(`${baseName()}-${scope}.json`, new Blob([await current().json(fileName())], { type: 'application/json' }));
  } catch (e) { showError(t('scope-json-failed', { error: errorText(e) })); }
});
setInterval(() => {
  fps = frames;
  frames = 0;
  if (source?.kind === 'video') timing.textContent = t('scope-page-rate', { fps, rate: String(fps) });
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
    // The last frame's way to the GPU, size and pixel format (bench/gpu-browser).
    get frame() { return live.record; },
  },
  loaded: () => {
    offerControls();
    nameGraticule(scopeFrame, labels());
    kernel.textContent = scopeSource(scope);
    drawing.textContent = scopeSource('draw');
  },
  // No buttons and empty canvases that cannot work.
  gpu: { instead: tMarked('scope-page-command-line', { scope }, 'code', (command) => el('code', {}, command)), hide: main.querySelectorAll('.controls, .stage') },
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
if (started) await usePicture(await sunsetPicture(960, 600), t('scope-page-sunset-name'));
status.textContent = '';
