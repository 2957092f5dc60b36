// The studio: a picture, video or camera beside its histogram panel, all counted and
// drawn on the GPU by a Studio (src/web/studio.rs). This module owns the page: the
// inputs, the panel's controls, the region drag, the readout, the statistics and
// the exports.
import init, { GpuContext, Studio, Picture, kernelSource, studioSource, adjustSource } from '../pkg/histogram.js';
import { el, setState, errorText, download, pager, readImage, nextPaint, watchDevice, lostText, lostWithin } from './site.js';
import { pumpFrames } from './frames.js';

const CHANNELS = ['R', 'G', 'B', 'Luminance'];
const STATS = [
  ['pixels', 'Pixels'], ['mean', 'Mean'], ['std_dev', 'Std. deviation'], ['median', 'Median'],
  ['mode', 'Mode'], ['min', 'Min'], ['max', 'Max'], ['p1', '1st percentile'], ['p99', '99th percentile'],
  ['clipped_low_percent', 'In the first bin (at 0)'], ['clipped_high_percent', 'In the last bin (at 255)'],
];
const BIN_CHOICES = [16, 32, 64, 128, 256, 512, 1024];
// Statistics of a playing video are read back this often: as often as a person reads.
const STATS_EVERY_MS = 250;

const main = document.querySelector('main');
main.prepend(pager(main.dataset.example));
setState('loading');
// A chapter page of Part 3 presets its adjustment (data-adjustment).
const PRESET = main.dataset.adjustment ?? 'none';

// The page: inputs, picture, panel, controls.
const picker = el('input', { type: 'file', accept: 'image/*,video/*', id: 'file' });
const cameraButton = el('button', { type: 'button' }, 'Use the camera');
const retryButton = el('button', { type: 'button', hidden: true }, 'Try the GPU again');
const status = el('p', { role: 'status', class: 'muted' }, 'Loading…');
const message = el('p', { role: 'alert', class: 'message' });
const notes = el('p', { class: 'note', hidden: true });

const pictureCanvas = el('canvas', { id: 'picture', role: 'img', 'aria-label': 'The picture' });
const regionBox = el('div', { class: 'region-box', hidden: true });
const pictureCaption = el('figcaption');
const pictureFigure = el('figure', { class: 'studio-picture drop' },
  el('div', { class: 'picture-frame' }, pictureCanvas, regionBox), pictureCaption,
  el('p', { class: 'hint' }, 'Drop or paste a picture or a video here. Drag on it to count a region; Escape counts it all.'));

const panelCanvas = el('canvas', {
  id: 'panel', tabindex: 0, role: 'img',
  'aria-label': 'Histograms. Focus and use the left and right arrow keys to read each bin.',
});
const cursor = el('div', { class: 'bin-cursor', hidden: true });
const readout = el('p', { id: 'readout', class: 'readout', role: 'status', 'aria-live': 'polite' }, ' ');

const radio = (name, value, label, checked) => el('label', { class: 'option' },
  el('input', { type: 'radio', name, value, checked }), label);
const check = (id, label, checked) => el('label', { class: 'option' },
  el('input', { type: 'checkbox', id, checked }), label);
const binsSelect = el('select', { id: 'bins' }, ...BIN_CHOICES.map((n) => el('option', { value: n, selected: n === 256 }, String(n))));
const pinButton = el('button', { type: 'button', 'aria-pressed': 'false' }, 'Pin this histogram');
const viewOptions = el('fieldset', { class: 'studio-options' }, el('legend', {}, 'Panel'),
  el('div', { class: 'row' }, radio('layout', 'overlaid', 'Overlaid', true), radio('layout', 'parade', 'Parade', false)),
  el('div', { class: 'row' }, radio('scale', 'linear', 'Linear', true), radio('scale', 'log', 'Logarithmic', false)),
  el('div', { class: 'row' }, ...CHANNELS.map((c, i) => check(`show-${i}`, c, true))),
  el('div', { class: 'row' }, el('label', { class: 'option', for: 'bins' }, 'Bins', binsSelect),
    check('clipping', 'Clipping warning', false), pinButton));

