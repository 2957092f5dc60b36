// Methods timed side by side on the page's picture: the page's method and the one
// beside it (the fragment page and its compute twin), or the methods a visitor may
// choose between. Alternated round by round, so all see the same GPU clocks, with
// one clock: GPU timestamps where the adapter has them, else the wall clock.
import { el, errorText, formatMs, untimedWhy } from './site.js';
import { t } from './l10n.js';

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
  const button = el('button', { type: 'button', id: 'time-beside', disabled: true }, t('beside-time-them'));
  // The table shows once it has times: a head over no rows reads as broken.
  const wrap = el('div', { class: 'table-wrap', hidden: true }, el('table', { id: 'beside' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('beside-method')),
      el('th', { scope: 'col' }, t('beside-median', { rounds: BESIDE_ROUNDS })), el('th', { scope: 'col' }, t('beside-runs')))),
    body));
  const section = el('section', {}, el('h2', {}, t(beside ? 'beside-compute-heading' : 'beside-heading')), wrap,
    ...(beside ? [] : [el('div', { class: 'controls' }, button)]),
    text);
  let times = null;

  /** Times `methods` (the page's first) with `count(method)` on `gpu` (the GpuContext); each must be exact. */
  const time = async (methods, count, gpu) => {
    body.replaceChildren();
    wrap.hidden = true;
    text.textContent = t('beside-timing');
    const page = methods[0];
    const runs = methods.map(() => []);
    // The clock timed with: 'gpu' or 'wall' (beside-ratio's choices).
    let clock = 'gpu';
    for (let round = 0; round <= BESIDE_ROUNDS; round++) {
      for (const [i, m] of methods.entries()) {
        const o = await count(m);
        if (o.gpuMs === undefined) clock = 'wall';
        if (round > 0) runs[i].push(o.gpuMs ?? o.wallMs);
        const exact = Array.from(o.totals()).every((total) => total === o.pixels);
        o.free();
        if (!exact) throw new Error(t('beside-lost-counts', { method: m, page }));
      }
    }
    const medians = runs.map((ms) => [...ms].sort((a, b) => a - b)[ms.length >> 1]);
    const names = beside ? [t('beside-this-page', { method: page }), t('beside-compute-twin', { method: beside })]
      : methods.map((m, i) => (i === 0 ? t('beside-counting-now', { method: labels[m] ?? m }) : labels[m] ?? m));
    body.replaceChildren(...methods.map((m, i) => el('tr', { 'data-method': m },
      el('th', { scope: 'row' }, names[i]), el('td', {}, formatMs(medians[i])),
      el('td', {}, runs[i].map(formatMs).join(', ')))));
    wrap.hidden = false;
    const ratio = medians[1] / medians[0];
    const than = ratio >= 1.05 ? 'less' : ratio > 1 / 1.05 ? 'same' : 'more';
    text.textContent = t('beside-ratio', {
      clock, page, other: methods[1], than, ratio: (ratio >= 1 ? ratio : 1 / ratio).toFixed(1), why: untimedWhy(gpu),
    });
    times = { methods, medians, times: runs, clock };
  };

  /** The numbers of another picture or method are gone with it. */
  const clear = (gpu) => {
    body.replaceChildren();
    wrap.hidden = true;
    text.textContent = gpu ? t('beside-each-method', { rounds: BESIDE_ROUNDS }) : '';
    button.disabled = !gpu;
  };
  const failed = (e) => { text.textContent = t('beside-failed', { why: errorText(e) }); };
  return { section, button, time, clear, failed, get times() { return times; } };
}
