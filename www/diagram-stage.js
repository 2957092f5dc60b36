// The stage of a chapter's step-through diagram (www/step-diagram.js): the
// workgroups running, or a subgroup pass's lanes and their votes; the tiny
// picture; the storage bins and the chunks. Drawn afresh, as SVG, at every step,
// with the step's value travelling from where it was to where it goes (a pixel to
// its invocation, an invocation's add to its bin, a chunk's count to the next):
// a token drawn where it arrives, flying in from where it left (CSS, so that it
// stays still where motion is to be reduced).
import { t } from './l10n.js';

const NS = 'http://www.w3.org/2000/svg';
// A colour a slot (a workgroup running at once), legible on the dark panel.
export const HUES = ['#ff9f6b', '#5fd3e0', '#ffd166', '#c6a0ff'];

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}
export const text = (x, y, words, attrs = {}) => svg('text', { x, y, class: 'sd-text', ...attrs }, words);
const rgbCss = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
export const memKey = (at) => `${at.in}:${at.chunk ?? at.group ?? ''}:${at.bin ?? at.member}`;

/** Words in a workgroup's memory: a bin each, or the packed kernel's copies of each. */
export const localWords = (run) => (run.localWords ??= Math.max(run.trace.num_bins * run.trace.channels,
  ...run.trace.steps.filter((s) => s.at?.in === 'local').map((s) => s.at.bin + 1)));

