// The article's part-1 timing table, filled in on this machine.
import { Picture, cpuHistogramSimple } from '../pkg/histogram.js';
import { adapterDescription, el, setState, errorText, nextPaint } from './site.js';
import { stepFacts } from './core.js';
import { readPicture } from './input.js';
import { articleTimings } from './examples.js';
import { lostWithin, startPage } from './page.js';

// Columns in the article's order: its "js" is our CPU method, then each step the
// core says is timed here (src/gpu/steps/), "pixel/workgroup" the article's atomicAdd.
let COLUMNS = [];

// Milliseconds as published in the article, a row a machine and channel count.
const ARTICLE = articleTimings.rows.map(({ machine, channels, ms }) => [`${channels} ch: ${machine}`, ...ms]);

const params = new URLSearchParams(location.search);
const RUNS = Math.max(1, Number(params.get('runs') ?? 5));
const WARMUP_MS = 300;
const runsText = RUNS === 1 ? '1 run' : `${RUNS} runs`;
// The shortest stretch one CPU time is measured over (see timeMethod).
const MIN_CPU_MS = 20;
// ?width=&height= change the default image's size (the browser tests use a small
// one); ?kind=natural|uniform|noise times a benchmark image of `histogram bench`
// and CUB's benchmark instead of the sunset.
const KIND = params.get('kind');
const SIZES = params.has('width')
  ? [[Number(params.get('width')), Number(params.get('height'))], [Number(params.get('width')), Number(params.get('height'))]]
  : [[2448, 1505], [2448, 1836]];

// What the table was timed on, said when it is done.
const [firstSize, secondSize] = SIZES.map((size) => size.join('×'));
let subject = KIND
  ? `the ${KIND} image of histogram bench and CUB's benchmark, ${firstSize}.`
  : `the sunset, ${firstSize === secondSize ? firstSize : `${firstSize} and ${secondSize}`}.`;

// A cell of a step this GPU's device cannot run.
const NOT_HERE = 'not on this GPU';
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
// Three significant digits: a fast GPU's kernels take a few hundredths of a ms.
const fmt = (ms) => (Number.isNaN(ms) ? 'no GPU' : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));

const main = document.querySelector('main');
const status = el('p', { role: 'status', class: 'muted' }, 'Loading…');
const progress = el('progress', { max: 1, value: 0, 'aria-label': 'Progress' });
const message = el('p', { role: 'alert', class: 'message' });
const picker = el('input', { type: 'file', accept: 'image/*', id: 'file' });
const runButton = el('button', { type: 'button', disabled: true }, 'Run again');
const machine = el('p', { class: 'note' });
const deviceNotes = el('p', { class: 'note', hidden: true });
const table = el('table', { class: 'stacks' });
const rows = {};
const how = el('p', { class: 'muted' });
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, 'Choose an image…', picker), runButton, progress),
  status, message, machine, deviceNotes, el('div', { class: 'table-wrap' }, table), how);

/** The table: this machine's rows to fill, the article's published ones under them. */
function buildTable() {
  COLUMNS = [{ method: 'cpu', label: 'js (here: Rust/wasm)' },
    ...stepFacts().steps.filter((s) => s.timed).map((s) => ({ method: s.name, label: s.label }))];
  const head = el('tr', {}, el('th', { scope: 'col' }, 'machine (ms)'), ...COLUMNS.map((c) => el('th', { scope: 'col' }, c.label)));
  const body = el('tbody');
  for (const channels of [1, 4]) {
    const row = el('tr', { class: 'ours' }, el('th', { scope: 'row' }, `${channels} ch: this machine`));
    rows[channels] = COLUMNS.map((c) => {
      const td = el('td', { 'data-cell': `${channels}-${c.method}`, 'data-label': c.label }, '…');
      row.append(td);
      return td;
    });
    body.append(row);
  }
  for (const [name, ...ms] of ARTICLE) {
    const cells = ms.concat(COLUMNS.slice(ms.length).map(() => '–'));
    body.append(el('tr', {}, el('th', { scope: 'row' }, name), ...cells.map((v, i) => el('td', { 'data-label': COLUMNS[i].label }, String(v)))));
  }
  table.replaceChildren(el('thead', {}, head), body);
}

