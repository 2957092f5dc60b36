// A chapter's step-through diagram. The step's kernel is run on a tiny picture by
// the project's simulator (src/sim.rs, in the page's wasm), and its trace is played
// here one instruction at a time: which invocation reads which pixel, each load,
// add and store, an atomic's bin held while others wait, the barrier, each reduce
// step. The WGSL line each invocation is on is lit. Its final bins are set beside
// the real kernel's count of the same picture on this GPU.
//
// Keyboard, with focus anywhere in the diagram: Space plays or pauses, the arrow
// keys step one instruction back or on, Home rewinds, End goes to the end. With
// prefers-reduced-motion the diagram does not play by itself and nothing eases.
import { simulate, introPicture, diagramRun } from '../pkg/histogram.js';
import { el } from './site.js';

const NS = 'http://www.w3.org/2000/svg';
// A colour a slot (a workgroup running at once), legible on the dark panel.
const HUES = ['#ff9f6b', '#5fd3e0', '#ffd166', '#c6a0ff'];
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32];
// Instructions a second at 1×.
const RATE = 3;

/** A step's diagram run, its step's (src/gpu/steps/): the picture's chunk (or
 * workgroup) and workgroups at once; undefined where it has none. */
const runOf = (method) => {
  const run = diagramRun(method);
  return run === undefined ? undefined : JSON.parse(run);
};

export const simulated = (method) => runOf(method) !== undefined;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
const text = (x, y, words, attrs = {}) => svg('text', { x, y, class: 'sd-text', ...attrs }, words);
const rgbCss = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
const memKey = (at) => `${at.in}:${at.chunk ?? at.group ?? ''}:${at.bin}`;

/** A bin index (bin x channels + channel) in words. */
function binName(trace, index) {
  const bin = Math.floor(index / trace.channels);
  if (trace.channels === 1) return `bin ${bin}`;
  return `${'RGBL'[index % trace.channels]} bin ${bin}`;
}

function memoryName(trace, at) {
  if (at.in === 'bins') return binName(trace, at.bin);
  if (at.in === 'local') return `its workgroup's ${binName(trace, at.bin)}`;
  return `chunk ${at.chunk}'s ${binName(trace, at.bin)}`;
}

/** The lines of a kernel's entry point, with their numbers in the whole WGSL. */
function entryLines(source) {
  const all = source.split('\n');
  const start = all.findIndex((l) => l.startsWith('@compute'));
  return all.map((line, i) => ({ n: i + 1, line })).slice(Math.max(0, start));
}

/** Everything the diagram shows after the first `count` steps of `trace`. */
function stateAt(run, count) {
  const { trace } = run;
  const entries = trace.num_bins * trace.channels;
  const state = {
    pass: 0,
    bins: new Array(entries).fill(0),
    local: new Map(),
    chunks: Array.from({ length: trace.chunks }, () => new Array(entries).fill(0)),
    folded: new Set(),
    inv: new Map(),
    slots: new Array(trace.slots).fill(null),
    holds: new Map(),
    read: new Set(),
    touched: null,
    lost: 0,
  };
  for (let i = 0; i < count; i++) apply(run, state, trace.steps[i]);
  return state;
}

