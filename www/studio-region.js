// The studio's region: a rectangle of the picture counted alone, dragged on the
// picture or typed in (X, Y, W, H); Escape or "Count it all" counts the whole.
import { el, errorText } from './site.js';

/** Where the picture is drawn on `canvas`, in CSS pixels (the Studio letterboxes it). */
export function pictureBox(canvas, current) {
  const box = canvas.getBoundingClientRect();
  const [x, y, w, h] = current.pictureRect();
  return { box, left: x * box.width, top: y * box.height, scale: (w * box.width) / current.width };
}

/** `studio` holds the page: the current Studio, redraw(), say(text). */
export function regionView(studio, canvas) {
  const box = el('div', { class: 'region-box', hidden: true });
  const inputs = ['x', 'y', 'width', 'height'].map((name) => el('input', {
    type: 'number', min: 0, step: 1, id: `region-${name}`, 'aria-label': `Region ${name}`, inputmode: 'numeric',
  }));
  const clearButton = el('button', { type: 'button' }, 'Count it all');
  const options = el('fieldset', { class: 'studio-options region' }, el('legend', {}, 'Region (pixels)'),
    el('div', { class: 'row' }, ...inputs.map((input, i) => el('label', { class: 'option' }, ['X', 'Y', 'W', 'H'][i], input)),
      clearButton));
  // The rectangle counted, kept across new Studios of the same source; null: all.
  let kept = null;

  function show() {
    const current = studio.current;
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
      studio.say('');
    } catch (e) {
      studio.say(errorText(e));
      return;
    }
    show();
    studio.redraw();
  }

  function clear() {
    if (!studio.current) return;
    studio.current.clearRegion();
    kept = null;
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
  let dragFrame = null;
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    drag.end = drag.at(e);
    if (dragFrame) return;
    dragFrame = requestAnimationFrame(() => {
      dragFrame = null;
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
  inputs.forEach((input) => input.addEventListener('change', () => {
    const [x, y, w, h] = inputs.map((i) => Number(i.value));
    set(x, y, w, h);
  }));
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
    reset() { kept = null; },
    layout: show,
  };
}