const regionInputs = ['x', 'y', 'width', 'height'].map((name) => el('input', {
  type: 'number', min: 0, step: 1, id: `region-${name}`, 'aria-label': `Region ${name}`, inputmode: 'numeric',
}));
const clearRegionButton = el('button', { type: 'button' }, 'Count it all');
const regionOptions = el('fieldset', { class: 'studio-options region' }, el('legend', {}, 'Region (pixels)'),
  el('div', { class: 'row' }, ...regionInputs.map((input, i) => el('label', { class: 'option' }, ['X', 'Y', 'W', 'H'][i], input)),
    clearRegionButton));

// Adjustments: the picture remapped from its histogram, before and after side by side.
const adjustSelect = el('select', { id: 'adjustment' },
  ...[['none', 'None'], ['equalize', 'Equalize luma'], ['clahe', 'CLAHE'], ['levels', 'Auto-levels'], ['otsu', 'Otsu threshold']]
    .map(([value, label]) => el('option', { value, selected: value === PRESET }, label)));
const tilesSelect = el('select', { id: 'tiles' }, ...[2, 4, 6, 8, 12, 16].map((n) => el('option', { value: n, selected: n === 8 }, `${n}×${n}`)));
const clipInput = el('input', { type: 'number', id: 'clip', min: 0.5, max: 64, step: 0.5, value: 2 });
const lowInput = el('input', { type: 'number', id: 'low', min: 0, max: 50, step: 0.1, value: 0.5 });
const highInput = el('input', { type: 'number', id: 'high', min: 50, max: 100, step: 0.1, value: 99.5 });
const splitInput = el('input', { type: 'range', id: 'split', min: 0, max: 100, value: 50 });
const downloadButton = el('button', { type: 'button', id: 'download-adjusted' }, 'Download the adjusted picture (PNG)');
const curve = el('canvas', { class: 'curve', width: 256, height: 256, role: 'img', 'aria-label': 'The mapping from old to new levels' });
const tableNote = el('p', { class: 'muted', id: 'table-note' });
const only = (kind, ...children) => el('span', { class: 'option', 'data-for': kind }, ...children);
const adjustOptions = el('fieldset', { class: 'studio-options adjust' }, el('legend', {}, 'Adjust the picture'),
  el('div', { class: 'row' }, el('label', { class: 'option', for: 'adjustment' }, 'Adjustment', adjustSelect)),
  el('div', { class: 'row' },
    only('clahe', el('label', { class: 'option', for: 'tiles' }, 'Tiles', tilesSelect)),
    only('clahe', el('label', { class: 'option', for: 'clip' }, 'Clip limit', clipInput)),
    only('levels', el('label', { class: 'option', for: 'low' }, 'Low %', lowInput)),
    only('levels', el('label', { class: 'option', for: 'high' }, 'High %', highInput)),
    only('levels', check('linked', 'Channels linked', false))),
  el('div', { class: 'row adjusted-only' }, el('label', { class: 'option', for: 'split' }, 'Before | after', splitInput), downloadButton),
  el('div', { class: 'row adjusted-only' }, curve, tableNote));
const splitHandle = el('div', { class: 'split-handle', hidden: true, 'aria-hidden': 'true' });
const thresholdLine = el('div', { class: 'bin-cursor threshold', hidden: true });
const panelLegend = el('p', { class: 'muted panel-legend', hidden: true },
  'Left: the histograms of the picture as it is. Right: of the adjusted picture, counted on the GPU as it is drawn.');

const statsBody = el('tbody');
const statsTable = el('table', { class: 'stats-table' },
  el('caption', {}, 'Statistics of the counted pixels'),
  el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, ''), ...CHANNELS.map((c) => el('th', { scope: 'col' }, c)))),
  statsBody);
const exports = el('div', { class: 'controls' },
  el('button', { type: 'button', id: 'csv' }, 'Bins as CSV'),
  el('button', { type: 'button', id: 'json' }, 'Statistics as JSON'),
  el('button', { type: 'button', id: 'png' }, 'Panel as PNG'));