function apply(run, state, step) {
  const { trace } = run;
  const id = step.invocation;
  const meta = trace.invocations[id];
  state.pass = meta.pass;
  const me = () => {
    if (!state.inv.has(id)) state.inv.set(id, { line: '', status: 'running' });
    return state.inv.get(id);
  };
  const cell = (at) => {
    if (at.in === 'bins') return [state.bins, at.bin];
    if (at.in === 'chunk') return [state.chunks[at.chunk], at.bin];
    if (!state.local.has(at.group)) state.local.set(at.group, new Array(trace.num_bins * trace.channels).fill(0));
    return [state.local.get(at.group), at.bin];
  };
  if (step.line) me().line = step.line;
  switch (step.act) {
    case 'start': {
      state.slots[step.slot] = { pass: meta.pass, group: meta.group_index, at: meta.group };
      for (const member of run.members[id]) state.inv.set(member, { line: '', status: 'running' });
      break;
    }
    case 'pixel': {
      Object.assign(me(), { pixel: [step.x, step.y], rgb: step.rgb, value: undefined, at: undefined });
      state.read.add(`${step.x},${step.y}`);
      break;
    }
    case 'load': case 'peek': Object.assign(me(), { at: step.at, value: step.value }); break;
    case 'store': {
      const [row, i] = cell(step.at);
      row[i] = step.value;
      Object.assign(me(), { at: step.at, value: step.value, lost: step.lost });
      state.lost += Math.max(0, step.lost);
      const pass = trace.passes[meta.pass];
      if (pass.stride && step.at.in === 'chunk') state.folded.add(step.at.chunk + pass.stride);
      break;
    }
    case 'hold': state.holds.set(memKey(step.at), id); Object.assign(me(), { at: step.at, status: 'holding' }); break;
    case 'wait': Object.assign(me(), { at: step.at, status: 'waiting' }); break;
    case 'add': {
      const [row, i] = cell(step.at);
      row[i] = step.value;
      state.holds.delete(memKey(step.at));
      Object.assign(me(), { at: step.at, value: step.value, status: 'running' });
      break;
    }
    case 'barrier': me().status = 'barrier'; break;
    case 'released': for (const member of run.members[id]) state.inv.get(member).status = 'running'; break;
    case 'return': me().status = 'returned'; break;
    case 'done': {
      me().status = state.inv.get(id).status === 'returned' ? 'returned' : 'done';
      const group = run.members[id];
      if (group.every((m) => ['done', 'returned'].includes(state.inv.get(m)?.status))) {
        const slot = state.slots.findIndex((s) => s && s.pass === meta.pass && s.group === meta.group_index);
        if (slot >= 0) state.slots[slot] = null;
      }
      break;
    }
    default: me().status = 'running';
  }
  state.touched = step.at ? memKey(step.at) : null;
}

/** What a line that computes does, in words, by the text that marks it. */
const LINES = [
  ['let position = global_invocation_id.xy;', 'takes its global id as its pixel’s position'],
  ['if (all(position < band.size))', 'checks that its position is inside the picture: it is'],
  ['let position = workgroup_id.xy', 'works out its pixel: its chunk’s corner plus its local id'],
  ['for (var y = 0u', 'goes on to the next row'],
  ['for (var x = 0u', 'goes on to the next pixel of the row'],
  ['for (var ch = 0u', 'goes on to its pixel’s next channel'],
  ['let chunk = workgroup_id.y', 'works out its chunk’s index from its workgroup id'],
  ['for (var i = local_invocation_index; i < numBins * channels; i += chunkSize)', 'takes the next bin it copies: its local index, then every chunk-size-th'],
  ['let bin = global_invocation_id.x;', 'takes its global id as the bin it sums'],
  ['for (; chunk + 8u', 'goes on to the next eight chunks'],
  ['for (; chunk < sum.numChunks', 'goes on to the next chunk'],
  ['total += partial[k];', 'adds up its eight partial sums'],
  ['let chunk0 = pair', 'works out its pair: chunk0 = pair × stride × 2, chunk1 = chunk0 + stride'],
  ['if (chunk1 >= uni.numChunks)', 'checks that its pair has a second chunk: it has'],
  ['for (var i = local_invocation_index; i < numBins * channels; i += 256u)', 'takes the next bin it adds'],
];

/** Who an invocation is, in words. */
function who(run, id) {
  const m = run.trace.invocations[id];
  if (run.trace.method === 'single') return 'The one invocation';
  const pass = run.trace.passes[m.pass];
  if (pass.kernel === 'sum' || pass.kernel === 'reduce') return `Workgroup ${m.group[0]}, invocation ${m.local[0]}`;
  return `Workgroup (${m.group[0]}, ${m.group[1]}), local (${m.local[0]}, ${m.local[1]})`;
}