/** The stage: the workgroups running, the picture, the memories. */
export function drawStage(stage, run, state, compact) {
  const { trace } = run;
  const W = compact ? 360 : 640;
  const entries = trace.num_bins * trace.channels;
  const perRow = compact ? Math.min(2, trace.slots) : trace.slots;
  const gap = 8;
  const boxW = (W - (perRow - 1) * gap) / perRow;
  const pass = trace.passes[state.pass];
  const laned = trace.lanes > 0;
  // The passes whose kernels count in workgroup memory (chunks, privatized, subgroups).
  run.localPasses ??= new Set(trace.steps.filter((st) => st.at?.in === 'local').map((st) => trace.invocations[st.invocation].pass));
  const usesLocal = laned || run.localPasses.has(state.pass);
  const groupOf = (slot) => run.members[trace.invocations.findIndex((m) => m.pass === slot.pass && m.group_index === slot.group)];
  const busiest = state.slots.reduce((most, slot) => (slot ? Math.max(most, groupOf(slot).length) : most), trace.lanes);
  const layout = laned ? laneLayout(trace.lanes, busiest, boxW) : null;
  // Narrow columns (their memory under the pixel) put the badges in a row of their own.
  const narrow = !laned && (boxW - 12) / Math.max(1, busiest) < 70;
  const body = laned ? layout.height : narrow ? 80 : 62;
  // Workgroup memory, a cell a word, in rows where one row would make its cells
  // too small to read (the packed kernel's copies on a phone).
  const cellW = Math.max(18, Math.min(30, (boxW - 16) / localWords(run)));
  const perLine = Math.max(1, Math.floor((boxW - 16) / cellW));
  const localLines = Math.ceil(localWords(run) / perLine);
  const boxH = 24 + body + (usesLocal ? 24 + 22 * localLines : 0);
  const rows = Math.ceil(trace.slots / perRow);
  const nodes = [];
  // Where each invocation, pixel and memory cell is drawn, for the token.
  const places = new Map();
  // The badges drawn as a lettered dot: a legend names them.
  const lettered = new Set();
  state.slots.forEach((slot, s) => {
    const x = (s % perRow) * (boxW + gap);
    const y = Math.floor(s / perRow) * (boxH + gap);
    nodes.push(svg('rect', { x, y, width: boxW, height: boxH, rx: 6, class: 'sd-box', stroke: HUES[s] }));
    if (!slot || slot.pass !== state.pass) {
      nodes.push(text(x + 8, y + 20, t(trace.method === 'fragment' ? 'diagram-slot-no-fragment' : 'diagram-slot-no-workgroup'), { class: 'sd-text sd-dim' }));
      return;
    }
    const [gx, gy] = slot.at.map(String);
    const title = trace.method === 'single' || pass.kernel === 'scale' ? t('diagram-slot-one') : trace.method === 'fragment' || pass.kernel === 'draw' ? t('diagram-slot-fragment', { x: gx, y: gy })
      : pass.kernel === 'sum' || pass.kernel === 'reduce' ? t('diagram-slot-workgroup', { workgroup: gx }) : t('diagram-slot-workgroup-xy', { x: gx, y: gy });
    nodes.push(text(x + 8, y + 18, title, { fill: HUES[s], class: 'sd-text sd-title' }));
    const members = groupOf(slot);
    if (laned) nodes.push(...drawLanes(run, state, members, layout, x, y, places));
    const colW = (boxW - 12) / Math.max(1, members.length);
    if (!laned) members.forEach((id, k) => {
      const inv = state.inv.get(id) ?? {};
      const cx = x + 6 + k * colW;
      const m = trace.invocations[id];
      const faded = ['done', 'returned'].includes(inv.status);
      const g = svg('g', { opacity: faded ? 0.4 : 1 });
      // Many invocations a row (a privatized workgroup): their pixels and badges only.
      const roomy = colW >= 30;
      if (roomy && trace.method !== 'fragment' && !trace.canvas) g.append(text(cx + 2, y + 36, m.local[1] ? t('diagram-local-id-xy', { x: String(m.local[0]), y: String(m.local[1]) }) : t('diagram-local-id', { x: String(m.local[0]) }), { class: 'sd-text sd-small sd-dim' }));
      const sq = Math.min(16, colW - 2);
      places.set(`inv:${id}`, [cx + 2 + sq / 2, y + 50]);
      // Its pixel's colour; a fragment of the drawing, the colour it wrote.
      const own = inv.rgb ?? inv.colour;
      if (own) g.append(svg('rect', { x: cx + 2, y: y + 42, width: sq, height: 16, rx: Math.min(3, sq / 4), fill: own[3] === 0 ? 'none' : rgbCss(own), stroke: '#fff', 'stroke-width': 0.8, 'stroke-dasharray': own[3] === 0 ? '2 2' : 'none' }));
      if (inv.at && roomy) g.append(text(cx + (inv.rgb && colW >= 70 ? 22 : 2), y + (inv.rgb && colW >= 70 ? 55 : 72), shortMemory(run, inv.at), { class: 'sd-text sd-small' }));
      if (inv.value !== undefined && roomy) g.append(text(cx + (colW >= 70 ? 2 : 22), y + (colW >= 70 ? 76 : 55), `=${inv.value}`, { class: 'sd-text' }));
      const badge = badgeOf(inv.status);
      const by = narrow ? y + 82 : y + 66;
      // A pill as wide as its word (10.5 px type: about 6.5 units a letter).
      const pillW = badge ? badge[0].length * 6.5 + 12 : 0;
      if (badge && colW >= pillW + 4) {
        const px = cx + (narrow ? 0 : colW - pillW - 4);
        g.append(svg('rect', { x: px, y: by, width: pillW, height: 16, rx: 8, fill: badge[1] }), text(px + pillW / 2, by + 12, badge[0], { class: 'sd-text sd-badge', 'text-anchor': 'middle' }));
      } else if (badge) {
        // Too narrow for the word: its first letter in a dot of its colour, named for
        // a screen reader, and in the legend under the workgroups.
        lettered.add(inv.status);
        g.append(svg('circle', { cx: cx + Math.min(colW, 24) / 2, cy: by + 8, r: Math.min(7, colW / 2 - 1), fill: badge[1] }, svg('title', {}, badge[0])));
        if (colW >= 14) g.append(text(cx + Math.min(colW, 24) / 2, by + 12, badge[0][0], { class: 'sd-text sd-badge', 'text-anchor': 'middle' }));
      }
      nodes.push(g);
    });
    if (usesLocal) {
      const local = state.local.get(slot.group) ?? new Array(localWords(run)).fill(0);
      const key = (i) => memKey({ in: 'local', group: slot.group, bin: i });
      const below = y + 24 + body;
      nodes.push(text(x + 8, below + 12, t(boxW < 200 ? 'diagram-workgroup-memory-short' : 'diagram-workgroup-memory'), { class: 'sd-text sd-small sd-dim' }));
      for (let first = 0; first < local.length; first += perLine) {
        const line = local.slice(first, first + perLine);
        const ly = below + 18 + (first / perLine) * 22;
        const at = (i) => key(first + i);
        nodes.push(...cells(line, x + 8, ly, cellW, 20, (i) => state.holds.has(at(i)), state.touched, at));
        line.forEach((_, i) => places.set(at(i), [x + 8 + i * cellW + cellW / 2, ly + 10]));
      }
    }
  });
  let top = rows * (boxH + gap) + 14;
  if (lettered.size) {
    // Each in its dot's colour, where a dot is too small for its letter.
    const legend = Object.keys(BADGES).filter((k) => lettered.has(k)).map(badgeOf)
      .flatMap(([word, colour], i) => [...(i ? [' · '] : []), svg('tspan', { fill: colour }, `● ${word[0]}: ${word}`)]);
    nodes.push(svg('text', { x: 0, y: top + 2, class: 'sd-text sd-small' }, t('diagram-dots'), ...legend));
    top += 18;
  }
  // The picture: every pixel, those being read outlined, those read dimmed.
  const cell = compact ? 18 : 22;
  const size = { width: String(trace.width), height: String(trace.height) };
  nodes.push(text(0, top + 12, t(trace.canvas ? 'diagram-picture-counted' : 'diagram-picture', size), { class: 'sd-text sd-small sd-dim' }));
  for (let y = 0; y < trace.height; y++) {
    for (let x = 0; x < trace.width; x++) {
      const reading = [...state.inv.values()].some((inv) => inv.pixel && inv.pixel[0] === x && inv.pixel[1] === y && !['done', 'returned'].includes(inv.status));
      places.set(`pixel:${x},${y}`, [x * (cell + 2) + cell / 2, top + 20 + y * (cell + 2) + cell / 2]);
      nodes.push(svg('rect', {
        x: x * (cell + 2), y: top + 20 + y * (cell + 2), width: cell, height: cell, rx: 3,
        fill: rgbCss(run.rgb(x, y)), class: reading ? 'sd-reading' : state.read.has(`${x},${y}`) ? 'sd-read' : '',
      }));
    }
  }
  // A subgroup pass, one workgroup, one round: lane i reads pixel i, so each
  // subgroup's pixels are underlined once it has voted, green where they agreed.
  if (laned && pass.groups[0] * pass.groups[1] === 1) {
    for (const [k, vote] of state.votes) {
      if (!vote.all) continue;
      for (let i = k * trace.lanes; i < Math.min((k + 1) * trace.lanes, trace.width * trace.height); i++) {
        const [px, py] = [i % trace.width, Math.floor(i / trace.width)];
        nodes.push(svg('rect', { x: px * (cell + 2), y: top + 20 + py * (cell + 2) + cell - 4, width: cell + (i % trace.width === trace.width - 1 || i === (k + 1) * trace.lanes - 1 ? 0 : 2), height: 4,
          class: vote.alike ? 'sd-agreed' : 'sd-disagreed' }));
      }
    }
  }
  const pictureH = 20 + trace.height * (cell + 2);
  // The storage bins, as bars up to the exact count's tallest.
  const binsX = trace.width * (cell + 2) + 18;
  // The drawing's canvas beside the bins, where there is room.
  const canvasW = trace.canvas ? trace.canvas[0] * (cell + 2) : 0;
  const canvasBeside = trace.canvas && !compact;
  const barsW = compact ? W - binsX : Math.min(trace.chunks ? 220 : 320, W - binsX - (canvasBeside ? canvasW + 24 : 0));
  const barW = Math.min(52, barsW / entries);
  const exact = trace.bins.map((b, i) => b + trace.lost[i]);
  const tallest = Math.max(1, ...exact);
  const barH = compact ? 90 : 120;
  nodes.push(text(binsX, top + 12, t('diagram-storage-bins'), { class: 'sd-text sd-small sd-dim' }));
  state.bins.forEach((v, i) => {
    const key = memKey({ in: 'bins', bin: i });
    const x = binsX + i * barW;
    const h = (barH * v) / tallest;
    places.set(key, [x + barW / 2 - 2, top + 20 + barH - Math.max(h, 8)]);
    nodes.push(svg('rect', { x, y: top + 20, width: barW - 4, height: barH, rx: 2, class: `sd-cell${state.touched === key ? ' sd-touched' : ''}${state.holds.has(key) ? ' sd-held' : ''}` }));
    nodes.push(svg('rect', { x: x + 2, y: top + 20 + barH - h, width: barW - 8, height: h, class: 'sd-bar', fill: trace.channels === 4 ? ['#ff7b7b', '#7bdc7b', '#7bb4ff', '#e8e9ec'][i % 4] : '#e8e9ec' }));
    const mid = { 'text-anchor': 'middle' };
    nodes.push(text(x + barW / 2 - 2, top + 36 + barH, String(v), { ...mid, class: barW >= 26 ? 'sd-text' : 'sd-text sd-tiny' }));
    if (trace.channels === 1) nodes.push(text(x + barW / 2 - 2, top + 50 + barH, barW >= 30 ? t('diagram-bin', { bin: String(i) }) : String(i), { ...mid, class: 'sd-text sd-small sd-dim' }));
    else {
      nodes.push(text(x + barW / 2 - 2, top + 49 + barH, 'RGBL'[i % 4], { ...mid, class: 'sd-text sd-tiny sd-dim' }));
      if (i % 4 === 0) nodes.push(text(x + 2 * barW - 2, top + 63 + barH, t('diagram-bin', { bin: String(i / 4) }), { ...mid, class: 'sd-text sd-small sd-dim' }));
    }
  });
  let bottom = top + Math.max(pictureH, (trace.channels === 1 ? 56 : 70) + barH);
  if (trace.canvas) bottom = drawScaleAndCanvas(run, state, nodes, places, { top, bottom, binsX, cell, W, canvasW, beside: canvasBeside });
  if (trace.chunks) {
    const wideEnough = !compact && binsX + barsW + 30 + trace.chunks * 17 <= W;
    const cx = wideEnough ? binsX + entries * barW + 26 : 0;
    const cy = wideEnough ? top : bottom + 10;
    const cw = Math.min(24, (W - cx) / trace.chunks);
    const ch = Math.min(20, Math.max(14, 130 / entries));
    nodes.push(text(cx, cy + 12, t('diagram-storage-chunks', { chunks: String(trace.chunks) }), { class: 'sd-text sd-small sd-dim' }));
    state.chunks.forEach((row, c) => {
      row.forEach((v, i) => {
        const key = memKey({ in: 'chunk', chunk: c, bin: i });
        const faded = state.folded.has(c) ? 0.3 : 1;
        places.set(key, [cx + c * cw + cw / 2 - 1, cy + 20 + i * ch + ch / 2 - 1]);
        nodes.push(svg('rect', { x: cx + c * cw, y: cy + 20 + i * ch, width: cw - 2, height: ch - 2, class: `sd-cell${state.touched === key ? ' sd-touched' : ''}`, opacity: faded }));
        if (cw >= 12) nodes.push(text(cx + c * cw + cw / 2 - 1, cy + 20 + i * ch + ch - 5, String(v), { class: 'sd-text sd-tiny', 'text-anchor': 'middle', opacity: faded }));
      });
      if (cw >= 16 || c % 2 === 0) nodes.push(text(cx + c * cw + 2, cy + 32 + entries * ch, String(c), { class: 'sd-text sd-tiny sd-dim' }));
    });
    bottom = Math.max(bottom, cy + 40 + entries * ch);
  }
  const token = travelling(run, state, places);
  if (token) nodes.push(token);
  // A margin for the strokes that straddle the edges (the boxes' frames).
  stage.setAttribute('viewBox', `-3 -3 ${W + 6} ${bottom + 10}`);
  stage.replaceChildren(...nodes);
}

