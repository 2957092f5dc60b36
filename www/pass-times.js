// A count's time, pass by pass, as this GPU took it (timestamp queries), and the
// figures published for the same step, set beside it only where the page's picture
// has the size they were measured on: one click counts a picture of that size.
import { el, formatMs, untimedWhy } from './site.js';
import { stepFacts } from './core.js';
import { articleTimings, measuredOnGpu } from './examples.js';
import { defaultShape } from '../pkg/histogram.js';
import { t } from './l10n.js';

/** A pass's name as a reader reads it: its kernel, a reduce step's with its stride ("reduce:4"), a draw pass's with its panel ("draw:rgb"). */
function named(pass) {
  const [kernel, part] = pass.split(':');
  if (part === undefined) return kernel;
  // A draw pass is named by the panel it draws, a reduce step by its stride.
  return kernel === 'draw' ? t(`pass-name-draw-${part}`) : t('pass-name-stride', { kernel, stride: part });
}

/**
 * A table of `outcome`'s GPU passes: each one's time and share. Where `gpu` (the
 * GpuContext that counted) times none of them, a sentence saying why.
 */
export function passTable(outcome, gpu) {
  const passes = JSON.parse(outcome.passes());
  if (!passes.length) return el('p', { class: 'muted' }, t('passes-on-cpu'));
  if (passes.every((p) => p.ms === null) && outcome.gpuMs === undefined) {
    return el('p', { class: 'muted', id: 'passes' },
      t('passes-untimed', { count: passes.length, passes: passes.map((p) => named(p.pass)).join(', '), why: untimedWhy(gpu) }));
  }
  const total = passes.reduce((sum, p) => sum + (p.ms ?? 0), 0);
  // A pass is named by its kernel, a reduce step's with its stride ("reduce:4").
  const does = (pass) => {
    const kernel = pass.split(/[ ,:]/)[0];
    return kernel in stepFacts().does ? t(`pass-does-${kernel}`) : '';
  };
  const rows = passes.map((p) => el('tr', {},
    el('th', { scope: 'row' }, named(p.pass)),
    el('td', { class: 'left muted', 'data-label': t('passes-does') }, does(p.pass)),
    el('td', { 'data-label': t('passes-time') }, p.ms === null ? t('passes-under-step') : formatMs(p.ms)),
    el('td', { class: 'share', 'data-label': t('passes-share') }, p.ms === null || total === 0 ? ''
      : el('span', { class: 'share-bar', style: `width: ${Math.max(1, (100 * p.ms) / total).toFixed(1)}%` }),
    p.ms === null || total === 0 ? '' : ` ${Math.round((100 * p.ms) / total)}%`)));
  return el('div', { class: 'table-wrap', id: 'passes' }, el('table', { class: 'passes stacks' },
    el('caption', {}, t('passes-caption')),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('passes-pass')), el('th', { scope: 'col', class: 'left' }, t('passes-does')),
      el('th', { scope: 'col' }, t('passes-time')), el('th', { scope: 'col', class: 'left' }, t('passes-share')))),
    el('tbody', {}, ...rows)));
}

/**
 * Figures measured elsewhere for `method` with `channels`: the article's table and
 * this project's own on a real GPU, each set beside `ms` (this page's time) only
 * when the picture is `width`×`height`, their size; else a button, `useSize(w,
 * h)`, that counts a picture of their size.
 */
export function publishedBeside({ method, channels, width, height, ms, software, useSize, shape = '' }) {
  const column = articleTimings.columns.indexOf(method);
  const [aw, ah] = articleTimings.size[channels] ?? [];
  const h100 = measuredOnGpu.ms[channels]?.[method];
  const [gw, gh] = measuredOnGpu.size[channels] ?? [];
  // The article's and the H100's figures were taken at each method's own shape.
  const figuresShape = shape && (column >= 0 || h100 !== undefined) ? defaultShape(method) : shape;
  if (shape !== figuresShape) {
    return el('div', { class: 'published' }, el('p', { class: 'muted', id: 'other-shape' },
      t('published-other-shape', { ours: software && h100 !== undefined ? 'yes' : 'no', shape: figuresShape.replace('x', '×') })));
  }
  const parts = [];
  // `whose`: 'article' or 'ours' (published-size-button's choices).
  const sizeButton = (w, h, whose) => el('button', { type: 'button', class: 'size-button', onclick: () => useSize(w, h) },
    t('published-size-button', { size: `${w}×${h}`, whose }));
  if (column >= 0 && aw) {
    if (width === aw && height === ah) {
      const rows = articleTimings.rows.filter((r) => r.channels === channels);
      parts.push(el('div', { class: 'table-wrap' }, el('table', { id: 'article-beside' },
        el('caption', {}, t('published-article-caption', { size: `${aw}×${ah}`, channels, read: articleTimings.read })),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('published-machine')), el('th', { scope: 'col' }, t('published-ms')))),
        el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', { scope: 'row' }, t('published-article-machine', { machine: r.machine })), el('td', {}, String(r.ms[column])))),
          el('tr', { class: 'ours' }, el('th', { scope: 'row' }, t(method === 'cpu' ? 'published-here-loop'
            : software ? 'published-here-software' : 'published-here')),
            el('td', {}, ms === undefined ? '–' : formatMs(ms)))))));
    } else {
      parts.push(el('p', { class: 'muted' }, t('published-article-size', { size: `${aw}×${ah}` }), ' ', sizeButton(aw, ah, 'article')));
    }
  }
  if (h100 !== undefined && software) {
    parts.push(width === gw && height === gh
      ? el('p', { id: 'on-gpu' }, t('published-on-gpu', { time: formatMs(h100), size: `${gw}×${gh}`, where: t('measured-on-gpu-where') }))
      : el('p', { class: 'muted' }, t('published-ours-size', { size: `${gw}×${gh}` }), ' ', sizeButton(gw, gh, 'ours')));
  }
  return parts.length ? el('div', { class: 'published' }, ...parts) : null;
}
