// A chapter's diagram: what its kernel does, drawn by the project as SVG. A small
// picture of 8x4 pixels, who reads which pixel (a colour a GPU invocation or
// workgroup), and where the counts go: one set of bins, a set a workgroup, and how
// those are added up. One function for every kernel, its parts chosen by method.
import { t } from './l10n.js';
import { scrollCue } from './site.js';

const NS = 'http://www.w3.org/2000/svg';
const HUES = ['#e4572e', '#29a0b1', '#f3a712', '#8c6bb1', '#4cb944', '#d45087', '#5b8def', '#c9a227'];
const COLS = 8;
const ROWS = 4;
const CELL = 22;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const text = (x, y, words, attrs = {}) => svg('text', { x, y, 'font-size': 12, fill: '#c9ccd3', ...attrs }, words);

/** The picture at (x, y), each pixel filled by `owner(i)` (an index into HUES, or null). */
function picture(x, y, owner, label) {
  const g = svg('g');
  for (let i = 0; i < COLS * ROWS; i++) {
    const o = owner(i);
    g.append(svg('rect', {
      x: x + (i % COLS) * CELL, y: y + Math.floor(i / COLS) * CELL, width: CELL - 2, height: CELL - 2, rx: 3,
      fill: o === null ? '#2b2f36' : HUES[o % HUES.length],
    }));
  }
  g.append(text(x, y - 8, label));
  return g;
}

/** A row of `n` bins at (x, y), bars of the heights given (0..1), named `label`. */
function bins(x, y, heights, label, colour = '#e8e9ec') {
  const g = svg('g');
  const w = 14;
  heights.forEach((h, b) => {
    g.append(svg('rect', { x: x + b * (w + 2), y: y, width: w, height: 36, fill: '#1b1e24', stroke: '#3a3f48' }));
    g.append(svg('rect', { x: x + b * (w + 2), y: y + 36 - 34 * h, width: w, height: 34 * h, fill: colour }));
  });
  g.append(text(x, y - 6, label));
  return g;
}

const arrow = (x1, y1, x2, y2, colour = '#a3a8b3') => svg('line', {
  x1, y1, x2, y2, stroke: colour, 'stroke-width': 1.5, 'marker-end': 'url(#arrowhead)',
});

const SHAPE = [0.3, 0.55, 0.8, 1, 0.7, 0.45, 0.25, 0.15];
const part = (k) => SHAPE.map((h, b) => h * (0.5 + 0.5 * Math.sin(b + k)) ** 2);

