// The studio's adjustment (Part 3): the picture remapped from its histogram, before
// and after on either side of a divider, the curve of the tables, Otsu's line on
// the panel, and the adjusted picture as a download. The adjustments and their
// defaults come from the Rust core (src/adjust.rs), as the command-line tool's do.
import { adjustments, adjustSource } from '../pkg/histogram.js';
import { el, errorText, sentence, download } from './site.js';
import { t, number } from './l10n.js';
import { pictureBox } from './studio-region.js';

/** `studio` holds the page; `preset` is the chapter page's adjustment ('none' in the studio). */
export function adjustView(studio, { preset, panelFrame, pictureCanvas }) {
  const all = JSON.parse(adjustments());
  const defaults = Object.fromEntries(all.map((a) => [a.name, a]));
  const { clahe, 'auto-levels': levels } = defaults;
  const select = el('select', { id: 'adjustment' },
    el('option', { value: 'none', selected: preset === 'none' }, t('adjust-none')),
    ...all.map((a) => el('option', { value: a.name, selected: a.name === preset }, t(`adjust-title-${a.name}`))));
  const tilesSelect = el('select', { id: 'tiles' }, ...[2, 4, 6, 8, 12, 16].map((n) =>
    el('option', { value: n, selected: n === clahe.tiles[0] }, `${n}×${n}`)));
  const clipInput = el('input', { type: 'number', id: 'clip', min: 0.5, max: 64, step: 0.5, value: clahe.clip });
  const lowInput = el('input', { type: 'number', id: 'low', min: 0, max: 50, step: 0.1, value: levels.low });
  const highInput = el('input', { type: 'number', id: 'high', min: 50, max: 100, step: 0.1, value: levels.high });
  const linkedInput = el('input', { type: 'checkbox', id: 'linked', checked: levels.linked });
  const splitInput = el('input', { type: 'range', id: 'split', min: 0, max: 100, value: 50 });
  const downloadButton = el('button', { type: 'button', id: 'download-adjusted' }, t('adjust-download'));
  const curve = el('canvas', { class: 'curve', role: 'img', 'aria-label': t('adjust-curve-label') });
  const tableNote = el('p', { class: 'muted', id: 'table-note' });
  const only = (kind, ...children) => el('span', { class: 'option', 'data-for': kind }, ...children);
  const options = el('fieldset', { class: 'studio-options adjust' }, el('legend', {}, t('adjust-legend')),
    el('div', { class: 'row' }, el('label', { class: 'option', for: 'adjustment' }, t('adjust-adjustment'), select)),
    el('div', { class: 'row' },
      only('clahe', el('label', { class: 'option', for: 'tiles' }, t('adjust-tiles'), tilesSelect)),
      only('clahe', el('label', { class: 'option', for: 'clip' }, t('adjust-clip'), clipInput)),
      only('auto-levels', el('label', { class: 'option', for: 'low' }, t('adjust-low'), lowInput)),
      only('auto-levels', el('label', { class: 'option', for: 'high' }, t('adjust-high'), highInput)),
      only('auto-levels', el('label', { class: 'option' }, linkedInput, t('adjust-linked')))),
    el('div', { class: 'row adjusted-only' }, el('label', { class: 'option', for: 'split' }, t('adjust-split'), splitInput), downloadButton),
    el('div', { class: 'row adjusted-only' }, curve, tableNote));
  const splitHandle = el('div', { class: 'split-handle', hidden: true, 'aria-hidden': 'true' });
  const thresholdLine = el('div', { class: 'bin-cursor threshold', hidden: true });
  // The halves named on the panel itself (src/layout.rs's in_half: 0-48% and 52-100%).
  const halves = [[t('adjust-before'), '0%'], [t('adjust-after'), '52%']].map(([text, left]) =>
    el('span', { class: 'half-label', hidden: true, style: `left: ${left}` }, text));
  panelFrame.append(thresholdLine, ...halves);
  const otsuNote = el('p', { class: 'muted', id: 'otsu-note', hidden: true });
  const legend = el('p', { class: 'muted panel-legend', hidden: true }, t('adjust-panel-legend'));

  const kind = () => select.value;

  function showControls() {
    for (const span of options.querySelectorAll('[data-for]')) span.hidden = span.dataset.for !== kind();
    for (const row of options.querySelectorAll('.adjusted-only')) row.hidden = kind() === 'none';
    legend.hidden = kind() === 'none';
    for (const label of halves) label.hidden = kind() === 'none';
    otsuNote.hidden = kind() !== 'otsu';
  }

  function showSplit(current = studio.current) {
    const on = kind() !== 'none' && current;
    splitHandle.hidden = !on;
    if (!on) return;
    const { scale, left } = pictureBox(pictureCanvas, current);
    splitHandle.style.left = `${left + (current.width * scale * Number(splitInput.value)) / 100}px`;
  }

  /** The tables read back: the curve of new levels, Otsu's threshold on the panel. */
  async function showTables() {
    const current = studio.current;
    if (!current || kind() === 'none') {
      thresholdLine.hidden = true;
      return;
    }
    let tables;
    try {
      tables = await current.readTables();
    } catch {
      return; // read already under way, or the adjustment changed
    }
    const line = plotAxes(curve);
    thresholdLine.hidden = kind() !== 'otsu';
    const table = (i) => tables.subarray(i * 256, i * 256 + 256);
    if (kind() === 'equalize') {
      line(table(0), '#fff');
      tableNote.textContent = t('adjust-table-equalize');
    } else if (kind() === 'auto-levels') {
      ['#ff5b5b', '#5bff5b', '#5b8bff'].forEach((c, i) => line(table(i), c));
      tableNote.textContent = t('adjust-table-auto-levels');
    } else if (kind() === 'clahe') {
      const tiles = Number(tilesSelect.value) ** 2;
      for (let tile = 0; tile < tiles; tile++) line(table(tile), `hsl(${(360 * tile) / tiles} 70% 60% / ${tiles > 16 ? 0.45 : 0.8})`);
      tableNote.textContent = t('adjust-table-clahe', { tiles: String(tiles) });
    } else if (kind() === 'otsu') {
      const threshold = tables[0];
      line(Array.from({ length: 256 }, (_, v) => (v > threshold ? 255 : 0)), '#fff');
      tableNote.textContent = t('adjust-table-otsu', { threshold: String(threshold) });
      const shares = blackShare(studio.outcome, threshold);
      otsuNote.textContent = shares ? t('adjust-otsu-after-counted', shares) : t('adjust-otsu-after');
      const rects = current.panelRects();
      const last = rects.length / 5 - 1;
      const [x, y, w, h] = rects.slice(last * 5, last * 5 + 4);
      Object.assign(thresholdLine.style, { left: `${(x + ((threshold + 1) * w) / 256) * 100}%`, top: `${y * 100}%`, height: `${h * 100}%` });
    }
  }

  // The numbers of the adjustment shown: a refused value puts its field back.
  const numbers = [clipInput, lowInput, highInput];
  let applied = numbers.map((input) => input.value);

  /** This view's choices, on a (new) Studio. */
  function apply(current) {
    showControls();
    const tiles = Number(tilesSelect.value);
    const empty = numbers.find((input) => input.value.trim() === '');
    try {
      // An empty field is not a 0 (Number('') would make it one).
      if (empty) throw new Error(t('adjust-needs-number', { field: empty.closest('label')?.textContent.trim() || empty.id }));
      const a = kind() === 'clahe' ? Number(clipInput.value) : Number(lowInput.value);
      current.setAdjustment(kind(), a, Number(highInput.value), tiles, tiles, linkedInput.checked);
      current.setSplit(Number(splitInput.value) / 100);
      applied = numbers.map((input) => input.value);
      studio.say('');
    } catch (e) {
      numbers.forEach((input, i) => { input.value = applied[i]; });
      studio.say(t('adjust-refused', { error: sentence(e) }));
    }
    showSplit();
  }

  options.addEventListener('change', () => {
    if (studio.current) apply(studio.current);
    studio.showSources();
    studio.redraw();
  });
  splitInput.addEventListener('input', () => {
    studio.current?.setSplit(Number(splitInput.value) / 100);
    showSplit();
    studio.redraw();
  });
  splitHandle.addEventListener('pointerdown', (e) => {
    e.stopPropagation();
    splitHandle.setPointerCapture(e.pointerId);
    const move = (ev) => {
      const current = studio.current;
      if (!current) return;
      const { box, scale, left } = pictureBox(pictureCanvas, current);
      splitInput.value = Math.round(Math.min(100, Math.max(0, ((ev.clientX - box.left - left) / (current.width * scale)) * 100)));
      splitInput.dispatchEvent(new Event('input'));
    };
    splitHandle.addEventListener('pointermove', move);
    splitHandle.addEventListener('pointerup', () => splitHandle.removeEventListener('pointermove', move), { once: true });
  });
  downloadButton.addEventListener('click', async () => {
    if (!studio.current) return;
    try {
      const png = await studio.current.adjustedPng();
      download(`${studio.baseName()}-${kind()}.png`, new Blob([png], { type: 'image/png' }));
    } catch (e) {
      studio.say(t('adjust-download-failed', { error: errorText(e) }));
    }
  });
  showControls();

  return {
    options,
    legend,
    otsuNote,
    splitHandle,
    apply,
    /** What the WGSL box shows for this adjustment, or null with none on. */
    source: () => (kind() === 'none' ? null : adjustSource(kind())),
    shown: showTables,
    layout: showSplit,
  };
}

