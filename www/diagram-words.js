// The step-through diagram's words (www/step-diagram.js): what each invocation is,
// where a value lives, and what each step of a trace did, in a sentence, from the
// trace and the kernel's own lines.
import { localWords } from './diagram-stage.js';

/** A bin index (bin x channels + channel) in words. */
export function binName(trace, index) {
  const bin = Math.floor(index / trace.channels);
  if (trace.channels === 1) return `bin ${bin}`;
  return `${'RGBL'[index % trace.channels]} bin ${bin}`;
}

function memoryName(trace, at, run) {
  if (at.in === 'bins') return binName(trace, at.bin);
  if (at.in === 'scale') return at.member ? 'the tallest bins (result.tallest)' : 'the scale, one a channel';
  const copies = run ? localWords(run) / (trace.num_bins * trace.channels) : 1;
  // The packed kernel's layout: a channel's bins one after another, each bin's copies side by side.
  if (at.in === 'local' && copies > 1) {
    const [bin, copy] = [Math.floor(at.bin / copies), at.bin % copies];
    return `its workgroup's ${trace.channels === 1 ? '' : `${'RGBL'[Math.floor(bin / trace.num_bins)]} `}bin ${bin % trace.num_bins}, copy ${copy}`;
  }
  if (at.in === 'local') return `its workgroup's ${binName(trace, at.bin)}`;
  return `chunk ${at.chunk}'s ${binName(trace, at.bin)}`;
}

/** What a line that computes does, in words, by the text that marks it. */
const LINES = [
  ['let position = global_invocation_id.xy;', 'takes its global id as its pixel’s position'],
  ['let position = vec2u(fragCoord.xy);', 'takes its fragment’s position, its pixel’s centre, rounded down: its pixel'],
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
  ['for (var first = workgroup_id.x', 'starts a round of its loop: its workgroup’s next 256 pixels, one a lane'],
  ['let has = first + local_invocation_index < count;', 'checks whether it has a pixel this round'],
  ['let bin = binOf(rgb, ch) * channels + ch;', 'works out its colour’s bin for this channel'],
  ['let leader = lane == lowestLane(subgroupBallot(true));', 'finds whether it leads its subgroup: whether it is the first active lane, whose colour the broadcast gave (lane 0 where every lane is active, as here)'],
  ['if (leader && lanes > 0u)', 'its subgroup agreed: the leader adds for every lane, the others add nothing'],
  ['} else if (has) {', 'its subgroup did not agree: a lane with a pixel adds 1 for it'],
  ['for (var bin = local_invocation_index; bin < numBins * channels; bin += workgroupSize)', 'takes the next bin it copies out: its local index, then every 256th'],
  ['if (count != 0u)', 'checks that the bin is not empty before adding it to the result'],
];

/** What the drawing's lines do, by kernel (their loops' words differ from the counting's). */
const DRAWING_LINES = {
  scale: [
    ['var tallest = vec4u(1);', 'starts each channel’s tallest at 1, so that an empty histogram divides by 1, not 0'],
    ['for (var bin = 0u', 'goes on to the next bin'],
    ['for (var ch = 0u', 'goes on to the bin’s next channel'],
    ['tallest[ch] = max(', 'keeps the larger of the channel’s tallest so far and this count'],
  ],
  draw: [
    ['let bin = min(', 'works out the bin its column shows: its texture coordinate’s x times the number of bins, rounded down'],
    ['let at = bin * channels;', 'finds where its bin’s counts start: bin × channels'],
    ['if (channels == 4u)', 'four channels: it loads the bin’s other three counts too'],
  ],
};

/** A subgroup function of the kernel's, by the answer it gave. */
const FUNCTIONS = { ballot: 'subgroupBallot', first: 'subgroupBroadcastFirst', all: 'subgroupAll', any: 'subgroupAny', reduce: 'a subgroup reduction' };

