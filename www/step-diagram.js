// A chapter's step-through diagram. The step's kernels, their own WGSL as naga
// parses it, are run on a tiny picture by the project's simulator (src/sim/, in
// a wasm of its own: pkg/diagrams.js), and its trace is played here a step at a
// time: which invocation reads which pixel, each load,
// add and store, an atomic's bin held while others wait, the barrier, each reduce
// step, a subgroup's lanes voting together. The WGSL line each invocation is on is
// lit. Its final bins are set beside the real kernel's count of the same picture
// on this GPU (and the subgroups kernel's adds beside the GPU's, counted).
// Part 2's drawing plays the same way: its scale pass and its draw's fragment
// shader, over the bins of the same picture, colouring a small canvas that is set
// beside this GPU's draw of it.
//
// Keyboard, with focus anywhere in the diagram: Space plays or pauses, the arrow
// keys step one instruction back or on, Home rewinds, End goes to the end. With
// prefers-reduced-motion the diagram does not play by itself and nothing eases.
import { diagramPicture, diagramRun, introPicture } from '../pkg/histogram.js';
import initDiagrams, { simulate, simulateDraw } from '../pkg/diagrams.js';
import { el } from './site.js';
import { t } from './l10n.js';
import { svg, memKey, drawStage, localWords } from './diagram-stage.js';
import { binName, who, narrate, channelName } from './diagram-words.js';
import { drawCode } from './diagram-code.js';

/** The diagram of Part 2's drawing (the scale and draw passes), not a step's. */
export const DRAW = 'gpu-draw';
// The channels its canvas can show, as channelMult says them (diagram-shown-<name>).
const SHOWN = [[[0, 1, 2], 'rgb'], [[3], 'luminance'], [[0, 1, 2, 3], 'all']];
const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32];
// Instructions a second at 1×.
const RATE = 3;

/** A step's diagram run, its step's (src/gpu/steps/): the picture's chunk (or
 * workgroup), workgroups at once and the subgroup sizes it plays; undefined where
 * it has none. */
const runOf = (method) => {
  if (method === DRAW) return { chunk: '1x1', slots: 1, lanes: [] };
  const run = diagramRun(method);
  return run === undefined ? undefined : JSON.parse(run);
};

export const simulated = (method) => runOf(method) !== undefined;

/** An element among a message's words: the message is formatted with `stand(i)` in
 * its place, and `placed` sets the element there. */
const stand = (i) => `\uE000${i}\uE000`;
/** `text` with each `stand(i)` in it replaced by `nodes[i]`. */
const placed = (text, ...nodes) => text.split(/\uE000(\d+)\uE000/).map((part, i) => (i % 2 ? nodes[part] : part)).filter((part) => part !== '');

/** The lines of a kernel's entry point, with their numbers in the whole WGSL. */
function entryLines(source) {
  const all = source.split('\n');
  const start = all.findIndex((l) => /^@(compute|fragment)/.test(l));
  return all.map((line, i) => ({ n: i + 1, line })).slice(Math.max(0, start));
}

