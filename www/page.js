// The page shell: what every page does the same way, once. The pages say what
// they show; this opens their GPU and keeps it through device losses (the page
// says what it keeps and counts again), takes the files they are given, sizes
// their canvases and puts what they show where the tests read it.
import { GpuContext } from '../pkg/histogram.js';
import { errorText, setState } from './site.js';
import { loadWasm } from './core.js';
import { t } from './l10n.js';

// wgpu (30) asks the browser's adapter only for the features it maps, and
// subgroups is not one: the subgroups step needs them, so every device this page
// opens asks for them too where the adapter has them.
if (globalThis.GPUAdapter && !GPUAdapter.prototype.requestDevice.withSubgroups) {
  const requestDevice = GPUAdapter.prototype.requestDevice;
  GPUAdapter.prototype.requestDevice = function (descriptor = {}) {
    const wanted = this.features.has('subgroups') ? ['subgroups'] : [];
    const requiredFeatures = [...(descriptor.requiredFeatures ?? []), ...wanted];
    return requestDevice.call(this, { ...descriptor, requiredFeatures });
  };
  GPUAdapter.prototype.requestDevice.withSubgroups = true;
}

/** The project's own video, the video pages' first source (from this module: a translation's page is elsewhere). */
export const DEFAULT_VIDEO = new URL('media/sunset.webm', import.meta.url).href;

/**
 * The page's GPU, or null where the browser has none: then `message` says so
 * ("`who` needs WebGPU, and why.", then `instead`: what works without it) and
 * `hide` (controls and canvases that cannot work) are hidden.
 */
async function openGpu({ message, who = t('page-who'), instead = [], hide = [] }) {
  try {
    // The commonest reason in the page's language (the core's is in English).
    if (!navigator.gpu) throw new Error(t('webgpu-missing'));
    return await GpuContext.create();
  } catch (e) {
    message.append(t('page-needs-webgpu', { who, why: errorText(e) }), ...instead);
    for (const part of hide) part.hidden = true;
    return null;
  }
}

/**
 * Whether work that failed failed because its device was lost: `lost` is that
 * device's `gpu.lost`, taken before the work began. Chromium can reject a pending
 * read-back of a destroyed device before it reports the loss (and by the time the
 * page looks, a new device may already stand in its place, not lost), so the loss
 * is given a second to show.
 */
export const lostWithin = (lost, ms = 1000) =>
  Promise.race([lost.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

/** A device loss's GPUDeviceLostInfo, in words. */
const lostText = (info) => [info?.reason, info?.message].filter(Boolean).join(': ') || t('page-lost-no-reason');

/** What every page says of its device, each sentence once (a page adds its own after). */
export const deviceSays = {
  /** While a new device is being opened. */
  lost: (info) => t('page-device-lost', { reason: lostText(info) }),
  /** A new device opened in `ms`. */
  reset: (info, ms) => t('page-device-reset', { reason: lostText(info), ms: String(ms) }),
  /** None could be had (`info`: the loss, none where a retry failed). */
  gone: (info, e) => (info ? t('page-device-gone', { reason: lostText(info), why: errorText(e) }) : t('page-device-gone-retried', { why: errorText(e) })),
};

/**
 * Keeps the page's GPU through device losses (a driver reset, a GPU process crash,
 * a laptop switching GPUs): on a loss, `lost(info)`; then a new device is opened in
 * place of the old (GpuContext.recover) and `recovered(ms, info)` is called, or
 * `failed(error, info)` when the browser has none to give. Returns `ready()`, a
 * promise of a usable device (rejected while none could be had), and `retry()`.
 */
function watchDevice(gpu, { lost, recovered, failed } = {}) {
  let recovery = Promise.resolve();
  const reopen = (info, since) => {
    recovery = gpu.recover().then(() => {
      watch();
      recovered?.(Math.round(performance.now() - since), info);
    }, (e) => {
      failed?.(e, info);
      throw e;
    });
    recovery.catch(() => {});
    return recovery;
  };
  const watch = () => gpu.lost.then((info) => {
    lost?.(info);
    reopen(info, performance.now());
  });
  watch();
  return { ready: () => recovery, retry: () => reopen(null, performance.now()) };
}

/** Sizes `canvas` to its box in device pixels. */
export function fitCanvas(canvas) {
  // The window it stands in: the scopes' own may be on another monitor.
  const dpr = (canvas.ownerDocument.defaultView ?? window).devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
}

/**
 * Files given to the page, each handed to `open(file)`: chosen with `picker`,
 * dropped anywhere on the page (`area` lit while one is dragged over it), or
 * pasted (the first file on the clipboard whose type starts with one of `kinds`).
 */
function takeFiles({ picker, area, open, kinds = ['image/'] }) {
  picker.addEventListener('change', () => picker.files[0] && open(picker.files[0]));
  document.addEventListener('dragover', (e) => { e.preventDefault(); area.classList.add('over'); });
  document.addEventListener('dragleave', () => area.classList.remove('over'));
  document.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('over');
    if (e.dataTransfer.files[0]) open(e.dataTransfer.files[0]);
  });
  document.addEventListener('paste', (e) => {
    const file = [...(e.clipboardData?.files ?? [])].find((f) => kinds.some((k) => f.type.startsWith(k)));
    // A pasted screenshot has no name.
    if (file) open(new File([file], file.name || t('page-pasted-picture'), { type: file.type }));
  });
}

