// How fast frames go to the GPU: how many may be in flight on a device, and a
// pass of the raw device timed now and then.

// Frames handed to the GPU and not yet known to be done there, at most: one being
// counted and drawn while the next is prepared, and as many more as arrive while
// the browser is slow to say that work is done (Firefox says it every 100 ms: a
// frame done at once is still "in flight" for up to 100 ms; Chromium within 3 ms).
// A GPU slower than the video (a CPU playing it, a weak integrated one, a page
// counting with the article's slow kernels) then skips frames instead of queueing
// them: Firefox kept each queued frame's bytes in shared memory, 22.9 GB of them
// in one test run (docs/DECISIONS.md).
export const FRAMES_IN_FLIGHT = 2;
/** The fastest video frames come, to size the allowance for a slow notice. */
const FASTEST_FRAME_MS = 1000 / 60;
/** The slowest notice of a browser seen (Firefox: 97-113 ms), to bound the allowance. */
const SLOWEST_NOTICE_MS = 120;
const inFlightLimits = new WeakMap();

/** How many frames may be in flight on `device`: see FRAMES_IN_FLIGHT. */
export function inFlightLimit(device) {
  if (!inFlightLimits.has(device)) {
    inFlightLimits.set(device, (async () => {
      const done = () => Promise.race([device.queue.onSubmittedWorkDone(), device.lost]);
      // The notice's delay: the median of five for no work at all, once the queue
      // is idle, and bounded. The longest of three, timed behind a first frame's
      // work, was 0.2-5.8 s on SwiftShader (its next ones 1-8 ms): it let up to 100
      // frames queue, a minute of the article's kernel, and the page took 43 s to
      // pause.
      await done();
      const delays = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        device.queue.submit([]);
        await done();
        delays.push(performance.now() - t);
      }
      const delay = delays.sort((a, b) => a - b)[2];
      return FRAMES_IN_FLIGHT + Math.ceil(Math.min(delay, SLOWEST_NOTICE_MS) / FASTEST_FRAME_MS);
    })());
  }
  return inFlightLimits.get(device);
}

/**
 * Times a pass of the raw device now and then, as VideoView times its own: the
 * pass's timestamps resolved and read back while no earlier reading is pending.
 */
export function passTimer(device) {
  const querySet = device.createQuerySet({ type: 'timestamp', count: 2 });
  const resolved = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  let busy = false;
  const timer = {
    ms: NaN,
    writes: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 },
    idle: () => !busy,
    resolve(encoder) {
      encoder.resolveQuerySet(querySet, 0, 2, resolved, 0);
      encoder.copyBufferToBuffer(resolved, 0, readback, 0, 16);
    },
    read() {
      busy = true;
      readback.mapAsync(GPUMapMode.READ).then(() => {
        const [t0, t1] = new BigInt64Array(readback.getMappedRange());
        readback.unmap();
        // A pass the GPU did not time (timestamps of 0, or out of order): no number.
        timer.ms = t1 > t0 && t0 > 0n ? Number(t1 - t0) / 1e6 : NaN;
        busy = false;
      }, () => {}); // a lost device: the watcher takes over
    },
  };
  return timer;
}
