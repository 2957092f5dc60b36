// What a chapter says of a count, beside its histograms: the pixels and the bins'
// totals (equal, or how many counts were lost), its time, each pass's time, the
// article's figure where it is for the same picture size, the figures the words
// give, and what to know about the picture and the run.
import { cpuHistogramSimple } from '../pkg/histogram.js';
import { el, formatMs, timingText } from './site.js';
import { passTable, publishedBeside } from './pass-times.js';
import { facts, fillFacts } from './facts.js';
import { said, t, tNodes } from './l10n.js';

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
    const text = el('p', { id: 'simple-beside' }, ...tNodes('readout-simple-beside', {
      loop: formatMs(simple.wallMs), tally: formatMs(outcome.wallMs),
      verdict: el('span', { class: same ? 'ok' : 'wrong' }, t(same ? 'readout-same-bins' : 'readout-different-bins')),
    }));
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
      : totals.flatMap((total, i) => [el('span', { class: 'total' },
        t('readout-channel-total', { channel: 'rgbl'[i], total: total.toLocaleString('en') })), ' '])), ' ',
      lost === 0
        ? el('span', { class: 'ok' }, t(reruns ? 'readout-lost-nothing' : 'readout-equals-pixels'))
        : el('span', { class: 'wrong' }, t('readout-lost', { count: lost, shown: lost.toLocaleString('en') })));
    const time = timingText(outcome, gpu ? method : 'cpu', gpu);
    stats.replaceChildren(
      el('dt', {}, t('readout-pixels')), el('dd', {}, pixelCount.toLocaleString('en')),
      el('dt', {}, t('readout-bin-totals', { channels })), totalCell,
      el('dt', {}, t('readout-time')), el('dd', { id: 'time' },
        // The first count of a page compiles its kernel on the way.
        counted === 1 && gpu ? t('readout-time-first', { time }) : time));
    const simple = method === 'cpu' || !gpu ? simpleBeside(picture, outcome, channels) : null;
    passes.replaceChildren(simple ? simple.text : passTable(outcome, gpu));
    fillFacts(main, facts(gpu ? outcome : null, picture.width, picture.height, channels, shape));
    published.replaceChildren(publishedBeside({
      method: gpu ? method : 'cpu', channels, width: picture.width, height: picture.height,
      ms: simple ? simple.ms : outcome.gpuMs ?? outcome.wallMs, software: gpu?.software, useSize, shape,
    }) ?? '');
    notes.replaceChildren([deviceNote, ...[...picture.notes(), ...outcome.notes()].map(said)].filter(Boolean).join(' '));
  };
  return { stats, passes, published, notes, show };
}
