// The studio's HDR view: for a floating-point picture (Radiance .hdr, OpenEXR),
// the exposure it is shown at and what its count covers. The samples are counted
// as stored, in their own linear units (src/hdr.rs): R, G and B over [0, max],
// luminance in stops; the picture and the adjustments see it as drawn at this
// exposure, clipped as a display clips it, and so do the scopes but where their
// scale reads nits: there they count the same light as that scale's codes.
import { el } from './site.js';
import { t, number } from './l10n.js';

const STOPS = 10;

/** `studio` holds the page: the current Studio and outcome, redraw(). */
export function hdrView(studio) {
  const exposure = el('input', {
    type: 'range', id: 'exposure', min: -STOPS, max: STOPS, step: 0.1, value: 0,
    'aria-describedby': 'exposure-why',
  });
  const label = (v) => t('hdr-stops', { stops: `${v > 0 ? '+' : ''}${v.toFixed(1)}` });
  const shown = el('output', { for: 'exposure', id: 'exposure-value' }, label(0));
  const reset = el('button', { type: 'button' }, t('hdr-as-stored'));
  const range = el('p', { id: 'hdr-range', class: 'hint', role: 'status' });
  const options = el('fieldset', { class: 'studio-options', hidden: true }, el('legend', {}, t('hdr-legend')),
    el('div', { class: 'row' }, el('label', { class: 'option', for: 'exposure' }, t('hdr-exposure'), exposure), shown, reset),
    el('p', { id: 'exposure-why', class: 'hint' }, t('hdr-exposure-why')),
    range);

  const stops = () => Number(exposure.value);

  function set(v) {
    const current = studio.current;
    if (current?.depth !== 32) return;
    current.setExposure(v);
    shown.textContent = label(v);
    studio.redraw();
  }
  exposure.addEventListener('input', () => set(stops()));
  reset.addEventListener('click', () => {
    exposure.value = 0;
    set(0);
  });

  const total = (four) => four.r + four.g + four.b + four.luminance;

  return {
    options,
    /** This view's choice on a (new) Studio: an HDR picture keeps its exposure. */
    apply(current) {
      options.hidden = current.depth !== 32;
      if (!options.hidden && stops() !== 0) current.setExposure(stops());
    },
    /** A new picture: shown as stored. */
    reset() {
      exposure.value = 0;
      shown.textContent = label(0);
    },
    /** A new reading: its range and what lay outside it, in words. */
    shown() {
      const hdr = studio.outcome?.hdr;
      if (!hdr) return;
      const h = JSON.parse(hdr);
      const [lo, hi] = h.range.stops;
      range.textContent = t('hdr-range', {
        max: h.range.max.toPrecision(4), low: String(lo), high: String(hi),
        lowLinear: (2 ** lo).toPrecision(3), highLinear: (2 ** hi).toPrecision(3),
        below: number(total(h.below)), above: number(total(h.above)), invalid: number(h.invalid), aboveOne: number(h.above_one.luminance),
      });
    },
  };
}
