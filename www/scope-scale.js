// The Scale a scope's lines are read on: SDR's codes or an HDR transfer's (the
// core's choices, src/scope/nits.rs). A video's own transfer is taken once a
// source, and where an HDR video's 10-bit codes are not read (www/frames.js's
// `hdrSaid`), a line beside the Scale says why.
import { scopeScales, hdrTransfer, largestHdrVideo } from '../pkg/histogram.js';
import { el } from './site.js';
import { t } from './l10n.js';

/**
 * The Scale's select (`id`; its choices the core's, filled by `offer` once the
 * core is loaded), the line saying why beside it, and `follow`.
 */
export function scaleControl(id) {
  const select = el('select', { id, 'aria-describedby': `${id}-why` });
  const why = el('p', { class: 'note', id: `${id}-why`, role: 'status', hidden: true });
  let followed = null;
  // What the line says now: worded again only when it changes, not each frame.
  let shown = null;
  return {
    select,
    why,
    /** The select with its choices. */
    offer() {
      if (!select.options.length) select.append(...scopeScales().map((v) => el('option', { value: v }, t(`scope-codes-${v}`))));
      return select;
    },
    /**
     * After a frame of source `of` is drawn: its transfer (WebCodecs' name, as
     * the frame's record has it), or SDR's where `said` (a video's `hdrSaid`, or
     * null) says why its codes are not read, taken once a source, the visitor
     * free to choose another after; `said` worded beside the Scale.
     */
    follow(transfer, said, of) {
      if (said !== shown) {
        shown = said;
        why.hidden = !said;
        why.textContent = said ? t(`scope-codes-${said}`, { mb: String(largestHdrVideo() / 2 ** 20) }) : '';
      }
      // A video whose codes are not read is the browser's 8-bit pictures: SDR's.
      const scale = said ? 'sdr' : hdrTransfer(transfer ?? undefined);
      if (followed === of || !scale) return;
      followed = of;
      select.value = scale;
      select.dispatchEvent(new Event('change'));
    },
  };
}