/** Part 2's drawing: the scale pass's result (its scale and tallest bins, a
 * vec4f each, a channel a cell) under the bins, and the canvas its fragments
 * colour, beside them or below; returns where the stage ends. */
function drawScaleAndCanvas(run, state, nodes, places, { top, bottom, binsX, cell, W, canvasW, beside }) {
  const { trace } = run;
  const names = trace.channels === 1 ? ['L'] : ['R', 'G', 'B', 'L'];
  // Under the bins, or across the stage where the canvas goes below.
  const lx = beside ? binsX : 0;
  const cw = Math.min(62, ((beside ? W - canvasW - 24 : W) - lx - 56) / names.length);
  const sy = bottom + 8;
  [['scale', 4], ['tallest', 0]].forEach(([label, places2], member) => {
    const y = sy + member * 26;
    const key = memKey({ in: 'scale', member });
    nodes.push(text(lx, y + 15, label, { class: 'sd-text sd-small sd-dim' }));
    const x0 = lx + 52;
    places.set(key, [x0 + (cw * names.length) / 2, y + 10]);
    names.forEach((name, ch) => {
      const v = state.scale[member][ch];
      nodes.push(svg('rect', { x: x0 + ch * cw, y, width: cw - 3, height: 20, rx: 2, class: `sd-cell${state.touched === key ? ' sd-touched' : ''}` }));
      nodes.push(text(x0 + ch * cw + (cw - 3) / 2, y + 14, `${name} ${places2 ? v.toFixed(places2) : v}`, { class: `sd-text ${cw >= 56 ? 'sd-small' : 'sd-tiny'}`, 'text-anchor': 'middle' }));
    });
  });
  bottom = sy + 52;
  const [w, h] = trace.canvas;
  const cx = beside ? W - canvasW : 0;
  const cy = beside ? top : bottom + 8;
  nodes.push(text(cx, cy + 12, t('diagram-canvas', { width: String(w), height: String(h) }), { class: 'sd-text sd-small sd-dim' }));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const colour = state.canvas.get(y * w + x);
      places.set(`canvas:${x},${y}`, [cx + x * (cell + 2) + cell / 2, cy + 20 + y * (cell + 2) + cell / 2]);
      nodes.push(svg('rect', {
        x: cx + x * (cell + 2), y: cy + 20 + y * (cell + 2), width: cell, height: cell, rx: 2,
        fill: colour && colour[3] ? rgbCss(colour) : 'none', class: colour ? 'sd-drawn' : 'sd-cell',
      }));
    }
  }
  return Math.max(bottom, cy + 24 + h * (cell + 2));
}

