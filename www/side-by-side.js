// Methods timed side by side on the page's picture: the page's method and the one
// beside it (the fragment page and its compute twin), or the methods a visitor may
// choose between. Alternated round by round, so all see the same GPU clocks, with
// one clock: GPU timestamps where the adapter has them, else the wall clock.
import { el, errorText, formatMs } from './site.js';

// Rounds of each method, alternated, after one round that compiles and warms up;
// the medians are shown.
export const BESIDE_ROUNDS = 5;

/**
 * The section of the times side by side: `beside` when the page times its twin
 * after every count (no button then); `labels` what the choices call a method.
 */
export function sideBySide({ beside, labels }) {
  const body = el('tbody');
  const text = el('p', { id: 'beside-ratio' });
  // Pages with a choice of methods time them when asked: timing the article's
  // kernels takes seconds on a large picture, more than a new picture should wait.
  const button = el('button', { type: 'button', id: 'time-beside', disabled: true }, 'Time them on this picture');
  const section = el('section', {}, el('h2', {}, beside ? 'Beside the compute version' : 'Side by side on this picture'),
    el('div', { class: 'table-wrap' }, el('table', { id: 'beside' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Method'),
        el('th', { scope: 'col' }, `Median of ${BESIDE_ROUNDS} runs`), el('th', { scope: 'col' }, 'Runs (ms)'))),
      body)),
    ...(beside ? [] : [el('div', { class: 'controls' }, button)]),
    text);
  let times = null;

  /** Times `methods` (the page's first) with `count(method)`; each must be exact. */
  const time = async (methods, count) => {
    body.replaceChildren();
    text.textContent = 'Timing both…';
    const page = methods[0];
    const runs = methods.map(() => []);
    let clock = 'GPU timestamps';
    for (let round = 0; round <= BESIDE_ROUNDS; round++) {
      for (const [i, m] of methods.entries()) {
        const o = await count(m);
        if (o.gpuMs === undefined) clock = 'the wall clock (this adapter has no timestamp queries)';
        if (round > 0) runs[i].push(o.gpuMs ?? o.wallMs);
        const exact = Array.from(o.totals()).every((t) => t === o.pixels);
        o.free();
        if (!exact) throw new Error(`${m} lost counts beside ${page}`);
      }
    }
    const medians = runs.map((t) => [...t].sort((a, b) => a - b)[t.length >> 1]);
    const names = beside ? [`${page} (this page)`, `${beside} (one compute invocation per pixel)`]
      : methods.map((m, i) => `${labels[m] ?? m}${i === 0 ? ' (counting now)' : ''}`);
    body.replaceChildren(...methods.map((m, i) => el('tr', { 'data-method': m },
      el('th', { scope: 'row' }, names[i]), el('td', {}, formatMs(medians[i])),
      el('td', {}, runs[i].map(formatMs).join(', ')))));
    const ratio = medians[1] / medians[0];
    const than = ratio >= 1.05 ? `1/${ratio.toFixed(1)} of the time of` : ratio > 1 / 1.05 ? 'about as long as'
      : `${(1 / ratio).toFixed(1)}× as long as`;
    text.textContent = `Timed with ${clock}: on this GPU the ${page} version takes ${than} the ${methods[1]} version, both exact.`;
    times = { methods, medians, times: runs, clock };
  };

  /** The numbers of another picture or method are gone with it. */
  const clear = (gpu) => {
    body.replaceChildren();
    text.textContent = gpu ? `Each method ${BESIDE_ROUNDS} times on this picture, alternating, the medians side by side.` : '';
    button.disabled = !gpu;
  };
  const failed = (e) => { text.textContent = `They could not be timed: ${errorText(e)}`; };
  return { section, button, time, clear, failed, get times() { return times; } };
}