let gpu = null;
let device = null;
// Set when the visitor leaves: the run stops after the run being timed.
let leaving = false;
window.addEventListener('pagehide', () => { leaving = true; });
let pictures = null;
let running = false;
// Set when a run's GPU timestamps spanned more than the wall-clock time around
// them: then they cannot be trusted, and every GPU time is taken by the wall clock.
let untrusted = false;

async function timeMethod(picture, method, channels) {
  const once = async () => {
    if (method === 'cpu') {
      // The article's loop, as its js column times (the site's faster tally, the
      // same bins, is timed on the CPU chapter). A browser's clock may be coarse
      // (Firefox's: 1 ms): a count shorter than MIN_CPU_MS is repeated until that
      // much time has passed, and averaged.
      const start = performance.now();
      let n = 0;
      do {
        cpuHistogramSimple(picture, channels, 256).free();
        n++;
      } while (performance.now() - start < MIN_CPU_MS);
      return (performance.now() - start) / n;
    }
    const o = await gpu.compute(picture, method, channels, '', undefined);
    const { gpuMs, wallMs } = o;
    o.free();
    if (gpuMs !== undefined && gpuMs > wallMs * 1.05 + 0.1 && !untrusted) {
      untrusted = true;
      how.textContent += ` This browser's GPU timestamps spanned ${gpuMs.toFixed(2)} ms within ${wallMs.toFixed(2)} ms of ` +
        'wall-clock time, so they cannot be trusted: from here on the GPU columns are wall-clock times from submit until the bins are back.';
    }
    return untrusted ? wallMs : gpuMs ?? wallMs;
  };
  // The first run compiles the pipeline and uploads the image; then the GPU is kept
  // busy a moment, since one that idled (while the CPU column ran) is at low clocks.
  const first = await once();
  if (method !== 'cpu' && !leaving) await gpu.keepBusy(picture, method, channels, '', first, WARMUP_MS);
  const times = [];
  // A visitor who leaves leaves no queued work for the next page to wait on.
  for (let i = 0; i < RUNS && !leaving; i++) times.push(await once());
  return median(times);
}

/**
 * Times a method; if the GPU device is lost meanwhile, waits for the new one and
 * times the method again from the start. NaN without a GPU.
 */
async function timeGivenLoss(picture, method, channels) {
  for (;;) {
    if (method !== 'cpu' && !gpu) return NaN;
    const lost = gpu?.lost;
    try {
      return await timeMethod(picture, method, channels);
    } catch (e) {
      if (!lost || !(await lostWithin(lost))) throw e;
      // The watcher saw the loss first (its handler was added earlier): `ready`
      // is the new device's opening.
      await device.ready().catch(() => {});
    }
  }
}

// A file picked while a run is going (the latest one): the run stops after the
// method being timed, and this file is timed next.
let wanted = null;
let timing = '';

/** The status line: what is being timed, and what comes next. */
function showStep() {
  status.textContent = timing + (wanted ? ` Next: ${wanted.name}, as soon as this method is timed.` : '');
}

/** Times every method on the current image; `fresh`: clear the last message. */
async function runAll(fresh = true) {
  if (running) return;
  running = true;
  runButton.disabled = true;
  setState('running');
  if (fresh) message.textContent = '';
  for (const cells of Object.values(rows)) for (const td of cells) td.textContent = '…';
  const steps = [1, 4].flatMap((channels) => COLUMNS.map((c) => ({ channels, ...c })));
  progress.max = steps.length;
  let stopped = false;
  try {
    for (const [i, { channels, method, label }] of steps.entries()) {
      if (leaving) return;
      if (wanted) {
        stopped = true;
        break;
      }
      progress.value = i;
      timing = `Timing ${label}, ${channels} channel${channels > 1 ? 's' : ''}: ${runsText}…`;
      showStep();
      const td = rows[channels][COLUMNS.findIndex((c) => c.method === method)];
      // A step this device cannot run (subgroups where it has none) is said so.
      td.textContent = method !== 'cpu' && gpu && !gpu.runs(method) ? NOT_HERE
        : fmt(await timeGivenLoss(pictures[channels === 1 ? 0 : 1], method, channels));
    }
    if (!stopped) {
      progress.value = steps.length;
      status.textContent = `Done: medians of ${runsText}, on ${subject}`;
      setState('done');
    }
  } catch (e) {
    message.textContent = `Timing failed: ${errorText(e)}`;
    status.textContent = '';
    setState('error');
  } finally {
    running = false;
    runButton.disabled = false;
  }
  if (stopped) {
    const file = wanted;
    wanted = null;
    // A file that cannot be read leaves the previous image, timed again whole,
    // and says so while it is.
    await runAll(await useFile(file));
  }
}