/**
 * The curve plot's frame: old level across, new level up, 0 to 255 on both, with
 * ticks and the identity as a faint diagonal. Gives a function that draws one
 * table (256 new levels) in a colour.
 */
function plotAxes(canvas) {
  const size = canvas.clientWidth || 220;
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(size * dpr);
  canvas.height = Math.round(size * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, size, size);
  // Room on the right for half of the last value under the axis ("255", centred on its tick).
  const [left, bottom, top, right] = [36, 26, 6, 14];
  const w = size - left - right;
  const h = size - top - bottom;
  const x = (v) => left + (v / 255) * w;
  const y = (v) => top + h - (v / 255) * h;
  ctx.font = '10px system-ui, sans-serif';
  ctx.fillStyle = '#9aa4b2';
  ctx.strokeStyle = '#2a2f38';
  ctx.lineWidth = 1;
  for (const v of [0, 64, 128, 192, 255]) {
    ctx.beginPath();
    ctx.moveTo(x(v), top);
    ctx.lineTo(x(v), top + h);
    ctx.moveTo(left, y(v));
    ctx.lineTo(left + w, y(v));
    ctx.stroke();
    ctx.textAlign = 'center';
    ctx.fillText(String(v), x(v), top + h + 11);
    ctx.textAlign = 'right';
    ctx.fillText(String(v), left - 3, y(v) + 3);
  }
  ctx.textAlign = 'center';
  ctx.fillText(t('adjust-old-level'), left + w / 2, size - 3);
  ctx.save();
  ctx.translate(9, top + h / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText(t('adjust-new-level'), 0, 0);
  ctx.restore();
  ctx.strokeStyle = '#4a5160';
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(x(0), y(0));
  ctx.lineTo(x(255), y(255));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.lineWidth = 1.5;
  return (values, colour) => {
    ctx.strokeStyle = colour;
    ctx.beginPath();
    for (let v = 0; v < 256; v++) ctx.lineTo(x(v), y(values[v]));
    ctx.stroke();
  };
}

/**
 * The pixels black and white and their shares, from the counted luminance where
 * its bins are the 256 levels (else null).
 */
function blackShare(outcome, threshold) {
  if (!outcome || outcome.hdr) return null;
  const luma = outcome.bins(3);
  if (luma.length !== 256) return null;
  let black = 0;
  for (let v = 0; v <= threshold; v++) black += luma[v];
  const pixels = outcome.pixels;
  const pct = (n) => ((100 * n) / Math.max(1, pixels)).toFixed(1);
  return { black: number(black), blacks: black, blackShare: pct(black), white: number(pixels - black), whiteShare: pct(pixels - black) };
}
