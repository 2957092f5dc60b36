// The introduction: the article's 6x7 picture, each colour's luminance and bin, and
// the three-bin histogram, all computed by the project's code (the picture from
// src/sim/mod.rs, luminance and bins by the counting rule, the counts by the CPU
// method). Pointing at a pixel or focusing it shows where it is counted; choosing a
// bar shows its pixels.
import { introPicture, luminanceOf, luminanceBin, cpuHistogram, Picture } from '../pkg/histogram.js';
import { el, setState } from './site.js';
import { startPage } from './page.js';
import { t } from './l10n.js';

const BINS = 3;
// The picture's colours by name: intro-colour-<name>.
const NAMES = new Map([['34,51,255', 'blue'], ['255,85,85', 'red'], ['255,221,0', 'yellow']]);

// Where the page says it could not start (the shell puts it in <main> then).
const message = el('p', { role: 'alert', class: 'message' });
// What the page shows, made once the wasm is loaded (by build, below).
let pixels = [];
let counts = [];
let show = () => {};
const started = await startPage({
  kind: 'intro',
  message,
  shows: { get pixels() { return pixels; }, get counts() { return counts; }, show: (...args) => show(...args) },
  loaded: build,
});
if (started) setState('done');

/** The picture, its colours and bins, the graph and the sunset's histogram, from the core. */
function build() {
  const picture = introPicture();
  const rgba = picture.rgba();
  const { width, height } = picture;
  pixels = Array.from({ length: width * height }, (_, i) => {
    const rgb = Array.from(rgba.subarray(i * 4, i * 4 + 3));
    return { x: i % width, y: Math.floor(i / width), rgb, luminance: luminanceOf(...rgb), bin: luminanceBin(...rgb, BINS) };
  });
  const counted = cpuHistogram(picture, 1, BINS);
  counts = Array.from(counted.bins(0));
  counted.free();

  const css = (rgb) => `rgb(${rgb.join(', ')})`;
  const nameOf = (rgb) => {
    const name = NAMES.get(rgb.join(','));
    return name ? t(`intro-colour-${name}`) : css(rgb);
  };
  const grid = document.getElementById('pixels');
  const now = document.getElementById('pixel-now');
  const cells = pixels.map((p, i) => el('button', {
    type: 'button', class: 'intro-pixel', role: 'gridcell', tabindex: i === 0 ? 0 : -1, style: `background: ${css(p.rgb)}`,
    'aria-label': t('intro-pixel-label', { x: p.x, y: p.y, colour: nameOf(p.rgb), luminance: p.luminance.toFixed(2), bin: p.bin }),
  }));
  grid.style.gridTemplateColumns = `repeat(${width}, 1fr)`;
  for (let y = 0; y < height; y++) grid.append(el('div', { role: 'row', class: 'intro-row' }, ...cells.slice(y * width, (y + 1) * width)));

  // Each colour once, in order of luminance, with its working.
  const colours = [...new Map(pixels.map((p) => [p.rgb.join(','), p])).values()].sort((a, b) => a.luminance - b.luminance);
  document.querySelector('#colours tbody').replaceChildren(...colours.map((p) => {
    const [r, g, b] = p.rgb;
    const working = `0.2126×${r}/255 + 0.7152×${g}/255 + 0.0722×${b}/255 = ${p.luminance.toFixed(3)}`;
    return el('tr', { 'data-bin': p.bin },
      el('th', { scope: 'row' }, el('span', { class: 'swatch', style: `background: ${css(p.rgb)}` }), ` ${nameOf(p.rgb)}`),
      el('td', { 'data-label': t('intro-cell-rgb') }, p.rgb.join(', ')),
      el('td', { class: 'left', 'data-label': t('intro-cell-luminance') }, working),
      el('td', { 'data-label': t('intro-cell-bin') }, `floor(${p.luminance.toFixed(3)} × 3) = ${p.bin}`),
      el('td', { 'data-label': t('intro-cell-pixels') }, String(pixels.filter((q) => q.bin === p.bin && q.rgb.join() === p.rgb.join()).length)));
  }));

  // The graph: a bar a bin, as tall as its count; each a button that shows its pixels,
  // named by its words in order: its count above the bar, words only a screen
  // reader says ("pixels in"), its bin below.
  const graph = document.getElementById('graph');
  const tallest = Math.max(...counts);
  const bars = counts.map((count, bin) => {
    const grey = Math.round(((bin + 0.5) / BINS) * 255);
    return el('button', { type: 'button', class: 'intro-bar', 'aria-pressed': 'false' },
      el('span', { class: 'intro-count' }, String(count), el('span', { class: 'visually-hidden' }, ` ${t('intro-bar-between', { count })}`)),
      el('span', { class: 'intro-bar-fill', style: `height: ${(9 * count) / tallest}rem` }),
      el('span', { class: 'intro-bin', style: `background: rgb(${grey}, ${grey}, ${grey}); color: ${grey < 128 ? '#fff' : '#101216'}` }, t('intro-bar-bin', { bin })));
  });
  graph.replaceChildren(...bars);
  graph.setAttribute('aria-label', t('intro-graph-label', { bins: counts.map((count, bin) => t('intro-graph-bin', { bin, count })).join('; ') }));
  document.getElementById('graph-caption').textContent =
    t('intro-graph-caption', { counts: counts.join(', '), pixels: pixels.length });

  show = ({ pixel = null, bin = pixel?.bin ?? null } = {}) => {
    cells.forEach((cell, i) => {
      cell.classList.toggle('chosen', pixels[i] === pixel);
      cell.classList.toggle('in-bin', bin !== null && pixels[i].bin === bin);
    });
    bars.forEach((bar, b) => {
      bar.classList.toggle('chosen', b === bin);
      bar.setAttribute('aria-pressed', String(b === bin && !pixel));
    });
    for (const row of document.querySelectorAll('#colours tbody tr')) row.classList.toggle('chosen', Number(row.dataset.bin) === bin);
    if (pixel) {
      now.textContent = t('intro-pixel-now', {
        x: pixel.x, y: pixel.y, colour: nameOf(pixel.rgb), rgb: pixel.rgb.join(', '),
        luminance: pixel.luminance.toFixed(3), bin: pixel.bin, others: counts[pixel.bin] - 1,
      });
    } else if (bin !== null) {
      now.textContent = t('intro-bin-now', { bin, count: counts[bin], pixels: pixels.length });
    }
  };
  cells.forEach((cell, i) => {
    cell.addEventListener('pointerenter', () => show({ pixel: pixels[i] }));
    cell.addEventListener('focus', () => show({ pixel: pixels[i] }));
    cell.addEventListener('click', () => show({ pixel: pixels[i] }));
    // Arrow keys move through the grid: one pixel is in the tab order at a time.
    cell.addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: width, ArrowUp: -width }[e.key];
      if (step === undefined) return;
      e.preventDefault();
      const next = i + step;
      if (next < 0 || next >= cells.length || (Math.abs(step) === 1 && Math.floor(next / width) !== Math.floor(i / width))) return;
      cell.tabIndex = -1;
      cells[next].tabIndex = 0;
      cells[next].focus();
    });
  });
  bars.forEach((bar, b) => bar.addEventListener('click', () => show({ bin: b })));

  // A real picture at 256 bins, counted here.
  const sunset = Picture.sunset(480, 300);
  const outcome = cpuHistogram(sunset, 1, 256);
  const canvas = document.getElementById('sunset-histogram');
  const rgbaBars = outcome.render(Uint32Array.from([0]), 100);
  canvas.width = 256;
  canvas.height = 100;
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgbaBars.buffer), 256), 0, 0);
  outcome.free();
  sunset.free();
}
