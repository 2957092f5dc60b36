// The studio: a picture, video or camera counted on the GPU by a Studio
// (page/src/studio/) and shown by views that each own their controls and drawing:
// the panel (studio-panel.js), the adjustment (studio-adjust.js), the region
// (studio-region.js), the statistics and exports (studio-stats.js), the scopes
// (studio-scopes.js), an HDR picture's exposure (studio-hdr.js), the zebra and
// false colour (studio-overlay.js), the pixel under the pointer (studio-pointer.js). This module holds the source (a picture here,
// a video through frames.js), composes the views, and keeps what the visitor
// chose through a new Studio (other bins, a new device).
import { Studio, kernelSource, studioSource } from '../pkg/histogram.js';
import { el, setState, errorText, sentence, nextPaint, stem, listing, displayTable } from './site.js';
import { t, counterName, said, tMarked } from './l10n.js';
import { sunsetPicture } from './core.js';
import { readPicture, lastWay } from './input.js';
import { liveVideo } from './frames.js';
import { transport } from './transport.js';
import { DEFAULT_VIDEO, latestWins, startPage } from './page.js';
import { panelView } from './studio-panel.js';
import { regionView } from './studio-region.js';
import { adjustView } from './studio-adjust.js';
import { statsView } from './studio-stats.js';
import { scopesView } from './studio-scopes.js';
import { hdrView } from './studio-hdr.js';
import { overlayView } from './studio-overlay.js';
import { stepsView } from './studio-steps.js';
import { pointerView } from './studio-pointer.js';


// Statistics of a playing video are read back this often: as often as a person reads.
const STATS_EVERY_MS = 250;

const main = document.querySelector('main');

const picker = el('input', { type: 'file', accept: 'image/*,video/*,.hdr,.exr', id: 'file' });
const cameraButton = el('button', { type: 'button' }, t('studio-use-camera'));
const videoButton = el('button', { type: 'button' }, t('studio-play-video'));
const retryButton = el('button', { type: 'button', hidden: true }, t('studio-try-gpu-again'));
const status = el('p', { role: 'status', class: 'muted status' }, t('studio-loading'));
const message = el('p', { role: 'alert', class: 'message' });
const notes = el('p', { class: 'note', hidden: true });
const pictureCanvas = el('canvas', { id: 'picture', role: 'img', 'aria-label': t('studio-picture-label') });
const caption = el('figcaption');
// The stored values of the pixel under the pointer (the counts' values, before any
// adjustment), where the page holds the picture's samples.
const sources = el('code');

let gpu = null;
let recovering = false;
// The picture's Studio (a video's belongs to the frames module), the source
// ({ kind: 'picture', picture, name, file, display } or { kind: 'video', name }),
// the latest histogram read back. `display`: the file's colour profile's name and
// the table the picture is shown through, where it has one a screen uses.
let pictureStudio = null;
let source = null;
let outcome = null;
// With an adjustment on, the adjusted picture's histogram read back with it.
let afterOutcome = null;
let frames = 0;

// What the views see of the page.
const page = {
  get current() { return source?.kind === 'video' ? live.view : pictureStudio; },
  get outcome() { return outcome; },
  /** The adjusted picture's histogram, when an adjustment is on (the panel's right half). */
  get afterOutcome() { return adjust.source() !== null ? afterOutcome : null; },
  get adjusted() { return adjust.source() !== null; },
  get isVideo() { return source?.kind === 'video'; },
  get sourceName() { return source?.name; },
  baseName: () => stem(source?.name ?? 'studio'),
  /** What is shown now, in words: the file's name, and a video's frame as the transport says it. */
  moment: () => [source?.name, source?.kind === 'video' ? videoControls.timecode() : '']
    .filter(Boolean).join(' · '),
  say: (text) => { message.textContent = text; },
  redraw,
  rebuild,
  showSources,
  arrange,
  /** The reference lines on the histogram (studio-scopes.js's). */
  lines: (max) => scopes?.lines(max) ?? [],
  /** Draws again, a paused video's frame brought anew (its path may have changed). */
  async again() {
    if (source?.kind === 'video' && live.video.paused) await live.render(true);
    redraw();
  },
};