/** What each method's diagram shows (its caption: diagram-caption-<method>). */
const DIAGRAMS = {
  cpu: {
    height: 150,
    draw: (d) => {
      d.append(picture(20, 40, () => 0, t('diagram-label-every-pixel-loop')));
      d.append(bins(330, 60, SHAPE, t('diagram-label-bins-ordinary')));
      d.append(arrow(200, 75, 322, 78));
    },
  },
  single: {
    height: 150,
    draw: (d) => {
      // The GPU's many invocations, one of them lit: the one that walks every pixel.
      for (let i = 0; i < 48; i++) {
        d.append(svg('rect', { x: 20 + (i % 12) * 14, y: 40 + Math.floor(i / 12) * 14, width: 11, height: 11, rx: 2, fill: i === 0 ? HUES[0] : '#2b2f36' }));
      }
      d.append(text(20, 30, t('diagram-label-invocations-one')));
      d.append(picture(250, 40, () => 0, t('diagram-label-every-pixel-one')));
      d.append(arrow(32, 100, 244, 60, HUES[0]));
      d.append(bins(460, 60, SHAPE, t('diagram-label-bins-storage')));
      d.append(arrow(430, 75, 452, 78));
    },
  },
  race: {
    height: 150,
    draw: (d) => perPixel(d, t('diagram-label-bins-storage'), '#e4572e', t('diagram-label-race-note')),
  },
  atomic: {
    height: 150,
    draw: (d) => perPixel(d, t('diagram-label-bins-atomic'), '#4cb944', t('diagram-label-atomic-note')),
  },
  'chunks-sum': {
    height: 220,
    draw: (d) => chunks(d, false),
  },
  'chunks-reduce': {
    height: 220,
    draw: (d) => chunks(d, true),
  },
  privatized: {
    height: 170,
    draw: (d) => {
      twoCopies(d, (i) => i % 2, t('diagram-label-two-workgroups'), [t('diagram-label-workgroup-bins', { workgroup: '1' }), t('diagram-label-workgroup-bins', { workgroup: '2' })], [0, 2], [0, 1]);
      d.append(text(450, 135, t('diagram-label-atomic-once')));
    },
  },
  packed: {
    height: 170,
    draw: (d) => twoCopies(d, (i) => Math.floor(i / 4) % 4, t('diagram-label-four-pixels'), [t('diagram-label-copy-first'), t('diagram-label-copy-second')], [1, 3], [0, 2]),
  },
  subgroups: {
    height: 190,
    draw: (d) => {
      const row = (y, lanes, label, alike) => {
        lanes.forEach((b, i) => d.append(svg('rect', { x: 20 + i * 26, y, width: 22, height: 22, rx: 3, fill: HUES[b % HUES.length] })));
        d.append(text(20, y - 8, label));
        d.append(text(240, y + 15, t(alike ? 'diagram-label-alike-yes' : 'diagram-label-alike-no')));
        d.append(arrow(338, y + 11, 380, y + 11));
        d.append(text(388, y + 15, alike ? t('diagram-label-leader-adds') : t('diagram-label-lanes-add', { adds: String(lanes.length) })));
      };
      row(40, [6, 6, 6, 6, 6, 6, 6, 6], t('diagram-label-subgroup-sky'), true);
      row(120, [4, 2, 4, 7, 2, 4, 4, 7], t('diagram-label-subgroup-grass'), false);
    },
  },
  'gpu-draw': {
    height: 190,
    draw: (d) => {
      d.append(bins(20, 70, SHAPE.map((h) => h * 0.6), t('diagram-label-counted-bins')));
      d.append(svg('rect', { x: 236, y: 66, width: 116, height: 52, rx: 6, fill: 'none', stroke: HUES[1] }),
        text(246, 88, t('diagram-label-scale-formula')), text(246, 106, t('diagram-label-one-a-channel')), text(236, 58, t('diagram-label-after-scale')));
      d.append(arrow(152, 88, 228, 88), text(160, 130, t('diagram-label-scale')));
      const canvas = svg('g');
      SHAPE.forEach((h, b) => canvas.append(svg('rect', { x: 450 + b * 22, y: 170 - 120 * h, width: 20, height: 120 * h, fill: HUES[b % 3] })));
      d.append(svg('rect', { x: 446, y: 46, width: 182, height: 128, fill: 'none', stroke: '#3a3f48' }), canvas, text(446, 38, t('diagram-label-canvas')));
      d.append(arrow(362, 88, 440, 100), text(370, 130, t('diagram-label-draw')));
    },
  },
  fragment: {
    height: 240,
    draw: (d) => {
      d.append(picture(20, 40, () => 5, t('diagram-label-fragment-a-pixel')));
      d.append(svg('polygon', { points: '14,34 370,34 14,230', fill: 'none', stroke: '#e8e9ec', 'stroke-dasharray': '4 3' }));
      d.append(bins(420, 60, SHAPE, t('diagram-label-bins-atomic')));
      d.append(arrow(200, 75, 412, 78));
    },
  },
};

/** One invocation a pixel: three of them adding to one bin, and what `note` says of it. */
function perPixel(d, label, colour, note) {
  d.append(picture(20, 40, (i) => i, t('diagram-label-invocation-a-pixel')));
  d.append(bins(330, 60, SHAPE, label));
  for (const i of [3, 12, 21]) d.append(arrow(31 + (i % 8) * CELL, 51 + Math.floor(i / 8) * CELL, 378, 92, colour));
  d.append(text(330, 120, note, { fill: colour }));
}

/** Pixels read by `owner`, counted into two sets of bins, added into the result. */
function twoCopies(d, owner, label, names, shapes, hues) {
  d.append(picture(20, 40, owner, label));
  d.append(bins(240, 40, part(shapes[0]), names[0], HUES[hues[0]]));
  d.append(bins(240, 110, part(shapes[1]), names[1], HUES[hues[1]]));
  d.append(bins(450, 75, SHAPE, t('diagram-label-result')));
  d.append(arrow(200, 70, 232, 60), arrow(200, 100, 232, 128), arrow(372, 60, 442, 90), arrow(372, 128, 442, 100));
}