/** Who an invocation is, in words. */
export function who(run, id) {
  const m = run.trace.invocations[id];
  if (run.trace.method === 'single') return 'The one invocation';
  if (run.trace.canvas) return m.pass === 0 ? 'The scale pass’s one invocation' : `Fragment (${m.group[0]}, ${m.group[1]})`;
  if (run.trace.method === 'fragment') return `Fragment (${m.group[0]}, ${m.group[1]})`;
  if (run.trace.lanes) return `Lane ${m.local[0] % run.trace.lanes} of subgroup ${run.subgroupOf(id)}`;
  const pass = run.trace.passes[m.pass];
  if (pass.kernel === 'sum' || pass.kernel === 'reduce') return `Workgroup ${m.group[0]}, invocation ${m.local[0]}`;
  return `Workgroup (${m.group[0]}, ${m.group[1]}), local (${m.local[0]}, ${m.local[1]})`;
}

/** What step `i` did, in a sentence. */
export function narrate(run, state, i) {
  const { trace } = run;
  const step = trace.steps[i];
  if (!step) return 'Press play, or step through it one instruction at a time.';
  const name = who(run, step.invocation);
  const at = step.at && memoryName(trace, step.at, run);
  const m = trace.invocations[step.invocation];
  const pass = trace.passes[m.pass];
  switch (step.act) {
    case 'start': {
      const size = run.members[step.invocation].length;
      if (trace.lanes) return `Workgroup (${m.group[0]}, ${m.group[1]}) of the ${pass.kernel} pass starts: its ${pass.group_size} invocations begin, in subgroups of ${trace.lanes} lanes.`;
      if (trace.method === 'fragment') return `Fragment (${m.group[0]}, ${m.group[1]}) starts: the rasterizer made it at the centre of pixel (${m.group[0]}, ${m.group[1]}).`;
      if (trace.canvas && pass.kernel === 'scale') return 'The scale pass starts: one workgroup of one invocation, which walks every bin.';
      if (trace.canvas) {
        const [u, v] = texcoord(trace, m.group);
        return `Fragment (${m.group[0]}, ${m.group[1]}) starts: the rasterizer made it at the centre of canvas pixel (${m.group[0]}, ${m.group[1]}), where the quad’s texture coordinate is (${u}, ${v}).`;
      }
      return `Workgroup (${m.group[0]}, ${m.group[1]}) of the ${pass.kernel} pass starts: ${size === 1 ? 'its invocation begins' : `its ${size} invocations begin`}.`;
    }
    case 'pixel': return step.count > 1
      ? `${name} loads ${step.count} pixels in one vec4u from pixel (${step.x}, ${step.y}) on, a u32 of RGBA8 each; the first's colour is ${step.rgb.join(', ')}.`
      : `${name} reads pixel (${step.x}, ${step.y}), colour ${step.rgb.join(', ')}.`;
    case 'load': return `${name} loads ${at}: ${step.value}.`;
    case 'fetch': {
      const inv = state.inv.get(step.invocation);
      const heights = (inv.counts ?? []).map((c, ch) => `${channelName(trace, ch)} ${(c * step.value[ch]).toFixed(3)}`);
      return `${name} loads the scale, one a channel (${floats(trace, step.value, 4)}), and multiplies its bin’s counts by it: bar heights ${heights.join(', ')}, where 1 is the canvas’s top.`;
    }
    case 'put': return step.at.member === 0
      ? `${name} stores the scale, max(1 / tallest, 0.2 × numBins / numEntries) a channel: ${floats(trace, step.value, 4)}. The tallest bar reaches the top unless it is more than five times the average bin.`
      : `${name} stores the tallest bins too (${floats(trace, step.value, 0)}), for the studio’s logarithmic scale.`;
    case 'colour': return `${name} ${colourWords(run, state, step)}`;
    case 'peek': return `${name} reads ${at} with atomicLoad: ${step.value}.`;
    case 'store': return `${name} stores ${step.value} to ${at}` + (step.lost > 0
      ? `; another invocation had stored ${step.value - 1 + step.lost} there since this one loaded ${step.value - 1}: ${step.lost} count${step.lost === 1 ? '' : 's'} lost.`
      : step.lost < 0 ? `, over ${step.value - 1 + step.lost}: a count lost earlier comes back.` : '.');
    case 'hold': return `${name} starts atomicAdd on ${at}: the bin is held, and any other that wants it waits.`;
    case 'wait': return `${name} waits: ${at} is held by another invocation's atomicAdd.`;
    case 'add': return `${name} adds ${step.by}: ${at} is ${step.value}, and is let go.`;
    case 'vote': return `${name} is at ${FUNCTIONS[trace.steps.find((s, j) => j > i && s.act === 'voted' && s.subgroup === run.subgroupOf(step.invocation))?.vote.fn] ?? 'a subgroup function'}: a subgroup’s lanes run it together, so it waits for the rest of subgroup ${run.subgroupOf(step.invocation)}.`;
    case 'voted': {
      const k = step.subgroup;
      const vote = step.vote;
      const lead = `Subgroup ${k}’s lanes run ${FUNCTIONS[vote.fn]} together`;
      const text = run.lineText(m.pass, step.line);
      if (vote.fn === 'ballot') {
        return text.includes('subgroupBallot(has)') ? `${lead}: ${vote.lanes} of its ${trace.lanes} lanes have a pixel.`
          : `${lead}: ${vote.lanes} of its ${trace.lanes} lanes are active; the lowest of them leads.`;
      }
      if (vote.fn === 'first') {
        const v = vote.value;
        return `${lead}: every lane now has the first lane’s colour, ${[v & 255, (v >> 8) & 255, (v >> 16) & 255].join(', ')}.`;
      }
      if (vote.fn !== 'all') return `${lead}: every lane gets ${vote.any ?? vote.value}.`;
      const lanes = state.votes.get(k)?.lanes ?? 0;
      if (!vote.alike) return `${lead}: not every lane with a pixel has lane 0’s colour, so each of the ${lanes} adds 1 to each of its pixel’s bins, as in the privatized kernel.`;
      return lanes === 0 ? `${lead}: none of its lanes has a pixel, so none adds anything.`
        : `${lead}: every lane with a pixel has lane 0’s colour, so lane 0, the leader, adds ${lanes} to each of its bins, once, for all ${lanes}.`;
    }
    case 'barrier': return `${name} reaches workgroupBarrier() and waits for the rest of its workgroup.`;
    case 'released': return `The last invocation of workgroup (${m.group[0]}, ${m.group[1]}) reaches the barrier: all of them go on.`;
    case 'return': return pass.kernel === 'reduce' ? `${name}: chunk ${m.group[0] * pass.stride * 2} has no partner at stride ${pass.stride} this step: it returns, and is added in a later step.`
      : `${name} is outside the picture: it returns.`;
    case 'done': return `${name} is done.`;
    default: {
      const text = run.lineText(m.pass, step.line);
      const does = (DRAWING_LINES[trace.canvas ? pass.kernel : ''] ?? LINES).find(([marks]) => text.includes(marks) || marks.includes(text))?.[1] ?? 'runs it';
      // A lane past the picture's end goes round with the others, its colour black.
      const without = trace.lanes && !state.inv.get(step.invocation)?.pixel && /^(for \(var ch|let bin = binOf)/.test(text)
        ? ' (it has no pixel: its colour is black, and it adds nothing)' : '';
      return `${name}, line ${run.shownLine(m.pass, step.line)}: ${does}${without}.`;
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

/** What a fragment of the drawing decided, in words: which bars reach above
 * its height, the mask channelMult leaves, and the colour that picks. */
function colourWords(run, state, step) {
  const { trace } = run;
  const m = trace.invocations[step.invocation];
  const y = Number(texcoord(trace, m.group)[1]);
  const inv = state.inv.get(step.invocation) ?? {};
  const scale = inv.scale ?? [0, 0, 0, 0];
  const above = (inv.counts ?? []).map((c, ch) => c * scale[ch] > y);
  const over = above.map((a, ch) => (a ? channelName(trace, ch) : null)).filter(Boolean);
  const shown = run.shown.map((ch) => (trace.channels === 1 ? 'L' : 'RGBL'[ch]));
  const mask = above.reduce((bits, a, ch) => bits | (a && run.shown.includes(trace.channels === 1 ? 0 : ch) ? 1 << ch : 0), 0);
  const bars = over.length ? `the ${over.join(', ')} bar${over.length === 1 ? '' : 's'} reach${over.length === 1 ? 'es' : ''} above its height, ${y}` : `no bar reaches above its height, ${y}`;
  const colour = step.rgba[3] === 0 ? 'transparent' : `rgb(${step.rgba.slice(0, 3).join(', ')})`;
  return `compares each bar’s height with its own: ${bars}. channelMult keeps ${shown.join(', ')}, so the mask is ${mask} and colour ${mask} of the 16 is written to its pixel: ${colour}.`;
}
