// The figures a chapter's words give for the visitor's own picture and run, filled
// into its <span data-fact="..."> places after each count: the picture's size, the
// dispatches the GPU was given (the run's own, src/gpu/run.rs), the chunk shape
// chosen, the chunks and reduce steps, the invocations the bounds check stops.
import { el } from './site.js';

const n = (x) => x.toLocaleString('en');

/**
 * The facts of `outcome` over a `width`×`height` picture, by name; `shape` the
 * chunk or workgroup shape it was counted at ("16x16"; '' for the method's own).
 */
export function facts(outcome, width, height, channels, shape = '') {
  const dispatched = outcome ? JSON.parse(outcome.dispatches()) : [];
  const pixels = width * height;
  const first = dispatched[0];
  // A picture too large for one pass (a CPU adapter's limits) is counted in bands
  // of rows, each its own chunks, reduce and sum passes: the facts add them up.
  const bands = [];
  for (const d of dispatched) {
    if (d.pass === 'chunks') bands.push({ chunks: d.workgroups, steps: [] });
    else if (d.pass.startsWith('reduce')) bands.at(-1)?.steps.push(d.workgroups);
  }
  const inBands = bands.length > 1 ? ` (in ${bands.length} bands of rows, a pass each)` : '';
  const chunkCount = bands.reduce((sum, b) => sum + b.chunks, 0);
  const largest = Math.max(0, ...bands.map((b) => b.chunks));
  const launched = first ? first.workgroups * first.invocations : 0;
  const list = el('ul', { class: 'dispatches' }, ...dispatched.map((d) => el('li', {},
    el('code', {}, `${d.pass === 'fragment' ? 'draw' : 'dispatchWorkgroups'}(${d.grid.filter((g, i) => i === 0 || g > 1 || d.grid[2] > 1).join(', ')})`),
    ` ${d.pass}: ${n(d.workgroups)} workgroup${d.workgroups === 1 ? '' : 's'} of ${n(d.invocations)} invocation${d.invocations === 1 ? '' : 's'}` +
    (d.dispatches > 1 ? `, in ${d.dispatches} dispatches (a band each)` : ''))));
  return {
    size: `${width}×${height}`,
    shape: outcome && shape ? shape.replace('x', '×') : '',
    pixels: n(pixels),
    dispatch: list,
    workgroups: first ? n(first.workgroups) : '',
    launched: n(launched),
    outside: n(Math.max(0, launched - pixels)),
    chunks: bands.length ? `${n(chunkCount)}${inBands}` : '',
    'chunk-bytes': bands.length ? `${((largest * 4 * outcome.numBins * channels) / 1024 / 1024).toFixed(1)} MiB${bands.length > 1 ? ' for the largest band' : ''}` : '',
    steps: bands.map((b) => String(b.steps.length)).join(' and '),
    'reduce-groups': bands.map((b) => b.steps.map(n).join(', ')).join('; then '),
  };
}

/** Fills every [data-fact] place under `root` from `facts`. */
export function fillFacts(root, values) {
  for (const place of root.querySelectorAll('[data-fact]')) {
    const value = values[place.dataset.fact];
    if (value === undefined || value === '') continue;
    if (typeof value === 'string') place.textContent = value;
    else place.replaceChildren(value.cloneNode(true));
    // What this run filled in (the tests check that every place was).
    place.dataset.filled = '';
  }
}
