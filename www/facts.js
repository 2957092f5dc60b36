// The figures a chapter's words give for the visitor's own picture and run, filled
// into its <span data-fact="..."> places after each count: the picture's size, the
// dispatches the GPU was given (the run's own, src/gpu/run.rs), the chunk shape
// chosen, the chunks and reduce steps, the invocations the bounds check stops.
import { el } from './site.js';
import { t } from './l10n.js';

const n = (x) => x.toLocaleString('en');
/** `items` joined as message `id` joins two ({ $first }, { $rest }): "1 and 2 and 3". */
const joined = (items, id) => items.reduceRight((rest, first) => t(id, { first, rest }));

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
  const chunkCount = bands.reduce((sum, b) => sum + b.chunks, 0);
  const largest = Math.max(0, ...bands.map((b) => b.chunks));
  const launched = first ? first.workgroups * first.invocations : 0;
  const list = el('ul', { class: 'dispatches' }, ...dispatched.map((d) => el('li', {},
    el('code', {}, `${d.pass === 'fragment' ? 'draw' : 'dispatchWorkgroups'}(${d.grid.filter((g, i) => i === 0 || g > 1 || d.grid[2] > 1).join(', ')})`),
    ' ', t(d.dispatches > 1 ? 'facts-dispatch-bands' : 'facts-dispatch', {
      pass: d.pass, workgroups: n(d.workgroups), workgroupCount: d.workgroups,
      invocations: n(d.invocations), invocationCount: d.invocations, dispatches: String(d.dispatches),
    }))));
  return {
    size: `${width}×${height}`,
    shape: outcome && shape ? shape.replace('x', '×') : '',
    pixels: n(pixels),
    dispatch: list,
    workgroups: first ? n(first.workgroups) : '',
    launched: n(launched),
    outside: n(Math.max(0, launched - pixels)),
    chunks: bands.length > 1 ? t('facts-chunks-in-bands', { chunks: n(chunkCount), bands: String(bands.length) })
      : bands.length ? n(chunkCount) : '',
    'chunk-bytes': bands.length ? t(bands.length > 1 ? 'facts-chunk-bytes-largest' : 'facts-chunk-bytes', {
      mib: ((largest * 4 * outcome.numBins * channels) / 1024 / 1024).toFixed(1),
    }) : '',
    steps: bands.length ? joined(bands.map((b) => String(b.steps.length)), 'facts-steps-and') : '',
    'reduce-groups': bands.length ? joined(bands.map((b) => b.steps.map(n).join(', ')), 'facts-reduce-then') : '',
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
