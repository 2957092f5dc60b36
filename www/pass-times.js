// A count's time, pass by pass, as this GPU took it (timestamp queries), and the
// figures published for the same step, set beside it only where the page's picture
// has the size they were measured on: one click counts a picture of that size.
import { el, formatMs } from './site.js';
import { stepFacts } from './core.js';
import { articleTimings, measuredOnGpu } from './examples.js';
import { defaultShape } from '../pkg/histogram.js';


/**
 * A table of `outcome`'s GPU passes: each one's time and share. Where the adapter
 * has no timestamp queries, a sentence saying so.
 */
export function passTable(outcome) {
  const passes = JSON.parse(outcome.passes());
  if (!passes.length) return el('p', { class: 'muted' }, 'This count ran on the CPU: no GPU pass to time.');
  if (passes.every((p) => p.ms === null) && outcome.gpuMs === undefined) {
    return el('p', { class: 'muted', id: 'passes' },
      `This adapter has no timestamp queries, so its ${passes.length} pass${passes.length === 1 ? '' : 'es'} cannot be timed apart: ` +
      `${passes.map((p) => p.pass).join(', ')}. The time above is the wall clock's, from submission to the bins back.`);
  }
  const total = passes.reduce((sum, p) => sum + (p.ms ?? 0), 0);
  const rows = passes.map((p) => el('tr', {},
    el('th', { scope: 'row' }, p.pass),
    el('td', { class: 'left muted', 'data-label': 'What it does' }, stepFacts().does[p.pass.split(/[ ,:]/)[0]] ?? ''),
    el('td', { 'data-label': 'Time' }, p.ms === null ? 'under the timer’s step' : formatMs(p.ms)),
    el('td', { class: 'share', 'data-label': 'Share' }, p.ms === null || total === 0 ? ''
      : el('span', { class: 'share-bar', style: `width: ${Math.max(1, (100 * p.ms) / total).toFixed(1)}%` }),
    p.ms === null || total === 0 ? '' : ` ${Math.round((100 * p.ms) / total)}%`)));
  return el('div', { class: 'table-wrap', id: 'passes' }, el('table', { class: 'passes stacks' },
    el('caption', {}, `Each GPU pass of this count, timed on this GPU with timestamp queries (a browser may round them: Chromium does, to 0.1 ms, unless its WebGPU developer features are on).`),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Pass'), el('th', { scope: 'col', class: 'left' }, 'What it does'),
      el('th', { scope: 'col' }, 'Time'), el('th', { scope: 'col' }, 'Share'))),
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
      `The article’s figures for this step${software && h100 !== undefined ? ', and this project’s on a real GPU,' : ''} were taken at ` +
      `${figuresShape.replace('x', '×')}; choose that shape to see them beside yours.`));
  }
  const parts = [];
  const sizeButton = (w, h, whose) => el('button', { type: 'button', class: 'size-button', onclick: () => useSize(w, h) },
    `Count a ${w}×${h} picture, ${whose} size`);
  if (column >= 0 && aw) {
    if (width === aw && height === ah) {
      const rows = articleTimings.rows.filter((r) => r.channels === channels);
      parts.push(el('div', { class: 'table-wrap' }, el('table', { id: 'article-beside' },
        el('caption', {}, `The article’s published timings for this step, ${aw}×${ah}, ${channels === 1 ? 'luminance' : 'four channels'} ` +
          `(webgpufundamentals.org, read ${articleTimings.read}; its machines, not this one), and this page’s count of the same size here:`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Machine'), el('th', { scope: 'col' }, 'ms'))),
        el('tbody', {}, ...rows.map((r) => el('tr', {}, el('th', { scope: 'row' }, `${r.machine} (the article’s)`), el('td', {}, String(r.ms[column])))),
          el('tr', { class: 'ours' }, el('th', { scope: 'row' }, method === 'cpu' ? 'This machine, now (the article’s loop, in Rust)'
            : software ? 'This machine, now (a CPU adapter playing the GPU)' : 'This machine, now'),
            el('td', {}, ms === undefined ? '–' : formatMs(ms)))))));
    } else {
      parts.push(el('p', { class: 'muted' }, `The article timed this step on a ${aw}×${ah} picture; its figures are set beside yours for a picture of that size. `,
        sizeButton(aw, ah, 'the article’s')));
    }
  }
  if (h100 !== undefined && software) {
    parts.push(width === gw && height === gh
      ? el('p', { id: 'on-gpu' }, `On a real GPU: ${formatMs(h100)} for this ${gw}×${gh} count, ${measuredOnGpu.where}.`)
      : el('p', { class: 'muted' }, `This project timed this step on an NVIDIA H100 for a ${gw}×${gh} picture. `, sizeButton(gw, gh, 'that')));
  }
  return parts.length ? el('div', { class: 'published' }, ...parts) : null;
}
