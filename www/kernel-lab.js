// The kernel lab under a chapter's kernel: its WGSL in an editor, run on the page's
// picture with the step's own bindings and dispatches, checked bin for bin against
// the CPU and timed beside the step's own kernels (src/gpu/lab.rs does the work,
// through GpuContext.tryKernels). An edit travels as a link: the text, compressed,
// in the address's fragment, which never leaves the page.
import { el, errorText, formatMs, untimedWhy } from './site.js';
import { lostWithin } from './page.js';
import { number, t, tMarked } from './l10n.js';

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

/** A count as the page's language writes it. */
const count = (n) => number(n);
/** The channels' names, by how many the page counts. */
const channelNames = (channels) => (channels === 4 ? ['red', 'green', 'blue', 'luminance'] : ['luminance'])
  .map((name) => t('lab-channel', { name }));

/**
 * The lab's section. `listing()`: the step's kernels as the page compiles them now;
 * `rebase(text)`: the text with its injected constants the page's settings now;
 * `stepThrough(text)`: plays the text in the page's step-through diagram (throws
 * the simulator's reason where it cannot), or null where the page has none;
 * `attempt(text, runs)`: the report's JSON (GpuContext.tryKernels on the page's
 * picture); `runs()`: how many runs of each to time; `channels()`: the page's channels; `queue(text)`: runs the attempt in the
 * page's turn (its work queue), resolving when done; `lost()`: the device's loss
 * promise now, to tell a loss from a failure; `gpu()`: the page's GpuContext; `stop()`: asks the run to give up
 * between two of its dispatches.
 */
