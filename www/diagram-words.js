// The step-through diagram's words (www/step-diagram.js): what each invocation is,
// where a value lives, and what each step of a trace did, in a sentence, from the
// trace and the kernel's own lines.
import { localWords } from './diagram-stage.js';
import { t } from './l10n.js';

/** A bin index (bin x channels + channel) in words. */
export function binName(trace, index) {
  const bin = String(Math.floor(index / trace.channels));
  if (trace.channels === 1) return t('diagram-bin', { bin });
  return t('diagram-channel-bin', { channel: 'RGBL'[index % trace.channels], bin });
}

function memoryName(trace, at, run) {
  if (at.in === 'bins') return binName(trace, at.bin);
  if (at.in === 'scale') return t(at.member ? 'diagram-memory-tallest' : 'diagram-memory-scale');
  const copies = run ? localWords(run) / (trace.num_bins * trace.channels) : 1;
  // The packed kernel's layout: a channel's bins one after another, each bin's copies side by side.
  if (at.in === 'local' && copies > 1) {
    const [bin, copy] = [Math.floor(at.bin / copies), String(at.bin % copies)];
    if (trace.channels === 1) return t('diagram-memory-copy', { bin: String(bin % trace.num_bins), copy });
    return t('diagram-memory-channel-copy', { channel: 'RGBL'[Math.floor(bin / trace.num_bins)], bin: String(bin % trace.num_bins), copy });
  }
  if (at.in === 'local') return t('diagram-memory-local', { bin: binName(trace, at.bin) });
  return t('diagram-memory-chunk', { chunk: String(at.chunk), bin: binName(trace, at.bin) });
}

/** What a line that computes does (message diagram-does-<name>), by the text that marks it. */
const LINES = [
  ['let position = global_invocation_id.xy;', 'position-global'],
  ['let position = vec2u(fragCoord.xy);', 'position-fragment'],
  ['if (all(position < band.size))', 'inside-picture'],
  ['let position = workgroup_id.xy', 'position-chunk'],
  ['for (var y = 0u', 'next-row'],
  ['for (var x = 0u', 'next-pixel'],
  ['for (var ch = 0u', 'next-channel'],
  ['let chunk = workgroup_id.y', 'chunk-index'],
  ['for (var i = local_invocation_index; i < numBins * channels; i += chunkSize)', 'next-bin-copied'],
  ['let bin = global_invocation_id.x;', 'bin-global'],
  ['for (; chunk + 8u', 'next-eight-chunks'],
  ['for (; chunk < sum.numChunks', 'next-chunk'],
  ['total += partial[k];', 'add-partials'],
  ['let chunk0 = pair', 'pair'],
  ['if (chunk1 >= uni.numChunks)', 'second-chunk'],
  ['for (var i = local_invocation_index; i < numBins * channels; i += 256u)', 'next-bin-added'],
  ['for (var first = workgroup_id.x', 'next-round'],
  ['let has = first + local_invocation_index < count;', 'has-pixel'],
  ['let bin = binOf(rgb, ch) * channels + ch;', 'colour-bin'],
  ['let leader = lane == lowestLane(subgroupBallot(true));', 'leader'],
  ['if (leader && lanes > 0u)', 'agreed'],
  ['} else if (has) {', 'disagreed'],
  ['for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize)', 'next-bin-out'],
  ['if (count != 0u)', 'not-empty'],
];

/** What the drawing's lines do, by kernel (their loops' words differ from the counting's). */
const DRAWING_LINES = {
  scale: [
    ['var tallest = vec4u(1);', 'tallest-start'],
    ['for (var bin = 0u', 'next-bin'],
    ['for (var ch = 0u', 'next-bin-channel'],
    ['tallest[ch] = max(', 'tallest-max'],
  ],
  draw: [
    ['let bin = min(', 'column-bin'],
    ['let at = bin * channels;', 'counts-start'],
    ['if (channels == 4u)', 'four-channels'],
  ],
};

/** A subgroup function of the kernel's, by the answer it gave: its WGSL name, or words. */
const FUNCTIONS = { ballot: 'subgroupBallot', first: 'subgroupBroadcastFirst', all: 'subgroupAll', any: 'subgroupAny' };
const functionName = (fn) => FUNCTIONS[fn] ?? t(fn === 'reduce' ? 'diagram-function-reduce' : 'diagram-function-unknown');

