// The parts every example page shares: navigation, the image (default, picked or
// dropped), running a method, drawing its histograms, timing, CSV and the kernel's
// WGSL. A page is its title and prose plus one call to imagePage().
import init, { Picture, GpuContext, cpuHistogram, kernelSource, cpuSource, maxPixels, decodeImage } from '../pkg/histogram.js';
import { examples } from './examples.js';

const HISTOGRAM_HEIGHT = 100;

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key in node) node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

export function setState(state) {
  document.body.dataset.state = state;
}

export function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

/** Home, previous and next links, following the order of examples.js. */
export function pager(id) {
  const ready = examples.filter((e) => e.ready);
  const at = ready.findIndex((e) => e.id === id);
  const link = (e, rel, text) => el('a', { href: `${e.id}.html`, rel }, text);
  const nav = el('nav', { class: 'pager', 'aria-label': 'Examples' },
    el('a', { href: '../index.html', class: 'home' }, 'WebGPU Image Histogram'));
  if (at > 0) nav.append(link(ready[at - 1], 'prev', `← ${ready[at - 1].title}`));
  if (at >= 0 && at < ready.length - 1) nav.append(link(ready[at + 1], 'next', `${ready[at + 1].title} →`));
  return nav;
}

/** The browser's own words for its WebGPU adapter (wgpu's web backend leaves them empty). */
export async function adapterDescription() {
  const adapter = await navigator.gpu?.requestAdapter();
  const info = adapter?.info ?? {};
  const words = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ');
  return (words || 'an unnamed adapter') + (info.isFallbackAdapter ? ' (a software fallback adapter)' : '');
}

/**
 * Reads an image file into a Picture of the values stored in it. The Rust decoder of
 * the command-line tool does it (src/decode.rs), so the page and the tool count the
 * same values; a format it does not read (AVIF, ...) is decoded by the browser.
 * Throws a message a person can act on.
 */
export async function readImage(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return decodeImage(bytes);
  } catch (e) {
    if (e?.name !== 'UnsupportedFormat') throw new Error(`"${file.name}" cannot be read: ${errorText(e)}.`);
  }
  return browserPicture(file);
}

/**
 * The browser's decode of a file, as straight (unpremultiplied) RGBA with no colour
 * conversion, read back through a WebGL texture: a 2D canvas stores premultiplied
 * colour, which changes translucent pixels. Only a browser without WebGL gets the
 * 2D canvas, and the page says so.
 */
async function browserPicture(file) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch {
    throw new Error(`"${file.name}" is not an image this page can read: neither ${decoderFormats} nor a format this browser decodes.`);
  }
  try {
    const { width, height } = bitmap;
    if (width * height > maxPixels()) {
      throw new Error(`"${file.name}" cannot be read: the image is ${width}x${height} pixels: ` +
        `more than the ${maxPixels() / 2 ** 20} megapixels allowed here.`);
    }
    const format = `${file.type || 'an image'}, decoded by the browser`;
    const canvas = new OffscreenCanvas(1, 1);
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (gl && Math.max(width, height) <= gl.getParameter(gl.MAX_TEXTURE_SIZE)) {
      gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, bitmap);
      gl.bindFramebuffer(gl.FRAMEBUFFER, gl.createFramebuffer());
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, gl.getParameter(gl.TEXTURE_BINDING_2D), 0);
      const rgba = new Uint8Array(width * height * 4);
      gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
      return Picture.fromRgba(width, height, rgba, format,
        ['Decoded by this browser (the Rust decoder does not read this format): its straight colour values are counted.']);
    }
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    return Picture.fromRgba(width, height, new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer), format,
      ['Decoded by this browser and read through a 2D canvas (no WebGL here): the canvas stores colour ' +
       'premultiplied by alpha, so translucent pixels may be a few levels off.']);
  } finally {
    bitmap.close();
  }
}

const decoderFormats = 'PNG, JPEG, GIF, WebP, BMP, TIFF, ICO';
/** Longest side of the picture as shown: the canvas is a view, not the data. */
const SHOWN_MAX = 2048;
/** Small pictures are shown enlarged, pixel by pixel, to at least this. */
const SHOWN_MIN = 480;

/**
 * Shows the picture as it looks: the browser's rendering of the file (with its
 * orientation and colour profile) where the browser can decode it, else the counted
 * pixels themselves.
 */
