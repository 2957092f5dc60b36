// What every page shares, with or without the core: elements, a picture shown,
// the page's state, timing words. (The core's wasm and what is made with it: core.js.)
import { t, tNodes, untranslated } from './l10n.js';

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

/** A listing of source (a <pre>) that scrolls and can take the focus, so a keyboard can scroll it too. */
export const listing = (code) => el('pre', { tabIndex: 0 }, code);

/**
 * Marks `box`, a box that scrolls sideways on a narrow screen, while more of it
 * lies to the right than shows (class `more-right`: style.css fades its right
 * edge), so a reader on a phone sees there is more to scroll to.
 */
export function scrollCue(box) {
  const mark = () => box.classList.toggle('more-right', box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  box.addEventListener('scroll', mark, { passive: true });
  new ResizeObserver(mark).observe(box);
}

export function setState(state) {
  document.body.dataset.state = state;
}

/**
 * A file's name for what is saved from `name` (a file's, or a source's like "Sunset
 * (made by this project)"): without extension or remark, lower case, words joined
 * by dashes: "sunset", "img-0042".
 */
export function stem(name) {
  const words = name.replace(/\.[^.]*$/, '').replace(/\s*\(.*\)\s*$/, '').toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words?.join('-') || 'picture';
}

/**
 * Saves `blob` as a file called `name`. The object URL is kept for a minute: a
 * browser busy with other work can take over a second to start the download, and
 * a URL revoked before then saves nothing, silently.
 */
export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  el('a', { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

/** `e`'s message where it opens a sentence on the page: with a capital. */
export function sentence(e) {
  const text = errorText(e);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The browser's own words for its WebGPU adapter (wgpu's web backend leaves them
 * empty), as an element: they are its names, not the page's language.
 */
export async function adapterDescription() {
  const adapter = await navigator.gpu?.requestAdapter();
  const info = adapter?.info ?? {};
  const words = [info.vendor, info.architecture, info.description].filter(Boolean).join(' ');
  return el('span', {}, ...tNodes(info.isFallbackAdapter ? 'adapter-fallback' : 'adapter-named',
    { words: words ? untranslated(words) : el('span', {}, t('adapter-unnamed')) }));
}

/** Longest side of the picture as shown: the canvas is a view, not the data. */
const SHOWN_MAX = 2048;
/** Small pictures are shown enlarged, pixel by pixel, to at least this. */
const SHOWN_MIN = 480;

/**
 * Shows the picture as it looks: `shown`, the browser's rendering of its file (with
 * its orientation and colour profile: readPicture's, which this closes), where the
 * browser can decode it, else the counted pixels themselves.
 */
export async function showPicture(canvas, picture, shown = null) {
  let source = shown;
  if (!source) {
    const rgba = picture.rgba();
    source = await createImageBitmap(new ImageData(new Uint8ClampedArray(rgba.buffer), picture.width));
  }
  const longest = Math.max(source.width, source.height);
  const scale = longest > SHOWN_MAX ? SHOWN_MAX / longest : Math.max(1, Math.ceil(SHOWN_MIN / longest));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  // Scaled by createImageBitmap and handed over whole, not drawn with a 2D
  // context: the browser scales off the main thread, and a page's first 2D
  // context costs a phone hundreds of milliseconds of it.
  const sized = width === source.width && height === source.height ? source
    : await createImageBitmap(source, { resizeWidth: width, resizeHeight: height, resizeQuality: scale < 1 ? 'high' : 'pixelated' });
  if (sized !== source) source.close();
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('bitmaprenderer').transferFromImageBitmap(sized);
}

/**
 * The colours this browser shows for every level of `profile`'s table (its
 * tablePng decoded as the browser decodes an image of that profile, drawn into an
 * sRGB canvas): RGBA for Studio.setDisplay (src/profile.rs says why).
 */
export async function displayTable(profile) {
  const url = URL.createObjectURL(new Blob([profile.tablePng()], { type: 'image/png' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    return new Uint8Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Resolves at the next repaint, or after 100 ms without one: Firefox (153) stops
 * running animation frames (and video frame callbacks) for good once a device that
 * drew into a canvas is destroyed, and a page waiting on them alone would stop.
 */
export const nextRepaint = () => new Promise((resolve) => {
  requestAnimationFrame(resolve);
  setTimeout(resolve, 100);
});

/** Resolves after the browser has painted (so a status line shows before long work). */
export const nextPaint = () => nextRepaint().then(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** Lets the page handle what is waiting (input, a paint) before going on. */
export const yieldToPage = () => (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0)));

/** A frame rate in words: "1 frame a second", "12 frames a second". */
export const perSecond = (fps) => t('page-per-second', { fps: String(fps), count: fps });

export function formatMs(ms) {
  // Browsers may coarsen performance.now() and timestamps (Chromium to 0.1 ms unless
  // its WebGPU developer features are on): no digit past a microsecond is shown; 0
  // means "less than a step".
  if (ms === 0) return t('page-ms-under-step');
  return ms >= 100 ? t('page-ms', { ms: ms.toFixed(0) }) : ms >= 1 ? t('page-ms', { ms: ms.toFixed(1) }) : t('page-us', { us: (ms * 1000).toFixed(0) });
}

/** Why `gpu` (a GpuContext) times its passes by the wall clock, as the core says: untimed-why's words. */
export const untimedWhy = (gpu) => t('untimed-why', { why: gpu?.untimed ?? 'none' });

/** Says what was timed and how, so numbers are read for what they are; `gpu` the GpuContext that counted. */
export function timingText(outcome, method, gpu = null) {
  const wall = formatMs(outcome.wallMs);
  if (method === 'cpu') return t('page-time-cpu', { wall });
  const time = outcome.gpuMs !== undefined ? t('page-time-gpu', { gpu: formatMs(outcome.gpuMs), wall }) : t('page-time-wall', { wall, why: untimedWhy(gpu) });
  return gpu?.software ? t('page-time-software', { time }) : time;
}

