// A scope's graticule named, over its canvas and in its PNG: the core's labels
// (`scopeLabels`, src/scope/plot.rs), their colour and the strip for a line's value
// (`scopeLabelStyle`, src/scope/labelled.rs, which letters the command line's PNGs
// alike), the colour-bar targets named in the page's language.
import { scopeLabels, scopeLabelStyle } from '../pkg/histogram.js';
import { el } from './site.js';
import { t } from './l10n.js';

let style;
/** The core's label colour and strip width, asked once. */
const labelStyle = () => (style ??= JSON.parse(scopeLabelStyle()));

/**
 * Scope `name`'s graticule labels (the core's), its targets named in the page's
 * language: a waveform's in video levels, or a waveform's and a parade's in nits
 * of HDR codes (`nits`: 'pq' or 'hlg').
 */
export function graticule(name, zoom, videoLevels, nits) {
  return JSON.parse(scopeLabels(name, zoom, videoLevels, nits)).map((label) => (/^\d/.test(label.text) ? label
    : { ...label, text: t(`scope-target-${label.text.toLowerCase()}`) }));
}

/**
 * A row for each of the labels at `ats` (places along an axis): the first row free
 * of any label nearer than `gap` (`labelSize`, in the same unit), so that lines close
 * together (95% and 235) have their labels side by side, each on its own line.
 */
export function labelRows(ats, gap) {
  const rows = [];
  const order = ats.map((at, i) => [at, i]).sort((a, b) => a[0] - b[0]);
  const out = new Array(ats.length);
  for (const [at, i] of order) {
    let row = rows.findIndex((last) => at - last >= gap);
    if (row < 0) row = rows.push(at) - 1;
    rows[row] = at;
    out[i] = row;
  }
  return out;
}

/**
 * The room a label of `labels` (elements, as laid out) takes along `along` ('width'
 * or 'height'), in pixels with a margin: 0 where they are not laid out (hidden), so
 * that every label then takes the first row, until the layer is measured again.
 */
export const labelSize = (labels, along) => {
  const size = Math.max(0, ...labels.map((l) => l.getBoundingClientRect()[along]));
  return size > 0 ? size + 3 : 0;
};

/** A scope's canvas in a box, for its graticule's names over it (`nameGraticule`). */
export const scopeBox = (canvas) => el('div', { class: 'scope-box' }, canvas, el('div', { class: 'scope-labels', 'aria-hidden': 'true' }));

/**
 * Makes `layer`'s strip as wide as its widest value (percent, codes or nits, in
 * this browser's font), and hides the values that would touch the one above them
 * (a short scope, as on a phone: every other one of 0% to 100%), from the top
 * down; the bottom one is kept in place of the one shown before it.
 */
function fitStrip(layer) {
  const edges = [...layer.querySelectorAll('.scope-label.edge')];
  for (const l of edges) l.hidden = false;
  // One measurement for both: the strip's width moves no value up or down.
  const placed = edges.map((l) => [l, l.getBoundingClientRect()]).sort((a, b) => a[1].top - b[1].top);
  const widest = Math.max(0, ...placed.map(([, box]) => box.width));
  if (widest > 0) layer.parentElement.style.setProperty('--strip', `${Math.ceil(widest)}px`);
  let last = null;
  placed.forEach(([l, box], i) => {
    if (!last || box.top >= last[1].bottom + 1) last = [l, box];
    else if (i === placed.length - 1) { last[0].hidden = true; last = [l, box]; }
    else l.hidden = true;
  });
}

const fitted = new WeakSet();

/** Names `box`'s graticule: `labels` (`graticule`), each at its place in the scope's unit square. */
export function nameGraticule(box, labels) {
  const layer = box.querySelector('.scope-labels');
  // Fitted again as the scope's size changes.
  if (!fitted.has(layer)) {
    fitted.add(layer);
    new ResizeObserver(() => fitStrip(layer)).observe(layer);
  }
  layer.style.color = labelStyle().colour;
  if (!box.classList.toggle('strip', labels.some(({ x }) => x === 0))) box.style.removeProperty('--strip');
  layer.replaceChildren(...labels.map(({ text, x, y }) => {
    const edge = x === 0;
    // A line's number sits on its line in the strip right of the drawing, inside
    // the box at the top and bottom.
    const shift = edge ? `translateY(${y < 0.05 ? 0 : y > 0.95 ? -100 : -50}%)` : 'translate(-50%, -50%)';
    return el('span', { class: `scope-label${edge ? ' edge' : ''}`, style: `left: ${edge ? 100 : x * 100}%; top: ${y * 100}%; transform: ${shift}` }, text);
  }));
  // In the next frame, as laid out then: the page may change the scopes' layout
  // more than once in this one (two scopes shown), and back to the size the
  // observer last saw, which it then does not report.
  requestAnimationFrame(() => fitStrip(layer));
  return box;
}

/**
 * The core's drawing of a scope (`png`, a Blob) with its graticule's `labels`
 * as the page shows them: a line's value in a strip to the right of the drawing
 * (the drawing's own pixels left as the core drew them, the reference lines'
 * rows too), a target's name over it at its place.
 */
export async function labelledScope(png, labels) {
  const { colour, strip } = labelStyle();
  const bitmap = await createImageBitmap(png);
  const [w, h] = [bitmap.width, bitmap.height];
  const canvas = el('canvas', { width: w + (labels.some((l) => l.x === 0) ? strip : 0), height: h });
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, canvas.width, h);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  ctx.font = '10px ui-monospace, monospace';
  ctx.fillStyle = colour;
  for (const { text, x, y } of labels) {
    const edge = x === 0;
    ctx.textAlign = edge ? 'left' : 'center';
    ctx.textBaseline = edge && y < 0.05 ? 'top' : edge && y > 0.95 ? 'bottom' : 'middle';
    ctx.fillText(text, edge ? w + 4 : x * w, y * h);
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob'))), 'image/png'));
}
