// The studio's histogram panel: its canvas, its controls (overlaid or parade,
// linear, logarithmic or cumulative, channels, bins, clipping warning, pin) and
// the readout of the bin under the pointer or chosen with the keys.
import { studioBinChoices, studioBinsOffered, studioBinsFor, binLevels, pixelBins, hdrPixelBins } from '../pkg/histogram.js';
import { el } from './site.js';
import { labelRows, labelSize } from './scope-labels.js';
import { t, tAttr, number } from './l10n.js';

export const CHANNELS = ['r', 'g', 'b', 'luminance'].map((c) => t(`studio-channel-${c}`));
// The choices past a picture's levels are shown but not offered, with the reason
// (the rule is src/studio's: docs/DECISIONS.md, 25).
const why = (depth) => (depth === 32 ? t('panel-bins-float')
  : depth > 8 ? t('panel-bins-deep', { depth: String(depth), levels: number(2 ** depth) })
    : t('panel-bins-8'));

/**
 * Bin `bin` of `outcome`, in words, with what it holds: the stored levels
 * (src/deep.rs's `levels_in`: those the counting rule puts there), or an HDR
 * picture's values (R, G, B linear; luminance in stops).
 */
function binValues(outcome, current, bin) {
  const n = outcome.numBins;
  const which = { bin: String(bin), bins: String(n) };
  if (outcome.hdr) {
    const { range } = JSON.parse(outcome.hdr);
    const [lo, hi] = range.stops;
    const at = (k) => lo + ((hi - lo) * k) / n;
    return t('panel-bin-hdr', {
      ...which, low: ((range.max * bin) / n).toPrecision(4), high: ((range.max * (bin + 1)) / n).toPrecision(4),
      stopsLow: at(bin).toFixed(2), stopsHigh: at(bin + 1).toFixed(2),
    });
  }
  const max = String(2 ** current.depth - 1);
  const levels = binLevels(bin, n, current.depth);
  if (!levels) return t('panel-bin-empty', which);
  const [lo, hi] = levels;
  return lo === hi ? t('panel-bin-level', { ...which, level: String(lo), max })
    : t('panel-bin-levels', { ...which, low: String(lo), high: String(hi), max });
}

