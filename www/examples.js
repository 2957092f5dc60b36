// Every example of both articles, in reading order. The home page lists them and
// each page's previous/next links follow this order. `ready: false` shows as coming.
// `section`: the anchor of the article's section a chapter follows ('' its top).
export const examples = [
  { id: 'intro', part: 1, ready: true, title: 'What a histogram counts', section: '',
    line: "The article's 6×7 picture: each colour's luminance, the bin it falls in, and the three-bin graph, to point at." },
  { id: 'cpu', part: 1, ready: true, title: 'CPU histogram', section: '',
    line: "The article's JavaScript loop, in Rust compiled to WebAssembly: the reference every GPU method must match." },
  { id: 'single', part: 1, ready: true, title: 'GPU: one invocation', section: '#computing-a-histogram-on-the-gpu',
    line: 'The same loop in a compute shader run by a single GPU thread: correct, and very slow.' },
  { id: 'race', part: 1, ready: true, title: 'GPU: one invocation per pixel (race)', section: '#optimize---more-invocations',
    line: 'Every pixel in parallel without atomics: fast and wrong, with the lost counts shown.' },
  { id: 'atomic', part: 1, ready: true, title: 'GPU: one invocation per pixel, atomicAdd', section: '#optimize---more-invocations',
    line: 'The race fixed with atomicAdd on storage memory.' },
  { id: 'chunks-sum', part: 1, ready: true, title: 'GPU: workgroup chunks + sum', section: '#workgroups',
    line: 'Each workgroup counts its chunk in workgroup memory; one workgroup then sums the chunks.' },
  { id: 'chunks-reduce', part: 1, ready: true, title: 'GPU: workgroup chunks + reduce', section: '#reduce',
    line: 'The same chunks, summed by a pairwise reduction that keeps the whole GPU busy.' },
  { id: 'timings', part: 1, ready: true, title: 'Timings on this machine', section: '#reduce',
    line: "Every method on the same image, medians beside the article's published table." },
  { id: '4ch-cpu', part: 2, ready: true, title: 'Four channels on the CPU', section: '#generate-4-histograms-at-once',
    line: 'R, G, B and luminance in one loop, drawn overlaid with screen blending.' },
  { id: '4ch-single', part: 2, ready: true, title: 'Four channels, one GPU invocation', section: '#generate-4-histograms-at-once',
    line: 'Four interleaved histograms from one shader thread.' },
  { id: '4ch-chunks-reduce', part: 2, ready: true, title: 'Four channels, chunks + reduce', section: '#generate-4-histograms-at-once',
    line: "The article's fastest method, counting R, G, B and luminance at once." },
  { id: '4ch-gpu-draw', part: 2, ready: true, title: 'Histograms drawn on the GPU', section: '#drawing-the-histogram-on-the-gpu',
    line: 'A scale pass and a fragment shader draw the bins without reading them back.' },
  { id: 'video', part: 2, ready: true, title: 'Live video histograms', section: '#drawing-the-histogram-on-the-gpu',
    line: 'Every frame of a playing video, histogrammed and drawn on the GPU.' },
  { id: 'equalize', part: 3, ready: true, title: 'Equalization: the histogram as a curve',
    line: 'The cumulative histogram becomes a lookup table that spreads crowded luma over the whole range, colour kept.' },
  { id: 'clahe', part: 3, ready: true, title: 'CLAHE: equalization tile by tile',
    line: 'A clipped histogram per tile and curves blended between tile centres: local contrast without halos.' },
  { id: 'levels', part: 3, ready: true, title: 'Auto-levels: stretching between percentiles',
    line: 'Each channel, or all of them linked, stretched so its 0.5% and 99.5% become black and white.' },
  { id: 'otsu', part: 3, ready: true, title: "Otsu's threshold",
    line: 'The luma that best splits the pixels in two, found from the histogram alone.' },
  { id: 'fragment', part: 4, ready: true, title: 'Counting in a fragment shader',
    line: "The article's unlinked example: a triangle over the image whose fragments do the atomicAdd, timed beside the compute version." },
  { id: 'waveform', part: 4, ready: true, title: 'Waveform: a histogram for every column',
    line: 'Per column, the histogram of its values; columns split among workgroups, each owning its bins whole.' },
  { id: 'parade', part: 4, ready: true, title: 'RGB parade',
    line: 'The red, green and blue waveforms side by side: colour balance at a glance.' },
  { id: 'vectorscope', part: 4, ready: true, title: 'Vectorscope: a histogram of colour',
    line: 'A two-dimensional histogram of chroma, each block of the picture counted in a window around its own colour.' },
  { id: 'privatized', part: 5, ready: true, title: 'One privatized pass',
    line: 'A small grid of workgroups, each counting many pixels: no chunks, no reduction.' },
  { id: 'packed', part: 5, ready: true, title: 'Packed pixels, replicated bins',
    line: 'Four pixels per load from a storage buffer, and histogram copies against contention.' },
  { id: 'subgroups', part: 5, ready: true, title: 'Subgroups: the lanes vote, then add once',
    line: 'The lanes a GPU runs together vote on whether they hold one colour, and where they do, add once for all.' },
  { id: 'studio', part: 6, ready: true, title: 'The studio',
    line: 'Your picture, video or camera with live histograms, scopes, statistics, a region and adjustments: every chapter at work.' },
];