// A status's badge colour; its word, diagram-badge-<status>.
const BADGES = { waiting: '#ff6b6b', barrier: '#ffd166', holding: '#ff9f6b', returned: '#a3a8b3', done: '#a3a8b3' };
/** A status's badge, [word, colour]; undefined for a status without one. */
const badgeOf = (status) => (Object.hasOwn(BADGES, status) ? [t(`diagram-badge-${status}`), BADGES[status]] : undefined);

const stillMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** The last step's value on its way: a pixel's colour to the invocation that read
 * it, an add or store from its invocation to the cell, a load back; drawn where it
 * arrives and flying in from where it left (`--dx`, `--dy`: style.css's sd-fly). */
function travelling(run, state, places) {
  const step = state.last;
  // Where motion is reduced it would never be seen (style.css): not drawn at all.
  if (!step || stillMotion.matches) return null;
  const inv = places.get(`inv:${step.invocation}`);
  const cell = step.at && places.get(memKey(step.at));
  const at = run.trace.invocations[step.invocation].group;
  const [from, to] = step.act === 'pixel' ? [places.get(`pixel:${step.x},${step.y}`), inv]
    : ['add', 'store', 'hold', 'put'].includes(step.act) ? [inv, cell]
    : ['load', 'peek', 'fetch'].includes(step.act) ? [cell, inv]
    : step.act === 'colour' ? [inv, places.get(`canvas:${at[0]},${at[1]}`)] : [];
  if (!from || !to) return null;
  const rgb = step.rgba?.[3] ? step.rgba : step.rgb ?? state.inv.get(step.invocation)?.rgb;
  const token = svg('circle', { cx: to[0], cy: to[1], r: 6, class: 'sd-token', fill: rgb ? rgbCss(rgb) : 'var(--accent)' });
  // Through the CSSOM: the pages' Content-Security-Policy ignores style attributes.
  token.style.setProperty('--dx', `${from[0] - to[0]}px`);
  token.style.setProperty('--dy', `${from[1] - to[1]}px`);
  return token;
}

/** A row of memory cells with their values; one held by an atomic framed. */
function cells(values, x, y, w, h, held, touched, keyOf) {
  const out = [];
  values.forEach((v, i) => {
    out.push(svg('rect', { x: x + i * w, y, width: w - 2, height: h, rx: 2, class: `sd-cell${touched === keyOf(i) ? ' sd-touched' : ''}${held(i) ? ' sd-held' : ''}` }));
    if (w >= 10) out.push(text(x + i * w + w / 2 - 1, y + h - 6, String(v), { class: `sd-text ${w >= 18 ? 'sd-small' : 'sd-tiny'}`, 'text-anchor': 'middle' }));
  });
  return out;
}

/** Where a value lives, in a few letters: b1 (a bin), c3·b1 (a chunk's bin), G1·0
 * (the packed kernel's copy 0 of G's bin 1, its workgroup memory a channel after another);
 * the scale pass's, by its members' WGSL names. */
function shortMemory(run, at) {
  const { trace } = run;
  const entries = trace.num_bins * trace.channels;
  const copies = localWords(run) / entries;
  if (at.in === 'scale') return at.member ? 'tallest' : 'scale';
  if (at.in === 'local' && copies > 1) {
    const bin = Math.floor(at.bin / copies);
    const [b, copy] = [String(bin % trace.num_bins), String(at.bin % copies)];
    return trace.channels === 1 ? t('diagram-short-copy', { bin: b, copy }) : `${'RGBL'[Math.floor(bin / trace.num_bins)]}${b}·${copy}`;
  }
  const bin = trace.channels === 1 ? t('diagram-short-bin', { bin: String(at.bin) }) : `${'RGBL'[at.bin % 4]}${Math.floor(at.bin / 4)}`;
  return at.in === 'chunk' ? t('diagram-short-chunk', { chunk: String(at.chunk), bin }) : bin;
}

/** Where a subgroup pass's lanes go in a workgroup's box: a block a subgroup
 * (its lanes in a row, what its functions answered under them), as many blocks
 * a row as fit. */
function laneLayout(lanes, members, boxW) {
  const labelW = 40;
  const room = boxW - 16 - labelW;
  const sq = Math.max(6, Math.min(16, Math.floor(room / lanes) - 2));
  // Lanes a line: all of them, or as many as fit (a narrow screen, many lanes).
  const perLine = Math.min(lanes, Math.floor(room / (sq + 2)));
  const lines = Math.ceil(lanes / perLine);
  const blockW = Math.max(labelW + perLine * (sq + 2), 160);
  const perRow = Math.max(1, Math.floor((boxW - 12) / (blockW + 8)));
  // The longest answer ("not alike: 16 lanes add their own") is about 200 units
  // wide: in a narrower block it takes two lines, so no block's words run into the next.
  const wrap = Math.min(blockW, boxW - 12) < 205;
  const rowH = lines * (sq + 2) + 26 + (wrap ? 14 : 0);
  return { lanes, sq, perLine, lines, blockW, perRow, rowH, labelW, wrap, height: Math.ceil(members / lanes / perRow) * rowH + 4 };
}

/** A subgroup's answers so far, in words (and whether it agreed, once known). */
function voteWords(vote) {
  if (!vote) return ['', null];
  if (vote.all) {
    if (!vote.alike) return [t('diagram-vote-apart', { lanes: String(vote.lanes) }), false];
    return [vote.lanes ? t('diagram-vote-alike', { lanes: String(vote.lanes) }) : t('diagram-vote-none'), true];
  }
  return [t(vote.first ? 'diagram-vote-pixels-sent' : 'diagram-vote-pixels', { lanes: String(vote.lanes) }), null];
}

/** A workgroup's subgroups: each lane a square in its pixel's colour, framed by
 * what it does (at a subgroup function, holding or waiting for a bin). */
function drawLanes(run, state, members, layout, x, y, places) {
  const { trace } = run;
  const { lanes, sq, perLine, lines, blockW, perRow, rowH, labelW, wrap } = layout;
  const frames = { vote: ['#ffd166', 2], holding: ['#ff9f6b', 2.5], waiting: ['#ff6b6b', 2.5], barrier: ['#ffd166', 1] };
  const nodes = [];
  for (let first = 0; first < members.length; first += lanes) {
    const k = run.subgroupOf(members[first]);
    const block = first / lanes;
    const bx = x + 6 + (block % perRow) * (blockW + 8);
    const by = y + 26 + Math.floor(block / perRow) * rowH;
    nodes.push(text(bx, by + sq - 3, t('diagram-subgroup-short', { subgroup: String(k) }), { class: 'sd-text sd-small sd-dim' }));
    members.slice(first, first + lanes).forEach((id, l) => {
      const inv = state.inv.get(id) ?? {};
      const [stroke, width] = frames[inv.status] ?? ['#5a606b', 0.8];
      const [lx, ly] = [bx + labelW + (l % perLine) * (sq + 2), by + Math.floor(l / perLine) * (sq + 2)];
      places.set(`inv:${id}`, [lx + sq / 2, ly + sq / 2]);
      nodes.push(svg('rect', {
        x: lx, y: ly, width: sq, height: sq, rx: 2,
        fill: inv.rgb ? rgbCss(inv.rgb) : '#2b2f36', stroke, 'stroke-width': width,
        'stroke-dasharray': inv.status === 'barrier' ? '3 2' : 'none',
        opacity: ['done', 'returned'].includes(inv.status) ? 0.45 : 1,
      }));
    });
    const [words, agreed] = voteWords(state.votes.get(k));
    const said = { class: `sd-text sd-small${agreed === true ? ' sd-agree' : agreed === false ? ' sd-disagree' : ''}` };
    const cut = words.indexOf(': ');
    if (words && wrap && cut > 0) {
      nodes.push(text(bx, by + lines * (sq + 2) + 14, words.slice(0, cut + 1), said), text(bx, by + lines * (sq + 2) + 28, words.slice(cut + 2), said));
    } else if (words) nodes.push(text(bx, by + lines * (sq + 2) + 14, words, said));
  }
  return nodes;
}