pictureFigure.querySelector('.picture-frame').append(splitHandle);
const panelSection = el('section', { class: 'studio-panel', 'aria-label': 'Histogram panel' },
  el('div', { class: 'panel-frame' }, panelCanvas, cursor, thresholdLine), panelLegend, readout, adjustOptions, viewOptions, regionOptions,
  el('div', { class: 'table-wrap' }, statsTable), exports);
// On a chapter page of Part 3 the adjustment comes first.
if (PRESET !== 'none') panelSection.prepend(adjustOptions);
const sources = el('code');
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, 'Choose a picture or video…', picker), cameraButton, retryButton),
  status, message, notes,
  el('div', { class: 'studio-grid' }, pictureFigure, panelSection),
  el('details', {}, el('summary', {}, PRESET === 'none' ? 'The WGSL: counting, the panel, the picture'
    : 'The WGSL: the tables from the histogram, and the remapping'), el('pre', {}, sources)));

const video = el('video', { muted: true, loop: true, playsInline: true, preload: 'auto' });
video.muted = true;

// What the studio shows and how.
let gpu = null;
let studio = null;
let recovering = false;
let source = null; // { kind: 'picture', picture, name, file } or { kind: 'video', name }
let outcome = null; // the latest histogram read back
let cursorBin = null; // [panel index, bin] of the readout
let reading = false;
const options = () => ({
  parade: main.querySelector('input[name=layout]:checked').value === 'parade',
  log: main.querySelector('input[name=scale]:checked').value === 'log',
  shown: CHANNELS.map((_, i) => document.getElementById(`show-${i}`).checked),
  clipping: document.getElementById('clipping').checked,
  bins: Number(binsSelect.value),
});

function fitCanvas(canvas) {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
}

function applyOptions() {
  const o = options();
  studio.setOptions(o.parade, o.log, Uint8Array.from(o.shown, Number), o.clipping);
  applyAdjustment();
}

/** The adjustment chosen, on the studio: its controls, tables and curve. */
function applyAdjustment() {
  const kind = adjustSelect.value;
  for (const span of adjustOptions.querySelectorAll('[data-for]')) span.hidden = span.dataset.for !== kind;
  for (const row of adjustOptions.querySelectorAll('.adjusted-only')) row.hidden = kind === 'none';
  panelLegend.hidden = kind === 'none';
  if (!studio) return;
  const tiles = Number(tilesSelect.value);
  const a = kind === 'clahe' ? Number(clipInput.value) : Number(lowInput.value);
  try {
    studio.setAdjustment(kind, a, Number(highInput.value), tiles, tiles, document.getElementById('linked').checked);
    studio.setSplit(Number(splitInput.value) / 100);
    message.textContent = '';
  } catch (e) {
    message.textContent = errorText(e);
  }
  sources.textContent = kind === 'none'
    ? [kernelSource('privatized', 4, '256x1'), studioSource('panel'), studioSource('picture')].join('\n\n')
    : adjustSource(kind);
  showSplit();
}

function showSplit() {
  const on = adjustSelect.value !== 'none' && studio;
  splitHandle.hidden = !on;
  if (!on) return;
  const { scale, left } = pictureLayout();
  splitHandle.style.left = `${left + (studio.width * scale * Number(splitInput.value)) / 100}px`;
}

