// The studio's region: a rectangle of the picture counted alone, dragged on the
// picture or typed in (X, Y, W, H); Escape or "Count it all" counts the whole.
import { el, sentence, nextRepaint } from './site.js';
import { t } from './l10n.js';

/** Where the picture is drawn on `canvas`, in CSS pixels (the Studio letterboxes it). */
export function pictureBox(canvas, current) {
  const box = canvas.getBoundingClientRect();
  const [x, y, w, h] = current.pictureRect();
  return { box, left: x * box.width, top: y * box.height, scale: (w * box.width) / current.width };
}

/** `studio` holds the page: the current Studio, redraw(), say(text). */
export function regionView(studio, canvas) {
  const box = el('div', { class: 'region-box', hidden: true });
  const FIELDS = ['x', 'y', 'width', 'height'];
  const NAMES = FIELDS.map((name) => t(`region-label-${name}`));
  const inputs = FIELDS.map((name) => el('input', {
    type: 'number', min: name.length > 1 ? 1 : 0, step: 1, id: `region-${name}`, 'aria-label': t(`region-field-${name}`),
    inputmode: 'numeric', 'aria-describedby': 'region-why',
  }));
  const clearButton = el('button', { type: 'button' }, t('region-count-all'));
  // Why typed values were not taken; the fields go back to the region counted.
  // Said at once, in a live region that is always there (not a second alert:
  // the page's one alert is its message).
  const why = el('p', { id: 'region-why', class: 'hint', hidden: true });
  const options = el('fieldset', { class: 'studio-options region' }, el('legend', {}, t('region-legend')),
    el('div', { class: 'row' }, ...inputs.map((input, i) => el('label', { class: 'option' }, NAMES[i], input)),
      clearButton), el('div', { 'aria-live': 'assertive' }, why));

  /** Says why the typed region was refused (empty: nothing to say), marking the field. */
  function refuse(text, field = null) {
    why.hidden = !text;
    why.textContent = text && text[0].toUpperCase() + text.slice(1);
    inputs.forEach((input, i) => input.setAttribute('aria-invalid', String(i === field)));
  }
  // The rectangle counted, kept across new Studios of the same source; null: all.
  let kept = null;

  /** The fields and box at `current`'s region (a new Studio, before it is the page's). */
  function show(current = studio.current) {
    if (!current) return;
    const [x, y, w, h] = current.region;
    inputs.forEach((input, i) => { input.value = [x, y, w, h][i]; });
    const whole = x === 0 && y === 0 && w === current.width && h === current.height;
    box.hidden = whole;
    if (!whole) {
      const { scale, left, top } = pictureBox(canvas, current);
      Object.assign(box.style, {
        left: `${left + x * scale}px`, top: `${top + y * scale}px`, width: `${w * scale}px`, height: `${h * scale}px`,
      });
    }
  }

  function set(x, y, w, h) {
    const current = studio.current;
    if (!current) return;
    try {
      if (w < 1 || h < 1) return;
      current.setRegion(x, y, w, h);
      kept = [x, y, w, h];
      refuse('');
    } catch (e) {
      refuse(t('region-refused', { error: sentence(e) }));
      show();
      return;
    }
    show();
    studio.redraw();
  }

  // Typed values are taken only as typed: whole numbers within the picture's
  // 32-bit coordinates (a number field would otherwise hand over 1e308, -1 or
  // nothing at all). The four apply once they fit the picture, whatever order
  // they are typed in; Enter applies them at once, the rest clamped to fit.
  function typed(enter) {
    const current = studio.current;
    if (!current) return;
    const values = [];
    for (const [i, input] of inputs.entries()) {
      const text = input.value.trim();
      const v = Number(text);
      const least = i < 2 ? 0 : 1;
      if (text === '' || !Number.isInteger(v) || v < least || v > 0xffffffff) {
        refuse(t('region-not-whole', { field: NAMES[i], least: String(least) }), i);
        show();
        return;
      }
      values.push(v);
    }
    let [x, y, w, h] = values;
    const { width, height } = current;
    // The region counted already (a field's change after Enter fitted it): drawn
    // again as any region taken, and what was said stays.
    if (current.region.every((v, i) => v === values[i])) {
      show();
      studio.redraw();
      return;
    }
    // A corner outside the picture has nothing to fit: refused, the region kept.
    if (x >= width || y >= height) {
      const field = x >= width ? 0 : 1;
      refuse(t('region-outside', { field: NAMES[field], value: String(values[field]), pictureWidth: String(width), pictureHeight: String(height) }), field);
      show();
      return;
    }
    if (x + w <= width && y + h <= height) {
      set(x, y, w, h);
    } else if (enter) {
      const asTyped = {
        x: String(x), y: String(y), width: String(w), height: String(h), pictureWidth: String(width), pictureHeight: String(height),
      };
      x = Math.min(x, width - 1);
      y = Math.min(y, height - 1);
      [w, h] = [Math.min(w, width - x), Math.min(h, height - y)];
      set(x, y, w, h);
      // Fitted, and said: the region counted is not the one typed.
      why.hidden = false;
      why.textContent = t('region-fitted', { ...asTyped, fitX: String(x), fitY: String(y), fitWidth: String(w), fitHeight: String(h) });
    } else {
      why.hidden = false;
      why.textContent = t('region-past', {
        x: String(x), y: String(y), width: String(w), height: String(h), pictureWidth: String(width), pictureHeight: String(height),
      });
    }
  }

  function clear() {
    if (!studio.current) return;
    studio.current.clearRegion();
    kept = null;
    refuse('');
    show();
    studio.redraw();
  }

  let drag = null;
  canvas.addEventListener('pointerdown', (e) => {
    const current = studio.current;
    if (!current) return;
    const { box: b, scale, left, top } = pictureBox(canvas, current);
    const at = (ev) => [
      Math.min(current.width, Math.max(0, Math.round((ev.clientX - b.left - left) / scale))),
      Math.min(current.height, Math.max(0, Math.round((ev.clientY - b.top - top) / scale))),
    ];
    drag = { start: at(e), at };
    canvas.setPointerCapture(e.pointerId);
  });
  // One region a repaint, however many moves come between.
  let dragPending = false;
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    drag.end = drag.at(e);
    if (dragPending) return;
    dragPending = true;
    nextRepaint().then(() => {
      dragPending = false;
      if (!drag?.end) return;
      const [[x0, y0], [x1, y1]] = [drag.start, drag.end];
      set(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    });
  });
  canvas.addEventListener('pointerup', (e) => {
    if (!drag) return;
    drag.end = drag.at(e);
    const [[x0, y0], [x1, y1]] = [drag.start, drag.end];
    drag = null;
    set(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
  });
  inputs.forEach((input) => {
    input.addEventListener('change', () => typed(false));
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') typed(true); });
  });
  clearButton.addEventListener('click', clear);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') clear();
  });

  return {
    box,
    options,
    /** The kept region, on a (new) Studio of the same source. */
    apply(current) {
      if (kept) {
        try {
          current.setRegion(...kept);
        } catch {
          kept = null;
        }
      }
    },
    /** A new source: its whole picture is counted. */
    reset() { kept = null; refuse(''); },
    layout: show,
  };
}