export function kernelLab({ listing, rebase, attempt, runs, channels, queue, lost, gpu, stop, stepThrough = null }) {
  const holder = el('div', { class: 'lab-editor' });
  const runButton = el('button', { type: 'button', class: 'lab-run', disabled: true }, t('lab-run'));
  const resetButton = el('button', { type: 'button', class: 'lab-reset', disabled: true }, t('lab-reset'));
  const linkButton = el('button', { type: 'button', class: 'lab-share', disabled: true }, t('lab-copy-link'));
  const stepButton = el('button', { type: 'button', class: 'lab-step', disabled: true, hidden: !stepThrough }, t('lab-step-through'));
  const stopButton = el('button', { type: 'button', class: 'lab-stop', hidden: true }, t('lab-stop'));
  const link = el('input', { type: 'text', readonly: true, class: 'lab-link', 'aria-label': t('lab-link-label'), hidden: true });
  const status = el('p', { role: 'status', class: 'lab-status' }, t('lab-loading'));
  const messages = el('ul', { class: 'lab-messages' });
  const results = el('div', { class: 'lab-results' });
  const details = el('details', { class: 'lab', id: 'lab' },
    el('summary', {}, t('lab-summary')),
    el('p', {}, t('lab-about-run'), t('lab-about-guard'), t('lab-about-stop')),
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
        label: t('lab-editor-label'),
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
      status.textContent = opening ?? t(pending !== null ? 'lab-from-link' : 'lab-ready');
    } catch (e) {
      status.textContent = t('lab-editor-failed', { why: errorText(e) });
    }
  };
  details.addEventListener('toggle', () => { if (details.open) load(); });

  const showMessages = (list) => {
    editor.mark(list.map((m) => ({ ...m, severity: m.severity === 'info' ? 'info' : m.severity })));
    messages.replaceChildren(...list.map((m) => {
      // The place is a button, to it in the editor.
      const go = (place) => el('button', { type: 'button', class: 'link', onclick: () => editor.focusLine(m.line) }, place);
      return el('li', { class: m.severity }, ...tMarked('lab-message', {
        kernel: m.kernel, line: String(m.line), column: String(m.column), severity: m.severity, message: m.message,
      }, 'button', go));
    }));
  };

  const timesTable = (report) => {
    const ms = (time) => (time == null ? '—' : formatMs(time));
    const rows = report.original.passes.map(([name, time], i) => el('tr', {},
      el('th', { scope: 'row' }, name), el('td', {}, ms(time)), el('td', {}, ms(report.edited.passes[i]?.[1]))));
    const timed = report.original.gpu_ms != null;
    rows.push(el('tr', {}, el('th', { scope: 'row' }, t(timed ? 'lab-all-passes' : 'lab-whole-run')),
      el('td', {}, ms(timed ? report.original.gpu_ms : report.original.wall_ms)),
      el('td', {}, ms(timed ? report.edited.gpu_ms : report.edited.wall_ms))));
    return el('div', { class: 'table-wrap' }, el('table', { class: 'lab-times' },
      el('caption', {}, t('lab-times-caption', { runs: String(report.runs), count: report.runs, clock: timed ? 'gpu' : 'wall', why: untimedWhy(gpu()) })),
      el('thead', {}, el('tr', {}, ...['lab-pass', 'lab-theirs', 'lab-yours'].map((id) => el('th', { scope: 'col' }, t(id))))),
      el('tbody', {}, ...rows)));
  };

  /** The bins that differ, drawn: a row a channel, each wrong bin as tall as its error; the largest in a table. */
  const wrongFigure = (report) => {
    const names = channelNames(channels());
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
      return t('lab-wrong-in-channel', { channel: name, wrong: String(n), count: n });
    });
    canvas.setAttribute('aria-label', t('lab-wrong-label', { channels: per.join('; ') }));
    const worst = [...report.wrong].sort((a, b) => Math.abs(b.counted - b.expected) - Math.abs(a.counted - a.expected)).slice(0, 12);
    // The channel's column where there is more than one; scrolled sideways by the keyboard too.
    const many = names.length > 1;
    const table = el('div', { class: 'table-wrap', tabindex: 0 }, el('table', { class: 'lab-wrong-bins' },
      el('caption', {}, t('lab-wrong-caption', {
        part: worst.length === report.wrong.length ? 'all' : 'largest', shown: String(worst.length), total: String(report.wrong.length),
        many: many ? 'yes' : 'no', channel: names[0],
      })),
      el('thead', {}, el('tr', {}, ...[...(many ? ['lab-channel-column'] : []), 'lab-bin', 'lab-yours', 'lab-cpus', 'lab-difference']
        .map((id) => el('th', { scope: 'col' }, t(id))))),
      el('tbody', {}, ...worst.map((w) => el('tr', { 'data-bin': `${w.channel}:${w.bin}` },
        ...(many ? [el('td', {}, names[w.channel] ?? String(w.channel))] : []), el('td', {}, String(w.bin)),
        el('td', {}, count(w.counted)), el('td', {}, count(w.expected)),
        el('td', {}, `${w.counted > w.expected ? '+' : '−'}${count(Math.abs(w.counted - w.expected))}`))))));
    return [el('figure', {}, canvas,
      el('figcaption', {}, t('lab-wrong-figure', { channels: names.join(', '), largest: count(largest) }))), table];
  };

  // `late`: Stop was pressed; where the count had come (its first run whole), the
  // count stands and only its timing was cut short.
  const show = (next, late) => {
    report = next;
    showMessages(report.messages);
    const parts = [];
    let verdict;
    if (report.refused) {
      verdict = t('lab-refused', { why: report.refused });
    } else if (report.messages.some((m) => m.severity === 'error')) {
      const first = report.messages.find((m) => m.severity === 'error');
      verdict = t('lab-does-not-compile', { kernel: first.kernel, line: String(first.line), message: first.message });
    } else if (report.halted) {
      const [why, ms] = report.halted;
      verdict = why === 'pressed'
        ? t('lab-halted-pressed', { after: formatMs(ms) })
        : t('lab-halted-budget', { budget: formatMs(report.budget_ms), after: formatMs(ms) });
    } else if (report.stopped) {
      const bounds = report.bounds.map(([k, n]) => `${k}: ${count(n)}`).join(', ');
      verdict = t('lab-guard-stopped', { bounds });
    } else if (report.exact) {
      verdict = t('lab-exact', { pixels: count(report.expected / channels()) });
    } else {
      const wrong = { wrong: String(report.wrong.length), count: report.wrong.length };
      verdict = report.counted === report.expected
        ? t('lab-not-exact-placed', { ...wrong, counted: count(report.counted) })
        : t('lab-not-exact-counted', { ...wrong, counted: count(report.counted), expected: count(report.expected) });
      parts.push(...wrongFigure(report));
    }
    if (report.runs) parts.push(timesTable(report));
    if (late && report.first_ms && !report.stopped) {
      verdict = t('lab-stopped-late', { verdict, timed: report.runs ? 'yes' : 'no' });
    } else if (!report.runs && !report.halted && !report.stopped && report.first_ms) {
      verdict = t('lab-not-timed', { verdict, first: formatMs(report.first_ms), budget: formatMs(report.budget_ms) });
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
    status.textContent = t('lab-running');
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
        status.textContent = t('lab-stopped-before');
        return;
      }
      // A failing report made while the device went is about the device (Firefox
      // compiles on a destroyed one to "Parent device is lost" before it reports
      // the loss), not the text: such a report waits a second for the loss.
      const report = JSON.parse(json);
      if (!report.exact && loss && (await lostWithin(loss))) throw new Error('the GPU device was lost');
      show(report, stopping);
    } catch (e) {
      if (loss && (await lostWithin(loss))) {
        status.textContent = t('lab-lost');
        return;
      }
      status.textContent = t('lab-could-not-run', { why: errorText(e) });
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
    status.textContent = t('lab-stopping');
    stop();
  });
  stepButton.addEventListener('click', () => {
    try {
      stepThrough(editor.text());
      status.textContent = t('lab-stepping');
    } catch (e) {
      status.textContent = t('lab-cannot-step', { why: errorText(e) });
    }
  });
  resetButton.addEventListener('click', () => {
    setText(listing());
    showMessages([]);
    results.replaceChildren();
    status.textContent = t('lab-back');
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
      status.textContent = t('lab-link-copied');
    } catch {
      status.textContent = t('lab-link-below');
    }
  });

  /** Opens the lab with a link's text, if the address holds one. */
  const fromLink = async () => {
    if (!location.hash.startsWith(LINK)) return;
    const text = await unpack(location.hash.slice(LINK.length));
    if (text === null) {
      opening = t('lab-link-unread');
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
      status.textContent = t('lab-rebased');
    },
    /** The editor's text, once it is loaded; `set` replaces it, as typing would. */
    text: () => editor?.text(),
    /** The last run's report (src/gpu/lab.rs, Report). */
    get report() { return report; },
    set: (text) => { editor.set(text); edited = true; },
  };
}