// The views, and the page laid out with them: made by build() once the wasm is
// loaded (they read the core's lists: the adjustments and their defaults).
let panel;
let region;
let adjust;
let stats;
let scopes;
let hdr;
let overlay;
let pointer;
// The equalize chapter shows the article's CPU steps too.
let steps = null;
let pictureFigure;
let grid;
let controlsSection;
let rightColumn;
let more;

// Errors shown so far: a read that began before one does not mark the page done.
let errorsShown = 0;
function showError(text) {
  errorsShown++;
  message.textContent = text;
  setState('error');
}

function showSources() {
  sources.textContent = adjust.source()
    ?? [kernelSource('privatized', 4, '256x1'), studioSource('panel'), studioSource('picture')].join('\n\n');
}

/** Every view's choices, on a new Studio, and laid out over it (it is not yet the page's current one). */
function setUp(studio) {
  for (const view of [panel, adjust, region, scopes, hdr, overlay]) view.apply(studio);
  region.layout(studio);
  adjust.layout(studio);
  return studio;
}

/** The Studio for the current picture, made anew (other bins, a new device). */
function makePictureStudio() {
  pictureStudio?.free();
  pictureStudio = null;
  if (source?.kind === 'picture') {
    const { picture, display } = source;
    pictureStudio = setUp(Studio.forPicture(gpu, pictureCanvas, panel.canvas, picture, panel.binsFor(picture.depth)));
    if (display) pictureStudio.setDisplay(display.table);
  }
}

/** A new Studio for the current source, with everything the visitor chose. */
function rebuild() {
  if (source?.kind === 'picture') makePictureStudio();
  else live.refresh();
}

const live = liveVideo({
  gpu: () => gpu,
  // Frames are 8 bits a channel.
  bins: () => panel.binsFor(8),
  viewOver: (frames) => {
    const studio = setUp(Studio.forLive(gpu, pictureCanvas, panel.canvas, frames));
    shapeCanvas(frames.width, frames.height);
    caption.textContent = t('studio-caption-video', {
      name: source?.name ?? t('studio-video-unnamed'), width: String(frames.width), height: String(frames.height), counter: counterName(frames.counter),
    });
    return studio;
  },
  drawn: () => { frames++; scopes?.followTransfer(live.record?.transfer, live.hdrSaid, source); },
  error: showError,
  switched: (name) => {
    // The video replaces the picture only now that it has shown it plays.
    pictureStudio?.free();
    pictureStudio = null;
    if (source?.kind === 'picture') source.picture.free();
    source = { kind: 'video', name };
    steps?.show(null);
    region.reset();
    panel.clear();
    notes.hidden = true;
  },
  playing: () => { message.textContent = ''; setState('playing'); },
  paused: () => { setState('paused'); redraw(); },
  kept: t('studio-kept'),
  path: () => (scopes.wantsPlanes() ? 'decoded' : null),
});

/**
 * A JPEG decoded on this GPU (where it has timestamps and is not the CPU's):
 * each span of the decoding's time, said (the core's spans, src/gpu/jpeg_decode.rs).
 */
function decodeTimesSaid(picture) {
  const times = picture.decodeTimes();
  if (!times) return [];
  const ms = Object.fromEntries(JSON.parse(times).map(([span, v]) => [span, v === null ? '<0.1' : v.toFixed(2)]));
  return [t('studio-decode-times', ms)];
}

/** Draws the picture again (after a change) and reads its histogram back. */
function redraw() {
  const current = page.current;
  if (!current || recovering) return;
  if (source?.kind === 'picture' || live.video.paused) {
    try {
      current.draw();
    } catch (e) {
      if (!gpu.isLost) showError(t('studio-draw-failed', { error: errorText(e) }));
      return;
    }
  }
  readBack();
}

/**
 * Reads the latest histogram back for the views. Reads run one after another; a
 * call while one is waiting to start shares it (it will see the latest state), so
 * what resolves is never older than the call.
 */
let reads = Promise.resolve();
let queued = false;
let reading = false;
function readBack() {
  if (!queued) {
    queued = true;
    reads = reads.then(() => {
      queued = false;
      return readOnce();
    });
  }
  return reads;
}