/** Reads `file` for the next run; false (with the reason shown) when it cannot be read. */
async function useFile(file) {
  try {
    status.textContent = `Reading ${file.name}…`;
    await nextPaint();
    const { picture } = await readPicture(file, { pixels: true, status: (text) => { status.textContent = text; } });
    new Set(pictures).forEach((p) => p.free());
    pictures = [picture, picture];
    subject = `${file.name}, ${picture.width}×${picture.height} (${picture.format}). ${picture.notes().join(' ')}`;
    status.textContent = subject;
    return true;
  } catch (e) {
    status.textContent = '';
    message.textContent = `${errorText(e)} The previous image is kept.`;
    return false;
  }
}

/** A file for the table: timed next, or once the method being timed is done. */
async function open(file) {
  if (running) {
    wanted = file;
    showStep();
    return;
  }
  if (await useFile(file)) await runAll();
}

const started = await startPage({
  kind: 'timings',
  message,
  shows: {
    /** Each cell of this machine's rows as shown, by its data-cell name. */
    get cells() { return Object.fromEntries([...table.querySelectorAll('td[data-cell]')].map((td) => [td.dataset.cell, td.textContent])); },
    get running() { return running; },
    open,
  },
  loaded: buildTable,
  gpu: { message: machine, instead: ['Only the CPU column can be filled.'], optional: true },
  device: {
    recovered: (ms, info, said) => {
      deviceNotes.hidden = false;
      deviceNotes.textContent = `${said} The method being timed was timed again from the start.`;
    },
    failed: (e, info, said) => {
      gpu = null;
      deviceNotes.hidden = false;
      deviceNotes.textContent = `${said} Only the CPU column can be filled.`;
    },
  },
});
if (started) {
  ({ gpu, device } = started);
  try {
    if (gpu) {
      // How long the table takes, said before it starts, in words true of any
      // machine of its kind.
      machine.textContent = `GPU: ${await adapterDescription()}. ` + (gpu.software
        ? 'This is a CPU adapter (software playing the GPU): the table takes minutes, the single-invocation column most of them; the bar beside the button shows how far it has come.'
        : 'The whole table takes seconds to a minute, the single-invocation column most of it.');
      how.textContent = `Each GPU method runs once, keeps the GPU busy for ${WARMUP_MS} ms (an idle GPU lowers its clocks), then is timed over ${runsText}; the median is shown. ` + (gpu.timestamps
        ? `GPU columns: the compute pass measured with timestamp queries (which a browser may round). js: performance.now() around the article's CPU loop (in Rust), repeated for at least ${MIN_CPU_MS} ms and averaged.`
        : `This adapter has no timestamp queries: GPU columns are wall-clock times from submit until the bins are back. js: performance.now() around the article's CPU loop (in Rust), repeated for at least ${MIN_CPU_MS} ms and averaged.`);
    }
    pictures = SIZES.map(([w, h]) => (KIND ? Picture.bench(KIND, w, h) : Picture.sunset(w, h)));
    picker.addEventListener('change', () => {
      const file = picker.files[0];
      // So that picking the same file again is a new pick.
      picker.value = '';
      if (file) open(file);
    });
    runButton.addEventListener('click', () => runAll());
    await runAll();
  } catch (e) {
    message.textContent = `The page could not start: ${errorText(e)}`;
    setState('error');
  }
}
