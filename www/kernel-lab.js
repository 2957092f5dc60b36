// The kernel lab under a chapter's kernel: its WGSL in an editor, run on the page's
// picture with the step's own bindings and dispatches, checked bin for bin against
// the CPU and timed beside the step's own kernels (src/gpu/lab.rs does the work,
// through GpuContext.tryKernels). An edit travels as a link: the text, compressed,
// in the address's fragment, which never leaves the page.
import { el, errorText, formatMs } from './site.js';
import { lostWithin } from './page.js';

const LINK = '#lab=';

// The most text a link may bring: every step's listing is under 20 KB, and a link
// that inflates past this (a hostile one) is refused before it fills the memory.
const MAX_LINK_TEXT = 1 << 20;

/** `bytes` through a (de)compression stream, read to its end (rejects on bad input or past `most` bytes). */
async function through(transform, bytes, most = Infinity) {
  const writer = transform.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = transform.readable.getReader();
  const parts = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > most) {
      reader.cancel().catch(() => {});
      throw new Error('too long');
    }
    parts.push(r.value);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

/** Text as a fragment: deflated, base64url. */
async function pack(text) {
  const bytes = await through(new CompressionStream('deflate-raw'), new TextEncoder().encode(text));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** A fragment's text, or null where it is not one of ours. */
async function unpack(fragment) {
  try {
    const binary = atob(fragment.replaceAll('-', '+').replaceAll('_', '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(await through(new DecompressionStream('deflate-raw'), bytes, MAX_LINK_TEXT));
  } catch {
    return null;
  }
}

const count = (n) => n.toLocaleString('en-US');
const LOST = 'The GPU device was lost while your kernel ran; the page is opening a new one. Your text is kept: run it again once the picture is counted.';
const CHANNEL_NAMES = { 1: ['luminance'], 4: ['red', 'green', 'blue', 'luminance'] };

/**
 * The lab's section. `listing()`: the step's kernels as the page compiles them now;
 * `rebase(text)`: the text with its injected constants the page's settings now;
 * `stepThrough(text)`: plays the text in the page's step-through diagram (throws
 * the simulator's reason where it cannot), or null where the page has none;
 * `attempt(text, runs)`: the report's JSON (GpuContext.tryKernels on the page's
 * picture); `runs()`: how many runs of each to time; `channels()`: the page's channels; `queue(text)`: runs the attempt in the
 * page's turn (its work queue), resolving when done; `lost()`: the device's loss
 * promise now, to tell a loss from a failure; `stop()`: asks the run to give up
 * between two of its dispatches.
 */
export function kernelLab({ listing, rebase, attempt, runs, channels, queue, lost, stop, stepThrough = null }) {
  const holder = el('div', { class: 'lab-editor' });
  const runButton = el('button', { type: 'button', class: 'lab-run', disabled: true }, 'Run (Ctrl+Enter)');
  const resetButton = el('button', { type: 'button', class: 'lab-reset', disabled: true }, 'Reset');
  const linkButton = el('button', { type: 'button', class: 'lab-share', disabled: true }, 'Copy a link');
  const stepButton = el('button', { type: 'button', class: 'lab-step', disabled: true, hidden: !stepThrough }, 'Step through it in the diagram');
  const stopButton = el('button', { type: 'button', class: 'lab-stop', hidden: true }, 'Stop');
  const link = el('input', { type: 'text', readonly: true, class: 'lab-link', 'aria-label': 'A link to this kernel', hidden: true });
  const status = el('p', { role: 'status', class: 'lab-status' }, 'Loading the editor…');
  const messages = el('ul', { class: 'lab-messages' });
  const results = el('div', { class: 'lab-results' });
  const details = el('details', { class: 'lab', id: 'lab' },
    el('summary', {}, 'Edit this kernel and run it (the kernel lab)'),
    el('p', {}, 'Change the WGSL and run it. Your browser compiles it; it runs with this step’s own bindings and dispatches on the picture above, and its bins are checked one by one against the CPU’s count. It is timed beside the step’s own kernels, in turn, on this GPU. ',
      'Each loop of both versions carries a guard: a loop that goes round more than 4 times as often as the step’s own longest does on this picture (and more than 64 times) stops, and the lab says so. A loop that never ends cannot hold your GPU. ',
      'Your kernels’ first run goes one dispatch at a time: Stop, or a run 10 times as long as the step’s own (10 seconds at least), ends it between two. A GPU cannot be interrupted inside a dispatch, so one band of the picture may still finish first.'),
    holder,
    el('div', { class: 'controls' }, runButton, stopButton, stepButton, resetButton, linkButton),
    link, status, messages, results);

  let editor = null;
  let edited = false;
  let report = null;
  let pending = null;
  let opening = null;
  const setText = (text) => {
    editor.set(text);
    edited = false;
  };

  const load = async () => {
    if (editor) return;
    try {
      const { wgslEditor } = await import('../pkg/editor.js');
      editor = wgslEditor(holder, pending ?? listing(), {
        label: 'The kernel’s WGSL, editable',
        changed: () => { edited = true; },
      });
      edited = pending !== null;
      holder.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          run();
        }
      });
      for (const b of [runButton, stepButton, resetButton, linkButton]) b.disabled = false;
      status.textContent = opening ?? (pending !== null
        ? 'This kernel came from a link: press Run to compile it and check it.'
        : 'Edit the kernel, then Run.');
    } catch (e) {
      status.textContent = `The editor could not be loaded: ${errorText(e)}`;
    }
  };
  details.addEventListener('toggle', () => { if (details.open) load(); });

  const showMessages = (list) => {
    editor.mark(list.map((m) => ({ ...m, severity: m.severity === 'info' ? 'info' : m.severity })));
    messages.replaceChildren(...list.map((m) => {
      const go = el('button', { type: 'button', class: 'link' }, `${m.kernel}.wgsl, line ${m.line}, column ${m.column}`);
      go.addEventListener('click', () => editor.focusLine(m.line));
      return el('li', { class: m.severity }, go, `: ${m.severity}: ${m.message}`);
    }));
  };

  const timesTable = (report) => {
    const ms = (t) => (t == null ? '—' : formatMs(t));
    const rows = report.original.passes.map(([name, t], i) => el('tr', {},
      el('th', { scope: 'row' }, name), el('td', {}, ms(t)), el('td', {}, ms(report.edited.passes[i]?.[1]))));
    const gpu = report.original.gpu_ms != null;
    rows.push(el('tr', {}, el('th', { scope: 'row' }, gpu ? 'All passes (GPU)' : 'Whole run (wall clock)'),
      el('td', {}, ms(gpu ? report.original.gpu_ms : report.original.wall_ms)),
      el('td', {}, ms(gpu ? report.edited.gpu_ms : report.edited.wall_ms))));
    return el('div', { class: 'table-wrap' }, el('table', { class: 'lab-times' },
      el('caption', {}, `Time, the median of ${report.runs} run${report.runs === 1 ? '' : 's'} of each, in turn`
        + (gpu ? '' : ' (this browser gives no GPU timestamps: the wall clock, with the read-back)')),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Pass'), el('th', { scope: 'col' }, 'This step’s kernels'), el('th', { scope: 'col' }, 'Yours'))),
      el('tbody', {}, ...rows)));
  };

  /** The bins that differ, drawn: a row a channel, each wrong bin as tall as its error; the largest in a table. */
  const wrongFigure = (report) => {
    const names = CHANNEL_NAMES[channels()] ?? ['luminance'];
    const bins = 256;
    const rowHeight = 56;
    const canvas = el('canvas', { class: 'lab-wrong', width: bins * 2, height: rowHeight * names.length, role: 'img' });
    const g = canvas.getContext('2d');
    const largest = Math.max(1, ...report.wrong.map((w) => Math.abs(w.counted - w.expected)));
    names.forEach((_, ch) => {
      const top = ch * rowHeight;
      g.fillStyle = '#262a33';
      g.fillRect(0, top, bins * 2, rowHeight - 4);
    });
    for (const w of report.wrong) {
      // On a logarithmic scale: an error of a few pixels still shows beside one of thousands.
      const h = Math.max(2, Math.round(((rowHeight - 6) * Math.log1p(Math.abs(w.counted - w.expected))) / Math.log1p(largest)));
      g.fillStyle = w.counted > w.expected ? '#ff6b5e' : '#c58cff';
      g.fillRect(w.bin * 2, w.channel * rowHeight + rowHeight - 4 - h, 2, h);
    }
    const per = names.map((name, ch) => {
      const n = report.wrong.filter((w) => w.channel === ch).length;
      return `${name}: ${n} bin${n === 1 ? '' : 's'} wrong`;
    });
    canvas.setAttribute('aria-label', `The bins your kernel counted wrong, by channel: ${per.join('; ')}.`);
    const worst = [...report.wrong].sort((a, b) => Math.abs(b.counted - b.expected) - Math.abs(a.counted - a.expected)).slice(0, 12);
    // The channel's column where there is more than one; scrolled sideways by the keyboard too.
    const many = names.length > 1;
    const table = el('div', { class: 'table-wrap', tabindex: 0 }, el('table', { class: 'lab-wrong-bins' },
      el('caption', {}, `The ${worst.length === report.wrong.length ? '' : `${worst.length} largest of the `}${report.wrong.length} wrong bins${many ? '' : ` (${names[0]})`}`),
      el('thead', {}, el('tr', {}, ...[...(many ? ['Channel'] : []), 'Bin', 'Yours', 'The CPU’s', 'Difference'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...worst.map((w) => el('tr', { 'data-bin': `${w.channel}:${w.bin}` },
        ...(many ? [el('td', {}, names[w.channel] ?? String(w.channel))] : []), el('td', {}, String(w.bin)),
        el('td', {}, count(w.counted)), el('td', {}, count(w.expected)),
        el('td', {}, `${w.counted > w.expected ? '+' : '−'}${count(Math.abs(w.counted - w.expected))}`))))));
    return [el('figure', {}, canvas,
      el('figcaption', {}, `A row a channel (${names.join(', ')}), a column a bin: red where your kernel counted too many, purple too few, as tall as the difference on a logarithmic scale (the largest ${count(largest)}).`)), table];
  };

  const show = (next) => {
    report = next;
    showMessages(report.messages);
    const parts = [];
    let verdict;
    if (report.refused) {
      verdict = `Not run: ${report.refused}.`;
    } else if (report.messages.some((m) => m.severity === 'error')) {
      const first = report.messages.find((m) => m.severity === 'error');
      verdict = `Not run: it does not compile (${first.kernel}.wgsl, line ${first.line}: ${first.message}).`;
    } else if (report.halted) {
      const [why, ms] = report.halted;
      verdict = why === 'pressed'
        ? `Stopped as you asked, after ${formatMs(ms)}. The page and your text are as they were.`
        : `Stopped: your kernels ran past the lab’s budget of ${formatMs(report.budget_ms)} (10 times the step’s own run here, and 10 seconds at least) and were stopped after ${formatMs(ms)}. The page and your text are as they were.`;
    } else if (report.stopped) {
      const bounds = report.bounds.map(([k, n]) => `${k}: ${count(n)}`).join(', ');
      verdict = `Stopped: a loop of your kernels went round more often than the guard allows (${bounds} rounds a loop). A loop that never ends would have held the GPU; the page and your text are as they were.`;
    } else if (report.exact) {
      verdict = `Exact: every bin equals the CPU’s count of the ${count(report.expected / channels())} pixels.`;
    } else {
      const bins = `${report.wrong.length} bin${report.wrong.length === 1 ? '' : 's'} differ${report.wrong.length === 1 ? 's' : ''} from the CPU’s count`;
      verdict = report.counted === report.expected
        ? `Not exact: ${bins}; your kernel counted all ${count(report.counted)}, some in the wrong bins.`
        : `Not exact: ${bins}; your kernel counted ${count(report.counted)} where the CPU counted ${count(report.expected)}.`;
      parts.push(...wrongFigure(report));
    }
    if (report.runs) parts.push(timesTable(report));
    else if (!report.halted && !report.stopped && report.first_ms) {
      verdict += ` Not timed: its run took ${formatMs(report.first_ms)}, and another beside the step’s own would pass the lab’s budget of ${formatMs(report.budget_ms)}.`;
    }
    details.dataset.verdict = report.exact ? 'exact' : 'not';
    status.textContent = verdict;
    results.replaceChildren(...parts);
  };

  let running = false;
  let stopping = false;
  const run = async () => {
    if (!editor || running) return;
    running = true;
    stopping = false;
    const text = editor.text();
    status.textContent = 'Compiling and running…';
    results.replaceChildren();
    delete details.dataset.verdict;
    const loss = lost();
    runButton.disabled = true;
    stopButton.hidden = false;
    stopButton.disabled = false;
    try {
      // Ended by the device's loss too: Firefox leaves a destroyed device's work
      // unanswered, and the page's queue would wait on it for ever.
      const gone = loss ? loss.then(() => { throw new Error('the GPU device was lost'); }) : null;
      gone?.catch(() => {});
      // Stop pressed while the run waited its turn: it never starts.
      const json = await queue(() => (stopping ? Promise.resolve(null) : Promise.race([attempt(text, runs()), ...(gone ? [gone] : [])])));
      if (json === null) {
        status.textContent = 'Stopped before it started. The page and your text are as they were.';
        return;
      }
      // A failing report made while the device went is about the device (Firefox
      // compiles on a destroyed one to "Parent device is lost" before it reports
      // the loss), not the text: such a report waits a second for the loss.
      const report = JSON.parse(json);
      if (!report.exact && loss && (await lostWithin(loss))) throw new Error('the GPU device was lost');
      show(report);
    } catch (e) {
      if (loss && (await lostWithin(loss))) {
        status.textContent = LOST;
        return;
      }
      status.textContent = `It could not run: ${errorText(e)}`;
    } finally {
      running = false;
      runButton.disabled = false;
      if (document.activeElement === stopButton) runButton.focus();
      stopButton.hidden = true;
    }
  };
  runButton.addEventListener('click', run);
  stopButton.addEventListener('click', () => {
    stopping = true;
    stopButton.disabled = true;
    status.textContent = 'Stopping after the dispatch that is running now…';
    stop();
  });
  stepButton.addEventListener('click', () => {
    try {
      stepThrough(editor.text());
      status.textContent = 'Your kernel plays in the step-through diagram above, on its tiny picture with 3 bins; under it, this GPU’s run of the same text, where the GPU can run it.';
    } catch (e) {
      status.textContent = `The diagram cannot play it: ${errorText(e)}`;
    }
  });
  resetButton.addEventListener('click', () => {
    setText(listing());
    showMessages([]);
    results.replaceChildren();
    status.textContent = 'Back to this step’s kernel.';
    if (location.hash.startsWith(LINK)) history.replaceState(null, '', location.pathname + location.search);
  });
  linkButton.addEventListener('click', async () => {
    const url = `${location.origin}${location.pathname}${location.search}${LINK}${await pack(editor.text())}`;
    history.replaceState(null, '', url);
    link.value = url;
    link.hidden = false;
    link.select();
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = 'The link is copied: it holds your text, and nothing leaves this page until you share it.';
    } catch {
      status.textContent = 'The link is below, selected: copy it to share your text.';
    }
  });

  /** Opens the lab with a link's text, if the address holds one. */
  const fromLink = async () => {
    if (!location.hash.startsWith(LINK)) return;
    const text = await unpack(location.hash.slice(LINK.length));
    if (text === null) {
      opening = 'The link’s kernel could not be read (was the address cut short, or is it not a kernel?): this is the step’s own.';
      details.open = true;
      return;
    }
    pending = text;
    details.open = true;
    details.scrollIntoView({ block: 'start' });
  };

  return {
    element: details,
    fromLink,
    /** The page's settings changed: an unedited text follows them, an edited one's
     * injected constants too (the rest as the visitor left it). */
    refresh: () => {
      if (!editor) return;
      if (!edited) {
        setText(listing());
        return;
      }
      const text = editor.text();
      const next = rebase(text);
      if (next === text) return;
      editor.set(next);
      status.textContent = 'The page’s settings changed: the constants injected at the top of each kernel now say so; the rest of your text is as you left it.';
    },
    /** The editor's text, once it is loaded; `set` replaces it, as typing would. */
    text: () => editor?.text(),
    /** The last run's report (src/gpu/lab.rs, Report). */
    get report() { return report; },
    set: (text) => { editor.set(text); edited = true; },
  };
}