async function readOnce() {
  const current = page.current;
  if (!current) return;
  reading = true;
  const errorsBefore = errorsShown;
  try {
    if (readingFile === false && source?.kind === 'picture') performance.mark('studio: reading the bins');
    const next = await current.histogram();
    // A new picture came while this one's was read: its own read is queued.
    if (page.current !== current) {
      next.free();
      return;
    }
    outcome?.free();
    outcome = next;
    // The adjusted half's counts, read after the picture's (a read still going is
    // left to finish: the next read has its numbers).
    afterOutcome?.free();
    afterOutcome = null;
    if (adjust.source() !== null) {
      try {
        afterOutcome = await current.adjustedHistogram();
      } catch (e) {
        if (!/being read|no adjustment/.test(errorText(e))) throw e;
      }
    }
    // An HDR picture is counted when read (its range first): its panel now.
    if (next.fresh && page.current === current) current.draw();
    stats.shown();
    hdr.shown();
    scopes.shown();
    panel.shown();
    adjust.shown();
    overlay.shown();
    pointer.read();
    // A read of the previous picture can end while a new file is being read:
    // that is not the new picture shown. Nor, after a file was refused meanwhile,
    // is the refusal undone.
    const refused = errorsShown !== errorsBefore;
    if (!readingFile && !refused && (source?.kind === 'picture' || live.video.paused)) {
      performance.mark('studio: shown');
      setState('done');
    }
  } catch (e) {
    // A read of a Studio replaced meanwhile (a video started, other bins) fails
    // with its buffers: the new one's read is queued.
    const replaced = page.current !== current;
    if (!gpu?.isLost && !replaced && !/being read/.test(errorText(e))) showError(t('studio-read-failed', { error: errorText(e) }));
  } finally {
    reading = false;
  }
}
setInterval(() => { if (source?.kind === 'video' && !live.video.paused && !reading) readBack(); }, STATS_EVERY_MS);

// Inputs: a picture (file, drop, paste), a video file, the camera. The latest wins.
let readingFile = false;
// The read of a picture file under way: a newer file stops it.
let fileRead = null;
const show = latestWins(({ file, again }) => (file.type.startsWith('video/') || file.type.startsWith('audio/')
  ? live.useFile(file) : usePictureFile(file, again)));
/** Shows `file`; `again`: the picture shown, read again (its device was lost). */
function open(file, again = false) {
  fileRead?.abort();
  return show({ file, again });
}

async function usePictureFile(file, again = false) {
  readingFile = true;
  setState('running');
  status.textContent = t('studio-reading', { name: file.name });
  // One file's marks at a time: the timeline never grows. 'asked' as the file
  // comes, 'started' once the status is painted (Firefox on the H100 waited
  // 142-711 ms between a second drop and 'started': docs/DECISIONS.md 108).
  performance.clearMarks();
  performance.mark('read: asked');
  try {
    await nextPaint();
    performance.mark('read: started');
    fileRead = new AbortController();
    // The equalize chapter shows its steps from the pixels, on the CPU.
    // Where the CPU plays the GPU, the CPU method counts the picture as it is
    // read, in the worker: 0.1 s against 1.8 s of SwiftShader at 24 megapixels.
    // A 16-bit picture goes to the GPU as it is decoded, and is held there alone.
    const { picture, profile } = await readPicture(file, {
      gpu, pixels: Boolean(steps), count: gpu?.software ? panel.binsAt : null, bands: true, profile: true,
      signal: fileRead.signal, status: (text) => { status.textContent = text; },
    });
    readingFile = false;
    // Read again after a device loss: what the page said of the loss stays.
    const kept = again ? [...notes.childNodes] : [];
    let display = null;
    try {
      display = await displayOf(profile, picture);
    } catch (e) {
      picture.free();
      throw e;
    } finally {
      profile?.free();
    }
    await usePicture(picture, file.name, { file, again, display });
    const made = [...picture.notesAtDepth().map(said), ...decodeTimesSaid(picture)].join(' ');
    notes.replaceChildren(...kept, ...(made ? [kept.length ? ' ' : '', made] : []));
    notes.hidden = notes.textContent === '';
  } catch (e) {
    // A newer file stopped this one: it is read next, nothing to say.
    if (e.name !== 'AbortError') showError(t('studio-file-refused', { error: sentence(e) }));
  } finally {
    readingFile = false;
    fileRead = null;
  }
  status.textContent = '';
}

