// The studio's scopes: a selector beside the histogram (waveform, parade,
// vectorscope; on a wide window several at once), each scope in its own canvas,
// counted and drawn by the Studio (src/web/scope.rs) on every frame, over the
// region; its brightness controls; exports of each as PNG and its counts as JSON.
import { scopeLabels } from '../pkg/histogram.js';
import { el, download, errorText, scopeBox, nameGraticule } from './site.js';

export const SCOPES = ['waveform', 'parade', 'vectorscope'];
const TITLES = { waveform: 'Waveform', parade: 'RGB parade', vectorscope: 'Vectorscope' };
// Narrower than this, one scope at a time.
const WIDE = 900;

/** `page` holds the studio page: the current Studio, the source's name. */
export function scopesView(page) {
  const boxes = SCOPES.map((name) => el('input', { type: 'checkbox', value: name, id: `scope-${name}` }));
  const logBox = el('input', { type: 'checkbox', id: 'scope-log' });
  const gain = el('input', { type: 'range', id: 'scope-gain', min: '-2', max: '3', step: '0.25', value: '0' });
  const canvases = Object.fromEntries(SCOPES.map((name) => [name, el('canvas', {
    class: `scope ${name}`, role: 'img', 'aria-label': `${TITLES[name]} of the counted pixels`,
  })]));
  const figures = Object.fromEntries(SCOPES.map((name) => [name, el('figure', { hidden: true },
    nameGraticule(scopeBox(canvases[name]), JSON.parse(scopeLabels(name))), el('figcaption', {}, TITLES[name], ' · ',
      el('button', { type: 'button', class: 'link', onclick: () => exportPng(name) }, 'PNG'), ' ',
      el('button', { type: 'button', class: 'link', onclick: () => exportJson(name) }, 'JSON')))]));
  const options = el('fieldset', { class: 'scope-options' }, el('legend', {}, 'Scopes'),
    ...boxes.map((box) => el('label', { class: 'option' }, box, ` ${TITLES[box.value]}`)),
    el('label', { class: 'option' }, logBox, ' Logarithmic'),
    el('label', { class: 'option', for: 'scope-gain' }, 'Gain ', gain));
  // Where the browser's WebGPU runs on the CPU the Studio draws scopes on a video
  // less often (`scopeEvery`), and the visitor is told.
  const cadence = el('p', { class: 'note', hidden: true });
  const frame = el('div', { class: 'studio-scopes' }, ...SCOPES.map((name) => figures[name]), cadence);

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
  const style = () => [logBox.checked, 2 ** Number(gain.value), Uint8Array.from([3])];

  /** The chosen scopes on `studio` (a new one, or after a change). */
  function apply(studio) {
    const names = chosen();
    for (const name of SCOPES) figures[name].hidden = !names.includes(name);
    for (const name of names) fit(canvases[name]);
    studio.setScopes(names, names.map((n) => canvases[n]), 256);
    studio.setScopeStyle(...style());
    const every = studio.scopeEvery;
    cadence.hidden = !names.length || every === 1;
    cadence.textContent = `This browser's WebGPU runs on the CPU: on a video each scope is redrawn every ${every}th frame, so that the video keeps its pace.`;
  }

  function fit(canvas) {
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
    canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
  }

  function changed(box) {
    if (box?.checked && window.innerWidth < WIDE) for (const b of boxes) if (b !== box) b.checked = false;
    const studio = page.current;
    if (!studio) return;
    try {
      apply(studio);
      page.redraw();
    } catch (e) {
      page.say(`The scope could not be shown: ${errorText(e)}`);
    }
  }

  async function exportPng(name) {
    const i = chosen().indexOf(name);
    try {
      const png = await page.current.scopePng(i);
      download(`${page.baseName()}-${name}.png`, new Blob([png], { type: 'image/png' }));
    } catch (e) { page.say(`The PNG could not be made: ${errorText(e)}`); }
  }

  async function exportJson(name) {
    const i = chosen().indexOf(name);
    try {
      const json = await page.current.scopeJson(i, page.sourceName ?? 'studio');
      download(`${page.baseName()}-${name}.json`, new Blob([json], { type: 'application/json' }));
    } catch (e) { page.say(`The JSON could not be made: ${errorText(e)}`); }
  }

  for (const box of boxes) box.addEventListener('change', () => changed(box));
  for (const input of [logBox, gain]) {
    input.addEventListener('input', () => {
      page.current?.setScopeStyle(...style());
      page.redraw();
    });
  }

  return {
    options,
    frame,
    apply,
    /** After a resize: canvases follow their boxes. */
    layout: () => { for (const name of chosen()) fit(canvases[name]); },
  };
}