/** chunks + sum (`reduce` false) or chunks + reduce. */
function chunks(d, reduce) {
  // Four chunks of 4x2 pixels, a workgroup each, each counted into its own row.
  d.append(picture(20, 40, (i) => Math.floor((i % 8) / 4) + 2 * Math.floor(i / 16), t('diagram-label-workgroup-a-chunk')));
  for (let k = 0; k < 4; k++) d.append(bins(210, 20 + k * 48, part(k), '', HUES[k]));
  d.append(text(210, 14, t('diagram-label-chunk-bins')), arrow(198, 84, 206, 84));
  if (reduce) {
    d.append(bins(370, 44, part(5), t('diagram-label-pairs-added')), bins(370, 140, part(6), ''));
    d.append(arrow(340, 38, 366, 58), arrow(340, 86, 366, 66), arrow(340, 134, 366, 154), arrow(340, 182, 366, 162));
    d.append(bins(520, 92, SHAPE, t('diagram-label-result')));
    d.append(arrow(500, 62, 516, 104), arrow(500, 158, 516, 118));
  } else {
    d.append(bins(450, 92, SHAPE, t('diagram-label-one-adds-all')));
    for (let k = 0; k < 4; k++) d.append(arrow(340, 38 + k * 48, 446, 110));
  }
}