export const parts = {
  1: 'Part 1: computing a histogram',
  2: 'Part 2: four channels, GPU drawing, video',
  3: 'Part 3: using the histogram',
  4: 'Part 4: histograms in two dimensions',
  5: 'Beyond the article: faster kernels',
  6: 'Putting it together',
};

// The articles the first two parts follow (plain links: nothing is fetched from them).
export const articles = {
  1: { title: 'WebGPU Compute Shaders – Image Histogram',
    href: 'https://webgpufundamentals.org/webgpu/lessons/webgpu-compute-shaders-histogram.html' },
  2: { title: 'WebGPU Compute Shaders – Image Histogram Part 2',
    href: 'https://webgpufundamentals.org/webgpu/lessons/webgpu-compute-shaders-histogram-part-2.html' },
};

// What a real GPU does: the timings page's medians in Chromium on an NVIDIA H100
// (bench/gpu-browser, 2026-11-22; bench/results/2026-11-22-h100-browser.txt), ms
// by channels counted, for the timings page's sizes (2448×1505 for one channel,
// 2448×1836 for four) at each method's own shape (the core's `defaultShape`). Shown beside
// this machine's time where the adapter is a CPU.
export const measuredOnGpu = {
  where: 'an NVIDIA H100 in Chromium, measured 2026-11-22 (bench/results/2026-11-22-h100-browser.txt)',
  size: { 1: [2448, 1505], 4: [2448, 1836] },
  ms: {
    1: { single: 567, atomic: 2.44, 'chunks-sum': 0.578, 'chunks-reduce': 0.074, privatized: 0.021, packed: 0.013 },
    4: { single: 990, atomic: 6.55, 'chunks-sum': 1.21, 'chunks-reduce': 0.173, privatized: 0.025, packed: 0.017 },
  },
};

// The article's published timing tables (../shared/anchors/README.md, taken from
// webgpufundamentals.org as it read on 2026-11-27): ms per histogram on four
// machines, in its columns' order, for a 2448×1505 picture counted in 1 channel
// and a 2448×1836 one in 4. Quoted only beside a count of a picture of that size.
export const articleTimings = {
  read: '2026-11-27',
  size: { 1: [2448, 1505], 4: [2448, 1836] },
  // Our methods in the article's columns: its "js" is our CPU method, its "pixel
  // per workgroup" our atomicAdd page.
  columns: ['cpu', 'single', 'atomic', 'chunks-sum', 'chunks-reduce'],
  rows: [
    { machine: 'M1 Mac', channels: 1, ms: [3, 768, 3.2, 11.2, 0.9] },
    { machine: 'AMD Radeon Pro 5300M', channels: 1, ms: [39, 1492, 10.3, 12.5, 2.6] },
    { machine: 'Intel UHD 630', channels: 1, ms: [39, 737, 29.0, 6.6, 10.7] },
    { machine: 'NVIDIA 2070 Super', channels: 1, ms: [19, 365, 4.4, 1.7, 0.8] },
    { machine: 'M1 Mac', channels: 4, ms: [43, 768, 3.2, 11.2, 0.9] },
    { machine: 'AMD Radeon Pro 5300M', channels: 4, ms: [39, 3500, 13.0, 12.5, 2.6] },
    { machine: 'Intel UHD 630', channels: 4, ms: [39, 2978, 31.0, 12.5, 11.7] },
    { machine: 'NVIDIA 2070 Super', channels: 4, ms: [73, 910, 20.6, 2.8, 0.8] },
  ],
};

/**
 * A page's home, previous, next and article links, in the order of `examples`:
 * what scripts/pagers.mjs writes into each page's <nav class="pager">, so it is
 * there at the first paint and nothing moves under it.
 */
export function pagerLinks(id) {
  const ready = examples.filter((e) => e.ready);
  const at = ready.findIndex((e) => e.id === id);
  const links = [{ href: '../index.html', class: 'home', text: 'WebGPU Image Histogram' }];
  if (at > 0) links.push({ href: `${ready[at - 1].id}.html`, rel: 'prev', text: `← ${ready[at - 1].title}` });
  if (at >= 0 && at < ready.length - 1) links.push({ href: `${ready[at + 1].id}.html`, rel: 'next', text: `${ready[at + 1].title} →` });
  const article = articles[ready[at]?.part];
  const section = ready[at]?.section ?? '';
  if (article) links.push({ href: article.href + section, class: 'article', rel: 'external', text: `The article${section ? '’s section' : ''}: ${article.title}` });
  return links;
}