/** What step `i` did, in a sentence. */
function narrate(run, state, i) {
  const { trace } = run;
  const step = trace.steps[i];
  if (!step) return 'Press play, or step through it one instruction at a time.';
  const name = who(run, step.invocation);
  const at = step.at && memoryName(trace, step.at);
  const m = trace.invocations[step.invocation];
  const pass = trace.passes[m.pass];
  switch (step.act) {
    case 'start': {
      const size = run.members[step.invocation].length;
      return `Workgroup (${m.group[0]}, ${m.group[1]}) of the ${pass.kernel} pass starts: ${size === 1 ? 'its invocation begins' : `its ${size} invocations begin`}.`;
    }
    case 'pixel': return `${name} reads pixel (${step.x}, ${step.y}), colour ${step.rgb.join(', ')}.`;
    case 'load': return `${name} loads ${at}: ${step.value}.`;
    case 'peek': return `${name} reads ${at} with atomicLoad: ${step.value}.`;
    case 'store': return `${name} stores ${step.value} to ${at}` + (step.lost > 0
      ? `; another invocation had stored ${step.value - 1 + step.lost} there since this one loaded ${step.value - 1}: ${step.lost} count${step.lost === 1 ? '' : 's'} lost.`
      : step.lost < 0 ? `, over ${step.value - 1 + step.lost}: a count lost earlier comes back.` : '.');
    case 'hold': return `${name} starts atomicAdd on ${at}: the bin is held, and any other that wants it waits.`;
    case 'wait': return `${name} waits: ${at} is held by another invocation's atomicAdd.`;
    case 'add': return `${name} adds 1: ${at} is ${step.value}, and is let go.`;
    case 'barrier': return `${name} reaches workgroupBarrier() and waits for the rest of its workgroup.`;
    case 'released': return `The last invocation of workgroup (${m.group[0]}, ${m.group[1]}) reaches the barrier: all of them go on.`;
    case 'return': return pass.kernel === 'reduce' ? `${name}: chunk ${m.group[0] * pass.stride * 2} has no partner at stride ${pass.stride} this step: it returns, and is added in a later step.`
      : `${name} is outside the picture: it returns.`;
    case 'done': return `${name} is done.`;
    default: {
      const does = LINES.find(([marks]) => step.line.includes(marks) || marks.includes(step.line))?.[1] ?? 'runs it';
      return `${name}, line ${run.lineNumber(m.pass, step.line)}: ${does}.`;
    }
  }
}

