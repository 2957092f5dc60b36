// The figures a chapter's words give for the visitor's own picture and run, filled
// into its <span data-fact="..."> places after each count: the picture's size, the
// dispatches the GPU was given (the run's own, src/gpu/run.rs), the chunks and
// reduce steps, the invocations the bounds check stops.
import { el } from './site.js';

const n = (x) => x.toLocaleString('en');

/** The facts of `outcome` over a `width`×`height` picture, by name. */
export function facts(outcome, width, height, channels) {
  const dispatched = outcome ? JSON.parse(outcome.dispatches()) : [];
  const pixels = width * height;
  const first = dispatched[0];
  const chunks = dispatched.find((d) => d.pass === 'chunks');
  const reduces = dispatched.filter((d) => d.pass.startsWith('reduce'));
  const launched = first ? first.workgroups * first.invocations : 0;
  const list = el('ul', { class: 'dispatches' }, ...dispatched.map((d) => el('li', {},
    el('code', {}, `${d.pass === 'fragment' ? 'draw' : 'dispatchWorkgroups'}(${d.grid.filter((g, i) => i === 0 || g > 1 || d.grid[2] > 1).join(', ')})`),
    ` ${d.pass}: ${n(d.workgroups)} workgroup${d.workgroups === 1 ? '' : 's'} of ${n(d.invocations)} invocation${d.invocations === 1 ? '' : 's'}` +
    (d.dispatches > 1 ? `, in ${d.dispatches} dispatches (a band each)` : ''))));
  return {
    size: `${width}×${height}`,
    pixels: n(pixels),
    dispatch: list,
    workgroups: first ? n(first.workgroups) : '',
    launched: n(launched),
    outside: n(Math.max(0, launched - pixels)),
    chunks: chunks ? n(chunks.workgroups) : '',
    'chunk-bytes': chunks ? `${((chunks.workgroups * 4 * outcome.numBins * channels) / 1024 / 1024).toFixed(1)} MiB` : '',
    steps: String(reduces.length),
    'reduce-groups': reduces.map((d) => n(d.workgroups)).join(', '),
  };
}

/** Fills every [data-fact] place under `root` from `facts`. */
export function fillFacts(root, values) {
  for (const place of root.querySelectorAll('[data-fact]')) {
    const value = values[place.dataset.fact];
    if (value === undefined || value === '') continue;
    if (typeof value === 'string') place.textContent = value;
    else place.replaceChildren(value.cloneNode(true));
  }
}