/** `studio` holds the page: the current Studio, its outcome, redraw(). */
export function panelView(studio) {
  const canvas = el('canvas', {
    id: 'panel', tabindex: 0, role: 'img',
    'aria-label': t('panel-canvas-label'),
  });
  const cursor = el('div', { class: 'bin-cursor', hidden: true });
  // The value axis under the panels (at the stored depth) and, in the parade, each
  // panel's channel: labels in the page's text, over the canvas the GPU draws.
  const names = el('div', { class: 'panel-names', 'aria-hidden': 'true' });
  const axis = el('div', { class: 'panel-axis', 'aria-hidden': 'true' });
  const refs = el('div', { class: 'panel-refs', 'aria-hidden': 'true' });
  // The pixel under the pointer: a mark at the foot of each panel, at the bin
  // each of its channels is counted in, in the channel's colour.
  const points = el('div', { class: 'panel-refs', 'aria-hidden': 'true' });
  // Clipping triangles, as in a photo editor's histogram: lit in the colours of the
  // channels with pixels at 0 (left) or at the top value (right); either one
  // turns the clipping warning on the picture on or off.
  const triangles = ['shadows', 'highlights'].map((end) => el('button', {
    type: 'button', class: `clip-triangle ${end}`, hidden: true, 'aria-pressed': 'false',
  }));
  const plot = el('div', { class: 'panel-plot' }, canvas, refs, points, cursor, names);
  // The lines' label rows follow the panel's width (`label`), as the observer
  // reports it: no layout read at each reading.
  let panelWidth = 0;
  new ResizeObserver(([entry]) => { panelWidth = entry.contentRect.width; label(); }).observe(canvas);
  const frame = el('div', { class: 'panel-frame' }, el('div', { class: 'clip-row' }, ...triangles), plot, axis);
  // What a light cap on a bar means, said once under the panel.
  const capNote = el('p', { class: 'hint cap-note' }, t('panel-cap-note'));
  // Its room is kept (a reading fills two lines), so until the first reading it
  // says how to get one rather than leaving an empty band.
  const HINT = t('panel-readout-hint');
  const readout = el('p', { id: 'readout', class: 'readout', role: 'status', 'aria-live': 'polite' }, HINT);

  const radio = (name, value, label, checked) => el('label', { class: 'option' },
    el('input', { type: 'radio', name, value, checked }), label);
  const check = (id, label, checked) => el('label', { class: 'option' },
    el('input', { type: 'checkbox', id, checked }), label);
  const binsSelect = el('select', { id: 'bins', 'aria-describedby': 'bins-why' }, ...Array.from(studioBinChoices(), (n) => el('option',
    { value: n, selected: n === 256, disabled: !studioBinsOffered(n, 8) }, String(n))));
  const binsWhy = el('p', { id: 'bins-why', class: 'hint' }, why(8));
  const pinButton = el('button', { type: 'button', id: 'pin', 'aria-pressed': 'false' }, t('panel-pin'));
  const options = el('fieldset', { class: 'studio-options' }, el('legend', {}, t('panel-legend')),
    el('div', { class: 'row' }, radio('layout', 'overlaid', t('panel-overlaid'), true), radio('layout', 'parade', t('panel-parade'), false)),
    el('div', { class: 'row' }, radio('scale', 'linear', t('panel-linear'), true), radio('scale', 'log', t('panel-log'), false),
      radio('scale', 'cumulative', t('panel-cumulative'), false)),
    el('div', { class: 'row' }, ...CHANNELS.map((c, i) => check(`show-${i}`, c, true))),
    el('div', { class: 'row' }, el('label', { class: 'option', for: 'bins' }, t('panel-bins'), binsSelect),
      check('clipping', t('panel-clipping'), false), pinButton), binsWhy);

  const input = (selector) => options.querySelector(selector);
  const pinned = () => pinButton.getAttribute('aria-pressed') === 'true';
  // The pinned histogram as read back after it was pinned ({ bins, counts }), so
  // that a new Studio (a lost device) shows the same one; `pinWanted` until then.
  let pinnedCounts = null;
  let pinWanted = false;
  // ['before' or 'after', panel index, bin] of the readout.
  let cursorBin = null;

  /** No reading: the hint again, no cursor. */
  function clearReadout() {
    cursorBin = null;
    readout.textContent = HINT;
    cursor.hidden = true;
  }

  /**
   * The reading at the cursor, from the latest counts: every new count (a frame, an
   * adjustment, a region) reads its bin again, and a reading that no longer
   * applies (another picture, bins or panels) is cleared, never left standing.
   */
  function showReadout() {
    const { outcome, current } = studio;
    if (!outcome || !cursorBin || !current) {
      clearReadout();
      return;
    }
    // The cursor's panel: one of the picture's, or of the adjusted picture's
    // (the right half, when an adjustment is on).
    const [side, p, bin] = cursorBin;
    const after = side === 'after';
    const shown = after ? studio.afterOutcome : outcome;
    const rects = after ? current.adjustedRects() : current.panelRects();
    if (!shown || p * 5 >= rects.length || bin >= shown.numBins) {
      clearReadout();
      return;
    }
    const [x, y, w, h, mask] = rects.slice(p * 5, p * 5 + 5);
    const n = shown.numBins;
    const total = shown.pixels;
    const parts = [0, 1, 2, 3].filter((c) => mask & (1 << c)).map((c) => {
      const bins = shown.bins(c);
      const count = bins[bin];
      let below = 0;
      for (let b = 0; b <= bin; b++) below += bins[b];
      return t('panel-readout-channel', {
        channel: CHANNELS[c], count: number(count), share: ((100 * count) / total).toFixed(2), below: ((100 * below) / total).toFixed(1),
      });
    });
    readout.textContent = t('panel-readout', {
      half: studio.adjusted ? (after ? 'after' : 'before') : 'none',
      bin: after ? t('panel-bin', { bin: String(bin), bins: String(n) }) : binValues(outcome, current, bin),
      counts: parts.join(' · '),
    });
    Object.assign(cursor.style, {
      left: `${(x + ((bin + 0.5) * w) / n) * 100}%`, top: `${y * 100}%`, height: `${h * 100}%`,
    });
    cursor.hidden = false;
  }

  /**
   * The axis and names for the panels as they stand (redone only on a change),
   * in fractions of the panel: the values under the panels that reach the foot
   * (0, the quarters, the top), each panel's channels in the parade, the
   * reference lines down each panel. The PNG export draws the same.
   */
  let labelled = '';
  let labels = { ticks: [], names: [], refs: [] };
  function label() {
    const { current, outcome } = studio;
    // An HDR picture's panels: R, G and B over linear values 0 to its range's
    // max, luminance over its stops (src/hdr.rs), each panel named with its scale.
    const hdr = outcome?.hdr ? JSON.parse(outcome.hdr).range : null;
    const rects = current && outcome ? Array.from(current.panelRects()) : [];
    // The adjusted picture's panels (the right half) are of the same levels.
    const after = rects.length && !hdr ? Array.from(current.adjustedRects()) : [];
    const max = current ? 2 ** current.depth - 1 : 0;
    const lines = rects.length && !hdr ? studio.lines(max) : [];
    const key = `${rects.join()}|${after.join()}|${max}|${JSON.stringify(lines)}|${outcome?.hdr}|${panelWidth}`;
    if (key === labelled) return;
    labelled = key;
    labels = { ticks: [], names: [], refs: [] };
    // Values under a panel that reaches the foot, Before's or After's.
    const stops = (mask) => hdr && (mask & 8) !== 0;
    // A panel's value at `f` (0 to 1) of its width.
    const value = (mask) => {
      // The level whose bar starts there (three quarters of 256 levels: 192, as the
      // curves' grid says), the last at the panel's end.
      if (!hdr) return (f) => String(Math.min(max, Math.round((max + 1) * f)));
      const [lo, hi] = hdr.stops;
      return stops(mask) ? (f) => (lo + (hi - lo) * f).toFixed(1) : (f) => String(Number((hdr.max * f).toPrecision(3)));
    };
    const ticks = (x, y, w, h, at = value(0)) => {
      if (y + h <= 0.99) return;
      const steps = w > 0.5 ? 4 : 2;
      for (let k = 0; k <= steps; k++) {
        labels.ticks.push({ x: x + (w * k) / steps, text: at(k / steps), edge: k === 0 ? 'first' : k === steps ? 'last' : '' });
      }
    };
    const panels = rects.length / 5;
    for (let i = 0; i < panels; i++) {
      const [x, y, w, h, mask] = rects.slice(i * 5, i * 5 + 5);
      ticks(x, y, w, h, value(mask));
      lines.forEach(({ text, at }) => labels.refs.push({ x: x + w * at, y, h, text: i === 0 ? text : '', row: 0 }));
      const channels = [0, 1, 2, 3].filter((c) => mask & (1 << c)).map((c) => CHANNELS[c]).join(', ');
      if (hdr) {
        // A narrow panel (a parade of three or four) has room for its unit only;
        // the values under it say the rest.
        const [lo, hi] = hdr.stops;
        const wide = w > 0.45;
        labels.names.push({ x: x + w, y, text: !wide ? (stops(mask) ? t('panel-name-hdr-stops-short', { channels }) : channels)
          : stops(mask) ? t('panel-name-hdr-stops', { channels, low: lo.toFixed(1), high: hi.toFixed(1) })
            : t('panel-name-hdr-linear', { channels, high: value(mask)(1) }) });
      } else if (panels > 1) {
        labels.names.push({ x: x + w, y, text: channels });
      }
    }
    for (let i = 0; i < after.length; i += 5) {
      const [x, y, w, h] = after.slice(i, i + 4);
      ticks(x, y, w, h);
      for (const { at } of lines) labels.refs.push({ x: x + w * at, y, h, text: '', row: 0 });
    }
    axis.replaceChildren(...labels.ticks.map(({ x, text, edge }) => el('span', { class: `tick${edge ? ` ${edge}` : ''}`, style: `left: ${x * 100}%` }, text)));
    const spans = labels.refs.map(({ x, y, h, text }) => el('span', {
      class: 'panel-ref', style: `left: ${x * 100}%; top: ${y * 100}%; height: ${h * 100}%`,
    }, text ? el('span', {}, text) : ''));
    refs.replaceChildren(...spans);
    // The first panel names the lines: those nearer than a label's width, as
    // drawn in a panel of this width, one under another (the PNG's rows too).
    const named = spans.slice(0, lines.length);
    const across = rects.length ? rects[2] * panelWidth : 0;
    const rows = labelRows(lines.map(({ at }) => at * across), labelSize(named.map((s) => s.firstChild), 'width'));
    named.forEach((s, i) => s.style.setProperty('--row', (labels.refs[i].row = rows[i])));
    names.replaceChildren(...labels.names.map(({ x, y, text }) => el('span', { class: 'panel-name', style: `left: ${x * 100}%; top: ${y * 100}%` }, text)));
  }

  // The pixel pointed at: its stored R, G, B and depth, or null.
  let pointed = null;
  function mark() {
    const { current, outcome } = studio;
    if (!pointed || !current || !outcome || Boolean(outcome.hdr) !== (pointed.depth === 32)) {
      points.replaceChildren();
      return;
    }
    const n = outcome.numBins;
    // A floating-point pixel's light, in the bins of the range its count took.
    const range = outcome.hdr && JSON.parse(outcome.hdr).range;
    const bins = range ? hdrPixelBins(Float32Array.from(pointed.rgb), range.max, ...range.stops, n)
      : pixelBins(Uint32Array.from(pointed.rgb), pointed.depth, n);
    const rects = Array.from(current.panelRects());
    const marks = [];
    for (let i = 0; i < rects.length / 5; i++) {
      const [x, y, w, h, mask] = rects.slice(i * 5, i * 5 + 5);
      for (const c of [0, 1, 2, 3].filter((k) => mask & (1 << k) && bins[k] >= 0)) {
        marks.push(el('span', { class: `panel-point c${c}`, style: `left: ${(x + (w * (bins[c] + 0.5)) / n) * 100}%; top: ${(y + h) * 100}%` }));
      }
    }
    points.replaceChildren(...marks);
  }

  /** The panel under (fx, fy): ['before' or 'after', its index], or null. */
  function panelAt(fx, fy) {
    for (const [side, rects] of [['before', studio.current.panelRects()], ['after', studio.current.adjustedRects()]]) {
      for (let i = 0; i < rects.length / 5; i++) {
        const [x, y, w, h] = rects.slice(i * 5, i * 5 + 4);
        if (fx >= x && fx <= x + w && fy >= y && fy <= y + h) return [side, i];
      }
    }
    return null;
  }

  canvas.addEventListener('pointermove', (e) => {
    if (!studio.current || !studio.outcome) return;
    const box = canvas.getBoundingClientRect();
    const fx = (e.clientX - box.left) / box.width;
    const fy = (e.clientY - box.top) / box.height;
    const at = panelAt(fx, fy);
    // Between the halves or the panels: no reading, never the last one left standing.
    if (at === null) {
      clearReadout();
      return;
    }
    const [side, p] = at;
    const rects = side === 'after' ? studio.current.adjustedRects() : studio.current.panelRects();
    const [x, , w] = rects.slice(p * 5, p * 5 + 3);
    const n = (side === 'after' ? studio.afterOutcome : studio.outcome)?.numBins ?? studio.outcome.numBins;
    cursorBin = [side, p, Math.min(n - 1, Math.max(0, Math.floor(((fx - x) / w) * n)))];
    showReadout();
  });
  canvas.addEventListener('keydown', (e) => {
    if (!studio.outcome) return;
    const [side, p, bin] = cursorBin ?? ['before', 0, Math.floor(studio.outcome.numBins / 2)];
    const n = (side === 'after' ? studio.afterOutcome?.numBins : null) ?? studio.outcome.numBins;
    const step = { ArrowLeft: -1, ArrowRight: 1, PageDown: -n / 16, PageUp: n / 16 }[e.key];
    // Up and down go through the panels, the picture's and then the adjusted picture's.
    const all = [...Array(studio.current.panelRects().length / 5).keys()].map((i) => ['before', i])
      .concat([...Array(studio.current.adjustedRects().length / 5).keys()].map((i) => ['after', i]));
    const at = Math.max(0, all.findIndex(([s, i]) => s === side && i === p));
    if (step !== undefined) cursorBin = [side, p, Math.min(n - 1, Math.max(0, bin + step))];
    else if (e.key === 'Home') cursorBin = [side, p, 0];
    else if (e.key === 'End') cursorBin = [side, p, n - 1];
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const [s2, p2] = all[(at + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length];
      cursorBin = [s2, p2, bin];
    } else return;
    e.preventDefault();
    showReadout();
  });
  // The pointer gone, its reading goes with it (the keyboard's stays while focused).
  canvas.addEventListener('pointerleave', () => { if (document.activeElement !== canvas) clearReadout(); });
  canvas.addEventListener('blur', clearReadout);
  canvas.addEventListener('focus', () => {
    if (!cursorBin && studio.outcome) {
      cursorBin = ['before', 0, Math.floor(studio.outcome.numBins / 2)];
      showReadout();
    }
  });

  options.addEventListener('change', (e) => {
    if (!studio.current) return;
    clearReadout();
    // Other bins need another count: a new Studio, which every view sets up again.
    if (e.target === binsSelect) studio.rebuild();
    else view.apply(studio.current);
    studio.redraw();
    showTriangles();
  });
  for (const triangle of triangles) {
    triangle.addEventListener('click', () => {
      const box = input('#clipping');
      box.checked = !box.checked;
      box.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }

  /**
   * The triangles from the latest counts: shown where each bin is one level (the
   * first bin is exactly 0, the last the top value), lit in the clipped channels'
   * colours, pressed while the picture shows the clipping warning.
   */
  function showTriangles() {
    const { outcome, current } = studio;
    const exact = outcome && current && !outcome.hdr && outcome.numBins === 2 ** current.depth;
    const on = input('#clipping').checked;
    triangles.forEach((triangle, end) => {
      triangle.hidden = !exact;
      if (!exact) return;
      const n = outcome.numBins;
      const total = outcome.pixels;
      const shares = [0, 1, 2].map((c) => outcome.bins(c)[end === 0 ? 0 : n - 1] / total);
      const [r, g, b] = shares.map((v) => v > 0);
      triangle.style.setProperty('--lit', r || g || b ? `rgb(${r ? 255 : 70}, ${g ? 255 : 70}, ${b ? 255 : 70})` : '');
      triangle.classList.toggle('lit', r || g || b);
      const id = end === 0 ? 'panel-clip-shadows' : 'panel-clip-highlights';
      const args = {
        top: String(n - 1),
        shares: shares.map((v, c) => t('panel-clip-share', { channel: CHANNELS[c], share: (100 * v).toFixed(2) })).join(', '),
      };
      triangle.setAttribute('aria-label', tAttr(id, 'aria-label', args));
      triangle.title = t(id, args);
      triangle.setAttribute('aria-pressed', String(on));
    });
  }

  pinButton.addEventListener('click', () => {
    if (!studio.current) return;
    const now = !pinned();
    if (now) studio.current.pin();
    else studio.current.unpin();
    pinnedCounts = null;
    pinWanted = now;
    pinButton.setAttribute('aria-pressed', String(now));
    pinButton.textContent = t(now ? 'panel-unpin' : 'panel-pin');
    studio.redraw();
  });

  const view = {
    canvas,
    frame,
    /** The panel's drawing, for marks laid over it (the halves' names, Otsu's line). */
    plot,
    readout,
    capNote,
    options,
    /**
     * Bins to count for a picture of `depth` bits a channel: the choices open up
     * to its levels (a chosen count past them falls back to 256).
     */
    binsFor(depth) {
      for (const option of binsSelect.options) option.disabled = !studioBinsOffered(Number(option.value), depth);
      // Only an offered choice is counted (an edited page could hold another).
      binsSelect.value = String(studioBinsFor(Number(binsSelect.value), depth));
      binsWhy.textContent = why(depth);
      return Number(binsSelect.value);
    },
    /** What `binsFor(depth)` will give, the choices left as they are (a picture being read). */
    binsAt: (depth) => studioBinsFor(Number(binsSelect.value), depth),
    /** This view's choices, on a (new) Studio. */
    apply(current) {
      const shown = CHANNELS.map((_, i) => input(`#show-${i}`).checked);
      current.setOptions(input('input[name=layout]:checked').value === 'parade',
        input('input[name=scale]:checked').value, Uint8Array.from(shown, Number), input('#clipping').checked);
      if (!pinned()) return;
      if (pinnedCounts?.bins === current.numBins) {
        current.repin(pinnedCounts.counts);
      } else {
        current.pin();
        pinWanted = true;
      }
    },
    /** Another picture or video: what was read of the last one goes. */
    clear: clearReadout,
    /** The panels' labels as drawn over and under the canvas (see `label`). */
    labels: () => labels,
    /** Marks the pixel `pixel` ({ rgb, depth }: its stored values, a floating-point one's light) on the panels, or nothing (null). */
    pointAt(pixel) {
      pointed = pixel;
      mark();
    },
    /** A new reading: the readout, and the pinned histogram's counts if wanted. */
    shown() {
      const { outcome } = studio;
      if (pinWanted && outcome) {
        const n = outcome.numBins;
        const channels = [0, 1, 2, 3].map((c) => outcome.bins(c));
        const counts = new Uint32Array(n * 4);
        for (let b = 0; b < n; b++) for (let c = 0; c < 4; c++) counts[b * 4 + c] = channels[c][b];
        pinnedCounts = { bins: n, counts };
        pinWanted = false;
      }
      label();
      mark();
      showReadout();
      showTriangles();
    },
  };
  return view;
}