/** The tables read back: the curve of new levels, Otsu's threshold on the panel. */
async function showTables() {
  const kind = adjustSelect.value;
  if (!studio || kind === 'none') {
    thresholdLine.hidden = true;
    return;
  }
  let tables;
  try {
    tables = await studio.readTables();
  } catch {
    return; // read already under way, or the adjustment changed
  }
  const ctx = curve.getContext('2d');
  ctx.clearRect(0, 0, 256, 256);
  ctx.strokeStyle = '#2a2f38';
  ctx.strokeRect(0.5, 0.5, 255, 255);
  ctx.beginPath();
  ctx.moveTo(0, 256);
  ctx.lineTo(256, 0);
  ctx.stroke();
  const line = (offset, colour) => {
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (let v = 0; v < 256; v++) ctx.lineTo(v + 0.5, 255.5 - tables[offset + v]);
    ctx.stroke();
  };
  thresholdLine.hidden = kind !== 'otsu';
  if (kind === 'equalize') {
    line(0, '#fff');
    tableNote.textContent = 'New luma for each old luma: the cumulative histogram, scaled to 0–255.';
  } else if (kind === 'levels') {
    ['#ff5b5b', '#5bff5b', '#5b8bff'].forEach((c, i) => line(i * 256, c));
    tableNote.textContent = 'New level of each old level, per channel.';
  } else if (kind === 'clahe') {
    const tiles = Number(tilesSelect.value) ** 2;
    for (let t = 0; t < tiles; t++) line(t * 256, `hsl(${(360 * t) / tiles} 70% 60% / 0.5)`);
    tableNote.textContent = `New luma for each old luma, one curve per tile (${tiles} tiles): each tile's histogram clipped, then equalized.`;
  } else if (kind === 'otsu') {
    const t = tables[0];
    ctx.strokeStyle = '#fff';
    ctx.beginPath();
    ctx.moveTo(0, 255.5);
    ctx.lineTo(t + 1, 255.5);
    ctx.lineTo(t + 1, 0.5);
    ctx.lineTo(256, 0.5);
    ctx.stroke();
    tableNote.textContent = `Otsu's threshold: luma above bin ${t} is white, the rest black.`;
    const rects = studio.panelRects();
    const last = rects.length / 5 - 1;
    const [x, y, w, h] = rects.slice(last * 5, last * 5 + 4);
    Object.assign(thresholdLine.style, { left: `${(x + ((t + 1) * w) / 256) * 100}%`, top: `${y * 100}%`, height: `${h * 100}%` });
  }
}

/** The studio for the current picture (video studios are made per frame size). */
function makeStudio() {
  studio?.free();
  studio = null;
  if (source?.kind !== 'picture') return;
  studio = Studio.forPicture(gpu, pictureCanvas, panelCanvas, source.picture, options().bins);
  applyOptions();
  showRegion();
}

function viewFor(width, height) {
  if (!studio || !studio.fits(width, height) || studio.numBins !== options().bins) {
    studio?.free();
    studio = Studio.forVideo(gpu, pictureCanvas, panelCanvas, video, width, height, options().bins);
    applyOptions();
    showRegion();
    pictureCaption.textContent = `${source?.name ?? 'Video'}, ${width}×${height}, counted by the ${studio.counter}`;
  }
  return studio;
}

/** Draws the picture again (after a change) and reads its histogram back. */
function redraw() {
  if (!studio || recovering) return;
  if (source?.kind === 'picture' || video.paused) {
    try {
      studio.draw();
    } catch (e) {
      if (!gpu.isLost) showError(`The studio could not draw: ${errorText(e)}`);
      return;
    }
  }
  readBack();
}

/**
 * Reads the latest histogram back: statistics, readout, CSV. Reads run one after
 * another; a call while one is waiting to start shares it (it will see the latest
 * state), so what resolves is never older than the call.
 */
let reads = Promise.resolve();
let queued = false;
function readBack() {
  if (!queued) {
    queued = true;
    reads = reads.then(() => {
      queued = false;
      return readOnce();
    });
  }
  return reads;
}

async function readOnce() {
  if (!studio) return;
  reading = true;
  try {
    const next = await studio.histogram();
    outcome?.free();
    outcome = next;
    showStats();
    showReadout();
    showTables();
    if (source?.kind === 'picture' || video.paused) setState('done');
  } catch (e) {
    if (!gpu?.isLost && !/being read/.test(errorText(e))) showError(`The histogram could not be read: ${errorText(e)}`);
  } finally {
    reading = false;
  }
}

const format = (v, key) => (v === null || v === undefined ? '–'
  : key === 'pixels' ? v.toLocaleString('en')
    : key.endsWith('percent') ? `${v.toFixed(2)}%` : v.toFixed(key === 'mean' || key === 'std_dev' ? 2 : 1));