/** Who an invocation is, in words. */
export function who(run, id) {
  const m = run.trace.invocations[id];
  const [x, y] = m.group.map(String);
  if (run.trace.method === 'single') return t('diagram-who-single');
  if (run.trace.canvas) return m.pass === 0 ? t('diagram-who-scale') : t('diagram-who-fragment', { x, y });
  if (run.trace.method === 'fragment') return t('diagram-who-fragment', { x, y });
  if (run.trace.lanes) return t('diagram-who-lane', { lane: String(m.local[0] % run.trace.lanes), subgroup: String(run.subgroupOf(id)) });
  const pass = run.trace.passes[m.pass];
  if (pass.kernel === 'sum' || pass.kernel === 'reduce') return t('diagram-who-invocation', { workgroup: x, invocation: String(m.local[0]) });
  return t('diagram-who-local', { x, y, localX: String(m.local[0]), localY: String(m.local[1]) });
}

/** What step `i` did, in a sentence. */
export function narrate(run, state, i) {
  const { trace } = run;
  const step = trace.steps[i];
  if (!step) return t('diagram-step-none');
  const name = who(run, step.invocation);
  const at = step.at && memoryName(trace, step.at, run);
  const m = trace.invocations[step.invocation];
  const pass = trace.passes[m.pass];
  const [x, y] = m.group.map(String);
  // What most sentences say: who, where, and the value.
  const said = { who: name, memory: at, value: String(step.value) };
  switch (step.act) {
    case 'start': {
      const size = run.members[step.invocation].length;
      if (trace.lanes) return t('diagram-step-start-lanes', { x, y, kernel: pass.kernel, size: String(pass.group_size), lanes: String(trace.lanes) });
      if (trace.method === 'fragment') return t('diagram-step-start-fragment', { x, y });
      if (trace.canvas && pass.kernel === 'scale') return t('diagram-step-start-scale');
      if (trace.canvas) {
        const [u, v] = texcoord(trace, m.group);
        return t('diagram-step-start-canvas', { x, y, u, v });
      }
      return t('diagram-step-start', { x, y, kernel: pass.kernel, size: String(size), count: size });
    }
    case 'pixel': {
      const pixel = { who: name, x: String(step.x), y: String(step.y), colour: step.rgb.join(', ') };
      return step.count > 1 ? t('diagram-step-pixels', { ...pixel, pixels: String(step.count) }) : t('diagram-step-pixel', pixel);
    }
    case 'load': return t('diagram-step-load', said);
    case 'fetch': {
      const inv = state.inv.get(step.invocation);
      const heights = (inv.counts ?? []).map((c, ch) => `${channelName(trace, ch)} ${(c * step.value[ch]).toFixed(3)}`);
      return t('diagram-step-fetch', { who: name, scale: floats(trace, step.value, 4), heights: heights.join(', ') });
    }
    case 'put': return step.at.member === 0
      ? t('diagram-step-put-scale', { who: name, scale: floats(trace, step.value, 4) })
      : t('diagram-step-put-tallest', { who: name, tallest: floats(trace, step.value, 0) });
    case 'colour': return colourWords(run, state, step, name);
    case 'peek': return t('diagram-step-peek', said);
    case 'store': {
      const stored = { ...said, other: String(step.value - 1 + step.lost) };
      if (step.lost > 0) return t('diagram-step-store-lost', { ...stored, loaded: String(step.value - 1), lost: String(step.lost), count: step.lost });
      return step.lost < 0 ? t('diagram-step-store-back', stored) : t('diagram-step-store', said);
    }
    case 'hold': return t('diagram-step-hold', said);
    case 'wait': return t('diagram-step-wait', said);
    case 'add': return t('diagram-step-add', { ...said, by: String(step.by) });
    case 'vote': {
      const fn = trace.steps.find((s, j) => j > i && s.act === 'voted' && s.subgroup === run.subgroupOf(step.invocation))?.vote.fn;
      return t('diagram-step-vote', { who: name, function: functionName(fn), subgroup: String(run.subgroupOf(step.invocation)) });
    }
    case 'voted': {
      const k = step.subgroup;
      const vote = step.vote;
      const lead = { subgroup: String(k), function: functionName(vote.fn) };
      const text = run.lineText(m.pass, step.line);
      if (vote.fn === 'ballot') {
        return t(text.includes('subgroupBallot(has)') ? 'diagram-step-voted-pixels' : 'diagram-step-voted-active',
          { ...lead, lanes: String(vote.lanes), size: String(trace.lanes) });
      }
      if (vote.fn === 'first') {
        const v = vote.value;
        return t('diagram-step-voted-first', { ...lead, colour: [v & 255, (v >> 8) & 255, (v >> 16) & 255].join(', ') });
      }
      if (vote.fn !== 'all') return t('diagram-step-voted-value', { ...lead, value: String(vote.any ?? vote.value) });
      const lanes = state.votes.get(k)?.lanes ?? 0;
      if (!vote.alike) return t('diagram-step-voted-apart', { ...lead, lanes: String(lanes) });
      return t(lanes === 0 ? 'diagram-step-voted-none' : 'diagram-step-voted-alike', { ...lead, lanes: String(lanes) });
    }
    case 'barrier': return t('diagram-step-barrier', said);
    case 'released': return t('diagram-step-released', { x, y });
    case 'return': return pass.kernel === 'reduce'
      ? t('diagram-step-return-unpaired', { who: name, chunk: String(m.group[0] * pass.stride * 2), stride: String(pass.stride) })
      : t('diagram-step-return', said);
    case 'done': return t('diagram-step-done', said);
    default: {
      const text = run.lineText(m.pass, step.line);
      const does = (DRAWING_LINES[trace.canvas ? pass.kernel : ''] ?? LINES).find(([marks]) => text.includes(marks) || marks.includes(text))?.[1] ?? 'other';
      // A lane past the picture's end goes round with the others, its colour black.
      const without = trace.lanes && !state.inv.get(step.invocation)?.pixel && /^(for \(var ch|let bin = binOf)/.test(text);
      return t(without ? 'diagram-step-line-idle' : 'diagram-step-line', { who: name, line: String(run.shownLine(m.pass, step.line)), does: t(`diagram-does-${does}`) });
    }
  }
}

/** A channel's letter among the trace's channels. */
export const channelName = (trace, ch) => (trace.channels === 1 ? 'L' : 'RGBL'[ch]);

/** A vec4f of the scale pass's, a channel at a time, with `places` decimals. */
const floats = (trace, v, places) => v.slice(0, trace.channels).map((f, ch) => `${channelName(trace, ch)} ${f.toFixed(places)}`).join(', ');

/** A fragment's texture coordinate at its pixel's centre, as the quad filling the canvas gives it. */
function texcoord(trace, [x, y]) {
  const [w, h] = trace.canvas;
  return [((x + 0.5) / w).toFixed(4), (1 - (y + 0.5) / h).toFixed(4)];
}

/** What fragment `name` of the drawing decided, in a sentence: which bars reach
 * above its height, the mask channelMult leaves, and the colour that picks. */
function colourWords(run, state, step, name) {
  const { trace } = run;
  const m = trace.invocations[step.invocation];
  const y = Number(texcoord(trace, m.group)[1]);
  const inv = state.inv.get(step.invocation) ?? {};
  const scale = inv.scale ?? [0, 0, 0, 0];
  const above = (inv.counts ?? []).map((c, ch) => c * scale[ch] > y);
  const over = above.map((a, ch) => (a ? channelName(trace, ch) : null)).filter(Boolean);
  const shown = run.shown.map((ch) => (trace.channels === 1 ? 'L' : 'RGBL'[ch]));
  const mask = String(above.reduce((bits, a, ch) => bits | (a && run.shown.includes(trace.channels === 1 ? 0 : ch) ? 1 << ch : 0), 0));
  const bars = t('diagram-bars-above', { bars: over.join(', '), count: over.length, height: String(y) });
  const colour = step.rgba[3] === 0 ? t('diagram-transparent') : `rgb(${step.rgba.slice(0, 3).join(', ')})`;
  return t('diagram-step-colour', { who: name, bars, shown: shown.join(', '), mask, colour });
}