/**
 * How `picture` is shown: through its file's colour profile (`profile`, found as
 * the file was read) as this browser shows the file ({ name, table }), or null
 * (none, one a screen does not use, or an HDR picture, shown by its exposure).
 */
async function displayOf(profile, picture) {
  if (picture.depth > 16 || !profile?.shown) return null;
  return { name: profile.name, table: await displayTable(profile) };
}

/**
 * Shows `picture`, read from `file` (null for one made here) and shown through
 * `display` (displayOf's); `again`: the same picture read again, the region kept.
 */
async function usePicture(picture, name, { file = null, again = false, display = null } = {}) {
  const previous = source;
  const wasVideo = live.active;
  source = { kind: 'picture', picture, name, file, display };
  scopes?.followTransfer(null, null, source);
  if (!again) region.reset();
  hdr.reset();
  panel.clear();
  if (wasVideo) live.stop();
  try {
    makePictureStudio();
    performance.mark('studio: made');
  } catch (e) {
    picture.free();
    source = previous;
    // The previous picture kept, and drawn again: its canvases were the refused one's.
    if (previous?.kind === 'picture') {
      makePictureStudio();
      redraw();
    }
    throw e;
  }
  if (previous?.kind === 'picture') previous.picture.free();
  shapeCanvas(picture.width, picture.height);
  steps?.show(picture, picture.rgba());
  const generated = picture.format === 'generated';
  const captionId = display
    ? (generated ? 'studio-caption-generated-profile' : 'studio-caption-picture-profile')
    : (generated ? 'studio-caption-generated' : 'studio-caption-picture');
  caption.textContent = t(captionId, {
    name, width: String(picture.width), height: String(picture.height), format: picture.format, profile: display?.name ?? '',
  });
  message.textContent = '';
  redraw();
}

cameraButton.addEventListener('click', () => live.useCamera());
videoButton.addEventListener('click', () => live.useUrl(DEFAULT_VIDEO, t('studio-video-name')));
// A double-click on the picture plays or pauses a video, as the transport does.
pictureCanvas.addEventListener('dblclick', () => { if (source?.kind === 'video') live.toggle(); });
// The transport: keys are its where no field or canvas of the studio has the focus
// (the histogram panel and the region take the arrows; a button keeps Space and Enter).
const videoControls = transport(live, {
  keysFrom: (target) => source?.kind === 'video' && !(target instanceof Element && target.closest('input, select, textarea, canvas, [contenteditable]')),
});
videoControls.element.hidden = true;
setInterval(() => { videoControls.element.hidden = source?.kind !== 'video'; }, 250);

/** The picture's canvas takes its shape (within the CSS's heights): on a phone
 * a landscape picture fills its width instead of floating in a square. */
function shapeCanvas(width, height) {
  pictureCanvas.style.aspectRatio = `${width} / ${height}`;
}

/** What works without WebGPU: the CPU page, linked. */
const cpuInstead = () => tMarked('studio-cpu-instead', {}, 'a', (words) => el('a', { href: 'cpu.html' }, words));

// On a wide window two scopes or more stand side by side in a row of their own,
// under the picture and the histogram; the controls follow them, in reading
// order too (the right column's parts become the grid's). From 1600 pixels: at
// 1400x900 the first scope must show whole without scrolling (issue #59), and the
// row starts at the foot of that screen.
const SCOPES_ROW = matchMedia('(min-width: 1600px)');
function arrange() {
  const row = SCOPES_ROW.matches && scopes.count() >= 2;
  grid.classList.toggle('scopes-row', row);
  if (row && controlsSection.parentNode !== rightColumn) rightColumn.insertBefore(controlsSection, more);
  if (!row && controlsSection.parentNode !== grid) grid.insertBefore(controlsSection, rightColumn);
}