function showStats() {
  const stats = JSON.parse(outcome.stats());
  const columns = ['r', 'g', 'b', 'luminance'];
  statsBody.replaceChildren(...STATS.map(([key, label]) => el('tr', {}, el('th', { scope: 'row' }, label),
    ...columns.map((c) => el('td', { 'data-stat': `${c}-${key}` }, format(stats[c]?.[key], key))))));
}

// The region: dragged on the picture, typed in, or cleared.
function pictureLayout() {
  // The picture is drawn letterboxed ("contain") into the canvas.
  const box = pictureCanvas.getBoundingClientRect();
  const scale = Math.min(box.width / studio.width, box.height / studio.height);
  const w = studio.width * scale;
  const h = studio.height * scale;
  return { box, scale, left: (box.width - w) / 2, top: (box.height - h) / 2 };
}

function showRegion() {
  if (!studio) return;
  const [x, y, w, h] = studio.region;
  regionInputs.forEach((input, i) => { input.value = [x, y, w, h][i]; });
  const whole = x === 0 && y === 0 && w === studio.width && h === studio.height;
  regionBox.hidden = whole;
  if (!whole) {
    const { scale, left, top } = pictureLayout();
    Object.assign(regionBox.style, {
      left: `${left + x * scale}px`, top: `${top + y * scale}px`, width: `${w * scale}px`, height: `${h * scale}px`,
    });
  }
}

function setRegion(x, y, w, h) {
  if (!studio) return;
  try {
    if (w < 1 || h < 1) return;
    studio.setRegion(x, y, w, h);
    message.textContent = '';
  } catch (e) {
    message.textContent = errorText(e);
    return;
  }
  showRegion();
  redraw();
}

function clearRegion() {
  if (!studio) return;
  studio.clearRegion();
  showRegion();
  redraw();
}

let drag = null;
pictureCanvas.addEventListener('pointerdown', (e) => {
  if (!studio) return;
  const { box, scale, left, top } = pictureLayout();
  const at = (ev) => [
    Math.min(studio.width, Math.max(0, Math.round((ev.clientX - box.left - left) / scale))),
    Math.min(studio.height, Math.max(0, Math.round((ev.clientY - box.top - top) / scale))),
  ];
  drag = { start: at(e), at };
  pictureCanvas.setPointerCapture(e.pointerId);
});
let dragFrame = null;
pictureCanvas.addEventListener('pointermove', (e) => {
  if (!drag) return;
  drag.end = drag.at(e);
  if (dragFrame) return;
  dragFrame = requestAnimationFrame(() => {
    dragFrame = null;
    if (!drag?.end) return;
    const [[x0, y0], [x1, y1]] = [drag.start, drag.end];
    setRegion(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
  });
});
pictureCanvas.addEventListener('pointerup', (e) => {
  if (!drag) return;
  drag.end = drag.at(e);
  const [[x0, y0], [x1, y1]] = [drag.start, drag.end];
  drag = null;
  setRegion(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
});
regionInputs.forEach((input) => input.addEventListener('change', () => {
  const [x, y, w, h] = regionInputs.map((i) => Number(i.value));
  setRegion(x, y, w, h);
}));
clearRegionButton.addEventListener('click', clearRegion);
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape') clearRegion();
});

// The readout: the bin under the pointer, or chosen with the arrow keys.
function panelAt(fx, fy) {
  const rects = studio.panelRects();
  for (let i = 0; i < rects.length / 5; i++) {
    const [x, y, w, h] = rects.slice(i * 5, i * 5 + 4);
    if (fx >= x && fx <= x + w && fy >= y && fy <= y + h) return i;
  }
  return null;
}

