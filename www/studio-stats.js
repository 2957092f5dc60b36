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

/** `studio` holds the page: the current Studio and outcome, the source's name. */
export function statsView(studio, panelCanvas) {
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
  exports.querySelector('#png').addEventListener('click', () => {
    const { outcome } = studio;
    if (!outcome) return;
    // The panel as drawn, with the statistics under it.
    studio.redraw();
    const rows = rowsOf(outcome).length + 2;
    const line = 18;
    const canvas = el('canvas', { width: panelCanvas.width, height: panelCanvas.height + rows * line + 16 });
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#101216';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(panelCanvas, 0, 0);
    ctx.fillStyle = '#e8e9ec';
    ctx.font = '13px system-ui, sans-serif';
    const stats = JSON.parse(outcome.stats());
    const top = panelCanvas.height + 20;
    const colX = (i) => 170 + i * ((canvas.width - 180) / 4);
    ctx.fillText(t('stats-png-heading', { source: studio.sourceName ?? '', pixels: number(outcome.pixels), bins: String(outcome.numBins) }), 8, top);
    CHANNELS.forEach((c, i) => ctx.fillText(c, colX(i), top + line));
    rowsOf(outcome).forEach(([key, label], r) => {
      ctx.fillText(label, 8, top + (r + 2) * line);
      COLUMNS.forEach((c, i) => ctx.fillText(format(stats[c]?.[key], key, Boolean(outcome.hdr)), colX(i), top + (r + 2) * line));
    });
    canvas.toBlob((blob) => download(`${studio.baseName()}-panel.png`, blob), 'image/png');
  });

  return { table, afterTable, exports, shown: show };
}
