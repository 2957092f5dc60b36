// The article's part-1 timing table, filled in on this machine.
import { Picture, cpuHistogramSimple } from '../pkg/histogram.js';
import { adapterDescription, el, setState, errorText, nextPaint, untimedWhy } from './site.js';
import { stepFacts } from './core.js';
import { readPicture } from './input.js';
import { articleTimings } from './examples.js';
import { lostWithin, startPage } from './page.js';
import { said, t, tNodes } from './l10n.js';

// Columns in the article's order: its "js" is our CPU method, then each step the
// core says is timed here (src/gpu/steps/), "pixel/workgroup" the article's atomicAdd.
let COLUMNS = [];

// Milliseconds as published in the article, a row a machine and channel count.
const ARTICLE = articleTimings.rows.map(({ machine, channels, ms }) => [t('timings-article-row', { channels, machine }), ...ms]);

const params = new URLSearchParams(location.search);
const RUNS = Math.max(1, Number(params.get('runs') ?? 5));
const WARMUP_MS = 300;
// The runs a method is timed over, for the messages that say it.
const runsArgs = { runs: RUNS, runsShown: String(RUNS) };
// The shortest stretch one CPU time is measured over (see timeMethod).
const MIN_CPU_MS = 20;
// ?width=&height= change the default image's size (the browser tests use a small
// one); ?kind=natural|uniform|noise times a benchmark image of `histogram bench`
// and CUB's benchmark instead of the sunset.
const KIND = params.get('kind');
const SIZES = params.has('width')
  ? [[Number(params.get('width')), Number(params.get('height'))], [Number(params.get('width')), Number(params.get('height'))]]
  : [[2448, 1505], [2448, 1836]];

// What the table was timed on, said when it is done: a picture (`what`), and
// after it what there is to know of a file read (`after`).
const [firstSize, secondSize] = SIZES.map((size) => size.join('×'));
/** The core's notes on a file read, after what the page says of it. */
const madeNotes = (notes) => (notes ? [' ', notes] : []);
let subject = {
  what: KIND ? t('timings-subject-bench', { kind: KIND, size: firstSize })
    : firstSize === secondSize ? t('timings-subject-sunset', { size: firstSize })
      : t('timings-subject-sunsets', { first: firstSize, second: secondSize }),
  after: '',
};

// A cell of a step this GPU's device cannot run.
const NOT_HERE = t('timings-not-here');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
// Three significant digits: a fast GPU's kernels take a few hundredths of a ms.
const fmt = (ms) => (Number.isNaN(ms) ? t('timings-no-gpu') : ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms >= 1 ? ms.toFixed(2) : ms.toFixed(3));

const main = document.querySelector('main');
const status = el('p', { role: 'status', class: 'muted' }, t('timings-loading'));
const progress = el('progress', { max: 1, value: 0, 'aria-label': t('timings-progress') });
const message = el('p', { role: 'alert', class: 'message' });
const picker = el('input', { type: 'file', accept: 'image/*', id: 'file' });
const runButton = el('button', { type: 'button', disabled: true }, t('timings-run-again'));
const machine = el('p', { class: 'note' });
const deviceNotes = el('p', { class: 'note', hidden: true });
const table = el('table', { class: 'stacks' });
const rows = {};
const how = el('p', { class: 'muted' });
main.append(
  el('div', { class: 'controls' }, el('label', { class: 'file' }, t('timings-choose-image'), picker), runButton, progress),
  status, message, machine, deviceNotes, el('div', { class: 'table-wrap wide' }, table), how);

/** The table: this machine's rows to fill, the article's published ones under them. */
function buildTable() {
  COLUMNS = [{ method: 'cpu', label: t('timings-column-cpu') },
    ...stepFacts().steps.filter((s) => s.timed).map((s) => ({ method: s.name, label: t(`step-label-${s.name}`) }))];
  const head = el('tr', {}, el('th', { scope: 'col' }, t('timings-column-machine')), ...COLUMNS.map((c) => el('th', { scope: 'col' }, c.label)));
  const body = el('tbody');
  for (const channels of [1, 4]) {
    const row = el('tr', { class: 'ours' }, el('th', { scope: 'row' }, t('timings-this-machine', { channels })));
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
      how.textContent += ` ${t('timings-untrusted', { gpu: gpuMs.toFixed(2), wall: wallMs.toFixed(2) })}`;
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
  status.textContent = timing + (wanted ? ` ${t('timings-next-file', { name: wanted.name })}` : '');
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
      timing = t('timings-timing', { method: label, channels, ...runsArgs });
      showStep();
      const td = rows[channels][COLUMNS.findIndex((c) => c.method === method)];
      // A step this device cannot run (subgroups where it has none) is said so.
      td.textContent = method !== 'cpu' && gpu && !gpu.runs(method) ? NOT_HERE
        : fmt(await timeGivenLoss(pictures[channels === 1 ? 0 : 1], method, channels));
    }
    if (!stopped) {
      progress.value = steps.length;
      status.replaceChildren(t('timings-done', { subject: subject.what, ...runsArgs }), ...madeNotes(subject.after));
      setState('done');
    }
  } catch (e) {
    message.textContent = t('timings-failed', { why: errorText(e) });
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
    status.textContent = t('timings-reading', { name: file.name });
    await nextPaint();
    const { picture } = await readPicture(file, { pixels: true, status: (text) => { status.textContent = text; } });
    new Set(pictures).forEach((p) => p.free());
    pictures = [picture, picture];
    subject = {
      what: t('timings-subject-file', { name: file.name, size: `${picture.width}×${picture.height}`, format: picture.format }),
      after: picture.notes().map(said).join(' '),
    };
    status.replaceChildren(t('timings-subject-read', { subject: subject.what }), ...madeNotes(subject.after));
    return true;
  } catch (e) {
    status.textContent = '';
    message.textContent = t('timings-image-kept', { why: errorText(e) });
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
  gpu: { message: machine, instead: [t('timings-cpu-only')], optional: true },
  device: {
    recovered: (ms, info, said) => {
      deviceNotes.hidden = false;
      deviceNotes.textContent = t('timings-timed-again', { said });
    },
    failed: (e, info, said) => {
      gpu = null;
      deviceNotes.hidden = false;
      deviceNotes.textContent = t('timings-device-failed', { said });
    },
  },
});
if (started) {
  ({ gpu, device } = started);
  try {
    if (gpu) {
      // How long the table takes, said before it starts, in words true of any
      // machine of its kind.
      machine.replaceChildren(...tNodes(gpu.software ? 'timings-machine-software' : 'timings-machine', { adapter: await adapterDescription() }));
      how.textContent = `${t('timings-how', { warmup: String(WARMUP_MS), ...runsArgs })} ` +
        t(gpu.timestamps ? 'timings-how-timestamps' : 'timings-how-wall', { least: String(MIN_CPU_MS), why: untimedWhy(gpu) });
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
    message.textContent = t('page-could-not-start', { why: errorText(e) });
    setState('error');
  }
}
