// The studio's scopes: a selector beside the histogram (waveform, parade,
// vectorscope; on a wide window several at once), each scope in its own canvas as
// wide as the histogram panel, or opened full size over the page; counted and
// drawn by the Studio (page/src/scope_chapters.rs) on every frame, over the region; their
// brightness, the waveform's and the parade's channels, the vectorscope's zoom;
// the pixel under the pointer marked on each; reference lines the visitor sets
// (on the waveform, the parade and the histogram); the scopes held as B, each
// under its live one to compare with, exported with it; exports of each as PNG
// (labelled as shown) and its counts as JSON; all of them in a window of their
// own (studio-scope-window.js). The scopes and what each offers are the core's
// registry's (`scopeKinds`, src/scope/).
import { referenceLines, scopeKinds, scopePoints } from '../pkg/histogram.js';
import { el, download, errorText } from './site.js';
import { graticule, labelledScope, labelRows, labelSize, nameGraticule, scopeBox } from './scope-labels.js';
import { scaleControl } from './scope-scale.js';
import { ordinal, t, tAttr } from './l10n.js';
import { fitCanvas } from './page.js';
import { scopeWindow } from './studio-scope-window.js';

// Narrower than this, one scope at a time.
const WIDE = 900;

/** `page` holds the studio page: the current Studio, the source's name. */
export function scopesView(page) {
  const kinds = JSON.parse(scopeKinds());
  const SCOPES = kinds.map((kind) => kind.name);
  /** Whether scope `name` offers `control` ('channels', 'yrgb', 'lines', ...). */
  const offers = (name, control) => kinds.some((kind) => kind.name === name && kind.controls.includes(control));
  const TITLES = Object.fromEntries(SCOPES.map((name) => [name, t(`scope-title-${name}`)]));
  const boxes = SCOPES.map((name) => el('input', { type: 'checkbox', value: name, id: `scope-${name}` }));
  const logBox = el('input', { type: 'checkbox', id: 'scope-log' });
  const gain = el('input', { type: 'range', id: 'scope-gain', min: '-2', max: '3', step: '0.25', value: '0' });
  const waveformChannels = el('select', { id: 'scope-waveform-channels' },
    el('option', { value: '3' }, t('scope-luma')), el('option', { value: '0,1,2' }, t('scope-rgb-overlaid')),
    el('option', { value: 'decoded' }, t('scope-decoded')));
  const yrgb = el('input', { type: 'checkbox', id: 'scope-yrgb' });
  // HDR codes: the waveform's and the parade's lines named in nits, the
  // vectorscope's chroma read by BT.2020's matrix (src/scope/nits.rs, vectorscope/).
  const scale = scaleControl('scope-codes');
  const codes = scale.offer();
  const zoom = el('input', { type: 'checkbox', id: 'scope-zoom' });
  // Reference lines: levels or percents ("16, 235", "5%, 95%"), the core's reading
  // of them; a word it cannot read is said, and the lines drawn stay.
  const linesField = el('input', {
    type: 'text', id: 'scope-lines', inputmode: 'decimal', autocomplete: 'off',
    spellcheck: 'false', 'aria-describedby': 'scope-lines-said',
  });
  linesField.setAttribute('list', 'scope-lines-presets');
  const linesSaid = el('span', { id: 'scope-lines-said', class: 'hint', role: 'status' });
  let linesText = '';
  const canvases = Object.fromEntries(SCOPES.map((name) => [name, el('canvas', {
    class: `scope ${name}`, role: 'img', 'aria-label': tAttr(`scope-title-${name}`, 'aria-label'),
  })]));
  const scopeBoxes = Object.fromEntries(SCOPES.map((name) => [name, scopeBox(canvases[name])]));
  const pointLayers = Object.fromEntries(SCOPES.map((name) => [name, el('div', { class: 'scope-points', 'aria-hidden': 'true' })]));
  // Reference lines cross the scopes of levels (the waveform, the parade).
  const lineLayers = Object.fromEntries(SCOPES.filter((name) => offers(name, 'lines')).map((name) => [name, el('div', { class: 'scope-points', 'aria-hidden': 'true' })]));
  for (const name of SCOPES) scopeBoxes[name].append(...(lineLayers[name] ? [lineLayers[name]] : []), pointLayers[name]);
  const fullButtons = Object.fromEntries(SCOPES.map((name) => [name,
    el('button', { type: 'button', class: 'link', 'aria-pressed': 'false', onclick: () => setFull(name, !figures[name].classList.contains('full')) }, t('scope-full-size'))]));
  // B: each scope as it was when held (the core's drawing of its counts then, as
  // its PNG export draws it), under the live one, its graticule named as it was.
  const held = Object.fromEntries(SCOPES.map((name) => {
    const img = el('img', { class: `scope ${name}`, alt: '' });
    const caption = el('span');
    const box = el('div', { class: 'scope-held', hidden: true },
      el('p', { class: 'scope-held-caption' }, caption, ' · ',
        el('button', { type: 'button', class: 'link', onclick: () => exportHeld(name) }, t('scope-png'))),
      scopeBox(img));
    return [name, { box, img, caption, png: null, labels: [], base: '' }];
  }));
  // Full size is over the page: not in the scopes' window, which is theirs (the
  // button and the dot after it hidden there).
  const fullDots = Object.fromEntries(SCOPES.map((name) => [name, el('span', {}, ' · ')]));
  const figures = Object.fromEntries(SCOPES.map((name) => [name, el('figure', { hidden: true, class: 'studio-scope' },
    scopeBoxes[name], el('figcaption', {}, TITLES[name], ' · ', fullButtons[name], fullDots[name],
      el('button', { type: 'button', class: 'link', onclick: () => exportPng(name) }, t('scope-png')), ' ',
      el('button', { type: 'button', class: 'link', onclick: () => exportJson(name) }, t('scope-json'))), held[name].box)]));
  const windowOption = el('span', { class: 'option' });
  const holdButton = el('button', { type: 'button', id: 'scope-hold' }, t('scope-hold'));
  const letGoButton = el('button', { type: 'button', id: 'scope-let-go', hidden: true }, t('scope-let-go'));
  const options = el('fieldset', { class: 'scope-options' }, el('legend', {}, t('scope-legend')),
    ...boxes.map((box) => el('label', { class: 'option' }, box, ` ${TITLES[box.value]}`)),
    el('label', { class: 'option' }, logBox, ` ${t('scope-log')}`),
    el('label', { class: 'option', for: 'scope-gain' }, `${t('scope-gain')} `, gain),
    el('label', { class: 'option', for: 'scope-waveform-channels' }, `${t('scope-waveform-channels')} `, waveformChannels),
    el('label', { class: 'option' }, yrgb, ` ${t('scope-yrgb')}`),
    el('label', { class: 'option', for: 'scope-codes' }, `${t('scope-codes')} `, codes),
    el('label', { class: 'option' }, zoom, ` ${t('scope-zoom')}`),
    el('span', { class: 'option' }, el('label', { for: 'scope-lines' }, `${t('scope-lines')} `), linesField,
      el('datalist', { id: 'scope-lines-presets' }, el('option', { value: '16, 235' }), el('option', { value: '5%, 95%' })),
      ' ', linesSaid),
    el('span', { class: 'option' }, holdButton, ' ', letGoButton), windowOption);
  // Where the browser's WebGPU runs on the CPU the Studio draws scopes on a video
  // less often (`scopeEvery`), and the visitor is told.
  const cadence = el('p', { class: 'note', hidden: true });
  // What the waveform's luma is, where Y′ as decoded was asked for.
  const lumaNote = el('p', { class: 'note', id: 'scope-luma-note', hidden: true });
  const frame = el('div', { class: 'studio-scopes' }, ...SCOPES.map((name) => figures[name]), lumaNote, scale.why, cadence);
  // The figures moved into their window or back: full size is the page's, and
  // each canvas gets a surface where it now stands.
  const windowed = scopeWindow(frame, {
    moved: () => {
      if (windowed.open) showFull(null);
      for (const name of SCOPES) fullButtons[name].hidden = fullDots[name].hidden = windowed.open;
      if (page.current) changed(null);
    },
    resized: () => {
      layout();
      page.redraw();
    },
    say: (words) => page.say(words),
  });
  windowOption.append(windowed.button);

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
  const zoomed = () => (zoom.checked ? 2 : 1);
  // Y′ as decoded: the waveform of a video's luma alone, in video levels.
  const decoded = () => waveformChannels.value === 'decoded';
  // A floating-point picture is scoped as drawn (sRGB's codes), or on a scale of
  // nits as its light in that scale's codes (studio-hdr.js says so).
  let floating = false;
  const nits = () => (codes.value === 'sdr' || decoded() ? undefined : codes.value);
  const style = () => [logBox.checked, 2 ** Number(gain.value), zoomed(),
    Uint8Array.from(decoded() ? [3] : waveformChannels.value.split(',').map(Number)),
    Uint8Array.from(yrgb.checked ? [3, 0, 1, 2] : [0, 1, 2]), decoded() ? 'decoded' : nits() ?? 'sdr'];
  function offerCodes() {
    // Y′ as decoded is a video's, in video levels: not read as HDR codes either.
    codes.disabled = decoded();
    codes.setAttribute('aria-describedby', floating ? 'exposure-why' : scale.why.id);
  }
  // Whether the waveform drawn last was of Y′ as decoded (its graticule follows).
  let videoLevels = false;
  const labels = (name) => graticule(name, zoomed(), offers(name, 'decoded-luma') && videoLevels, nits());
  const label = () => {
    for (const name of SCOPES) nameGraticule(scopeBoxes[name], labels(name));
  };
  label();

  // The pixel under the pointer ({ column, columns, rgb, depth, luma }: its
  // column of those counted, its stored values of `depth` bits, a video frame's
  // Y′ as decoded where it has one), marked where the core places it on each
  // scope: at its nearest 8-bit values, which the scopes count; the luminance at
  // Y′ on a waveform of Y′ as decoded.
  let pointed = null;
  const channelsOn = (name) => (offers(name, 'yrgb') ? (yrgb.checked ? [3, 0, 1, 2] : [0, 1, 2])
    : decoded() ? [3] : waveformChannels.value.split(',').map(Number));
  function mark() {
    for (const name of SCOPES) {
      const points = pointed && !figures[name].hidden ? JSON.parse(scopePoints(name, Uint8Array.from(channelsOn(name)),
        zoomed(), pointed.column, pointed.columns, Uint16Array.from(offers(name, 'decoded-luma') && videoLevels && pointed.luma !== undefined
          ? [...pointed.rgb, pointed.luma] : pointed.rgb), pointed.depth, nits() ?? 'sdr')) : [];
      pointLayers[name].replaceChildren(...points.map(({ channel, x, y }) => el('span', {
        class: `scope-point c${channel}`, style: `left: ${x * 100}%; top: ${y * 100}%`,
      })));
    }
  }

  /** The reference lines on an axis whose top value is `max`: [{ text, at }]. */
  // Read again only when the text or the axis changes (the panel asks every reading).
  let read = { key: null, lines: [] };
  const lines = (max) => {
    const key = `${max}|${linesText}`;
    if (read.key !== key) read = { key, lines: JSON.parse(referenceLines(linesText, max)) };
    return read.lines;
  };
  // On the waveform and the parade, across at each line's level (8-bit counts).
  function drawLines(layer) {
    const shown = lines(255);
    const refs = shown.map(({ text, at }) => el('span', { class: 'scope-ref', style: `top: ${(1 - at) * 100}%` }, el('span', {}, text)));
    layer.replaceChildren(...refs);
    // Lines nearer than a label's height have their labels side by side, on a
    // phone's short scope as on a wide one: measured as drawn, again at each resize.
    const rows = labelRows(shown.map(({ at }) => at * layer.clientHeight), labelSize(refs.map((r) => r.firstChild), 'height'));
    refs.forEach((r, i) => r.style.setProperty('--row', rows[i]));
  }
  for (const layer of Object.values(lineLayers)) new ResizeObserver(() => drawLines(layer)).observe(layer);
  function setLines() {
    try {
      JSON.parse(referenceLines(linesField.value, 255));
      linesText = linesField.value;
      linesSaid.textContent = '';
    } catch (e) {
      linesSaid.textContent = t('scope-lines-unread', { word: errorText(e) });
      return;
    }
    Object.values(lineLayers).forEach(drawLines);
    page.redraw();
  }
  linesField.addEventListener('change', setLines);

  /** After a draw: the waveform's graticule and note say which luma it shows. */
  function shown() {
    const on = Boolean(page.current?.decodedLuma);
    if (on !== videoLevels) {
      videoLevels = on;
      label();
    }
    lumaNote.hidden = !decoded() || !chosen().some((name) => offers(name, 'decoded-luma'));
    lumaNote.textContent = t(on ? 'scope-luma-decoded' : page.isVideo ? 'scope-luma-not-planes' : 'scope-luma-picture');
  }

  /** Scope `name` over the whole window, or back beside the histogram (Escape too). */
  function showFull(name) {
    for (const other of SCOPES) {
      figures[other].classList.toggle('full', other === name);
      fullButtons[other].setAttribute('aria-pressed', String(other === name));
      fullButtons[other].textContent = t(other === name ? 'scope-back' : 'scope-full-size');
    }
    document.documentElement.classList.toggle('scope-full', name !== null);
  }
  function setFull(name, on) {
    showFull(on ? name : null);
    fullButtons[name].focus();
    for (const n of chosen()) fitCanvas(canvases[n]);
    page.redraw();
  }
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.documentElement.classList.contains('scope-full')) {
      const open = SCOPES.find((n) => figures[n].classList.contains('full'));
      e.preventDefault();
      e.stopImmediatePropagation();
      setFull(open, false);
    }
  }, true);

  /** The chosen scopes on `studio` (a new one, or after a change). */
  function apply(studio) {
    const names = chosen();
    floating = studio.depth === 32;
    offerCodes();
    label();
    for (const name of SCOPES) figures[name].hidden = !names.includes(name);
    page.arrange();
    if (SCOPES.some((n) => figures[n].hidden && figures[n].classList.contains('full'))) showFull(null);
    for (const name of names) fitCanvas(canvases[name]);
    studio.setScopes(names, names.map((n) => canvases[n]), 256);
    studio.setScopeStyle(...style());
    const every = studio.scopeEvery;
    // Said only over a video: a picture's scopes are drawn whenever it changes.
    cadence.hidden = !names.length || every === 1 || !page.isVideo;
    cadence.textContent = t('scope-cadence', { every: ordinal(every) });
    mark();
  }

  /** After a resize: canvases follow their boxes. */
  function layout() {
    for (const name of chosen()) fitCanvas(canvases[name]);
  }

  function changed(box) {
    if (box?.checked && !windowed.open && window.innerWidth < WIDE) for (const b of boxes) if (b !== box) b.checked = false;
    const studio = page.current;
    if (!studio) return;
    try {
      apply(studio);
      page.again();
    } catch (e) {
      page.say(t('scope-show-failed', { error: errorText(e) }));
    }
  }

  async function exportPng(name) {
    const i = chosen().indexOf(name);
    try {
      const png = new Blob([await page.current.scopePng(i, linesText)], { type: 'image/png' });
      download(`${page.baseName()}-${name}.png`, await labelledScope(png, labels(name)));
    } catch (e) { page.say(t('scope-png-failed', { error: errorText(e) })); }
  }

  /** Scope `name`'s B gone. */
  function drop(name) {
    const b = held[name];
    if (b.img.src) URL.revokeObjectURL(b.img.src);
    b.img.removeAttribute('src');
    b.png = null;
    b.labels = [];
    b.box.hidden = true;
  }
  /**
   * The shown scopes held as B, their moment named: B is one moment, so a scope
   * not shown now lets go of what it held before.
   */
  async function hold() {
    const names = chosen();
    if (!page.current || !names.length) return;
    const moment = page.moment();
    try {
      const pngs = await Promise.all(names.map((_, i) => page.current.scopePng(i, linesText)));
      for (const name of SCOPES) drop(name);
      names.forEach((name, i) => {
        const b = held[name];
        b.png = new Blob([pngs[i]], { type: 'image/png' });
        b.img.src = URL.createObjectURL(b.png);
        b.img.alt = t('scope-held-alt', { scope: TITLES[name], moment });
        b.caption.textContent = t('scope-held', { moment });
        b.labels = labels(name);
        b.base = page.baseName();
        nameGraticule(b.box.querySelector('.scope-box'), b.labels);
        b.box.hidden = false;
      });
      letGoButton.hidden = !SCOPES.some((n) => held[n].png);
    } catch (e) { page.say(t('scope-hold-failed', { error: errorText(e) })); }
  }
  function letGo() {
    for (const name of SCOPES) drop(name);
    letGoButton.hidden = true;
    holdButton.focus();
  }
  holdButton.addEventListener('click', hold);
  letGoButton.addEventListener('click', letGo);

  async function exportHeld(name) {
    try {
      // Named by the file it was held from, whatever is shown now.
      download(`${held[name].base}-${name}-B.png`, await labelledScope(held[name].png, held[name].labels));
    } catch (e) { page.say(t('scope-png-failed', { error: errorText(e) })); }
  }

  async function exportJson(name) {
    const i = chosen().indexOf(name);
    try {
      const json = await page.current.scopeJson(i, page.sourceName ?? 'studio');
      download(`${page.baseName()}-${name}.json`, new Blob([json], { type: 'application/json' }));
    } catch (e) { page.say(t('scope-json-failed', { error: errorText(e) })); }
  }

  for (const box of boxes) box.addEventListener('change', () => changed(box));
  for (const input of [logBox, gain, waveformChannels, yrgb, zoom, codes]) {
    input.addEventListener(input.type === 'range' ? 'input' : 'change', () => {
      offerCodes();
      if (input === zoom || input === codes || input === waveformChannels) label();
      page.current?.setScopeStyle(...style());
      // A paused video's frame is brought again by the path now due (Y′ as
      // decoded takes the decoder's planes).
      if (input === waveformChannels) page.again();
      else page.redraw();
      shown();
      mark();
    });
  }

  return {
    options,
    frame,
    /** After a frame of source `of` is drawn: the Scale follows its video (scope-scale.js). */
    followTransfer: scale.follow,
    apply,
    shown,
    /** Whether the decoder's planes are wanted (Y′ as decoded on a shown waveform). */
    wantsPlanes: () => decoded() && chosen().some((name) => offers(name, 'decoded-luma')),
    /** Marks `pixel` ({ column, columns, rgb, depth, luma }) on the scopes, or nothing (null). */
    pointAt(pixel) {
      pointed = pixel;
      mark();
    },
    /** The reference lines on the histogram's axis, whose top value is `max`. */
    lines,
    /** How many scopes are shown in the page (none while they have their window). */
    count: () => (windowed.open ? 0 : chosen().length),
    layout,
  };
}