function showReadout() {
  if (!outcome || !cursorBin || !studio) {
    cursor.hidden = true;
    return;
  }
  const rects = studio.panelRects();
  const [p, bin] = cursorBin;
  if (p * 5 >= rects.length) return;
  const [x, y, w, h, mask] = rects.slice(p * 5, p * 5 + 5);
  const n = outcome.numBins;
  const lo = (255 * bin) / n;
  const hi = (255 * (bin + 1)) / n;
  const total = outcome.pixels;
  const parts = [0, 1, 2, 3].filter((c) => mask & (1 << c)).map((c) => {
    const bins = outcome.bins(c);
    const count = bins[bin];
    let below = 0;
    for (let b = 0; b <= bin; b++) below += bins[b];
    return `${CHANNELS[c]} ${count.toLocaleString('en')} (${((100 * count) / total).toFixed(2)}%, ` +
      `up to here ${((100 * below) / total).toFixed(1)}%)`;
  });
  readout.textContent = `Bin ${bin} of ${n}, values ${lo.toFixed(1)} to ${hi.toFixed(1)} of 255: ${parts.join(' · ')}`;
  Object.assign(cursor.style, {
    left: `${(x + ((bin + 0.5) * w) / n) * 100}%`, top: `${y * 100}%`, height: `${h * 100}%`,
  });
  cursor.hidden = false;
}

panelCanvas.addEventListener('pointermove', (e) => {
  if (!studio || !outcome) return;
  const box = panelCanvas.getBoundingClientRect();
  const fx = (e.clientX - box.left) / box.width;
  const fy = (e.clientY - box.top) / box.height;
  const p = panelAt(fx, fy);
  if (p === null) return;
  const rects = studio.panelRects();
  const [x, , w] = rects.slice(p * 5, p * 5 + 3);
  const n = outcome.numBins;
  cursorBin = [p, Math.min(n - 1, Math.max(0, Math.floor(((fx - x) / w) * n)))];
  showReadout();
});
panelCanvas.addEventListener('keydown', (e) => {
  if (!outcome) return;
  const n = outcome.numBins;
  const [p, bin] = cursorBin ?? [0, Math.floor(n / 2)];
  const step = { ArrowLeft: -1, ArrowRight: 1, PageDown: -n / 16, PageUp: n / 16 }[e.key];
  const panels = studio.panelRects().length / 5;
  if (step !== undefined) cursorBin = [p, Math.min(n - 1, Math.max(0, bin + step))];
  else if (e.key === 'Home') cursorBin = [p, 0];
  else if (e.key === 'End') cursorBin = [p, n - 1];
  else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') cursorBin = [(p + (e.key === 'ArrowDown' ? 1 : panels - 1)) % panels, bin];
  else return;
  e.preventDefault();
  showReadout();
});
panelCanvas.addEventListener('focus', () => { if (!cursorBin && outcome) { cursorBin = [0, Math.floor(outcome.numBins / 2)]; showReadout(); } });

// The panel's controls.
viewOptions.addEventListener('change', (e) => {
  if (!studio) return;
  if (e.target === binsSelect) {
    const region = studio.region;
    if (source?.kind === 'picture') makeStudio();
    else { studio.free(); studio = null; }
    cursorBin = null;
    if (studio) { studio.setRegion(...region); showRegion(); }
  } else {
    applyOptions();
    cursorBin = null;
  }
  redraw();
});
adjustOptions.addEventListener('change', () => {
  applyAdjustment();
  redraw();
});
splitInput.addEventListener('input', () => {
  studio?.setSplit(Number(splitInput.value) / 100);
  showSplit();
  redraw();
});
splitHandle.addEventListener('pointerdown', (e) => {
  e.stopPropagation();
  splitHandle.setPointerCapture(e.pointerId);
  const move = (ev) => {
    const { box, scale, left } = pictureLayout();
    splitInput.value = Math.round(Math.min(100, Math.max(0, ((ev.clientX - box.left - left) / (studio.width * scale)) * 100)));
    splitInput.dispatchEvent(new Event('input'));
  };
  splitHandle.addEventListener('pointermove', move);
  splitHandle.addEventListener('pointerup', () => splitHandle.removeEventListener('pointermove', move), { once: true });
});
downloadButton.addEventListener('click', async () => {
  if (!studio) return;
  try {
    const png = await studio.adjustedPng();
    download(`${baseName()}-${adjustSelect.value}.png`, new Blob([png], { type: 'image/png' }));
  } catch (e) {
    message.textContent = `The adjusted picture could not be made: ${errorText(e)}`;
  }
});

