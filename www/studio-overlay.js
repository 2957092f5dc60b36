// The studio's exposure overlay on the picture, as a camera monitor has it: zebra
// stripes on the pixels at or above a level, or false colour, each pixel the
// colour of its exposure band (the bands and the rule: src/scope/overlay.rs, drawn
// by picture.wgsl). A key names the bands; how many pixels are marked is read
// from the luminance histogram where it counts what the overlay sees: 8-bit
// values, 256 bins, nothing adjusted.
import { overlayBands, overlayKinds, overlayMarked } from '../pkg/histogram.js';
import { el } from './site.js';
import { t, number } from './l10n.js';

const percentOf = (level) => number((level / 255) * 100, { maximumFractionDigits: 1 });

/** `page` holds the studio page: the current Studio, its outcome, redraw(). */
export function overlayView(page) {
  const BANDS = JSON.parse(overlayBands());
  // Each overlay with what it takes: a level (the zebra's) or the bands' key.
  const KINDS = JSON.parse(overlayKinds());
  const kind = el('select', { id: 'overlay', 'aria-describedby': 'overlay-why' },
    ...KINDS.map((k) => el('option', { value: k.name }, t(`overlay-${k.name}`))));
  const chosen = () => KINDS.find((k) => k.name === kind.value);
  const level = el('input', {
    type: 'number', id: 'zebra-level', min: 0, max: 100, step: 1,
    value: KINDS.find((k) => k.percent !== null).percent, 'aria-describedby': 'overlay-marked',
  });
  const levelLabel = el('label', { class: 'option', for: 'zebra-level', hidden: true }, t('overlay-zebra-level'), level);
  const marked = el('p', { id: 'overlay-marked', class: 'hint', role: 'status', hidden: true });
  const swatches = BANDS.map((band) => el('span', { class: 'swatch', style: `background: rgb(${band.colour.join(' ')})` }));
  const counts = BANDS.map(() => el('span', { class: 'band-count' }));
  const key = el('ul', { class: 'overlay-key', hidden: true }, ...BANDS.map((band, i) => el('li', {},
    swatches[i], `${t(`overlay-band-${band.id}`)}: `,
    t('overlay-band-range', { from: percentOf(band.from), to: percentOf(band.to), fromLevel: String(band.from), toLevel: String(band.to) }),
    counts[i])));
  const options = el('fieldset', { class: 'studio-options overlay-options' }, el('legend', {}, t('overlay-legend')),
    el('div', { class: 'row' }, el('label', { class: 'option', for: 'overlay' }, t('overlay-kind'), kind), levelLabel),
    el('p', { id: 'overlay-why', class: 'hint' }, t('overlay-why')), key, marked);

  const percent = () => Math.max(0, Math.min(100, Math.round(Number(level.value)) || 0));

  /** The pixels marked, from the latest count, where it counts what the overlay sees. */
  function shown() {
    const { outcome, current } = page;
    const { percent: levelled, banded } = chosen();
    const counted = (levelled !== null || banded) && outcome && current && !outcome.hdr && !page.adjusted
      && current.depth === 8 && outcome.numBins === 256;
    marked.hidden = !counted;
    for (const c of counts) c.textContent = '';
    if (!counted) return;
    const numbers = Array.from(overlayMarked(kind.value, percent(), outcome.bins(3)));
    const share = (n) => number((n / outcome.pixels) * 100, { maximumFractionDigits: 2 });
    if (levelled !== null) {
      marked.textContent = t('overlay-zebra-marked', { share: share(numbers[0]), percent: String(percent()), level: String(numbers.at(-1)) });
    } else {
      numbers.slice(0, BANDS.length).forEach((n, i) => { counts[i].textContent = ` · ${t('overlay-band-share', { share: share(n) })}`; });
      marked.textContent = t('overlay-counted');
    }
  }

  function set() {
    levelLabel.hidden = chosen().percent === null;
    key.hidden = !chosen().banded;
    page.current?.setOverlay(kind.value, percent());
    page.redraw();
    shown();
  }
  kind.addEventListener('change', set);
  // Each whole number typed is shown at once; the field keeps to 0-100 when left.
  level.addEventListener('input', () => { if (level.value !== '' && level.validity.valid) set(); });
  level.addEventListener('change', () => {
    level.value = percent();
    set();
  });

  return {
    options,
    /** This view's choice on a (new) Studio. */
    apply(current) {
      current.setOverlay(kind.value, percent());
    },
    shown,
  };
}
