// The studio's statistics of the counted pixels (computed from the bins by
// src/stats.rs, as `histogram --stats` does) and the exports: the bins as CSV, the
// statistics as JSON, the panel with its statistics as PNG.
import { el, download } from './site.js';
import { said, t, number } from './l10n.js';
import { CHANNELS } from './studio-panel.js';

// Each statistic's key and its row's name (stats-row-*, the key's words).
const rows = (keys) => keys.map((key) => [key, t(`stats-row-${key.replaceAll('_', '-')}`)]);
const STATS = rows(['pixels', 'mean', 'std_dev', 'median', 'mode', 'min', 'max', 'p1', 'p99', 'clipped_low_percent', 'clipped_high_percent']);
// An HDR picture's, from its samples in the file's linear units (src/hdr.rs).
const HDR_STATS = rows(['pixels', 'mean', 'std_dev', 'median', 'min', 'max', 'p1', 'p99', 'above_one_percent']);
const COLUMNS = ['r', 'g', 'b', 'luminance'];

const format = (v, key, hdr) => (v === null || v === undefined ? '–'
  : key === 'pixels' ? number(v)
    : key.endsWith('percent') ? `${v.toFixed(2)}%`
      : hdr ? v.toPrecision(4)
        // Levels are whole; a median between two levels keeps its half.
        : key === 'mean' || key === 'std_dev' ? v.toFixed(2) : Number.isInteger(v) ? String(v) : v.toFixed(1));
const rowsOf = (outcome) => (outcome.hdr ? HDR_STATS : STATS);

/** `text` broken at spaces into lines no wider than `width` on `ctx`; a word wider than that (a long file name) is broken where it reaches the edge. */
function wrap(ctx, text, width) {
  const lines = [];
  const fits = (words) => ctx.measureText(words).width <= width;
  for (let word of text.split(' ')) {
    const last = lines.length ? `${lines[lines.length - 1]} ${word}` : null;
    if (last && fits(last)) {
      lines[lines.length - 1] = last;
      continue;
    }
    while (!fits(word)) {
      let n = word.length - 1;
      while (n > 1 && !fits(word.slice(0, n))) n--;
      lines.push(word.slice(0, n));
      word = word.slice(n);
    }
    lines.push(word);
  }
  return lines;
}