pinButton.addEventListener('click', () => {
  if (!studio) return;
  const pinned = pinButton.getAttribute('aria-pressed') === 'true';
  if (pinned) studio.unpin();
  else studio.pin();
  pinButton.setAttribute('aria-pressed', String(!pinned));
  pinButton.textContent = pinned ? 'Pin this histogram' : 'Unpin';
  redraw();
});

// Exports.
const baseName = () => (source?.name ?? 'studio').replace(/\.[^.]*$/, '');
document.getElementById('csv').addEventListener('click', () => {
  if (outcome) download(`${baseName()}-histogram.csv`, new Blob([outcome.csv()], { type: 'text/csv' }));
});
document.getElementById('json').addEventListener('click', () => {
  if (!outcome) return;
  const [x, y, width, height] = studio.region;
  const json = JSON.stringify({
    source: source?.name, width: studio.width, height: studio.height, region: { x, y, width, height },
    bins: outcome.numBins, stats: JSON.parse(outcome.stats()),
  }, null, 2);
  download(`${baseName()}-stats.json`, new Blob([json], { type: 'application/json' }));
});
document.getElementById('png').addEventListener('click', async () => {
  if (!outcome) return;
  // The panel as drawn, with the statistics under it.
  redraw();
  const rows = STATS.length + 2;
  const line = 18;
  const canvas = el('canvas', { width: panelCanvas.width, height: panelCanvas.height + rows * line + 16 });
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#101216';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(panelCanvas, 0, 0);
  ctx.fillStyle = '#e8e9ec';
  ctx.font = '13px system-ui, sans-serif';
  const stats = JSON.parse(outcome.stats());
  const columns = ['r', 'g', 'b', 'luminance'];
  const top = panelCanvas.height + 20;
  const colX = (i) => 170 + i * ((canvas.width - 180) / 4);
  ctx.fillText(`${source?.name ?? ''} · ${outcome.pixels.toLocaleString('en')} pixels counted · ${outcome.numBins} bins`, 8, top);
  CHANNELS.forEach((c, i) => ctx.fillText(c, colX(i), top + line));
  STATS.forEach(([key, label], r) => {
    ctx.fillText(label, 8, top + (r + 2) * line);
    columns.forEach((c, i) => ctx.fillText(format(stats[c]?.[key], key), colX(i), top + (r + 2) * line));
  });
  canvas.toBlob((blob) => download(`${baseName()}-panel.png`, blob), 'image/png');
});

// Inputs: a picture (file, drop, paste), a video file, the camera.
function showError(text) {
  message.textContent = text;
  setState('error');
}

let wanted = null;
let busy = false;
async function open(file) {
  wanted = file;
  if (busy) return;
  busy = true;
  try {
    while (wanted) {
      const next = wanted;
      wanted = null;
      if (next.type.startsWith('video/')) useVideo(() => { video.srcObject = null; video.src = URL.createObjectURL(next); }, next.name);
      else await usePictureFile(next);
    }
  } finally {
    busy = false;
  }
}

async function usePictureFile(file) {
  setState('running');
  status.textContent = `Reading ${file.name}…`;
  await nextPaint();
  try {
    const picture = await readImage(file);
    await usePicture(picture, file.name);
    notes.hidden = picture.notes().length === 0;
    notes.textContent = picture.notes().join(' ');
  } catch (e) {
    showError(`${errorText(e)} The previous picture is kept.`);
  }
  status.textContent = '';
}

async function usePicture(picture, name) {
  const next = { kind: 'picture', picture, name };
  const previous = source;
  video.pause();
  source = next;
  try {
    makeStudio();
  } catch (e) {
    picture.free();
    source = previous;
    if (previous?.kind === 'picture') makeStudio();
    throw e;
  }
  if (previous?.kind === 'picture') previous.picture.free();
  pictureCaption.textContent = `${name}, ${picture.width}×${picture.height}${picture.format === 'generated' ? '' : ` (${picture.format})`}`;
  message.textContent = '';
  redraw();
}

