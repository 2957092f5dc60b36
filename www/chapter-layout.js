// A chapter's page over an image, laid out: its controls and choices, the picture
// and its histograms, the diagram's place, the times, the sources shown. Everything
// is placed before the wasm is in, so nothing above the text a visitor is reading
// moves when it comes; www/image-page.js does the counting.
import { el, listing } from './site.js';
import { diagram } from './diagram.js';
import { chapterReadout } from './chapter-readout.js';
import { raceRuns } from './race-runs.js';
import { sideBySide } from './side-by-side.js';
import { t, tAttr } from './l10n.js';

const HISTOGRAM_HEIGHT = 100;

// What a method is called in the choices and the times side by side: its step's
// label (steps.ftl), for each step the wasm has, once it is in.
export const METHOD_LABELS = {};

// The shapes a page offers: the chunks a workgroup counts, or the pixels of a
// one-invocation-per-pixel workgroup; each worded by chapter-shape-<kind>-<shape>.
const SHAPES = {
  chunk: ['256x1', '16x16'],
  workgroup: ['1x1', '16x16'],
};

export function drawInto(canvas, outcome, shown) {
  const rgba = outcome.render(Uint32Array.from(shown), HISTOGRAM_HEIGHT);
  canvas.width = rgba.length / 4 / HISTOGRAM_HEIGHT;
  canvas.height = HISTOGRAM_HEIGHT;
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), canvas.width), 0, 0);
}

function histogramCanvas(label) {
  return el('canvas', { class: 'histogram', role: 'img', 'aria-label': label, width: 256, height: HISTOGRAM_HEIGHT });
}

/**
 * The page's elements for a chapter of these options (www/image-page.js's), placed
 * in `main`. `canvases`: the histograms' canvases now; `setChannels(n)` makes them
 * for n channels, `freshCanvases()` new ones of the same (a canvas WebGPU drew into
 * takes no 2D drawing).
 */
