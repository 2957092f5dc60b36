// Every example of both articles, in reading order. The home page lists them and
// each page's previous/next links follow this order. `ready: false` shows as coming.
// `section`: the anchor of the article's section a chapter follows ('' its top).
// Their titles and lines are messages, `example-<id>` (locales/*/scripts/examples.ftl).
export const examples = [
  { id: 'intro', part: 1, ready: true, section: '' },
  { id: 'cpu', part: 1, ready: true, section: '' },
  { id: 'single', part: 1, ready: true, section: '#computing-a-histogram-on-the-gpu' },
  { id: 'race', part: 1, ready: true, section: '#optimize---more-invocations' },
  { id: 'atomic', part: 1, ready: true, section: '#optimize---more-invocations' },
  { id: 'chunks-sum', part: 1, ready: true, section: '#workgroups' },
  { id: 'chunks-reduce', part: 1, ready: true, section: '#reduce' },
  { id: 'timings', part: 1, ready: true, section: '#reduce' },
  { id: '4ch-cpu', part: 2, ready: true, section: '#generate-4-histograms-at-once' },
  { id: '4ch-single', part: 2, ready: true, section: '#generate-4-histograms-at-once' },
  { id: '4ch-chunks-reduce', part: 2, ready: true, section: '#generate-4-histograms-at-once' },
  { id: '4ch-gpu-draw', part: 2, ready: true, section: '#drawing-the-histogram-on-the-gpu' },
  { id: 'video', part: 2, ready: true, section: '#drawing-the-histogram-on-the-gpu' },
  { id: 'equalize', part: 3, ready: true },
  { id: 'clahe', part: 3, ready: true },
  { id: 'levels', part: 3, ready: true },
  { id: 'otsu', part: 3, ready: true },
  { id: 'fragment', part: 4, ready: true },
  { id: 'waveform', part: 4, ready: true },
  { id: 'parade', part: 4, ready: true },
  { id: 'vectorscope', part: 4, ready: true },
  { id: 'privatized', part: 5, ready: true },
  { id: 'packed', part: 5, ready: true },
  { id: 'subgroups', part: 5, ready: true },
  { id: 'studio', part: 6, ready: true },
];

/** The parts the home page lists the examples under: their titles are messages, `part-<n>`. */
export const parts = [1, 2, 3, 4, 5, 6];

// The articles the first two parts follow (plain links: nothing is fetched from them);
// their titles are messages, `article-<n>`. The article is published in Korean and
// Japanese too, under lessons/<lang>/ (its sections' anchors are its own there).
export const articles = {
  1: 'https://webgpufundamentals.org/webgpu/lessons/webgpu-compute-shaders-histogram.html',
  2: 'https://webgpufundamentals.org/webgpu/lessons/webgpu-compute-shaders-histogram-part-2.html',
};

// What a real GPU does: the timings page's medians in Chromium on an NVIDIA H100
// (bench/gpu-browser, 2026-11-22; bench/results/2026-11-22-h100-browser.txt), ms
// by channels counted, for the timings page's sizes (2448×1505 for one channel,
// 2448×1836 for four) at each method's own shape (the core's `defaultShape`). Shown beside
// this machine's time where the adapter is a CPU.
export const measuredOnGpu = {
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
 * A page's home, previous, next and article links in `lang`, in the order of
 * `examples`, their words `t`'s (a catalogue's): what scripts/localize.mjs writes
 * into each page's <nav class="pager">, so it is there at the first paint and
 * nothing moves under it.
 */
export function pagerLinks(id, t, lang = 'en') {
  const ready = examples.filter((e) => e.ready);
  const at = ready.findIndex((e) => e.id === id);
  const links = [{ href: '../index.html', class: 'home', text: t('site-name') }];
  if (at > 0) links.push({ href: `${ready[at - 1].id}.html`, rel: 'prev', text: t('pager-prev', { title: t(`example-${ready[at - 1].id}`) }) });
  if (at >= 0 && at < ready.length - 1) links.push({ href: `${ready[at + 1].id}.html`, rel: 'next', text: t('pager-next', { title: t(`example-${ready[at + 1].id}`) }) });
  const part = ready[at]?.part;
  const article = articles[part];
  const section = lang === 'en' ? ready[at]?.section ?? '' : '';
  if (article) {
    links.push({ href: articleIn(article, lang) + section, class: 'article', rel: 'external', hreflang: lang,
      text: t(section ? 'pager-article-section' : 'pager-article', { title: t(`article-${part}`) }) });
  }
  return links;
}

/** The article `href` in `lang`, as webgpufundamentals.org publishes its translations. */
export const articleIn = (href, lang) => (lang === 'en' ? href : href.replace('/lessons/', `/lessons/${lang}/`));