/** The diagram for `method` (with `channels` counted), as a figure; null if none. */
export function diagram(method, channels) {
  const what = DIAGRAMS[method];
  if (!what) return null;
  const words = t(`diagram-caption-${method}`);
  const d = svg('svg', { viewBox: `0 0 660 ${what.height}`, role: 'img', 'aria-label': words, class: 'diagram' });
  d.append(svg('defs', {}, svg('marker', { id: 'arrowhead', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto' },
    svg('path', { d: 'M0,0 L8,4 L0,8 z', fill: '#a3a8b3' }))));
  what.draw(d);
  const figure = document.createElement('figure');
  figure.className = 'diagram';
  // A paragraph, not a figcaption: the page's figcaption is its picture's.
  const caption = document.createElement('p');
  caption.className = 'caption';
  caption.textContent = channels === 4 ? t('diagram-caption-four-channels', { caption: words }) : words;
  // On a narrow screen it scrolls sideways rather than shrink its words past reading.
  const scroll = document.createElement('div');
  scroll.className = 'diagram-scroll';
  scroll.tabIndex = 0;
  scroll.setAttribute('role', 'group');
  scroll.setAttribute('aria-label', t('diagram-scrolls'));
  scroll.append(d);
  scrollCue(scroll);
  figure.append(scroll, caption);
  return figure;
}

// Each chapter's method, where it has a diagram: the home page shows it small.
const CHAPTER_DIAGRAMS = {
  cpu: 'cpu', single: 'single', race: 'race', atomic: 'atomic', 'chunks-sum': 'chunks-sum',
  'chunks-reduce': 'chunks-reduce', '4ch-cpu': 'cpu', '4ch-single': 'single', '4ch-chunks-reduce': 'chunks-reduce',
  '4ch-gpu-draw': 'gpu-draw', fragment: 'fragment', privatized: 'privatized', packed: 'packed', subgroups: 'subgroups',
};

const LINE = { stroke: '#c9ccd3', 'stroke-width': 3, fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
const histogramBars = (x, y, w, h, shape, colour = '#e8e9ec') =>
  shape.map((v, i) => svg('rect', { x: x + (i * w) / shape.length, y: y + h * (1 - v), width: w / shape.length - 2, height: h * v, fill: colour }));
const WAVE = [0.2, 0.5, 0.35, 0.8, 0.6, 0.9, 0.4, 0.25, 0.55, 0.7];

// The chapters without a kernel diagram: a pictogram of what the page shows.
const PICTOGRAMS = {
  // The introduction: a picture of three colours and its three bars.
  intro: () => [
    ...Array.from({ length: 42 }, (_, i) => svg('rect', { x: 16 + (i % 6) * 22, y: 14 + Math.floor(i / 6) * 20, width: 19, height: 17, rx: 2,
      fill: ['#2233ff', '#ff5555', '#ffdd00'][[0, 2, 2, 2, 2, 0, 0, 2, 1, 1, 2, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 2, 1, 0, 0, 1, 2][i]] })),
    ...[18, 16, 8].map((n, b) => svg('rect', { x: 180 + b * 44, y: 150 - n * 7, width: 36, height: n * 7, fill: '#e8e9ec' })),
  ],
  timings: () => [0.9, 0.55, 0.3, 0.12, 0.06].map((v, i) => svg('rect', { x: 20, y: 18 + i * 26, width: 260 * v + 4, height: 18, rx: 3, fill: HUES[i] })),
  video: () => [svg('rect', { x: 20, y: 14, width: 280, height: 130, rx: 6, fill: '#2b2f36' }),
    svg('path', { d: 'M140 50 L140 110 L190 80 Z', fill: '#e8e9ec' }),
    ...histogramBars(30, 110, 260, 30, SHAPE.concat(SHAPE), '#5b8def')],
  equalize: () => [svg('path', { d: 'M20 150 C 120 150, 140 20, 300 14', ...LINE }), svg('path', { d: 'M20 150 L300 14', ...LINE, stroke: '#5a606b', 'stroke-dasharray': '6 6' })],
  clahe: () => [0, 1, 2, 3].flatMap((k) => {
    const [x, y] = [20 + (k % 2) * 145, 12 + Math.floor(k / 2) * 72];
    return [svg('rect', { x, y, width: 135, height: 64, rx: 4, fill: '#1f2228', stroke: '#3a3f48' }),
      svg('path', { d: `M${x + 6} ${y + 58} C ${x + 40 + k * 12} ${y + 58}, ${x + 60} ${y + 6}, ${x + 129} ${y + 6}`, ...LINE, stroke: HUES[k] })];
  }),
  levels: () => [...histogramBars(80, 30, 160, 110, SHAPE, '#5a606b'), ...histogramBars(20, 30, 280, 110, SHAPE, '#29a0b1').map((r) => Object.assign(r, { style: 'opacity: 0.75' }))],
  otsu: () => [...histogramBars(20, 20, 280, 130, [0.2, 0.7, 1, 0.5, 0.1, 0.05, 0.3, 0.8, 0.9, 0.35]),
    svg('line', { x1: 160, y1: 8, x2: 160, y2: 154, stroke: '#7cc4ff', 'stroke-width': 4 })],
  waveform: () => WAVE.flatMap((v, i) => [0, 1, 2].map((k) => svg('circle', { cx: 34 + i * 28, cy: 150 - 130 * v + k * 12 - 12, r: 4, fill: '#4cb944', opacity: 1 - k * 0.3 }))),
  parade: () => ['#e4572e', '#4cb944', '#5b8def'].flatMap((c, p) => WAVE.slice(0, 5).map((v, i) =>
    svg('circle', { cx: 30 + p * 95 + i * 17, cy: 150 - 130 * ((v + p * 0.15) % 1), r: 5, fill: c }))),
  vectorscope: () => [svg('circle', { cx: 160, cy: 80, r: 70, ...LINE, stroke: '#5a606b' }),
    ...HUES.slice(0, 6).map((c, i) => svg('rect', { x: 160 + 52 * Math.cos(i * 1.047 + 0.3) - 7, y: 80 - 52 * Math.sin(i * 1.047 + 0.3) - 7, width: 14, height: 14, fill: 'none', stroke: c, 'stroke-width': 3 })),
    svg('path', { d: 'M160 80 L 125 28', ...LINE, stroke: '#f3a712' })],
  studio: () => [svg('rect', { x: 14, y: 14, width: 170, height: 132, rx: 6, fill: '#2b2f36' }),
    svg('path', { d: 'M14 120 L70 70 L110 105 L140 80 L184 118 L184 146 L14 146 Z', fill: '#4a6d8c' }),
    svg('rect', { x: 196, y: 14, width: 110, height: 62, rx: 4, fill: '#000' }), ...histogramBars(200, 22, 102, 50, SHAPE, '#e4572e'),
    svg('rect', { x: 196, y: 84, width: 110, height: 62, rx: 4, fill: '#000' }),
    ...WAVE.map((v, i) => svg('circle', { cx: 204 + i * 10.5, cy: 140 - 48 * v, r: 3, fill: '#4cb944' }))],
};

/** A chapter's small picture for the home page: its kernel's diagram, or a pictogram of what it shows. */
export function thumbnail(id) {
  const method = CHAPTER_DIAGRAMS[id];
  if (method) {
    const what = DIAGRAMS[method];
    const d = svg('svg', { viewBox: `0 0 660 ${what.height}`, 'aria-hidden': 'true', class: 'thumbnail' });
    d.append(svg('defs', {}, svg('marker', { id: `arrowhead-${id}`, viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto' },
      svg('path', { d: 'M0,0 L8,4 L0,8 z', fill: '#a3a8b3' }))));
    what.draw(d);
    // Each small copy names its own arrowhead (ids are the page's).
    for (const line of d.querySelectorAll('[marker-end]')) line.setAttribute('marker-end', `url(#arrowhead-${id})`);
    for (const words of d.querySelectorAll('text')) words.remove();
    return d;
  }
  const draw = PICTOGRAMS[id];
  return draw ? svg('svg', { viewBox: '0 0 320 164', 'aria-hidden': 'true', class: 'thumbnail' }, ...draw()) : null;
}