export function chapterLayout(main, { method, methods, channels, shape, reruns, draw, beside, live, stepped }) {
  const status = el('p', { role: 'status', class: 'muted' }, t('chapter-loading'));
  const message = el('p', { role: 'alert', class: 'message' });
  // Where the page's own kernel cannot run on this device, what it counts with
  // (after the readout's notes, the first p.note, which the tests read).
  const instead = el('p', { class: 'note', id: 'instead', hidden: true });
  const readout = chapterReadout({ main, reruns });
  const { stats, passes, published, notes } = readout;
  const picker = el('input', { type: 'file', accept: live ? 'image/*,video/*' : 'image/*', id: 'file' });
  const videoButton = el('button', { type: 'button', disabled: true }, t('chapter-play-video'));
  const cameraButton = el('button', { type: 'button', disabled: true }, t('chapter-use-camera'));
  const runButton = el('button', { type: 'button', disabled: true }, t('chapter-run-again'));
  const csvButton = el('button', { type: 'button', disabled: true }, t('chapter-download-csv'));
  const chunkSelect = el('select', { id: 'chunk' },
    ...(SHAPES[shape] ?? []).map((value) => el('option', { value }, t(`chapter-shape-${shape}-${value}`))));
  // '' asks for the method's own shape.
  const chunkValue = () => (shape ? chunkSelect.value : '');
  const methodSelect = el('select', { id: 'method' },
    ...methods.map((m) => el('option', { value: m, selected: m === method }, METHOD_LABELS[m] ?? m)));
  const channelSelect = el('select', { id: 'channels' },
    el('option', { value: '1', selected: channels === 1 }, t('chapter-channels-luminance')),
    el('option', { value: '4', selected: channels === 4 }, t('chapter-channels-rgbl')));
  const controls = el('div', { class: 'controls' },
    el('label', { class: 'file' }, t(live ? 'chapter-choose-image-or-video' : 'chapter-choose-image'), picker), runButton, csvButton);
  if (live) controls.append(videoButton, cameraButton);
  // The race page: a picture of one colour, where every invocation adds to one bin.
  const harderButton = el('button', { type: 'button', disabled: true }, t('chapter-race-harder'));
  if (reruns) controls.append(harderButton);
  const choices = el('div', { class: 'controls choices' });
  if (methods.length > 1) choices.append(el('label', { class: 'option', for: 'method' }, t('chapter-method'), methodSelect));
  if (!live) choices.append(el('label', { class: 'option', for: 'channels' }, t('chapter-channels'), channelSelect));
  if (shape) choices.append(el('label', { class: 'option', for: 'chunk' }, t(`chapter-shape-${shape}`), chunkSelect));

  const imageCanvas = el('canvas', { role: 'img', 'aria-label': t('chapter-image-label') });
  const imageCaption = el('figcaption');
  const drop = el('figure', { class: 'drop' }, imageCanvas, imageCaption,
    el('p', { class: 'hint' }, t(live ? 'chapter-drop-image-or-video' : 'chapter-drop-image')));
  // Each histogram's caption, and its canvas's name (the message's .aria-label).
  const histogramOf = (shown, id) => ({ shown, canvas: histogramCanvas(tAttr(id, 'aria-label')), caption: t(id) });
  const canvasesFor = (n) => (n === 1
    ? [histogramOf([0], 'chapter-histogram-luminance')]
    : [histogramOf([0, 1, 2], 'chapter-histogram-rgb'), histogramOf([3], 'chapter-histogram-luminance')]);
  let canvases = canvasesFor(channels);
  const race = reruns ? raceRuns(reruns, { histogramCanvas, drawInto }) : null;
  const histograms = el('div', { class: 'histograms' });
  const showCanvases = () => histograms.replaceChildren(
    ...canvases.map(({ canvas, caption }) => el('figure', {}, canvas, el('figcaption', {}, caption))),
    ...(race ? [race.figure] : []), stats);
  showCanvases();
  // The fragment page times its twin after every count (that is its lesson).
  const besides = sideBySide({ beside, labels: METHOD_LABELS });
  const source = el('code');
  const stage = el('div', { class: 'stage' }, drop, histograms);
  const timesSection = el('section', { id: 'times' }, el('h2', {}, t(method === 'cpu' ? 'chapter-time' : 'chapter-time-by-pass')), passes, published);
  // The live count comes right after the idea and its diagram; the chapter's longer
  // explanations follow it. Both are placed now, before the wasm is in, so nothing
  // above the text a visitor is reading moves when it comes: a diagram the simulator
  // plays (in the wasm) holds its place until then.
  const counting = el('div', { class: 'counting' }, controls, ...(choices.childElementCount ? [choices] : []), stage, status, message, notes, instead);
  // Whether the simulator plays the step is the step's to say (src/gpu/steps/),
  // known once the wasm is in: until then the place of a step-through the page
  // declares (data-diagram="steps", checked against the steps natively) is held,
  // and another diagram drawn at once, so that neither moves the text below.
  const held = stepped;
  const figure = held ? el('figure', { class: 'step-diagram', 'data-pending': '' }) : diagram(draw === 'gpu' ? 'gpu-draw' : method, channels);
  (main.querySelector('.diagram-here') ?? main.querySelector('p'))?.after(...(figure ? [figure] : []), counting);
  main.append(timesSection);
  if (race) main.append(el('h2', {}, t('chapter-more-runs', { runs: reruns })), race.grid);
  if (beside || methods.length > 1) main.append(besides.section);
  const simpleCode = el('code');
  const drawingCode = el('code');
  if (method === 'cpu') {
    main.append(el('details', {}, el('summary', {}, t('chapter-article-loop-source')), listing(simpleCode)));
  }
  main.append(el('details', {}, el('summary', {}, t(method === 'cpu' ? 'chapter-tally-source' : 'chapter-kernel-source')),
    listing(source)));
  if (draw === 'gpu') {
    main.append(el('details', {}, el('summary', {}, t('chapter-drawing-source')), listing(drawingCode)));
  }

  return {
    status, message, instead, readout, picker, videoButton, cameraButton, runButton, csvButton, harderButton,
    chunkSelect, chunkValue, methodSelect, channelSelect, imageCanvas, imageCaption, drop, histograms, race, besides,
    source, simpleCode, drawingCode, stage, figure, held,
    get canvases() { return canvases; },
    setChannels: (n) => {
      canvases = canvasesFor(n);
      showCanvases();
    },
    freshCanvases: () => {
      for (const c of canvases) {
        const fresh = histogramCanvas(c.canvas.getAttribute('aria-label'));
        c.canvas.replaceWith(fresh);
        c.canvas = fresh;
      }
    },
  };
}
