// Every example page over an image: the picture (the project's own, or a file picked
// or dropped), one method run over it, its histograms drawn and timed, the CSV and
// the kernel's source. A page's options are data attributes of <main>, so the pages
// carry no inline script (their Content-Security-Policy allows none):
// data-method: 'cpu' or a GPU method; data-methods: the methods a visitor may
// choose between, timed side by side; data-channels: 1 or 4 to start with (pages
// over pictures offer both); data-shape: offer the shapes of a workgroup, as
// 'chunk' (the chunk methods) or 'workgroup' (race and atomicAdd);
// data-reruns: run again side by side (the race page); data-draw="gpu": the GPU
// draws the histograms; data-beside: another GPU method timed beside this one on
// the same picture (the fragment page: its compute twin); data-live: a playing
// video or the camera too, counted by the method every frame (image-live.js).
import {
  Picture, cpuHistogram, kernelSource, rebasedText, cpuSource, simpleSource, drawingSource,
} from '../pkg/histogram.js';
import { el, setState, errorText, sentence, download, showPicture, nextPaint } from './site.js';
import { sunsetPicture, stepFacts } from './core.js';
import { readPicture } from './input.js';
import { diagram } from './diagram.js';
import { stepDiagram, simulated, DRAW } from './step-diagram.js';
import { liveChapter } from './image-live.js';
import { DEFAULT_VIDEO, deviceSays, lostWithin, startPage, workQueue } from './page.js';
import { kernelLab } from './kernel-lab.js';
import { chapterLayout, drawInto, METHOD_LABELS } from './chapter-layout.js';
import { t, tNodes } from './l10n.js';