/** The views and the page laid out with them (the wasm is loaded). */
function build() {
  panel = panelView(page);
  region = regionView(page, pictureCanvas);
  adjust = adjustView(page, { preset: main.dataset.adjustment ?? 'none', panelFrame: panel.plot, pictureCanvas });
  stats = statsView(page, panel);
  scopes = scopesView(page);
  hdr = hdrView(page);
  overlay = overlayView(page);
  pointer = pointerView(page, { canvas: pictureCanvas, source: () => source, scopes, panel });
  steps = main.dataset.adjustment === 'equalize' ? stepsView() : null;

  pictureFigure = el('figure', { class: 'studio-picture drop' },
    el('div', { class: 'picture-frame' }, pictureCanvas, region.box, adjust.splitHandle), caption, pointer.reading,
    el('p', { class: 'hint' }, t('studio-drop-hint')));
  // Beside the picture: the histogram, its readout, what to know, then the scopes,
  // the histogram's options and the statistics; under it, the other controls.
  // Notices go beside it, so they never move it.
  const panelSection = el('section', { class: 'studio-panel', 'aria-label': t('studio-panel-section') },
    panel.frame, adjust.legend, adjust.otsuNote, panel.readout, panel.capNote, message, notes);
  more = el('div', { class: 'studio-more' }, scopes.options, panel.options, hdr.options, stats.table, stats.afterTable, stats.exports);
  rightColumn = el('div', { class: 'studio-right' }, panelSection, scopes.frame, more);
  controlsSection = el('section', { class: 'studio-controls', 'aria-label': t('studio-options-section') },
    adjust.options, overlay.options, region.options);
  // In reading order, as laid out: the left column (the picture, what acts on
  // it), then the right (the panel), so focus never jumps back up.
  grid = el('div', { class: 'studio-grid' }, pictureFigure, controlsSection, rightColumn);
  SCOPES_ROW.addEventListener('change', () => { arrange(); scopes.layout(); if (page.current) redraw(); });
  main.append(
    el('div', { class: 'controls' }, el('label', { class: 'file' }, t('studio-choose-file'), picker), videoButton, cameraButton, retryButton,
      status),
    grid,
    ...(steps ? [steps.section] : []),
    el('details', {}, el('summary', {}, t(main.dataset.adjustment ? 'studio-wgsl-adjust' : 'studio-wgsl-studio')), listing(sources)));
  pictureFigure.append(videoControls.element);
  showSources();
}

const started = await startPage({
  kind: 'studio',
  message,
  shows: {
    get view() { return page.current; },
    get outcome() { return outcome; },
    get frames() { return frames; },
    get video() { return live.video; },
    get steps() { return steps?.steps; },
    /** The picture shown (null on video). */
    get picture() { return source?.kind === 'picture' ? source.picture : null; },
    get gpu() { return gpu; },
    /** How the last picture came (www/input.js lastWay). */
    get way() { return lastWay; },
    open,
    readBack,
  },
  loaded: build,
  // Nothing here works without it: no empty canvases and controls that do nothing.
  gpu: {
    who: t(main.dataset.adjustment ? 'studio-who-chapter' : 'studio-who-studio'),
    instead: cpuInstead(),
    get hide() { return main.querySelectorAll('.studio-grid, .controls'); },
  },
  device: {
    lost: () => {
      recovering = true;
      live.lost();
      pictureStudio?.free();
      pictureStudio = null;
    },
    recovered: (ms, info, said) => {
      recovering = false;
      notes.hidden = false;
      notes.textContent = said;
      live.recovered();
      // A picture the lost device alone held is read again from its file.
      if (source?.picture?.onGpuOnly) {
        notes.textContent = t('studio-device-read-again', { said });
        open(source.file, true);
      } else if (source?.kind === 'picture') { makePictureStudio(); redraw(); }
    },
    failed: (e, info, said) => {
      live.failed();
      showError(t('studio-device-failed', { said }));
    },
    retried: () => (source?.kind === 'video' ? live.play() : null),
  },
  retry: retryButton,
  get files() { return { picker, area: pictureFigure, open }; },
  get canvases() { return [pictureCanvas, panel.canvas]; },
  resized: () => {
    scopes.layout();
    if (page.current) { region.layout(); adjust.layout(); redraw(); }
  },
});
gpu = started?.gpu ?? null;
if (started && !gpu) {
  status.textContent = '';
  // The CPU steps need no GPU: the equalize chapter still teaches them.
  if (steps) {
    const sunset = await sunsetPicture(960, 600);
    steps.show(sunset, sunset.rgba());
    message.append(' ', t('studio-steps-without-gpu'));
  }
  setState('error');
}
if (gpu) {
  status.textContent = '';
  await usePicture(await sunsetPicture(960, 600), t('studio-sunset-name'));
}