/**
 * Runs a page's sequence, the same on every page, and returns { gpu, device }
 * (`gpu` null where there is none), or null where the page could not start (said
 * in `message`, the state 'error'):
 * - `window.page` (`kind`, `shows`: the contract below), readable from the start;
 * - the WebAssembly module, then `loaded()`: what the page shows without a GPU;
 * - where `gpu` is asked for ({ who, instead, hide, optional }), the GPU, or why
 *   there is none in `message` with `hide` hidden and the state 'error' (unless
 *   `optional`: the page works on without one);
 * - that GPU kept through device losses: `device.lost(info)`, then a new device
 *   and `device.recovered(ms, info, said)`, or `device.failed(e, info, said)`
 *   where none could be had (`said`: the sentence every page says, deviceSays),
 *   with `retry` (a button) offered then and hidden once a device is back, a
 *   click trying again and then calling `device.retried()`;
 * - the files the page takes (`files`: takeFiles's options);
 * - `canvases` fitted to their boxes now and whenever their boxes change, then
 *   `resized()`.
 * What follows `loaded` is read from `spec` once it has run, so it may name what
 * `loaded` made (getters).
 */
export async function startPage(spec) {
  const { kind, shows, message, loaded } = spec;
  setState('loading');
  expose(kind, shows);
  try {
    await loadWasm();
    await loaded?.();
  } catch (e) {
    // (A page that lays out its message with what `loaded` makes has none yet.)
    if (!message.isConnected) document.querySelector('main').append(message);
    message.textContent = t('page-could-not-start', { why: errorText(e) });
    setState('error');
    return null;
  }
  const { gpu: asked, device: on = {}, retry, files, canvases = [], resized } = spec;
  let gpu = null;
  let device = null;
  if (asked) {
    gpu = await openGpu({ message, ...asked });
    if (!gpu && !asked.optional) setState('error');
  }
  // A dropped JPEG's pipelines compiled by the browser while the page is idle,
  // not after the drop: on the page's device, and on each new one after a loss.
  const prepareJpeg = () => files && (globalThis.requestIdleCallback ?? setTimeout)(() => gpu.prepareJpeg());
  if (gpu) {
    device = watchDevice(gpu, {
      lost: on.lost,
      recovered: (ms, info) => {
        if (retry) retry.hidden = true;
        prepareJpeg();
        on.recovered?.(ms, info, deviceSays.reset(info, ms));
      },
      failed: (e, info) => {
        if (retry) retry.hidden = false;
        on.failed?.(e, info, deviceSays.gone(info, e));
      },
    });
    retry?.addEventListener('click', () => device.retry().then(() => on.retried?.(), () => {}));
  }
  if (files) {
    takeFiles(files);
    if (gpu) prepareJpeg();
  }
  for (const canvas of canvases) fitCanvas(canvas);
  if (canvases.length) {
    const observer = new ResizeObserver(() => {
      for (const canvas of canvases) fitCanvas(canvas);
      resized?.();
    });
    for (const canvas of canvases) observer.observe(canvas);
  }
  return { gpu, device };
}

/**
 * The page contract: `window.page`, one shape on every page, which the tests
 * drive and the curious read at the console. `kind` names the page ('chapter',
 * 'intro', 'video', 'studio', 'scope', 'timings'), `state` is the body's data-state
 * ('loading', 'running', 'done', 'error', 'recovering'...), and `shows` adds what
 * the page shows, as getters, one name for one thing on every page: `view` (the
 * GPU's view the page draws with), `picture`, `outcome` (the bins read back),
 * `video`, `fps`, `frames`, and `open(file)` on every page that takes files.
 */
function expose(kind, shows) {
  const page = { kind, get state() { return document.body.dataset.state; } };
  window.page = Object.defineProperties(page, Object.getOwnPropertyDescriptors(shows));
}

/**
 * One piece of work at a time, of several kinds: `steps` maps each kind to what
 * does it, in the order the kinds go first. `want(kind, value)` while work runs
 * replaces any value of that kind already waiting (the latest wins); the waiting
 * work runs, first kind first, when the current one ends. Nothing given is thrown
 * away but what a newer one of its kind replaced. `busy(true)` when work starts,
 * `busy(false)` when none is left; `want.busy()` says which.
 */
export function workQueue(steps, busy = () => {}) {
  const waiting = new Map();
  let running = false;
  const want = async (kind, value = true) => {
    waiting.set(kind, value);
    if (running) return;
    running = true;
    busy(true);
    try {
      for (let next; (next = Object.keys(steps).find((k) => waiting.has(k))) !== undefined;) {
        const given = waiting.get(next);
        waiting.delete(next);
        await steps[next](given);
      }
    } finally {
      running = false;
      busy(false);
    }
  };
  want.busy = () => running;
  return want;
}

/** A work queue of one kind: `take(job)` runs `run(job)`, the latest waiting wins. */
export function latestWins(run) {
  const want = workQueue({ job: run });
  return (job) => want('job', job);
}
