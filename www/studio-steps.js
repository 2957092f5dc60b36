// The equalize chapter's steps on the CPU, stacked as the article's
// equalization-javascript page stacks them: the picture, its luma histogram with
// the table made from it, the luma as grey, that grey equalized, and the colour
// equalized, which the GPU's picture above matches. Computed by the Rust core
// (src/adjust.rs's equalize_steps) in this page's WebAssembly.
import { EqualizeSteps } from '../pkg/histogram.js';
import { el } from './site.js';
import { t, number } from './l10n.js';

// Past this the five full-size copies cost more memory than the lesson is worth.
const MAX_PIXELS = 16_000_000;

const imageCanvas = (label) => el('canvas', { class: 'step', role: 'img', 'aria-label': label });

function drawImage(canvas, width, height, rgba) {
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), width), 0, 0);
}

/** Bars of the luma histogram (white), the table over them (the accent's blue). */
function drawHistogram(canvas, luma, table) {
  const [width, height] = [256, 120];
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  const most = Math.max(1, ...luma);
  ctx.fillStyle = '#fff';
  luma.forEach((n, b) => { if (n) ctx.fillRect(b, height - Math.max(1, (n / most) * height), 1, height); });
  ctx.strokeStyle = '#6cb6ff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  table.forEach((v, b) => ctx.lineTo(b + 0.5, height - (v / 255) * height));
  ctx.stroke();
}

export function stepsView() {
  const canvases = {
    picture: imageCanvas(t('steps-picture-label')),
    histogram: el('canvas', { class: 'step histogram-step', role: 'img', 'aria-label': t('steps-histogram-label') }),
    grey: imageCanvas(t('steps-grey-label')),
    greyEqualized: imageCanvas(t('steps-grey-equalized-label')),
    colour: imageCanvas(t('steps-colour-label')),
  };
  const captions = {
    picture: t('steps-picture'),
    histogram: t('steps-histogram'),
    grey: t('steps-grey'),
    greyEqualized: t('steps-grey-equalized'),
    colour: t('steps-colour'),
  };
  const timing = el('p', { id: 'steps-time', class: 'muted' });
  const section = el('section', { class: 'steps-section', 'aria-labelledby': 'steps-title' },
    el('h2', { id: 'steps-title' }, t('steps-title')),
    el('p', {}, t('steps-intro')),
    el('div', { class: 'steps' }, ...Object.keys(canvases).map((k) => el('figure', {}, canvases[k], el('figcaption', {}, captions[k])))),
    timing);
  let steps = null;

  /** The steps of `picture` (a Picture), or none for a video or a picture too large. */
  function show(picture, rgba) {
    steps?.free();
    steps = null;
    const grid = section.querySelector('.steps');
    if (!picture || picture.width * picture.height > MAX_PIXELS) {
      grid.hidden = true;
      timing.textContent = picture
        ? t('steps-too-large', { limit: String(MAX_PIXELS / 1e6), megapixels: (picture.width * picture.height / 1e6).toFixed(1) })
        : t('steps-video');
      return;
    }
    grid.hidden = false;
    const start = performance.now();
    steps = new EqualizeSteps(picture);
    const ms = performance.now() - start;
    const { width, height } = picture;
    drawImage(canvases.picture, width, height, rgba);
    drawHistogram(canvases.histogram, steps.luma(), steps.table());
    drawImage(canvases.grey, width, height, steps.grey());
    drawImage(canvases.greyEqualized, width, height, steps.greyEqualized());
    drawImage(canvases.colour, width, height, steps.colour());
    timing.textContent = t('steps-time', { ms: ms.toFixed(1), pixels: number(width * height) });
  }

  return {
    section,
    show,
    /** The latest steps (for tests and the curious). */
    get steps() { return steps; },
  };
}