/** `studio` holds the page: the current Studio and outcome, the source's name; `panel` the panel view. */
export function statsView(studio, panel) {
  const panelCanvas = panel.canvas;
  const body = el('tbody');
  const caption = el('caption', {}, t('stats-caption'));
  const head = () => el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, t('stats-statistic'))),
    ...CHANNELS.map((c) => el('th', { scope: 'col' }, c))));
  const table = el('div', { class: 'table-wrap' }, el('table', { class: 'stats-table' }, caption, head(), body));
  // The adjusted picture's, beside them while an adjustment is on.
  const afterBody = el('tbody');
  const afterTable = el('div', { class: 'table-wrap', hidden: true }, el('table', { class: 'stats-table', id: 'stats-after' },
    el('caption', {}, t('stats-caption-after')), head(), afterBody));
  const exports = el('div', { class: 'controls' },
    el('button', { type: 'button', id: 'csv' }, t('stats-csv')),
    el('button', { type: 'button', id: 'json' }, t('stats-json')),
    el('button', { type: 'button', id: 'png' }, t('stats-png')));

  function show() {
    const { outcome } = studio;
    const stats = JSON.parse(outcome.stats());
    const hdr = Boolean(outcome.hdr);
    caption.textContent = t(hdr ? 'stats-caption-hdr' : studio.adjusted ? 'stats-caption-before' : 'stats-caption');
    body.replaceChildren(...rowsOf(outcome).map(([key, label]) => el('tr', {}, el('th', { scope: 'row' }, label),
      ...COLUMNS.map((c) => el('td', { 'data-stat': `${c}-${key}` }, format(stats[c]?.[key], key, hdr))))));
    const after = studio.afterOutcome;
    afterTable.hidden = !after;
    if (after) {
      const afterStats = JSON.parse(after.stats());
      afterBody.replaceChildren(...STATS.map(([key, label]) => el('tr', {}, el('th', { scope: 'row' }, label),
        ...COLUMNS.map((c) => el('td', { 'data-stat': `after-${c}-${key}` }, format(afterStats[c]?.[key], key, false))))));
    }
  }

  exports.querySelector('#csv').addEventListener('click', () => {
    const { outcome } = studio;
    if (outcome) download(`${studio.baseName()}-histogram.csv`, new Blob([outcome.csv()], { type: 'text/csv' }));
  });
  exports.querySelector('#json').addEventListener('click', () => {
    const { outcome, current } = studio;
    if (!outcome) return;
    const [x, y, width, height] = current.region;
    // An HDR picture's also carries its range, the counts apart and the bins, as
    // the command line's JSON has them.
    const hdr = outcome.hdr && JSON.parse(outcome.hdr);
    const counts = hdr && Object.fromEntries(COLUMNS.map((c, i) => [c, Array.from(outcome.bins(i))]));
    const json = JSON.stringify({
      source: studio.sourceName, width: current.width, height: current.height, region: { x, y, width, height },
      depth: current.depth, bins: outcome.numBins, stats: JSON.parse(outcome.stats()),
      ...(hdr ? { exposure: current.exposure, ...hdr, note: said(hdr.note), ...counts } : {}),
    }, null, 2);
    download(`${studio.baseName()}-stats.json`, new Blob([json], { type: 'application/json' }));
  });
  // The panel as drawn with its labels (the values under it, each panel's
  // channels, the reference lines: panel.labels(), as the page shows them), and
  // the statistics under it, as wide as the panel where they fit in it (measured:
  // the words differ by language), the panel centred over them where not; the
  // heading wrapped, nothing cut at the edge.
  exports.querySelector('#png').addEventListener('click', () => {
    const { outcome } = studio;
    if (!outcome) return;
    studio.redraw();
    const line = 18;
    const gap = 16;
    const [pw, ph] = [panelCanvas.width, panelCanvas.height];
    const hdr = Boolean(outcome.hdr);
    const stats = JSON.parse(outcome.stats());
    const cells = rowsOf(outcome).map(([key, label]) => [label, ...COLUMNS.map((c) => format(stats[c]?.[key], key, hdr))]);
    const measure = el('canvas').getContext('2d');
    const font = '13px system-ui, sans-serif';
    measure.font = font;
    const widest = (texts) => Math.ceil(Math.max(...texts.map((text) => measure.measureText(text).width)));
    // Each column as wide as its widest words, a gap before each, the room
    // left over shared among the gaps.
    const labels = widest(cells.map((row) => row[0]));
    const columns = CHANNELS.map((c, i) => widest([c, ...cells.map((row) => row[i + 1])]));
    const needed = 8 + labels + columns.reduce((sum, w) => sum + gap + w, 0) + 8;
    const width = Math.max(pw, needed);
    const spare = (width - needed) / columns.length;
    const left = Math.floor((width - pw) / 2);
    const heading = wrap(measure, t('stats-png-heading', { source: studio.sourceName ?? '', pixels: number(outcome.pixels), bins: String(outcome.numBins) }), width - 16);
    const top = ph + line + 20;
    const canvas = el('canvas', { width, height: top + (heading.length + cells.length + 1) * line + 8 });
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#101216';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(panelCanvas, left, 0);
    ctx.font = font;
    const { ticks, names, refs } = panel.labels();
    ctx.fillStyle = '#7fd4ff';
    ctx.strokeStyle = '#7fd4ff';
    ctx.setLineDash([4, 4]);
    // Each line's text under the panel's name row, in its row (as on the page).
    refs.forEach(({ x, y, h, text, row }) => {
      const at = left + Math.round(x * pw) + 0.5;
      ctx.beginPath();
      ctx.moveTo(at, y * ph);
      ctx.lineTo(at, (y + h) * ph);
      ctx.stroke();
      if (text) ctx.fillText(text, at + 3, y * ph + 30 + row * 14);
    });
    ctx.fillStyle = '#e8e9ec';
    for (const { x, y, text } of names) {
      ctx.textAlign = 'right';
      ctx.fillText(text, left + x * pw - 4, y * ph + 14);
    }
    for (const { x, text, edge } of ticks) {
      ctx.textAlign = edge === 'first' ? 'left' : edge === 'last' ? 'right' : 'center';
      ctx.fillText(text, left + x * pw + (edge === 'first' ? 3 : edge === 'last' ? -3 : 0), ph + 14);
    }
    ctx.textAlign = 'left';
    heading.forEach((words, i) => ctx.fillText(words, 8, top + i * line));
    const first = top + heading.length * line;
    const colX = (i) => 8 + labels + columns.slice(0, i).reduce((sum, w) => sum + w, 0) + (i + 1) * (gap + spare);
    CHANNELS.forEach((c, i) => ctx.fillText(c, colX(i), first));
    cells.forEach(([label, ...values], r) => {
      ctx.fillText(label, 8, first + (r + 1) * line);
      values.forEach((value, i) => ctx.fillText(value, colX(i), first + (r + 1) * line));
    });
    canvas.toBlob((blob) => download(`${studio.baseName()}-panel.png`, blob), 'image/png');
  });

  return { table, afterTable, exports, shown: show };
}