export async function showPicture(canvas, picture, file) {
  let source = null;
  try {
    if (file) source = await createImageBitmap(file);
  } catch { /* a format only the Rust decoder reads (TIFF): show the pixels */ }
  if (!source) {
    const rgba = picture.rgba();
    source = await createImageBitmap(new ImageData(new Uint8ClampedArray(rgba.buffer), picture.width));
  }
  const longest = Math.max(source.width, source.height);
  const scale = longest > SHOWN_MAX ? SHOWN_MAX / longest : Math.max(1, Math.ceil(SHOWN_MIN / longest));
  canvas.width = Math.max(1, Math.round(source.width * scale));
  canvas.height = Math.max(1, Math.round(source.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = scale < 1;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  source.close();
}

/** Resolves after the browser has painted (so a status line shows before long work). */
export const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function formatMs(ms) {
  // Browsers coarsen performance.now() (to 0.1 ms in Chromium): 0 means "less".
  if (ms === 0) return 'under 0.1 ms';
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(0)} µs`;
}

/** Says what was timed and how, so numbers are read for what they are. */
export function timingText(outcome, method) {
  if (method === 'cpu') return `${formatMs(outcome.wallMs)} (wall clock, performance.now())`;
  if (outcome.gpuMs !== undefined) {
    return `${formatMs(outcome.gpuMs)} on the GPU (timestamp queries; browsers round them to 0.1 ms) · ` +
      `${formatMs(outcome.wallMs)} until the bins were back on the CPU`;
  }
  return `${formatMs(outcome.wallMs)} wall clock, submit to bins back (this adapter has no timestamp queries)`;
}

function drawInto(canvas, outcome, shown) {
  const rgba = outcome.render(Uint32Array.from(shown), HISTOGRAM_HEIGHT);
  canvas.width = rgba.length / 4 / HISTOGRAM_HEIGHT;
  canvas.height = HISTOGRAM_HEIGHT;
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer), canvas.width), 0, 0);
}

function histogramCanvas(label) {
  return el('canvas', { class: 'histogram', role: 'img', 'aria-label': label, width: 256, height: HISTOGRAM_HEIGHT });
}

/**
 * An example page over an image: method is 'cpu' or a GPU method name; channels 1
 * (luminance) or 4 (R, G, B, luminance); chunkOptions offers the chunk shapes;
 * reruns > 0 runs the method again that many times, side by side (the race page);
 * draw: 'gpu' has the GPU draw the histograms into the canvases, from its own bins.
 */
export async function imagePage({ method, channels = 1, chunkOptions = false, reruns = 0, draw = 'cpu' }) {
  const main = document.querySelector('main');
  main.prepend(pager(main.dataset.example));
  setState('loading');

  const status = el('p', { role: 'status', class: 'muted' }, 'Loading…');
  const message = el('p', { role: 'alert', class: 'message' });
  const notes = el('p', { class: 'note' });
  const picker = el('input', { type: 'file', accept: 'image/*', id: 'file' });
  const runButton = el('button', { type: 'button', disabled: true }, 'Run again');
  const csvButton = el('button', { type: 'button', disabled: true }, 'Download CSV');
  const chunkSelect = el('select', { id: 'chunk' },
    el('option', { value: '256x1' }, '256×1 pixels (the article’s final choice)'),
    el('option', { value: '16x16' }, '16×16 pixels (the article’s first)'));
  const controls = el('div', { class: 'controls' },
    el('label', { class: 'file' }, 'Choose an image…', picker), runButton, csvButton);
  if (chunkOptions) controls.append(el('label', { class: 'option', for: 'chunk' }, 'Chunk:', chunkSelect));

  const imageCanvas = el('canvas', { role: 'img', 'aria-label': 'The image being measured' });
  const imageCaption = el('figcaption');
  const drop = el('figure', { class: 'drop' }, imageCanvas, imageCaption,
    el('p', { class: 'hint' }, 'Drop an image here, or anywhere on the page.'));
  const canvases = channels === 1
    ? [{ shown: [0], canvas: histogramCanvas('Luminance histogram'), caption: 'Luminance' }]
    : [{ shown: [0, 1, 2], canvas: histogramCanvas('Red, green and blue histograms'), caption: 'Red, green, blue (screen blended)' },
       { shown: [3], canvas: histogramCanvas('Luminance histogram'), caption: 'Luminance' }];
  const stats = el('dl', { class: 'stats' });
  const histograms = el('div', { class: 'histograms' },
    ...canvases.map(({ canvas, caption }) => el('figure', {}, canvas, el('figcaption', {}, caption))), stats);
  const rerunGrid = el('div', { class: 'reruns' });
  const source = el('code');
  main.append(controls, el('div', { class: 'stage' }, drop, histograms), status, message, notes);
  if (reruns) main.append(el('h2', {}, `${reruns} more runs of the same image`), rerunGrid);
  main.append(el('details', {}, el('summary', {}, method === 'cpu' ? 'The Rust of this method' : 'The WGSL of this kernel'),
    el('pre', {}, source)));

  try {
    await init();
  } catch (e) {
    message.textContent = `The WebAssembly module failed to load: ${errorText(e)}`;
    setState('error');
    return;
  }
  const showSource = () => {
    source.textContent = method === 'cpu' ? cpuSource() : kernelSource(method, channels, chunkSelect.value);
  };
  showSource();

  // The image first: without WebGPU the page still shows what it would measure.
  let picture = null;
  const usePicture = async (next, name, file) => {
    await showPicture(imageCanvas, next, file);
    picture?.free();
    picture = next;
    imageCaption.textContent = `${name}, ${next.width}×${next.height}${next.format === 'generated' ? '' : ` (${next.format})`}`;
  };
  await usePicture(Picture.sunset(960, 600), 'Sunset (made by this project)');

  let gpu = null;
  if (method !== 'cpu') {
    try {
      gpu = await GpuContext.create();
    } catch (e) {
      message.append(`This page needs WebGPU, and ${errorText(e)}. `,
        el('a', { href: 'cpu.html' }, 'The CPU version'), ' works in any browser.');
      status.textContent = '';
      setState('error');
      return;
    }
  }

  let outcome = null;
  let running = false;

  const run = async () => {
    if (running || !picture) return;
    running = true;
    runButton.disabled = true;
    setState('running');
    message.textContent = '';
    status.textContent = method === 'single'
      ? 'Running… one GPU thread is walking every pixel, which takes a while. The page stays responsive.'
      : 'Running…';
    try {
      const next = method === 'cpu'
        ? cpuHistogram(picture, channels, 256)
        : await gpu.compute(picture, method, channels, chunkSelect.value,
          draw === 'gpu' ? canvases.map(({ canvas }) => canvas) : undefined);
      outcome?.free();
      outcome = next;
      show();
      if (reruns) await runAgain();
      status.textContent = '';
      setState('done');
    } catch (e) {
      message.textContent = `The histogram could not be computed: ${errorText(e)}`;
      status.textContent = '';
      setState('error');
    } finally {
      running = false;
      runButton.disabled = false;
    }
  };

  const show = () => {
    if (draw === 'cpu') for (const { shown, canvas } of canvases) drawInto(canvas, outcome, shown);
    const totals = Array.from(outcome.totals());
    const pixelCount = outcome.pixels;
    const totalCell = el('dd');
    const lost = pixelCount - totals[totals.length - 1];
    totalCell.append(totals.map((t) => t.toLocaleString('en')).join(' / '), ' ',
      lost === 0
        ? el('span', { class: 'ok' }, '✓ equals the pixel count')
        : el('span', { class: 'wrong' }, `✗ ${lost.toLocaleString('en')} counts lost`));
    stats.replaceChildren(
      el('dt', {}, 'Pixels'), el('dd', {}, pixelCount.toLocaleString('en')),
      el('dt', {}, channels === 1 ? 'Bin total' : 'Bin totals (R / G / B / L)'), totalCell,
      el('dt', {}, 'Time'), el('dd', { id: 'time' }, timingText(outcome, method)));
    notes.textContent = [...picture.notes(), ...outcome.notes()].join(' ');
    csvButton.disabled = false;
  };

  const runAgain = async () => {
    rerunGrid.replaceChildren();
    for (let i = 1; i <= reruns; i++) {
      const again = await gpu.compute(picture, method, channels, chunkSelect.value, undefined);
      const canvas = histogramCanvas(`Run ${i + 1}`);
      drawInto(canvas, again, canvases[canvases.length - 1].shown);
      const total = Array.from(again.totals()).at(-1);
      const lost = again.pixels - total;
      rerunGrid.append(el('figure', {}, canvas, el('figcaption', {},
        `Run ${i + 1}: ${total.toLocaleString('en')} counted, `,
        el('span', { class: lost ? 'wrong' : 'ok' }, `${lost.toLocaleString('en')} lost`))));
      again.free();
    }
  };


  const open = async (file) => {
    if (running) {
      message.textContent = 'Please wait for the current run to finish, then try again.';
      return;
    }
    try {
      status.textContent = `Reading ${file.name}…`;
      await nextPaint();
      await usePicture(await readImage(file), file.name, file);
    } catch (e) {
      // Keep the previous image and its histogram: nothing is lost.
      message.textContent = `${errorText(e)} The previous image is kept.`;
      setState('error');
      return;
    }
    await run();
  };

  picker.addEventListener('change', () => picker.files[0] && open(picker.files[0]));
  runButton.addEventListener('click', run);
  chunkSelect.addEventListener('change', () => { showSource(); run(); });
  csvButton.addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([outcome.csv()], { type: 'text/csv' }));
    el('a', { href: url, download: `${main.dataset.example}-histogram.csv` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
  document.addEventListener('dragleave', () => drop.classList.remove('over'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const file = e.dataTransfer.files[0];
    if (file) open(file);
  });

  // For tests and the curious: the page's state from the console.
  window.histogramPage = {
    get outcome() { return outcome; },
    get picture() { return picture; },
    pixels: () => picture.rgba(),
    open,
  };
  await run();
}