async function imagePage({ method, methods, channels, shape, reruns, draw, beside, live, stepped }) {
  const main = document.querySelector('main');
  const view = chapterLayout(main, { method, methods, channels, shape, reruns, draw, beside, live, stepped });
  const {
    status, message, instead, readout, picker, videoButton, cameraButton, runButton, csvButton, harderButton,
    chunkSelect, chunkValue, methodSelect, channelSelect, imageCanvas, imageCaption, drop, histograms, race, besides,
    source, simpleCode, drawingCode, stage, figure, held,
  } = view;
  // The methods timed side by side: the page's choices, or its method and the one beside.
  const compared = () => (beside ? [method, beside] : methods.length > 1 ? [method, ...methods.filter((m) => m !== method)] : null);

  // What the page holds, read by window.page and the device's watcher from the start.
  let gpu = null;
  let picture = null;
  let outcome = null;
  let counted = 0;
  // The chunk or workgroup shape the outcome was counted at ('' for the method's own).
  let countedShape = '';
  let deviceNote = '';
  // The article's steps, played by the simulator; a video or the camera in the
  // picture's place (data-live); the kernel lab.
  let steps = null;
  let video = null;
  let lab = null;

  const showSource = () => {
    source.textContent = method === 'cpu' ? cpuSource() : kernelSource(method, channels, chunkValue());
    if (method === 'cpu') simpleCode.textContent = simpleSource();
    if (draw === 'gpu') drawingCode.textContent = drawingSource(channels);
    lab?.refresh();
  };

  /** `shown`: how the browser shows the picture's file (readPicture's), or none. */
  const usePicture = async (next, name, shown = null) => {
    await showPicture(imageCanvas, next, shown);
    picture?.free();
    picture = next;
    const size = `${next.width}×${next.height}`;
    imageCaption.textContent = next.format === 'generated' ? t('chapter-image-caption', { name, size })
      : t('chapter-image-caption-format', { name, size, format: next.format });
  };

  // The diagram's picture counted by the real kernel, with the diagram's bins and
  // chunk, to set beside the simulation's.
  const checkDiagram = async () => {
    if (!steps || !gpu) return;
    if (steps.method === DRAW) {
      // This GPU's scale and draw passes over the same bins, into the same canvas.
      const { trace } = steps;
      const shown = steps.shown;
      try {
        const pixels = await new Promise((resolve, reject) => want('lab', {
          job: () => gpu.drawCanvas(Uint32Array.from(trace.bins), channels, trace.width * trace.height, Uint32Array.from(shown)), resolve, reject,
        }));
        if (steps.shown === shown) steps.check(Array.from(pixels));
      } catch (e) {
        steps.unchecked(t('chapter-draw-failed', { why: errorText(e) }));
      }
      return;
    }
    // Where this GPU cannot run the diagram's kernel (subgroups), nothing is set beside it.
    const lacking = gpu.lacks(steps.method);
    if (lacking) {
      steps.unchecked(t('chapter-lacks-unchecked', { method: steps.method, features: lacking }));
      return;
    }
    if (steps.edited !== null) {
      // The lab's text on this GPU, its constants made the diagram's (3 bins, its chunk).
      const text = steps.edited;
      try {
        const report = JSON.parse(await new Promise((resolve, reject) => want('lab', {
          job: () => gpu.tryKernels(steps.picture, steps.method, channels, steps.chunk, text, 1, 3), resolve, reject,
        })));
        if (steps.edited !== text) return;
        if (report.bins.length) steps.check(report.bins);
        else steps.unchecked(report.refused ? t('chapter-lab-refused', { why: report.refused }) : t('chapter-lab-not-run'));
      } catch (e) {
        steps.unchecked(t('chapter-lab-failed', { why: errorText(e) }));
      }
      return;
    }
    try {
      const o = await gpu.compute(steps.picture, steps.method, channels, steps.chunk, undefined, 3);
      const per = Array.from({ length: channels }, (_, ch) => Array.from(o.bins(ch)));
      steps.check(Array.from({ length: 3 * channels }, (_, i) => per[i % channels][Math.floor(i / channels)]));
      o.free();
    } catch (e) {
      steps.check(null);
      return;
    }
    if (steps.method !== 'subgroups') return;
    try {
      steps.tally(JSON.parse(await gpu.tallySubgroups(steps.picture, channels)));
    } catch (e) {
      steps.unchecked(t('chapter-subgroups-failed', { why: errorText(e) }));
    }
  };

  /** The picture in the video's place again. */
  const showPictureView = () => {
    if (!video?.shown) return;
    video.stop();
    imageCanvas.hidden = false;
    histograms.hidden = false;
    besides.section.hidden = false;
    runButton.hidden = false;
  };

  const show = () => {
    if (draw === 'cpu') for (const { shown, canvas } of view.canvases) drawInto(canvas, outcome, shown);
    readout.show({ outcome, picture, method, channels, gpu, counted, deviceNote, useSize, shape: countedShape });
    csvButton.disabled = false;
  };

  const timeBeside = () => besides.time(compared(), (m) => gpu.compute(picture, m, channels, chunkValue(), undefined), gpu);

  /** Counts the current picture with the page's method (the CPU's once the GPU is gone). */
  const count = async () => {
    setState('running');
    message.textContent = '';
    status.textContent = t(method === 'single' && gpu ? 'chapter-running-single' : 'chapter-running');
    const lost = gpu?.lost;
    const shape = chunkValue();
    try {
      const next = gpu
        ? await gpu.compute(picture, method, channels, shape,
          draw === 'gpu' ? view.canvases.map(({ canvas }) => canvas) : undefined)
        : cpuHistogram(picture, channels, 256);
      outcome?.free();
      outcome = next;
      countedShape = shape;
      counted++;
      show();
      if (race && gpu) {
        await race.show({
          picture, outcome, channels, shown: view.canvases.at(-1).shown,
          count: () => gpu.compute(picture, method, channels, chunkValue(), undefined),
        });
      }
      if (beside && gpu) {
        await timeBeside();
      } else if (compared()) {
        besides.clear(gpu);
      }
      status.textContent = '';
      setState('done');
    } catch (e) {
      // A lost device: the shell opens a new one, and the page counts again.
      if (lost && (await lostWithin(lost))) return;
      message.textContent = t('chapter-count-failed', { why: errorText(e) });
      status.textContent = '';
      setState('error');
    }
  };

  /** Reads and shows a file; false (with a message, the previous image kept) if it cannot. */
  const load = async (file) => {
    try {
      status.textContent = t('chapter-reading', { name: file.name });
      await nextPaint();
      // The chapters count on the CPU too, and time every method: pixels in wasm memory.
      // Shown as the browser shows the file; counted as stored.
      const { picture, shown } = await readPicture(file, { pixels: true, show: true, status: (text) => { status.textContent = text; } });
      await usePicture(picture, file.name, shown);
      showPictureView();
      deviceNote = '';
      return true;
    } catch (e) {
      message.textContent = t('chapter-image-kept', { why: sentence(e) });
      status.textContent = '';
      setState('error');
      return false;
    }
  };

  /** The methods timed side by side, as the visitor asked. */
  const timeAsked = async () => {
    if (!gpu) return;
    setState('running');
    status.textContent = t('chapter-timing-methods');
    try {
      await timeBeside();
    } catch (e) {
      besides.failed(e);
    }
    status.textContent = '';
    besides.button.disabled = false;
    setState('done');
  };

  // One piece of work at a time, the latest of each kind winning: a file given while
  // the page is busy waits, replacing any file given before it, and is read and
  // counted once the current run ends; a picture of the project's own at a size
  // asked for (a published figure's) goes before it.
  const want = workQueue({
    size: async ([w, h, kind]) => {
      await usePicture(kind === 'uniform' ? Picture.bench('uniform', w, h) : Picture.sunset(w, h),
        t(kind === 'uniform' ? 'chapter-picture-uniform' : 'chapter-picture-sunset'));
      showPictureView();
      want('run');
    },
    // A newer file may come while this one is read: it waits its turn.
    file: async (file) => { if (await load(file)) want('run'); },
    run: () => count(),
    times: () => timeAsked(),
    lab: async ({ job, resolve, reject }) => { try { resolve(await job()); } catch (e) { reject(e); } },
  }, (busy) => {
    runButton.disabled = busy;
    if (busy) besides.button.disabled = true;
    else harderButton.disabled = !gpu;
  });
  const open = (file) => {
    if (video && (file.type.startsWith('video/') || file.type.startsWith('audio/'))) {
      video.live.useFile(file);
      return;
    }
    if (want.busy()) status.textContent = t('chapter-next-file', { name: file.name });
    want('file', file);
  };
  const run = () => want('run');
  const useSize = (w, h, kind = 'sunset') => want('size', [w, h, kind]);

  const started = await startPage({
    kind: 'chapter',
    message,
    shows: {
      /** The method counting now: the page's, or where this device cannot run it, the next. */
      get method() { return method; },
      get outcome() { return outcome; },
      get picture() { return picture; },
      /** How many histograms the page has computed. */
      get counted() { return counted; },
      /** The page's method and the one beside it: medians and every run, in ms. */
      get beside() { return besides.times; },
      /** The kernel lab: its editor's text() and set(text). */
      get lab() { return lab; },
      /** The step-through diagram: its trace, where it is, the GPU's bins beside it. */
      get diagram() { return steps; },
      /** Whether this page's GPU times its passes on the GPU (GpuContext.timestamps). */
      get timed() { return Boolean(gpu?.timestamps); },
      /** A playing video or camera: its frames a second, each method's recent GPU times. */
      get live() { return video?.shown ? { fps: video.fps, times: video.times, view: video.live.view } : null; },
      pixels: () => picture.rgba(),
      open,
    },
    // The image first: without WebGPU the page still shows what it would measure.
    loaded: async () => {
      for (const s of stepFacts().steps) METHOD_LABELS[s.name] = t(`step-label-${s.name}`);
      for (const option of methodSelect.options) option.textContent = METHOD_LABELS[option.value] ?? option.value;
      // A page that draws on the GPU steps through its drawing; the others, their kernel.
      const played = draw === 'gpu' ? DRAW : method;
      steps = held && simulated(played) ? await stepDiagram(played, channels) : null;
      if (held) figure.replaceWith(steps ? steps.figure : diagram(played, channels));
      showSource();
      await usePicture(await sunsetPicture(960, 600), t('chapter-picture-sunset'));
    },
    // No empty histograms beside the picture.
    gpu: method === 'cpu' ? null
      : { instead: tNodes('chapter-cpu-instead', { link: el('a', { href: 'cpu.html' }, t('chapter-cpu-version')) }), hide: [histograms] },
    device: {
      lost: (info) => {
        video?.live.lost();
        setState('recovering');
        status.textContent = deviceSays.lost(info);
      },
      recovered: (ms, info, said) => {
        if (video?.shown) {
          video.live.recovered();
          status.textContent = said;
        } else {
          deviceNote = t('chapter-counted-again', { said });
          run();
        }
      },
      failed: (e, info, said) => {
        if (video) {
          video.live.failed();
          showPictureView();
        }
        gpu = null;
        if (draw === 'gpu') {
          // Canvases that showed WebGPU output cannot take 2D drawing: fresh ones.
          view.freshCanvases();
          draw = 'cpu';
        }
        deviceNote = t('chapter-now-cpu', { said });
        run();
      },
    },
    files: { picker, area: drop, open },
  });
  if (!started || (method !== 'cpu' && !started.gpu)) {
    status.textContent = '';
    return;
  }
  gpu = started.gpu;
  if (gpu) {
    // A step this device cannot run (subgroups where it has none): the page says
    // why, keeps its kernel's WGSL below, and counts with the next of its methods.
    const lacks = gpu.lacks(method);
    const runnable = methods.filter((m) => gpu.runs(m));
    if (lacks && runnable.length) {
      instead.textContent = t('chapter-lacks-instead', { lacking: method, features: lacks, method: METHOD_LABELS[runnable[0]] });
      instead.hidden = false;
      for (const option of [...methodSelect.options]) if (!runnable.includes(option.value)) option.remove();
      methods = runnable;
      method = runnable[0];
    }
  }
  await checkDiagram();
  // The lab's edit played in the diagram, or the step's own again: set beside this GPU's run of it.
  steps?.figure.addEventListener('kernel', checkDiagram);

  // A video or the camera in the picture's place (data-live), counted every frame.
  video = live && gpu ? liveChapter({
    gpu: () => gpu,
    method,
    beside,
    stage: drop,
    caption: imageCaption,
    onPlay: () => {
      imageCanvas.hidden = true;
      histograms.hidden = true;
      besides.section.hidden = true;
      runButton.hidden = true;
      message.textContent = '';
      status.textContent = '';
    },
    error: (text) => {
      message.textContent = text;
      status.textContent = '';
      setState('error');
    },
  }) : null;
  if (video) {
    stage.after(video.timing);
    videoButton.disabled = false;
    cameraButton.disabled = false;
  }

  harderButton.addEventListener('click', () => useSize(picture.width, picture.height, 'uniform'));
  besides.button.addEventListener('click', () => want('times'));

  // The kernel lab under the kernel's WGSL: the step's kernels edited, run on this
  // picture in the page's turn, checked against the CPU and timed beside them.
  if (gpu) {
    lab = kernelLab({
      listing: () => kernelSource(method, channels, chunkValue()),
      rebase: (text) => rebasedText(text, method, channels, chunkValue()),
      attempt: (text, runs) => gpu.tryKernels(picture, method, channels, chunkValue(), text, runs),
      stop: () => gpu?.stopLab(),
      runs: () => (method === 'single' ? 1 : 5),
      channels: () => channels,
      queue: (job) => new Promise((resolve, reject) => want('lab', { job, resolve, reject })),
      lost: () => gpu?.lost,
      gpu: () => gpu,
      // The edited text played in the step-through diagram, where the page has one.
      stepThrough: steps && steps.method !== DRAW ? (text) => {
        steps.play(text);
        steps.figure.scrollIntoView({ block: 'start' });
        steps.figure.focus({ preventScroll: true });
      } : null,
    });
    (draw === 'gpu' ? drawingCode : source).closest('details').after(lab.element);
    lab.fromLink();
  }

  runButton.addEventListener('click', run);
  chunkSelect.addEventListener('change', () => { showSource(); run(); });
  methodSelect.addEventListener('change', () => { method = methodSelect.value; showSource(); run(); });
  channelSelect.addEventListener('change', () => {
    channels = Number(channelSelect.value);
    view.setChannels(channels);
    showSource();
    run();
  });
  csvButton.addEventListener('click', async () => {
    // On video: the histogram of the frame drawn last.
    const shown = video?.shown && video.live.view ? await video.live.view.histogram() : outcome;
    download(`${main.dataset.example}-histogram.csv`, new Blob([shown.csv()], { type: 'text/csv' }));
    if (shown !== outcome) shown.free();
  });
  videoButton.addEventListener('click', () => video.live.useUrl(DEFAULT_VIDEO, t('chapter-project-video')));
  cameraButton.addEventListener('click', () => video.live.useCamera());
  run();
}

const options = document.querySelector('main').dataset;
imagePage({
  method: options.method,
  methods: options.methods ? options.methods.split(' ') : [options.method],
  channels: Number(options.channels ?? 1),
  shape: options.shape,
  reruns: Number(options.reruns ?? 0),
  draw: options.draw ?? 'cpu',
  beside: options.beside,
  live: 'live' in options,
  stepped: options.diagram === 'steps',
});
