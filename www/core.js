// The core in the page: its WebAssembly module (pkg/, built from page/), loaded
// once the page has painted, and what the pages make with it (the sunset, the
// browser's decode as a Picture, the steps' facts). Apart from site.js, so that a
// page that needs none of it (the home page) loads none of it.
import init, { Picture, SunsetMaker, maxPixels, steps } from '../pkg/histogram.js';
import { yieldToPage } from './site.js';
import { saying, t } from './l10n.js';

/**
 * The browser's decode of a file's bytes (`blob`, typed as the file; `name`, the
 * file's), as straight (unpremultiplied) RGBA with no colour conversion, read back
 * through a WebGL texture: a 2D canvas stores premultiplied colour, which changes
 * translucent pixels. Only a browser without WebGL gets the 2D canvas, and the
 * page says so.
 */
export async function browserPicture(blob, name) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch {
    throw new Error(t('input-not-an-image', { name }));
  }
  try {
    const { width, height } = bitmap;
    if (width * height > maxPixels()) {
      throw new Error(t('input-too-large', { name, width: String(width), height: String(height), most: String(maxPixels() / 2 ** 20) }));
    }
    const format = blob.type ? t('input-decoded-by-browser', { type: blob.type }) : t('input-decoded-by-browser-untyped');
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
      return Picture.fromRgba(width, height, rgba, format, [saying('input-note-browser-webgl')]);
    }
    const ctx = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    return Picture.fromRgba(width, height, new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer), format,
      [saying('input-note-browser-canvas')]);
  } finally {
    bitmap.close();
  }
}

/**
 * The project's sunset, the default picture, made a band of about 64,000 pixels
 * at a time (a few milliseconds each) with the page let in between.
 */
export async function sunsetPicture(width, height) {
  const maker = new SunsetMaker(width, height);
  const rows = Math.max(1, Math.ceil(65536 / width));
  while (!maker.make(rows)) await yieldToPage();
  return maker.picture();
}

let facts = null;
/** The steps as the pages name and time them, and what each pass does: the core's
 * (src/gpu/steps/), once the wasm is loaded. */
export const stepFacts = () => (facts ??= JSON.parse(steps()));

/**
 * Loads the wasm (2 MB) once the page's text and diagrams are on screen (its first
 * contentful paint; at once for a hidden page, which paints nothing; 3 s at most
 * where a browser reports no paint): a phone shows them first, and a page-load
 * audit (Lighthouse) does not count the wasm's download as something that paint
 * waited on.
 */
export function loadWasm() {
  const shown = new Promise((resolve) => {
    if (document.hidden || performance.getEntriesByName('first-contentful-paint').length) resolve();
    else new PerformanceObserver((_, observer) => { observer.disconnect(); resolve(); }).observe({ type: 'paint' });
    setTimeout(resolve, 3000);
  });
  return shown.then(() => init());
}