function useVideo(apply, name) {
  message.textContent = '';
  const failed = () => showError(`${name} cannot be played by this browser${video.error?.message ? ` (${video.error.message})` : ''}. The previous picture or video is kept.`);
  video.addEventListener('error', failed, { once: true });
  video.addEventListener('loadeddata', async () => {
    video.removeEventListener('error', failed);
    if (source?.kind === 'picture') source.picture.free();
    source = { kind: 'video', name };
    studio?.free();
    studio = null;
    notes.hidden = true;
    try {
      await video.play();
      setState('playing');
    } catch (e) {
      showError(`The video will not play: ${errorText(e)}`);
    }
  }, { once: true });
  apply();
}

picker.addEventListener('change', () => picker.files[0] && open(picker.files[0]));
document.addEventListener('dragover', (e) => { e.preventDefault(); pictureFigure.classList.add('over'); });
document.addEventListener('dragleave', () => pictureFigure.classList.remove('over'));
document.addEventListener('drop', (e) => {
  e.preventDefault();
  pictureFigure.classList.remove('over');
  if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
});
document.addEventListener('paste', (e) => {
  const file = [...(e.clipboardData?.files ?? [])].find((f) => f.type.startsWith('image/'));
  if (file) open(new File([file], file.name || 'pasted image', { type: file.type }));
});
cameraButton.addEventListener('click', async () => {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    useVideo(() => { video.src = ''; video.srcObject = stream; }, 'The camera');
  } catch (e) {
    showError(`The camera is not available: ${errorText(e)}. The current picture is kept.`);
  }
});
pictureCanvas.addEventListener('dblclick', () => {
  if (source?.kind === 'video') (video.paused ? video.play() : video.pause());
});
video.addEventListener('pause', () => { if (source?.kind === 'video') { pump.render(true).then(redraw); setState('paused'); } });
video.addEventListener('play', () => { if (source?.kind === 'video') setState('playing'); });

const pump = pumpFrames(video, {
  viewFor,
  ready: () => gpu && !recovering && source?.kind === 'video',
  drawn: () => { frames++; },
  failed: async (e) => {
    // The device watcher takes over a loss, also one reported after this failure.
    if (recovering || gpu.isLost || (await lostWithin(gpu.lost))) return;
    video.pause();
    showError(`The video could not be drawn: ${errorText(e)}`);
  },
});
let frames = 0;
setInterval(() => { if (source?.kind === 'video' && !video.paused && !reading) readBack(); }, STATS_EVERY_MS);

new ResizeObserver(() => {
  fitCanvas(pictureCanvas);
  fitCanvas(panelCanvas);
  if (studio) { showRegion(); showSplit(); redraw(); }
}).observe(pictureCanvas);

try {
  await init();
  gpu = await GpuContext.create();
} catch (e) {
  status.textContent = '';
  message.append(`The studio needs WebGPU, and ${errorText(e)}. `,
    el('a', { href: 'cpu.html' }, 'The CPU page'), ' counts pictures in any browser.');
  setState('error');
}
if (gpu) {
  const device = watchDevice(gpu, {
    lost: () => {
      recovering = true;
      studio?.free();
      studio = null;
    },
    recovered: (ms, info) => {
      recovering = false;
      retryButton.hidden = true;
      notes.hidden = false;
      notes.textContent = `The GPU was reset (${lostText(info)}); a new device was opened in ${ms} ms.`;
      if (source?.kind === 'picture') { makeStudio(); redraw(); }
    },
    failed: (e, info) => {
      video.pause();
      retryButton.hidden = false;
      showError(`The GPU device was lost${info ? ` (${lostText(info)})` : ''} and no new one could be had (${errorText(e)}). Try the GPU again when it is back.`);
    },
  });
  retryButton.addEventListener('click', () => device.retry().then(() => (source?.kind === 'video' ? video.play() : null), () => {}));
  fitCanvas(pictureCanvas);
  fitCanvas(panelCanvas);
  status.textContent = '';
  await usePicture(Picture.sunset(960, 600), 'Sunset (made by this project)');
}

// For tests and the curious.
window.studioPage = {
  get studio() { return studio; },
  get outcome() { return outcome; },
  get frames() { return frames; },
  video,
  open,
  readBack,
};
