// The pixel under the pointer on the studio's picture: its values said (a
// picture's as stored, a floating-point one's light, a video frame's as counted
// with its Y′ as decoded) and marked where the scopes and the histogram count it;
// where only the GPU holds what is needed, read back.
import { el } from './site.js';
import { t, number } from './l10n.js';
import { latestWins } from './page.js';
import { pictureBox } from './studio-region.js';

/**
 * `page` holds the studio (`current`); `canvas` is the picture's; `source()`
 * the source now ({ kind, picture }); `scopes` and `panel` mark the pixel.
 */
export function pointerView(page, { canvas, source, scopes, panel }) {
  const HINT = t('studio-pixel-hint');
  const reading = el('p', { id: 'pixel-reading', class: 'readout', role: 'status' }, HINT);
  /** Pixel (x, y) under `e` of the picture drawn on the canvas, or null off it. */
  function pixelUnder(e, current) {
    const { box, left, top, scale } = pictureBox(canvas, current);
    const x = Math.floor((e.clientX - box.left - left) / scale);
    const y = Math.floor((e.clientY - box.top - top) / scale);
    return x >= 0 && y >= 0 && x < current.width && y < current.height ? [x, y] : null;
  }
  // The pixel under the pointer where the GPU alone holds it (a video's frame; a
  // picture the browser decoded to the GPU, or the GPU did, or a 16-bit one's
  // samples; not a floating-point picture's, whose texture is drawn from them):
  // read back, the latest place wins, and read again with each histogram a
  // playing video's frames are read with.
  let gpuPointer = null;
  const onGpuOnly = () => source()?.kind === 'video' || (source()?.kind === 'picture' && page.current?.depth !== 32);
  const readGpuPixel = latestWins(async () => {
    const current = page.current;
    const at = gpuPointer;
    if (!current || !at || !onGpuOnly()) return;
    let texel;
    const depth = source().kind === 'video' ? 8 : source().picture.depth;
    try {
      texel = await current.gpuPixel(...at);
    } catch {
      // A frame of another size or a lost device meanwhile: the next read says. A
      // picture whose pixel cannot be read says so.
      if (source()?.kind === 'picture' && page.current === current && gpuPointer === at) showPixel(at, null, depth);
      return;
    }
    if (page.current === current && gpuPointer === at) showPixel(at, Array.from(texel), depth);
  });
  // A floating-point pixel's light is not what its scopes count: they count its
  // drawing at the exposure, or its codes on a scale of nits, read back here for
  // its marks (the latest place wins; again after each reading, which follows a
  // new exposure or scale).
  let hdrPointer = null;
  const markHdrPixel = latestWins(async () => {
    const current = page.current;
    const pointed = hdrPointer;
    if (!current || !pointed) return;
    let levels;
    try {
      levels = await current.scopedPixel(...pointed.at);
    } catch {
      return;
    }
    if (page.current === current && hdrPointer === pointed) scopes.pointAt({ ...pointed.mark, rgb: Array.from(levels), depth: 8 });
  });
  canvas.addEventListener('pointermove', (e) => {
    const current = page.current;
    const at = current && pixelUnder(e, current);
    gpuPointer = null;
    if (!at) {
      leave();
      return;
    }
    const values = source()?.kind === 'picture' ? source().picture.pixelAt(...at) : undefined;
    if (!values && onGpuOnly()) {
      gpuPointer = at;
      readGpuPixel();
      return;
    }
    showPixel(at, values && Array.from(values), source()?.picture.depth);
  });
  /**
   * Says the pixel at `at` ([x, y]) and marks it on the histogram and scopes:
   * `values` a picture's R, G, B and A or a video frame's R, G, B and its Y′ as
   * decoded where it has one, or null where the page cannot read them; `depth`
   * bits a sample.
   */
  function showPixel(at, values, depth) {
    const current = page.current;
    const [px, py] = at;
    // On the scopes, a stored pixel of the counted region (the scopes count its
    // nearest 8-bit values); a floating-point one's light is not what they count:
    // its marks come with the levels read back (markHdrPixel).
    const [rx, ry, rw, rh] = Array.from(current.region);
    const inRegion = values && px >= rx && py >= ry && px < rx + rw && py < ry + rh;
    const rgb = values?.slice(0, 3);
    // A frame's Y′ as decoded, for a waveform that counts that.
    const luma = source()?.kind === 'video' ? values?.[3] : undefined;
    scopes.pointAt(inRegion && depth <= 16 ? { column: px - rx, columns: rw, rgb, depth, luma } : null);
    hdrPointer = inRegion && depth === 32 ? { at, mark: { column: px - rx, columns: rw } } : null;
    if (hdrPointer) markHdrPixel();
    // On the histogram, a stored pixel of the counted region (a floating-point
    // one's light in the bins of its range).
    panel.pointAt(inRegion ? { rgb, depth } : null);
    const where = { x: String(px), y: String(py) };
    if (!values) {
      reading.textContent = t('studio-pixel-unread', where);
      return;
    }
    if (source()?.kind === 'video') {
      const [r, g, b, luma] = values.map(String);
      reading.textContent = t(luma ? 'studio-pixel-frame' : 'studio-pixel-frame-rgb', { ...where, r, g, b, luma });
      return;
    }
    const show = depth === 32 ? (v) => v.toPrecision(4) : (v) => String(v);
    const [r, g, b, a] = values.slice(0, 4).map(show);
    reading.textContent = t(depth === 32 ? 'studio-pixel-linear' : 'studio-pixel-stored', {
      ...where, r, g, b, a, max: number(2 ** depth - 1),
    });
  }
  function leave() {
    gpuPointer = null;
    hdrPointer = null;
    reading.textContent = HINT;
    scopes.pointAt(null);
    panel.pointAt(null);
  }
  canvas.addEventListener('pointerleave', leave);

  return {
    reading,
    /** After a reading of the histogram: what only the GPU holds, read again. */
    read() {
      if (gpuPointer) readGpuPixel();
      if (hdrPointer) markHdrPixel();
    },
  };
}
