// What a chapter says of a count, beside its histograms: the pixels and the bins'
// totals (equal, or how many counts were lost), its time, each pass's time, the
// article's figure where it is for the same picture size, the figures the words
// give, and what to know about the picture and the run.
import { cpuHistogramSimple } from '../pkg/histogram.js';
import { el, formatMs, timingText } from './site.js';
import { passTable, publishedBeside } from './pass-times.js';
import { facts, fillFacts } from './facts.js';

/** The stats list beside the histograms, the times section's two parts, the notes line. */
export function chapterReadout({ main, reruns }) {
  const stats = el('dl', { class: 'stats' });
  const passes = el('div');
  const published = el('div');
  const notes = el('p', { class: 'note' });

  /**
   * The article's simple loop timed beside the tally, on the same picture: the same
   * bins. Returns the words and the loop's time (what the article's js column times).
   */
  const simpleBeside = (picture, outcome, channels) => {
    const simple = cpuHistogramSimple(picture, channels, 256);
    const same = Array.from({ length: channels }, (_, c) => c)
      .every((c) => simple.bins(c).every((v, i) => v === outcome.bins(c)[i]));
    const text = el('p', { id: 'simple-beside' }, `On this picture, on this machine: the article’s loop took ${formatMs(simple.wallMs)}, `,
      `the tally ${formatMs(outcome.wallMs)} (wall clock, performance.now()), `,
      el('span', { class: same ? 'ok' : 'wrong' }, same ? '✓ the same bins' : '✗ different bins'), '.');
    const ms = simple.wallMs;
    simple.free();
    return { text, ms };
  };

  /**
   * Says what `outcome` (the `counted`th count of `picture` by `method`, on `gpu`
   * or the CPU where it is null) shows; `useSize(w, h)` counts the project's
   * picture at a published figure's size; `deviceNote` what a device loss changed;
   * `shape` the chunk or workgroup shape counted at ('' for the method's own).
   */
  const show = ({ outcome, picture, method, channels, gpu, counted, deviceNote, useSize, shape }) => {
    const totals = Array.from(outcome.totals());
    const pixelCount = outcome.pixels;
    const totalCell = el('dd');
    const lost = pixelCount - totals[totals.length - 1];
    // Four totals as labelled pairs that wrap between them, not inside a number.
    totalCell.append(...(channels === 1
      ? [totals[0].toLocaleString('en')]
      : totals.flatMap((t, i) => [el('span', { class: 'total' }, `${'RGBL'[i]} ${t.toLocaleString('en')}`), ' '])), ' ',
      lost === 0
        ? el('span', { class: 'ok' }, reruns ? '✓ this run lost nothing: no two invocations met on a bin at once' : '✓ equals the pixel count')
        : el('span', { class: 'wrong' }, `✗ ${lost.toLocaleString('en')} count${lost === 1 ? '' : 's'} lost`));
    stats.replaceChildren(
      el('dt', {}, 'Pixels'), el('dd', {}, pixelCount.toLocaleString('en')),
      el('dt', {}, channels === 1 ? 'Bin total' : 'Bin totals'), totalCell,
      el('dt', {}, 'Time'), el('dd', { id: 'time' }, timingText(outcome, gpu ? method : 'cpu', gpu?.software) +
        // The first count of a page compiles its kernel on the way.
        (counted === 1 && gpu ? ' · the first count here, its kernel compiled on the way' : '')));
    const simple = method === 'cpu' || !gpu ? simpleBeside(picture, outcome, channels) : null;
    passes.replaceChildren(simple ? simple.text : passTable(outcome));
    fillFacts(main, facts(gpu ? outcome : null, picture.width, picture.height, channels, shape));
    published.replaceChildren(publishedBeside({
      method: gpu ? method : 'cpu', channels, width: picture.width, height: picture.height,
      ms: simple ? simple.ms : outcome.gpuMs ?? outcome.wallMs, software: gpu?.software, useSize, shape,
    }) ?? '');
    notes.textContent = [deviceNote, ...picture.notes(), ...outcome.notes()].filter(Boolean).join(' ');
  };
  return { stats, passes, published, notes, show };
}
