// The code pane of a chapter's step-through diagram (www/step-diagram.js): the
// pass's kernel, a line each, each running invocation's mark in the gutter of the
// line it is on, in its workgroup's colour; the lit lines kept in view.
import { el } from './site.js';
import { HUES } from './diagram-stage.js';
import { t } from './l10n.js';

/** A line's text with its operators of two characters (`->`, `<=`, `+=`...) each
 * kept whole: a wrapping line breaks between tokens, not after a `-` (Firefox's
 * line breaker would). */
function unbroken(words) {
  return words.split(/([-+*/%&|^<>=!]=|->|<<|>>|&&|\|\||\+\+|--)/).map((part, i) => (i % 2 ? el('span', { class: 'sd-op' }, part) : part));
}

/** The pane `code` at `state` of `run`; `line`: the line just run; `who(id)`: an
 * invocation in words. Returns how many lit lines are out of view above and below. */
export function drawCode(code, run, state, line, who) {
  const { trace } = run;
  const here = new Map();
  for (const [id, inv] of state.inv) {
    if (!inv.line || ['done', 'returned'].includes(inv.status) || trace.invocations[id].pass !== state.pass) continue;
    if (!here.has(inv.line)) here.set(inv.line, []);
    here.get(inv.line).push(id);
  }
  const scrolled = code.scrollTop;
  code.replaceChildren(...run.lines[state.pass].map(({ n, line: words }) => {
    const ids = here.get(n) ?? [];
    const marks = ids.slice(0, ids.length > 4 ? 2 : 4).map((id) => {
      const slot = state.slots.findIndex((s) => s && s.pass === state.pass && s.group === trace.invocations[id].group_index);
      return el('span', { class: 'sd-mark', style: `background: ${HUES[slot] ?? '#fff'}`, title: who(id) });
    });
    // The marks first, in a gutter: a long line wraps, its marks stay at its start.
    if (ids.length > 4) marks.push(el('span', { class: 'sd-more', title: t('diagram-code-invocations', { invocations: String(ids.length) }) }, `+${ids.length - 2}`));
    // A wrapped line goes on two columns past its own indentation, as code is read.
    const indent = words.length - words.trimStart().length;
    return el('span', { class: `sd-line${marks.length ? ' lit' : ''}`, 'data-n': n, style: `--indent: ${indent + 2}ch` }, el('span', { class: 'sd-gutter' }, ...marks), el('span', { class: 'sd-n' }, String(run.shownLine(state.pass, n)).padStart(3)), ' ', ...unbroken(words), '\n');
  }));
  code.scrollTop = scrolled;
  keepInView(code, line);
  const lit = [...code.querySelectorAll('.lit')];
  return {
    above: lit.filter((l) => l.offsetTop + l.offsetHeight <= code.scrollTop).length,
    below: lit.filter((l) => l.offsetTop >= code.scrollTop + code.clientHeight).length,
  };
}

/**
 * The pane scrolled so that its lit lines are in view (all of them where they fit,
 * else the line just run, `line`), its top at a line's start: no line is shown cut
 * in half at the top.
 */
function keepInView(code, line) {
  const lines = [...code.children];
  const lit = lines.filter((l) => l.classList.contains('lit'));
  code.style.removeProperty('padding-bottom');
  if (!lit.length) return;
  const top = code.scrollTop;
  const [first, last] = [lit[0], lit.at(-1)];
  const atLineStart = top <= lines[0].offsetTop || lines.some((l) => Math.abs(l.offsetTop - top) < 1);
  if (atLineStart && first.offsetTop >= top && last.offsetTop + last.offsetHeight <= top + code.clientHeight) return;
  const span = last.offsetTop + last.offsetHeight - first.offsetTop;
  const fits = span <= code.clientHeight;
  const anchor = fits ? first : (lit.find((l) => Number(l.dataset.n) === line) ?? first);
  // Up to two lines above the anchor where there is room, then back to a line's start.
  const want = anchor.offsetTop - Math.min((code.clientHeight - (fits ? span : anchor.offsetHeight)) / 3, anchor.offsetHeight * 2);
  const start = lines.findLast((l) => l.offsetTop <= want);
  const target = !start || start === lines[0] ? 0 : start.offsetTop;
  // Near the end the pane cannot scroll that far: room under the last line instead.
  const most = code.scrollHeight - code.clientHeight;
  if (target > most) code.style.setProperty('padding-bottom', `calc(0.4rem + ${target - most}px)`);
  code.scrollTop = target;
}
