// The page shell: what every page does the same way, once. The pages say what
// they show; this opens their GPU and keeps it through device losses (the page
// says what it keeps and counts again), takes the files they are given, sizes
// their canvases and puts what they show where the tests read it.
import { GpuContext } from '../pkg/histogram.js';
import { errorText } from './site.js';

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

/** The project's own video, the video pages' first source. */
export const DEFAULT_VIDEO = 'media/sunset.webm';

/**
 * The page's GPU, or null where the browser has none: then `message` says so
 * ("`who` needs WebGPU, and why.", then `instead`: what works without it) and
 * `hide` (controls and canvases that cannot work) are hidden.
 */
export async function openGpu({ message, who = 'This page', instead = [], hide = [] }) {
  try {
    return await GpuContext.create();
  } catch (e) {
    message.append(`${who} needs WebGPU, and ${errorText(e)}. `, ...instead);
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
export const lostText = (info) => [info?.reason, info?.message].filter(Boolean).join(': ') || 'no reason given';

/**
 * Keeps the page's GPU through device losses (a driver reset, a GPU process crash,
 * a laptop switching GPUs): on a loss, `lost(info)`; then a new device is opened in
 * place of the old (GpuContext.recover) and `recovered(ms, info)` is called, or
 * `failed(error, info)` when the browser has none to give. Returns `ready()`, a
 * promise of a usable device (rejected while none could be had), and `retry()`.
 */
export function watchDevice(gpu, { lost, recovered, failed } = {}) {
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
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(canvas.clientWidth * dpr));
  canvas.height = Math.max(1, Math.round(canvas.clientHeight * dpr));
}

/**
 * Files given to the page, each handed to `open(file)`: chosen with `picker`,
 * dropped anywhere on the page (`area` lit while one is dragged over it), or
 * pasted (the first file on the clipboard whose type starts with one of `kinds`).
 */
export function takeFiles({ picker, area, open, kinds = ['image/'] }) {
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
    if (file) open(new File([file], file.name || 'pasted picture', { type: file.type }));
  });
}

/**
 * The page contract: `window.page`, one shape on every page, which the tests
 * drive and the curious read at the console. `kind` names the page ('chapter',
 * 'intro', 'video', 'studio', 'scope'), `state` is the body's data-state
 * ('loading', 'running', 'done', 'error', 'recovering'...), and `shows` adds what
 * the page shows, as getters, one name for one thing on every page: `view` (the
 * GPU's view the page draws with), `picture`, `outcome` (the bins read back),
 * `video`, `fps`, `frames`, and `open(file)` on every page that takes files.
 */
export function expose(kind, shows) {
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
