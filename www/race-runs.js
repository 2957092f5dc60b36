// The race page's lesson made visible: more runs of the same picture beside the
// first, and for each run the counts it lost against the exact histogram (the
// CPU's), bin by bin. A few hundred lost of 576,000 cannot be seen on a histogram.
import { cpuHistogram } from '../pkg/histogram.js';
import { el } from './site.js';
import { t, tNodes } from './l10n.js';

const LOSS_HEIGHT = 48;

/** Per bin, exact minus raced: how many counts each run lost there. */
const lossOf = (exact, raced) => exact.map((e, b) => e - raced[b]);

/**
 * Each bin's lost counts as red bars on a logarithmic scale up to `most` (the
 * largest loss of all the runs shown, so runs compare, and one lost count still
 * shows).
 */
function drawLoss(canvas, exact, raced, most) {
  const ctx = canvas.getContext('2d');
  const { width, height } = canvas;
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ff5b5b';
  for (let b = 0; b < exact.length; b++) {
    const lost = exact[b] - raced[b];
    if (lost > 0) ctx.fillRect(b, height - Math.max(1, (Math.log1p(lost) / Math.log1p(most)) * height), 1, height);
  }
}

/**
 * `reruns` more runs of a picture: `figure` (the first run's loss, under its
 * histograms) and `grid` (the other runs) to place; `show` fills them.
 * `histogramCanvas` and `drawInto` are the page's, so the runs look like its own.
 */
export function raceRuns(reruns, { histogramCanvas, drawInto }) {
  const lossCanvas = el('canvas', { class: 'loss', id: 'loss', role: 'img', width: 256, height: LOSS_HEIGHT, 'aria-label': t('race-runs-loss-label') });
  const lossCaption = el('figcaption');
  const figure = el('figure', { hidden: true }, lossCanvas, lossCaption);
  const grid = el('div', { class: 'reruns' });

  /** Runs `count()` `reruns` times more beside `outcome`, the page's run of `picture`. */
  const show = async ({ picture, outcome, channels, shown, count }) => {
    grid.replaceChildren();
    const luminance = channels - 1;
    const reference = cpuHistogram(picture, channels, 256);
    const exact = Array.from(reference.bins(luminance));
    reference.free();
    const runs = [{ bins: Array.from(outcome.bins(luminance)), pixels: outcome.pixels }];
    const figures = [];
    for (let i = 1; i <= reruns; i++) {
      const again = await count();
      const canvas = histogramCanvas(t('race-runs-run', { run: i + 1 }));
      drawInto(canvas, again, shown);
      runs.push({ bins: Array.from(again.bins(luminance)), pixels: again.pixels });
      figures.push(canvas);
      again.free();
    }
    const most = Math.max(0, ...runs.flatMap(({ bins }) => lossOf(exact, bins)));
    drawLoss(lossCanvas, exact, runs[0].bins, Math.max(1, most));
    const losses = lossOf(exact, runs[0].bins);
    const worst = losses.reduce((w, l, b, all) => (l > all[w] ? b : w), 0);
    const lostNow = losses.reduce((a, b) => a + b, 0);
    lossCaption.textContent = most === 0 ? t('race-runs-none-lost')
      : `${t('race-runs-loss-scale', { most: most.toLocaleString('en') })} ` +
        (lostNow ? t('race-runs-this-lost', { lost: lostNow.toLocaleString('en'), bin: worst }) : t('race-runs-this-lost-none'));
    figure.hidden = false;
    runs.slice(1).forEach(({ bins, pixels }, i) => {
      const total = bins.reduce((a, b) => a + b, 0);
      const lost = pixels - total;
      const loss = el('canvas', { class: 'loss', role: 'img', width: 256, height: LOSS_HEIGHT, 'aria-label': t('race-runs-run-loss-label', { run: i + 2 }) });
      drawLoss(loss, exact, bins, most);
      grid.append(el('figure', {}, figures[i], loss, el('figcaption', {}, ...tNodes('race-runs-run-caption', {
        run: i + 2, counted: total.toLocaleString('en'),
        lost: el('span', { class: lost ? 'wrong' : 'ok' }, t('race-runs-run-lost', { lost: lost.toLocaleString('en') })),
      }))));
    });
  };
  return { figure, grid, show };
}