/** Everything the diagram shows after the first `count` steps of `trace`. */
function stateAt(run, count) {
  const { trace } = run;
  const entries = trace.num_bins * trace.channels;
  const state = {
    pass: 0,
    // The drawing's bins were counted before it: there from the start.
    bins: trace.canvas ? [...trace.bins] : new Array(entries).fill(0),
    scale: [[0, 0, 0, 0], [0, 0, 0, 0]],
    canvas: new Map(),
    local: new Map(),
    chunks: Array.from({ length: trace.chunks }, () => new Array(entries).fill(0)),
    folded: new Set(),
    inv: new Map(),
    slots: new Array(trace.slots).fill(null),
    holds: new Map(),
    read: new Set(),
    touched: null,
    lost: 0,
    // Per subgroup, what its functions answered so far.
    votes: new Map(),
  };
  for (let i = 0; i < count; i++) apply(run, state, trace.steps[i]);
  state.last = trace.steps[count - 1] ?? null;
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
    if (!state.local.has(at.group)) state.local.set(at.group, new Array(localWords(run)).fill(0));
    return [state.local.get(at.group), at.bin];
  };
  if (step.line) me().line = step.line;
  switch (step.act) {
    case 'start': {
      state.slots[step.slot] = { pass: meta.pass, group: meta.group_index, at: meta.group };
      for (const member of run.members[id]) state.inv.set(member, { line: 0, status: 'running' });
      break;
    }
    case 'pixel': {
      Object.assign(me(), { pixel: [step.x, step.y], rgb: step.rgb, value: undefined, at: undefined });
      // Packed pixels: the quad's, in reading order.
      for (let k = 0; k < step.count; k++) {
        const n = step.y * trace.width + step.x + k;
        state.read.add(`${n % trace.width},${Math.floor(n / trace.width)}`);
      }
      break;
    }
    case 'load': case 'peek': {
      Object.assign(me(), { at: step.at, value: step.value });
      // A fragment's counts, in the order it loads them (R, G, B, L).
      if (trace.canvas) (me().counts ??= [])[step.at.bin % trace.channels] = step.value;
      break;
    }
    case 'fetch': Object.assign(me(), { at: step.at, value: undefined, scale: step.value }); break;
    case 'put': state.scale[step.at.member] = step.value; Object.assign(me(), { at: step.at, value: undefined }); break;
    case 'colour': {
      const [x, y] = meta.group;
      state.canvas.set(y * trace.canvas[0] + x, step.rgba);
      Object.assign(me(), { colour: step.rgba, at: undefined, value: undefined });
      break;
    }
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
    case 'vote': me().status = 'vote'; break;
    case 'voted': {
      const { fn, ...answer } = step.vote;
      const before = state.votes.get(step.subgroup);
      // A round's votes begin with a ballot of who has a pixel; the leader's
      // ballot after subgroupAll (of who is active) keeps that count.
      const vote = fn === 'ballot' && before?.last === 'all' ? { ...before, last: fn }
        : fn === 'ballot' ? { ...answer, ballot: true, last: fn }
        : { ...before, ...answer, [fn]: true, last: fn };
      state.votes.set(step.subgroup, vote);
      for (const lane of run.members[id]) if (run.subgroupOf(lane) === step.subgroup) state.inv.get(lane).status = 'running';
      break;
    }
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

/** The simulator's wasm (pkg/diagrams.js), loaded by the first diagram. */
let simulator = null;

/** The figure and its player. `check(outcome)`: the real kernel's bins, to set beside;
 * `play(text)`: the kernel lab's edit of the step's kernels played instead. */
export async function stepDiagram(method, channels) {
  await (simulator ??= initDiagrams());
  const config = runOf(method);
  const picture = method === DRAW ? introPicture() : diagramPicture(method);
  const rgba = picture.rgba();
  let seed = 1;
  let slots = config.slots;
  // The kernel lab's listing as the visitor edited it, played instead of the step's.
  let edited = null;
  // Lanes a subgroup: 8 until this GPU's own are counted (tally).
  let lanes = config.lanes.includes(8) ? 8 : config.lanes[0] ?? 0;
  const run = {
    trace: null,
    sources: {},
    members: [],
    lineText: () => '',
    shownLine: (pass, n) => n,
    // The channels the drawing's canvas shows (channelMult).
    shown: channels === 4 ? SHOWN[0][0] : [0],
    subgroupOf: (id) => Math.floor(run.trace.invocations[id].local[0] / run.trace.lanes),
    rgb: (x, y) => Array.from(rgba.subarray((y * picture.width + x) * 4, (y * picture.width + x) * 4 + 3)),
  };
  const load = () => {
    const { trace, sources } = JSON.parse(method === DRAW
      ? simulateDraw(rgba, picture.width, picture.height, channels, Uint32Array.from(run.shown))
      : simulate(rgba, picture.width, picture.height, method, channels, config.chunk, lanes, slots, seed, edited ?? undefined));
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
    run.lines = trace.passes.map((p) => entryLines(sources[p.kernel].text));
    // A step's line is its number in the kernel's source; shown as the lab's
    // editor numbers it, where the kernel is the visitor's.
    run.lineText = (pass, n) => run.lines[pass].find((l) => l.n === n)?.line.trim() ?? '';
    run.shownLine = (pass, n) => n + sources[trace.passes[pass].kernel].first - 1;
  };
  load();

  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let at = 0;
  let playing = false;
  let speed = 1;
  let last = 0;
  let owed = 0;

  const stage = svg('svg', { class: 'sd-stage', role: 'img' });
  const code = el('pre', { class: 'sd-code', tabIndex: 0, role: 'region', 'aria-label': t('diagram-code-label') });
  const codeTitle = el('p', { class: 'sd-code-title' });
  const narration = el('p', { class: 'sd-now', 'aria-live': 'polite' });
  const passLine = el('p', { class: 'sd-pass' });
  const result = el('p', { class: 'sd-result' });
  const losses = el('p', { class: 'sd-losses' });
  const tallied = el('p', { class: 'sd-result sd-tally', hidden: true });
  const rewind = el('button', { type: 'button', 'aria-label': t('diagram-rewind') }, '|◀');
  const back = el('button', { type: 'button', 'aria-label': t('diagram-back') }, '◀');
  const play = el('button', { type: 'button', class: 'sd-play' }, t('diagram-play'));
  const forward = el('button', { type: 'button', 'aria-label': t('diagram-forward') }, '▶');
  const end = el('button', { type: 'button', 'aria-label': t('diagram-end') }, '▶|');
  const speedSelect = el('select', { 'aria-label': t('diagram-speed') },
    ...SPEEDS.map((s) => el('option', { value: s, selected: s === 1 }, s < 1 ? `${s === 0.25 ? '¼' : '½'}×` : `${s}×`)));
  const scrub = el('input', { type: 'range', min: 0, value: 0, step: 1, class: 'sd-scrub', 'aria-label': t('diagram-scrub') });
  const ownButton = el('button', { type: 'button', class: 'sd-own', hidden: true }, t('diagram-own'));
  const controls = el('div', { class: 'controls sd-controls', role: 'group', 'aria-label': t('diagram-controls') },
    rewind, back, play, forward, end, el('label', { class: 'option' }, t('diagram-speed'), speedSelect), scrub, ownButton);
  const slotsSelect = el('select', { class: 'sd-slots', 'aria-label': t('diagram-slots') },
    ...[1, 2, 4].map((n) => el('option', { value: n, selected: n === slots }, String(n))));
  if (config.slots > 1) controls.append(el('label', { class: 'option' }, t('diagram-slots-short'), slotsSelect));
  const lanesSelect = el('select', { class: 'sd-lanes', 'aria-label': t('diagram-lanes') },
    ...config.lanes.map((n) => el('option', { value: n, selected: n === lanes }, String(n))));
  if (config.lanes.length) controls.append(el('label', { class: 'option' }, t('diagram-lanes'), lanesSelect));
  const seedInput = el('input', { type: 'number', min: 1, max: 99999, value: seed, class: 'sd-seed', 'aria-label': t('diagram-seed-label') });
  const again = el('button', { type: 'button' }, t('diagram-again'));
  if (method === 'race') {
    controls.append(el('label', { class: 'option' }, t('diagram-seed'), seedInput), again);
  }
  const shownSelect = el('select', { class: 'sd-shown', 'aria-label': t('diagram-shown') },
    ...SHOWN.map(([, name], i) => el('option', { value: i }, t(`diagram-shown-${name}`))));
  if (method === DRAW && channels === 4) controls.append(el('label', { class: 'option' }, 'channelMult', shownSelect));
  const figure = el('figure', { class: 'step-diagram', tabindex: -1, 'data-kernel': 'step' },
    el('div', { class: 'sd-body' }, stage, el('div', { class: 'sd-side' }, codeTitle, code)),
    passLine, narration, controls, result, tallied, losses);

  let gpuBins = null;
  // The subgroups kernel's subgroups as this GPU ran them, counted; or why not.
  let tally = null;
  let unchecked = '';
  const bins = (list) => {
    const { trace } = run;
    if (trace.channels === 1) return list.join(', ');
    return ['R', 'G', 'B', 'L'].map((c, ch) => `${c} ${list.filter((_, i) => i % 4 === ch).join(' ')}`).join(' · ');
  };
  /** The drawing's canvas after `count` instructions, as RGBA bytes a pixel. */
  const canvasAt = (count) => {
    const [w, h] = run.trace.canvas;
    const drawn = stateAt(run, count).canvas;
    return Array.from({ length: w * h }, (_, i) => drawn.get(i) ?? [0, 0, 0, 0]);
  };
  const showDrawn = () => {
    const { trace } = run;
    const [w, h] = trace.canvas;
    const canvas = canvasAt(trace.steps.length);
    const coloured = canvas.filter((p) => p[3] !== 0).length;
    const sim = t('diagram-result-draw', {
      width: String(trace.width), height: String(trace.height), counts: bins(trace.bins), canvasWidth: String(w), canvasHeight: String(h),
      shown: run.shown.map((ch) => channelName(trace, trace.channels === 1 ? 0 : ch)).join(', '), coloured: String(coloured), pixels: String(w * h),
    });
    if (!gpuBins) {
      result.textContent = unchecked ? t('diagram-sentences', { first: sim, second: unchecked }) : sim;
      return;
    }
    const differ = canvas.filter((p, i) => p.some((c, k) => c !== gpuBins[i * 4 + k])).length;
    const gpu = t('diagram-result-draw-gpu', { same: String(w * h - differ), pixels: String(w * h), verdict: stand(0) });
    result.replaceChildren(...placed(t('diagram-sentences', { first: sim, second: gpu }),
      el('span', { class: differ ? 'wrong' : 'ok' }, differ ? t('diagram-verdict-pixels-differ', { pixels: String(differ) }) : t('diagram-verdict-equal'))));
    result.dataset.equal = String(differ === 0);
  };
  const showResult = () => {
    if (method === DRAW) {
      showDrawn();
      return;
    }
    const { trace } = run;
    const sim = t('diagram-result', { width: String(trace.width), height: String(trace.height), bins: String(trace.num_bins), counts: bins(trace.bins) });
    if (!gpuBins) {
      result.textContent = unchecked ? t('diagram-sentences', { first: sim, second: unchecked }) : sim;
      return;
    }
    const same = gpuBins.every((v, i) => v === trace.bins[i]);
    const alike = trace.lanes ? 'lanes' : method === 'fragment' ? 'fragments' : method.startsWith('chunks') ? 'chunks' : 'workgroups';
    const kernel = t(edited === null ? 'diagram-result-gpu' : 'diagram-result-gpu-edited', { method, same: alike, counts: bins(gpuBins), verdict: stand(0) });
    result.replaceChildren(...placed(t('diagram-sentences', { first: sim, second: kernel }),
      method === 'race'
        ? el('span', {}, t(same ? 'diagram-verdict-race-same' : 'diagram-verdict-race-own'))
        : el('span', { class: same ? 'ok' : 'wrong' }, t(same ? 'diagram-verdict-equal' : 'diagram-verdict-differ'))));
    result.dataset.equal = String(same);
    tallied.hidden = !(tally || unchecked);
    tallied.replaceChildren(tally ? tallyLine() : unchecked);
  };
  // The simulation's adds to workgroup memory beside those the GPU's kernel made.
  const localAdds = () => run.trace.steps.filter((s) => s.act === 'add' && s.at.in === 'local').length;
  const tallyLine = () => {
    const lanes = String(tally.lanes);
    const gpuSays = t('diagram-tally-gpu', { lanes, adds: String(tally.adds) });
    const then = (second) => t('diagram-sentences', { first: gpuSays, second });
    delete tallied.dataset.equal;
    if (!config.lanes.includes(tally.lanes)) return then(t('diagram-tally-unplayed', { played: config.lanes.join(', '), lanes }));
    if (run.trace.lanes !== tally.lanes) return then(t('diagram-tally-choose', { lanes }));
    const same = localAdds() === tally.adds;
    tallied.dataset.equal = String(same);
    return el('span', {}, ...placed(then(t('diagram-tally-simulated', { lanes, adds: String(localAdds()), verdict: stand(0) })),
      el('span', { class: same ? 'ok' : 'wrong' }, t(same ? 'diagram-verdict-equal' : 'diagram-verdict-differ'))));
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
    const seed = String(trace.seed);
    // Each loss a clause of the sentence, in a list.
    const each = stores.map((s) => t('diagram-loss', {
      who: who(run, s.invocation).toLowerCase(), loaded: String(s.value - 1), bin: binName(trace, s.at.bin), stored: String(s.value),
      other: String(s.value - 1 + s.lost), lost: String(s.lost),
    }));
    losses.textContent = total === 0
      ? t(trace.slots === 1 ? 'diagram-losses-none-alone' : 'diagram-losses-none', { seed })
      : t('diagram-losses', { seed, lost: String(total), count: total, pixels: String(trace.width * trace.height), losses: each.join('; ') });
  };

  const render = () => {
    const { trace } = run;
    const state = stateAt(run, at);
    const compact = figure.clientWidth > 0 && figure.clientWidth < 560;
    drawStage(stage, run, state, compact);
    const pass = trace.passes[state.pass];
    const title = edited === null ? t('diagram-code-title', { kernel: pass.kernel, stage: pass.kernel === 'draw' ? 'fragment' : 'compute' })
      : t('diagram-code-title-edited', { kernel: pass.kernel });
    // Lit lines the pane cannot show with the one just run: said, so none is missed.
    const { above, below } = drawCode(code, run, state, trace.steps[at - 1]?.line ?? null, (id) => who(run, id));
    codeTitle.textContent = above || below
      ? t('diagram-code-more', { title, where: above && below ? 'both' : above ? 'above' : 'below', above: String(above), below: String(below) }) : title;
    const drawn = pass.group_size - pass.idle;
    const groups = pass.groups[0] * pass.groups[1];
    const size = { size: String(pass.group_size), sizeCount: pass.group_size };
    const shape = method === 'fragment' ? t('diagram-pass-fragment', { fragments: String(groups) })
      : pass.kernel === 'draw' ? t('diagram-pass-draw', { width: String(pass.groups[0]), height: String(pass.groups[1]), fragments: String(groups) })
      : t(trace.lanes ? 'diagram-pass-subgroups' : 'diagram-pass-workgroups', { groups: String(groups), groupCount: groups, ...size, lanes: String(trace.lanes) });
    const work = pass.idle && trace.lanes ? t('diagram-pass-idle-lanes', { work: shape, idle: String(pass.idle), all: String(groups * pass.group_size) })
      : pass.idle ? t('diagram-pass-idle', { work: shape, idle: String(pass.idle), ...size, drawn: String(drawn) }) : shape;
    passLine.textContent = t(pass.stride ? 'diagram-pass-stride' : 'diagram-pass',
      { pass: String(state.pass + 1), passes: String(trace.passes.length), kernel: pass.kernel, stride: String(pass.stride), work });
    const steps = String(trace.steps.length);
    // Before the first instruction: how to start, or that it is starting.
    const step = at === 0 && playing ? t('diagram-step-starting') : narrate(run, state, at - 1);
    narration.textContent = t('diagram-now', { at: String(at), steps, step });
    stage.setAttribute('aria-label', trace.canvas
      ? t('diagram-stage-draw', { width: String(trace.width), height: String(trace.height), at: String(at), steps, drawn: String(state.canvas.size), pixels: String(trace.canvas[0] * trace.canvas[1]) })
      : t('diagram-stage-kernel', { method, width: String(trace.width), height: String(trace.height), at: String(at), steps, counts: bins(state.bins) }));
    scrub.max = trace.steps.length;
    scrub.value = at;
    scrub.setAttribute('aria-valuetext', t('diagram-scrub-at', { at: String(at), steps }));
    play.textContent = t(playing ? 'diagram-pause' : at >= trace.steps.length ? 'diagram-play-again' : 'diagram-play');
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
  const setLanes = (n) => {
    const was = playing;
    lanes = n;
    lanesSelect.value = String(n);
    reseed(seed);
    // The GPU's size, arriving while the diagram plays, does not stop it.
    if (was) setPlaying(true);
  };
  lanesSelect.addEventListener('change', () => setLanes(Number(lanesSelect.value)));
  again.addEventListener('click', () => reseed(seed + 1));
  shownSelect.addEventListener('change', () => {
    run.shown = SHOWN[Number(shownSelect.value)][0];
    gpuBins = null;
    reseed(seed);
    figure.dispatchEvent(new CustomEvent('kernel'));
  });
  /** Plays `text` (the lab's listing, edited; null: the step's own), or keeps what
   * played and throws the simulator's reason. */
  const use = (text) => {
    const was = [edited, gpuBins, unchecked];
    [edited, gpuBins, unchecked] = [text, null, ''];
    try {
      reseed(seed);
    } catch (e) {
      [edited, gpuBins, unchecked] = was;
      reseed(seed);
      throw e;
    }
    ownButton.hidden = edited === null;
    figure.dataset.kernel = edited === null ? 'step' : 'edited';
    figure.dispatchEvent(new CustomEvent('kernel'));
  };
  ownButton.addEventListener('click', () => {
    use(null);
    figure.focus();
  });
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
    /** The real kernel's bins of the same picture (3 a channel), to set beside;
     * for the drawing, this GPU's canvas, RGBA bytes in reading order. */
    check(counted) {
      gpuBins = counted;
      showResult();
    },
    /** The subgroups kernel's subgroups counted on this GPU ({lanes, adds}):
     * the simulation plays the GPU's subgroup size, and sets its adds beside. */
    tally(counted) {
      tally = counted;
      if (config.lanes.includes(counted.lanes) && counted.lanes !== lanes) setLanes(counted.lanes);
      else showResult();
    },
    /** Why the simulation is set beside no run of the kernel here. */
    unchecked(reason) {
      unchecked = reason;
      showResult();
    },
    method,
    /** The lab's `text` played (throws the simulator's reason where it cannot be),
     * or the step's own with null; the figure fires `kernel` after either. */
    play: use,
    /** The lab's text being played, or null for the step's own. */
    get edited() { return edited; },
    /** For tests: the trace played, where it is, the bins set beside. */
    get trace() { return run.trace; },
    get at() { return at; },
    get playing() { return playing; },
    get gpuBins() { return gpuBins; },
    get tallied() { return tally; },
    /** The bins shown after the first `count` instructions. */
    binsAt: (count) => stateAt(run, count).bins,
    /** The drawing's canvas after the first `count` instructions, and the channels it shows. */
    canvasAt,
    get shown() { return run.shown; },
  };
}