/** The figure and its player. `check(outcome)`: the real kernel's bins, to set beside. */
export function stepDiagram(method, channels) {
  const config = runOf(method);
  const picture = introPicture();
  const rgba = picture.rgba();
  let seed = 1;
  let slots = config.slots;
  const run = {
    trace: null,
    sources: {},
    members: [],
    lineNumber: () => 0,
    rgb: (x, y) => Array.from(rgba.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3)),
  };
  const load = () => {
    const { trace, sources } = JSON.parse(simulate(picture, method, channels, config.chunk, slots, seed));
    run.trace = trace;
    run.sources = sources;
    // Each invocation's workgroup, as the list of its members' ids.
    const groups = new Map();
    trace.invocations.forEach((m, id) => {
      const key = `${m.pass}:${m.group_index}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(id);
      run.members[id] = groups.get(key);
    });
    run.lines = trace.passes.map((p) => entryLines(sources[p.kernel]));
    run.lineNumber = (pass, line) => run.lines[pass].find((l) => l.line.includes(line))?.n ?? 0;
  };
  load();

  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let at = 0;
  let playing = false;
  let speed = 1;
  let last = 0;
  let owed = 0;

  const stage = svg('svg', { class: 'sd-stage', role: 'img' });
  const code = el('pre', { class: 'sd-code', tabIndex: 0, role: 'region', 'aria-label': 'The kernel, each invocation’s line marked' });
  const codeTitle = el('p', { class: 'sd-code-title' });
  const narration = el('p', { class: 'sd-now', 'aria-live': 'polite' });
  const passLine = el('p', { class: 'sd-pass' });
  const result = el('p', { class: 'sd-result' });
  const losses = el('p', { class: 'sd-losses' });
  const rewind = el('button', { type: 'button', 'aria-label': 'Rewind to the start' }, '|◀');
  const back = el('button', { type: 'button', 'aria-label': 'One instruction back' }, '◀');
  const play = el('button', { type: 'button', class: 'sd-play' }, 'Play');
  const forward = el('button', { type: 'button', 'aria-label': 'One instruction on' }, '▶');
  const end = el('button', { type: 'button', 'aria-label': 'Go to the end' }, '▶|');
  const speedSelect = el('select', { 'aria-label': 'Speed' },
    ...SPEEDS.map((s) => el('option', { value: s, selected: s === 1 }, s < 1 ? `${s === 0.25 ? '¼' : '½'}×` : `${s}×`)));
  const scrub = el('input', { type: 'range', min: 0, value: 0, step: 1, class: 'sd-scrub', 'aria-label': 'Instruction' });
  const controls = el('div', { class: 'controls sd-controls', role: 'group', 'aria-label': 'Diagram controls' },
    rewind, back, play, forward, end, el('label', { class: 'option' }, 'Speed', speedSelect), scrub);
  const slotsSelect = el('select', { class: 'sd-slots', 'aria-label': 'Workgroups at once' },
    ...[1, 2, 4].map((n) => el('option', { value: n, selected: n === slots }, String(n))));
  if (config.slots > 1) controls.append(el('label', { class: 'option' }, 'At once', slotsSelect));
  const seedInput = el('input', { type: 'number', min: 1, max: 99999, value: seed, class: 'sd-seed', 'aria-label': 'Seed of the interleaving' });
  const again = el('button', { type: 'button' }, 'Another interleaving');
  if (method === 'race') {
    controls.append(el('label', { class: 'option' }, 'Seed', seedInput), again);
  }
  const figure = el('figure', { class: 'step-diagram', tabindex: -1 },
    el('div', { class: 'sd-body' }, stage, el('div', { class: 'sd-side' }, codeTitle, code)),
    passLine, narration, controls, result, losses);

  let gpuBins = null;
  const bins = (list) => {
    const { trace } = run;
    if (trace.channels === 1) return list.join(', ');
    return ['R', 'G', 'B', 'L'].map((c, ch) => `${c} ${list.filter((_, i) => i % 4 === ch).join(' ')}`).join(' · ');
  };
  const showResult = () => {
    const { trace } = run;
    const sim = `Simulated, ${trace.width}×${trace.height} picture, ${trace.num_bins} bins: ${bins(trace.bins)}.`;
    if (!gpuBins) {
      result.textContent = sim;
      return;
    }
    const same = gpuBins.every((v, i) => v === trace.bins[i]);
    const kernel = `The ${method} kernel on this GPU, same picture, bins and ${method === 'race' || method === 'atomic' || method === 'single' ? 'workgroups' : 'chunks'}: ${bins(gpuBins)}`;
    result.replaceChildren(sim, ' ', kernel, ' ',
      method === 'race'
        ? el('span', {}, same ? '(the same: this time its interleaving lost what the simulated one did, or neither lost any).' : '(its own interleaving: the GPU loses what its timing loses).')
        : el('span', { class: same ? 'ok' : 'wrong' }, same ? '✓ equal' : '✗ they differ'));
    result.dataset.equal = String(same);
  };
  const showLosses = () => {
    const { trace } = run;
    if (method !== 'race') {
      losses.hidden = true;
      return;
    }
    losses.hidden = false;
    const total = trace.lost.reduce((a, b) => a + b, 0);
    const stores = trace.steps.filter((s) => s.act === 'store' && s.lost > 0);
    losses.textContent = total === 0
      ? `With seed ${trace.seed}${trace.slots === 1 ? ' and one workgroup at a time' : ''} no two invocations overlapped on a bin: nothing was lost. ` +
        (trace.slots === 1 ? 'One at a time, they never can.' : 'Try another interleaving.')
      : `With seed ${trace.seed} this interleaving lost ${total} count${total === 1 ? '' : 's'} of ${trace.width * trace.height}: ` +
        stores.map((s) => `${who(run, s.invocation).toLowerCase()} loaded ${s.value - 1} from ${binName(trace, s.at.bin)} and stored ${s.value}, ` +
          `where another had already stored ${s.value - 1 + s.lost} (${s.lost} lost)`).join('; ') + '.';
  };

  const render = () => {
    const { trace } = run;
    const state = stateAt(run, at);
    const compact = figure.clientWidth > 0 && figure.clientWidth < 560;
    drawStage(stage, run, state, compact);
    const pass = trace.passes[state.pass];
    const here = new Map();
    for (const [id, inv] of state.inv) {
      if (!inv.line || ['done', 'returned'].includes(inv.status) || trace.invocations[id].pass !== state.pass) continue;
      const n = run.lineNumber(state.pass, inv.line);
      if (!here.has(n)) here.set(n, []);
      here.get(n).push(id);
    }
    codeTitle.textContent = `${pass.kernel}.wgsl, its entry point`;
    code.replaceChildren(...run.lines[state.pass].map(({ n, line }) => {
      const marks = (here.get(n) ?? []).map((id) => {
        const slot = state.slots.findIndex((s) => s && s.pass === state.pass && s.group === trace.invocations[id].group_index);
        return el('span', { class: 'sd-mark', style: `background: ${HUES[slot] ?? '#fff'}`, title: who(run, id) });
      });
      // The marks first, in a gutter: a long line scrolls, its marks stay in view.
      return el('span', { class: `sd-line${marks.length ? ' lit' : ''}` }, el('span', { class: 'sd-gutter' }, ...marks), el('span', { class: 'sd-n' }, String(n).padStart(3)), ' ', line, '\n');
    }));
    const lanes = pass.group_size - pass.idle;
    passLine.textContent = `Pass ${state.pass + 1} of ${trace.passes.length}: ${pass.kernel}${pass.stride ? `, stride ${pass.stride}` : ''}, ` +
      `${pass.groups[0] * pass.groups[1]} workgroup${pass.groups[0] * pass.groups[1] === 1 ? '' : 's'} of ${pass.group_size} invocation${pass.group_size === 1 ? '' : 's'}` +
      (pass.idle ? `; ${pass.idle} of each ${pass.group_size} have no bin and return at once, so ${lanes} are drawn` : '') + '.';
    narration.textContent = `Instruction ${at} of ${trace.steps.length}. ${narrate(run, state, at - 1)}`;
    stage.setAttribute('aria-label', `The ${method} kernel on a ${trace.width}×${trace.height} picture, after instruction ${at} of ${trace.steps.length}: bins ${bins(state.bins)}.`);
    scrub.max = trace.steps.length;
    scrub.value = at;
    scrub.setAttribute('aria-valuetext', `instruction ${at} of ${trace.steps.length}`);
    play.textContent = playing ? 'Pause' : at >= trace.steps.length ? 'Play again' : 'Play';
    play.setAttribute('aria-pressed', String(playing));
    figure.dataset.step = String(at);
  };

  const go = (to) => {
    at = Math.max(0, Math.min(run.trace.steps.length, to));
    if (at >= run.trace.steps.length) playing = false;
    render();
  };
  const tick = (now) => {
    if (!playing) return;
    owed += ((now - last) / 1000) * RATE * speed;
    last = now;
    const steps = Math.floor(owed);
    if (steps > 0) {
      owed -= steps;
      go(at + steps);
    }
    if (playing) requestAnimationFrame(tick);
  };
  const setPlaying = (on) => {
    if (on && at >= run.trace.steps.length) at = 0;
    playing = on;
    owed = 0;
    last = performance.now();
    render();
    if (on) requestAnimationFrame(tick);
  };
  play.addEventListener('click', () => setPlaying(!playing));
  rewind.addEventListener('click', () => { playing = false; go(0); });
  back.addEventListener('click', () => { playing = false; go(at - 1); });
  forward.addEventListener('click', () => { playing = false; go(at + 1); });
  end.addEventListener('click', () => { playing = false; go(run.trace.steps.length); });
  speedSelect.addEventListener('change', () => { speed = Number(speedSelect.value); });
  scrub.addEventListener('input', () => { playing = false; go(Number(scrub.value)); });
  const reseed = (next) => {
    seed = Math.max(1, Math.min(99999, Math.round(next) || 1));
    seedInput.value = seed;
    load();
    playing = false;
    at = 0;
    showResult();
    showLosses();
    render();
    figure.dispatchEvent(new CustomEvent('reseeded'));
  };
  seedInput.addEventListener('change', () => reseed(Number(seedInput.value)));
  slotsSelect.addEventListener('change', () => {
    slots = Number(slotsSelect.value);
    reseed(seed);
  });
  again.addEventListener('click', () => reseed(seed + 1));
  figure.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select')) return;
    const keys = { ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0), End: () => go(run.trace.steps.length) };
    if (e.key === ' ' && !e.target.closest('button')) {
      e.preventDefault();
      setPlaying(!playing);
    } else if (keys[e.key]) {
      e.preventDefault();
      playing = false;
      keys[e.key]();
    }
  });
  new ResizeObserver(() => render()).observe(figure);
  // Plays once it is seen, unless motion is to be reduced.
  if (!reduced) {
    new IntersectionObserver((seen, observer) => {
      if (seen.some((s) => s.isIntersecting) && !playing && at === 0) {
        observer.disconnect();
        setPlaying(true);
      }
    }, { threshold: 0.4 }).observe(figure);
  }
  showResult();
  showLosses();
  render();

  return {
    figure,
    picture,
    chunk: config.chunk,
    /** The real kernel's bins of the same picture (3 a channel), to set beside. */
    check(counted) {
      gpuBins = counted;
      showResult();
    },
    /** For tests: the trace played, where it is, the bins set beside. */
    get trace() { return run.trace; },
    get at() { return at; },
    get playing() { return playing; },
    get gpuBins() { return gpuBins; },
    /** The bins shown after the first `count` instructions. */
    binsAt: (count) => stateAt(run, count).bins,
  };
}

/** The stage: the workgroups running, the picture, the memories. */
function drawStage(stage, run, state, compact) {
  const { trace } = run;
  const W = compact ? 360 : 640;
  const entries = trace.num_bins * trace.channels;
  const perRow = compact ? Math.min(2, trace.slots) : trace.slots;
  const gap = 8;
  const boxW = (W - (perRow - 1) * gap) / perRow;
  const pass = trace.passes[state.pass];
  const usesLocal = pass.kernel === 'chunks';
  const boxH = 86 + (usesLocal ? 46 : 0);
  const rows = Math.ceil(trace.slots / perRow);
  const nodes = [];
  state.slots.forEach((slot, s) => {
    const x = (s % perRow) * (boxW + gap);
    const y = Math.floor(s / perRow) * (boxH + gap);
    nodes.push(svg('rect', { x, y, width: boxW, height: boxH, rx: 6, class: 'sd-box', stroke: HUES[s] }));
    if (!slot || slot.pass !== state.pass) {
      nodes.push(text(x + 8, y + 20, 'no workgroup', { class: 'sd-text sd-dim' }));
      return;
    }
    const title = trace.method === 'single' ? 'the one workgroup' : pass.kernel === 'sum' || pass.kernel === 'reduce'
      ? `workgroup ${slot.at[0]}` : `workgroup (${slot.at[0]}, ${slot.at[1]})`;
    nodes.push(text(x + 8, y + 18, title, { fill: HUES[s], class: 'sd-text sd-title' }));
    const members = run.members[trace.invocations.findIndex((m) => m.pass === slot.pass && m.group_index === slot.group)];
    const colW = (boxW - 12) / Math.max(1, members.length);
    members.forEach((id, k) => {
      const inv = state.inv.get(id) ?? {};
      const cx = x + 6 + k * colW;
      const m = trace.invocations[id];
      const faded = ['done', 'returned'].includes(inv.status);
      const g = svg('g', { opacity: faded ? 0.4 : 1 });
      g.append(text(cx + 2, y + 36, `lid ${m.local[0]}${m.local[1] ? `,${m.local[1]}` : ''}`, { class: 'sd-text sd-small sd-dim' }));
      if (inv.rgb) g.append(svg('rect', { x: cx + 2, y: y + 42, width: 16, height: 16, rx: 3, fill: rgbCss(inv.rgb), stroke: '#fff', 'stroke-width': 0.8 }));
      if (inv.at) g.append(text(cx + (inv.rgb && colW >= 70 ? 22 : 2), y + (inv.rgb && colW >= 70 ? 55 : 72), shortMemory(trace, inv.at), { class: 'sd-text sd-small' }));
      if (inv.value !== undefined) g.append(text(cx + (colW >= 70 ? 2 : 22), y + (colW >= 70 ? 76 : 55), `=${inv.value}`, { class: 'sd-text' }));
      const badge = { waiting: ['waits', '#ff6b6b'], barrier: ['barrier', '#ffd166'], holding: ['holds', '#ff9f6b'], returned: ['returns', '#a3a8b3'], done: ['done', '#a3a8b3'] }[inv.status];
      if (badge && colW >= 50) g.append(svg('rect', { x: cx + colW - 50, y: y + 66, width: 46, height: 16, rx: 8, fill: badge[1] }), text(cx + colW - 45, y + 78, badge[0], { class: 'sd-text sd-badge' }));
      nodes.push(g);
    });
    if (usesLocal) {
      const local = state.local.get(slot.group) ?? new Array(entries).fill(0);
      const key = (i) => memKey({ in: 'local', group: slot.group, bin: i });
      nodes.push(text(x + 8, y + 98, 'its bins, in workgroup memory', { class: 'sd-text sd-small sd-dim' }));
      const w = Math.min(30, (boxW - 16) / entries);
      nodes.push(...cells(local, x + 8, y + 104, w, 20, (i) => state.holds.has(key(i)), state.touched, key));
    }
  });
  const top = rows * (boxH + gap) + 14;
  // The picture: every pixel, those being read outlined, those read dimmed.
  const cell = compact ? 18 : 22;
  nodes.push(text(0, top + 12, `picture, ${trace.width}×${trace.height}`, { class: 'sd-text sd-small sd-dim' }));
  for (let y = 0; y < trace.height; y++) {
    for (let x = 0; x < trace.width; x++) {
      const reading = [...state.inv.values()].some((inv) => inv.pixel && inv.pixel[0] === x && inv.pixel[1] === y && !['done', 'returned'].includes(inv.status));
      nodes.push(svg('rect', {
        x: x * (cell + 2), y: top + 20 + y * (cell + 2), width: cell, height: cell, rx: 3,
        fill: rgbCss(run.rgb(x, y)), class: reading ? 'sd-reading' : state.read.has(`${x},${y}`) ? 'sd-read' : '',
      }));
    }
  }
  const pictureH = 20 + trace.height * (cell + 2);
  // The storage bins, as bars up to the exact count's tallest.
  const binsX = trace.width * (cell + 2) + 18;
  const barsW = compact ? W - binsX : Math.min(220, W - binsX);
  const barW = Math.min(52, barsW / entries);
  const exact = trace.bins.map((b, i) => b + trace.lost[i]);
  const tallest = Math.max(1, ...exact);
  const barH = compact ? 90 : 120;
  nodes.push(text(binsX, top + 12, 'bins (storage)', { class: 'sd-text sd-small sd-dim' }));
  state.bins.forEach((v, i) => {
    const key = memKey({ in: 'bins', bin: i });
    const x = binsX + i * barW;
    const h = (barH * v) / tallest;
    nodes.push(svg('rect', { x, y: top + 20, width: barW - 4, height: barH, rx: 2, class: `sd-cell${state.touched === key ? ' sd-touched' : ''}${state.holds.has(key) ? ' sd-held' : ''}` }));
    nodes.push(svg('rect', { x: x + 2, y: top + 20 + barH - h, width: barW - 8, height: h, class: 'sd-bar', fill: trace.channels === 4 ? ['#ff7b7b', '#7bdc7b', '#7bb4ff', '#e8e9ec'][i % 4] : '#e8e9ec' }));
    nodes.push(text(x + 2, top + 36 + barH, String(v), { class: 'sd-text' }));
    if (barW >= 26) nodes.push(text(x + 2, top + 50 + barH, trace.channels === 1 ? `bin ${i}` : `${'RGBL'[i % 4]}${Math.floor(i / 4)}`, { class: 'sd-text sd-small sd-dim' }));
  });
  let bottom = top + Math.max(pictureH, 56 + barH);
  if (trace.chunks) {
    const wideEnough = !compact && binsX + barsW + 30 + trace.chunks * 17 <= W;
    const cx = wideEnough ? binsX + entries * barW + 26 : 0;
    const cy = wideEnough ? top : bottom + 10;
    const cw = Math.min(24, (W - cx) / trace.chunks);
    const ch = Math.min(20, 130 / entries);
    nodes.push(text(cx, cy + 12, `${trace.chunks} chunks (storage), a column each`, { class: 'sd-text sd-small sd-dim' }));
    state.chunks.forEach((row, c) => {
      row.forEach((v, i) => {
        const key = memKey({ in: 'chunk', chunk: c, bin: i });
        const faded = state.folded.has(c) ? 0.3 : 1;
        nodes.push(svg('rect', { x: cx + c * cw, y: cy + 20 + i * ch, width: cw - 2, height: ch - 2, class: `sd-cell${state.touched === key ? ' sd-touched' : ''}`, opacity: faded }));
        if (cw >= 14 && ch >= 12) nodes.push(text(cx + c * cw + 3, cy + 20 + i * ch + ch - 6, String(v), { class: 'sd-text sd-tiny', opacity: faded }));
      });
      if (cw >= 16 || c % 2 === 0) nodes.push(text(cx + c * cw + 2, cy + 32 + entries * ch, String(c), { class: 'sd-text sd-tiny sd-dim' }));
    });
    bottom = Math.max(bottom, cy + 40 + entries * ch);
  }
  stage.setAttribute('viewBox', `0 0 ${W} ${bottom + 4}`);
  stage.replaceChildren(...nodes);
}

/** A row of memory cells with their values; one held by an atomic framed. */
function cells(values, x, y, w, h, held, touched, keyOf) {
  const out = [];
  values.forEach((v, i) => {
    out.push(svg('rect', { x: x + i * w, y, width: w - 2, height: h, rx: 2, class: `sd-cell${touched === keyOf(i) ? ' sd-touched' : ''}${held(i) ? ' sd-held' : ''}` }));
    out.push(text(x + i * w + 4, y + h - 6, String(v), { class: 'sd-text sd-small' }));
  });
  return out;
}

/** Where a value lives, in a few letters: b1 (a bin), c3·b1 (a chunk's bin). */
function shortMemory(trace, at) {
  const bin = trace.channels === 1 ? `b${at.bin}` : `${'RGBL'[at.bin % 4]}${Math.floor(at.bin / 4)}`;
  return at.in === 'chunk' ? `c${at.chunk}·${bin}` : bin;
}
