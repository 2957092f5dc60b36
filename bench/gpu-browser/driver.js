// The site measured in the browser on a real GPU: what a visitor gets. Logs rows
// (console and page) that bench/gpu-browser/run.sh collects:
//   ADAPTER {...}                        the adapter WebGPU gave; stops on a fallback
//   KERNEL method size kind median_us    our wasm's GPU time of one pass (timestamp
//                                        queries), 4 channels, same images as
//                                        `histogram bench`, for browser/native ratios
//   TIMINGS channels method ms           the timings page's table, as it shows it
//   PAGE page size gpu_ms wall_ms        an image page counting a photo
//   VIDEO build size path fps dropped decoded histogram_ms draw_ms import_ms drawing
//                                        the video page playing a video, its
//                                        frames by `path` (?frames=: import or
//                                        decoded): frames drawn a second, and the
//                                        element's dropped and decoded frames
//                                        over the window
//   STUDIO build size setup fps dropped decoded
//                                        the studio on the same video: 'plain'
//                                        (no scope), 'overlays' (issue #77: the
//                                        three scopes, zebra at 95%, reference
//                                        lines, the cumulative view, scopes held as
//                                        B; a build without some shows those it has)
//   BARE where size fps dropped decoded  the same video in a bare <video> element
//                                        (bare=1), nothing reading its frames:
//                                        detached as the page's, or on the page;
//                                        what the browser drops by itself
//   VIDEOKERNEL build size path packed ms privatized ms
//                                        the packed and privatized kernels on a
//                                        picture of the frame's size, timed once a
//                                        second while that video played
//   SCOPE scope size median_us           our wasm's GPU time of a scope's pass over
//                                        media/photo-3840x2160.png, for the ratio
//                                        to `histogram scope --time` on that file
//   DRAW part frame target median_us    what each part of drawing a video frame costs
//                                        (raw WebGPU, timestamp queries): a render
//                                        pass clearing, drawing the frame quad, the
//                                        two histogram quads, both; and the compose
//                                        pass (shaders/draw/compose.wgsl) doing it all
//   SUM variant chunks median_us         sum.wgsl as it is and as it was, in raw
//                                        WebGPU (docs/DECISIONS.md, 10)
//   DECODE file build decode_ms plain_ms studio_ms longest_task_ms reread_ms
//                                        a file given to the studio until its
//                                        histogram is drawn, beside the browser's
//                                        decode alone (createImageBitmap) and its
//                                        plain path (decode, 2D canvas,
//                                        getImageData, a JavaScript loop), one
//                                        round, one build after the other; and the
//                                        studio's longest main-thread task;
//                                        then STAGES (the page's marks, ms from
//                                        the drop), LONG (each long task,
//                                        start+duration on that clock) and, for a
//                                        JPEG the GPU decoded, SPANS (each span of
//                                        its decoding by the GPU's timestamps)
//   HDR file transfer scale columns exact|off path:format [grey:level->seen...]
//                                        the project's PQ and HLG videos
//                                        (tests/fixtures) on the waveform page: the
//                                        Scale it took, how many of the 64 columns
//                                        show their grey at its 10-bit code's level
//                                        (tests/browser/scopes.test.mjs reads the
//                                        same on SwiftShader), the frames' way and
//                                        pixel format, and each grey off
//   HEVC way supported                   whether the browser decodes HEVC (Main 10):
//                                        MediaSource, the element, VideoDecoder
//   VARIANT name groups median_us sum    a scope kernel's variant from
//                                        bench/probes/scope_parts.rs (DUMP=, in
//                                        bench/variants/), in raw WebGPU over the
//                                        4K photo: the same WGSL timed natively
//                                        (sum: the counts' total, or - unchecked)
//   WAIT what median_ms p90_ms          one wait the page's decoding makes, alone, 30
//                                        times: a 16-byte read back after an empty
//                                        submission (mapAsync), onSubmittedWorkDone,
//                                        and a yield to the page (scheduler.yield,
//                                        setTimeout 0)
//   UPLOAD file bitmap_ms exact_bitmap_ms external_copy_ms frame_copy_ms
//          readback_ms write_texture_ms write_buffer_ms same
//                                        each way from a file to the GPU timed
//                                        alone in raw WebGPU: createImageBitmap
//                                        (default, then as stored), that bitmap
//                                        by copyExternalImageToTexture, its
//                                        pixels by VideoFrame.copyTo, by a 2D
//                                        canvas's getImageData, and those pixels
//                                        by writeTexture and by writeBuffer;
//                                        same: whether copyTo's equal getImageData's
// Query: ?sizes=WxH,...&kinds=...&runs=N&rounds=N&video=seconds&any=1 (any: also a fallback
// adapter, to try the driver on SwiftShader); for the video: builds=, videos=,
// paths=, bare=1, videorounds=N, videokernels=1; for the decode: decodes=FILE,...
// (in media/), decoderounds=N, builds=, decodeways= (www/input.js's ?decode=) and
// settle=ms (the wait between the studio's opening and the drop), drops=N (the
// photo dropped N times on each page: the first, then N-1 times `:again`).
import init, { Picture, GpuContext, ScopeScreen, kernelSource, composeSource } from '../pkg/histogram.js';
import { overlaysOn } from './overlays.js';
import { HDR_NITS, greyLevels } from './hdr-greys.mjs';
// The pages' shell: every device it opens asks for subgroups where the adapter has them.
import '../www/page.js';

const params = new URLSearchParams(location.search);
const SIZES = (params.get('sizes') ?? '1920x1080,2448x1505,3840x2160,8192x8192').split(',');
const KINDS = (params.get('kinds') ?? 'natural,noise').split(',');
const RUNS = Number(params.get('runs') ?? 20);
const ROUNDS = Number(params.get('rounds') ?? 1); // of the scopes
const VIDEO_SECONDS = Number(params.get('video') ?? 20);
// The builds whose video page is played: the site's, and others served beside it
// (run.sh puts a carried .before/ build at before/), e.g. builds=site,before.
const BUILDS = (params.get('builds') ?? 'site').split(',');
// The studio's `?decode=` ways timed beside its default (decodeways=planes,bitmap).
const WAYS = (params.get('decodeways') ?? '').split(',').filter(Boolean);
// The videos played (prepare.sh's): 1080p at 30 fps and 4K at 60 by default.
// With videokernels=1, the kernels timed beside each video (VIDEOKERNEL rows).
const VIDEO_KERNELS = params.has('videokernels');
const VIDEOS = (params.get('videos') ?? 'sunset-1920x1080.mp4,sunset-3840x2160-60.mp4').split(',');
// The frame paths played on our page (paths=import: the hardware path alone).
const PATHS = (params.get('paths') ?? 'import,decoded').split(',');
// The videos in a bare element first (BARE rows), rounds=N times each build and path.
const BARE = params.has('bare');
const VIDEO_ROUNDS = Number(params.get('videorounds') ?? 1);
const BIG = 4096 * 4096; // atomic and chunks-sum take seconds a run above this
const pre = document.getElementById('log');
const log = (line) => {
  console.log(line);
  pre.textContent += `${line}\n`;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Opens one of our pages in a frame of `width` x `height` and waits for its state. */
async function frame(path, width, height, state) {
  const f = document.createElement('iframe');
  Object.assign(f.style, { width: `${width}px`, height: `${height}px`, border: '0', display: 'block' });
  f.src = path;
  document.body.append(f);
  await new Promise((resolve) => f.addEventListener('load', resolve, { once: true }));
  await until(() => f.contentDocument.body.dataset.state === state, 600_000, `${path}: ${state}`);
  return f;
}

/** The opaque 8-bit picture at `url` as a Picture of its stored values (the browser's exact decode). */
async function decodeImage(url) {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob(), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const { width, height, data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  bitmap.close();
  return Picture.fromRgba(width, height, new Uint8Array(data.buffer), 'PNG', []);
}

/** Resolves as `f`'s page says `state` (a MutationObserver: no polling step in the time). */
function stateOf(f, state, timeout, what) {
  const body = f.contentDocument.body;
  return new Promise((resolve, reject) => {
    const done = () => { observer.disconnect(); clearTimeout(late); resolve(); };
    const observer = new MutationObserver(() => { if (body.dataset.state === state) done(); });
    const late = setTimeout(() => { observer.disconnect(); reject(new Error(`timed out waiting for ${what}`)); }, timeout);
    observer.observe(body, { attributes: true, attributeFilter: ['data-state'] });
    if (body.dataset.state === state) done();
  });
}

async function until(test, timeout, what) {
  const end = performance.now() + timeout;
  while (!test()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function file(url) {
  const blob = await (await fetch(url)).blob();
  return new File([blob], url.split('/').pop(), { type: blob.type });
}

/** Drops `f` onto the framed page, as a visitor would. */
function drop(frameElement, f) {
  const w = frameElement.contentWindow;
  const data = new w.DataTransfer();
  data.items.add(f);
  w.document.dispatchEvent(new w.DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}

async function kernels(gpu) {
  log('# KERNEL: 4 channels x 256 bins, median of the GPU timestamps of the pass, after 300 ms busy');
  for (const size of SIZES) {
    const [w, h] = size.split('x').map(Number);
    for (const kind of KINDS) {
      const picture = Picture.bench(kind, w, h);
      for (const method of ['atomic', 'fragment', 'chunks-sum', 'chunks-reduce', 'privatized', 'packed', 'subgroups']) {
        if (w * h > BIG && ['atomic', 'fragment', 'chunks-sum'].includes(method)) continue;
        if (!gpu.runs(method)) {
          log(`KERNEL ${method} ${size} ${kind} not-on-this-device`);
          continue;
        }
        const once = async () => {
          const o = await gpu.compute(picture, method, 4, '256x1', undefined);
          const ms = o.gpuMs ?? o.wallMs;
          o.free();
          return ms;
        };
        const first = await once();
        await gpu.keepBusy(picture, method, 4, '256x1', first, 300);
        const times = [];
        for (let i = 0; i < (first > 50 ? 3 : RUNS); i++) times.push(await once());
        log(`KERNEL ${method} ${size} ${kind} ${(median(times) * 1000).toFixed(2)}`);
      }
      picture.free();
    }
  }
}

// Each scope's pass as the chapter pages time it (ScopeScreen.time), over the photo
// that run.sh also gives `histogram scope --time`.
async function scopes(gpu) {
  log('# SCOPE: median of the GPU timestamps of the scope pass, after 300 ms of passes and 20 ms before each');
  const picture = await decodeImage('../media/photo-3840x2160.png');
  const size = `${picture.width}x${picture.height}`;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of ['waveform', 'parade', 'vectorscope']) {
      const screen = ScopeScreen.forPicture(gpu, document.createElement('canvas'), picture, name, 256);
      // As the chapter page times it (www/scope-page.js): busy for 300 ms, and for
      // 20 ms before each timed count, whose read-back would let the clocks drop.
      const [first] = await screen.time();
      await screen.keepBusy(first, 300);
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        await screen.keepBusy(first, 20);
        times.push((await screen.time())[0]);
      }
      log(`SCOPE ${name} ${size} ${(median(times) * 1000).toFixed(2)}${ROUNDS > 1 ? ` round ${round}` : ''}`);
      screen.free();
    }
  }
  picture.free();
}

// A file to its histogram drawn in the studio (issue #41), beside the browser's own
// decode and plain path, in this browser, round after round.
async function decodePage() {
  const names = (params.get('decodes') ?? 'photo-4896x3010.jpg,photo-6000x4000.jpg').split(',');
  const rounds = Number(params.get('decoderounds') ?? 3);
  for (const name of names) {
    const photo = await file(`../media/${name}`);
    for (let round = 0; round < rounds; round++) {
      let t = performance.now();
      (await createImageBitmap(photo)).close();
      const decode = performance.now() - t;
      t = performance.now();
      const bitmap = await createImageBitmap(photo);
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true });
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      const d = context.getImageData(0, 0, context.canvas.width, context.canvas.height).data;
      const bins = new Uint32Array(768);
      for (let i = 0; i < d.length; i += 4) { bins[d[i]]++; bins[256 + d[i + 1]]++; bins[512 + d[i + 2]]++; }
      const plain = performance.now() - t;
      for (const [build, way] of BUILDS.flatMap((b) => ['', ...WAYS].map((w) => [b, w]))) {
        const f = await frame(`../${build === 'site' ? '' : `${build}/`}www/studio.html${way ? `?decode=${way}` : ''}`, 1400, 900, 'done');
        const w = f.contentWindow;
        let longest = 0;
        const long = [];
        new w.PerformanceObserver((list) => {
          for (const e of list.getEntries()) { longest = Math.max(longest, e.duration); long.push(e); }
        }).observe({ type: 'longtask' });
        // A visitor drops a file a moment after the page opens (settle=ms; 0: at once).
        await sleep(Number(params.get('settle') ?? 0));
        // The photo dropped on the page as opened, then again on the same page
        // (`:again`): its device's pipelines made, its buffers kept.
        for (const again of Array.from({ length: Number(params.get('drops') ?? 2) }, (_, i) => i > 0)) {
          longest = 0;
          f.contentDocument.body.dataset.state = 'picking';
          t = performance.now();
          drop(f, photo);
          await stateOf(f, 'done', 600_000, `${build}: ${name} in the studio`);
          const studio = performance.now() - t;
          const label = `${build}${way ? `+${way}` : ''}:${w.page.way ?? '?'}${again ? ':again' : ''}`;
          // The same picture's histogram read again: what the first read paid once.
          const before = performance.now();
          await w.page.readBack();
          const reread = performance.now() - before;
          log(`DECODE ${name} ${label} ${decode.toFixed(0)} ${plain.toFixed(0)} ${studio.toFixed(0)} ${longest.toFixed(0)} ${reread.toFixed(0)}`);
          // A JPEG decoded on the GPU: each span's time by its timestamps (ms).
          const times = w.page.picture?.decodeTimes?.();
          if (times) log(`SPANS ${name} ${label} ${JSON.parse(times).map(([span, ms]) => `${span}=${ms?.toFixed(2)}`).join(' ')}`);
          // Where the studio's time went: its marks, from the drop (www/input.js, studio.js).
          const since = t - w.performance.timeOrigin + performance.timeOrigin;
          const marks = w.performance.getEntriesByType('mark').filter((m) => m.startTime >= since);
          log(`STAGES ${name} ${marks.map((m) => `${m.name.replace(/ /g, '_')}=${(m.startTime - since).toFixed(0)}`).join(' ')}`);
          // Each long task as start+duration on the same clock, to place it between the marks.
          log(`LONG ${name} ${long.filter((e) => e.startTime >= since).map((e) => `${(e.startTime - since).toFixed(0)}+${e.duration.toFixed(0)}`).join(' ')}`);
        }
        f.remove();
      }
    }
  }
}

// What each wait for the GPU or the page costs here, alone (issue #74, item 4):
// the page's decoding of a JPEG waits on each between its passes.
async function waitProbe() {
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  const device = await adapter.requestDevice();
  const read = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const source = device.createBuffer({ size: 16, usage: GPUBufferUsage.COPY_SRC });
  const waits = {
    'read-back': async () => {
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(source, 0, read, 0, 16);
      device.queue.submit([encoder.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      read.unmap();
    },
    'work-done': () => {
      device.queue.submit([device.createCommandEncoder().finish()]);
      return device.queue.onSubmittedWorkDone();
    },
    'scheduler.yield': () => globalThis.scheduler?.yield?.(),
    'setTimeout-0': () => new Promise((resolve) => setTimeout(resolve, 0)),
  };
  // A resource made, first used (4 bytes of it copied out, which has Dawn clear
  // it first) and read back, then destroyed: what a decode's new buffers and
  // picture cost before any pass runs.
  const made = (make, copy) => async () => {
    const resource = make();
    const encoder = device.createCommandEncoder();
    copy(encoder, resource);
    device.queue.submit([encoder.finish()]);
    await read.mapAsync(GPUMapMode.READ);
    read.unmap();
    resource.destroy();
  };
  const buffer = (mb) => made(() => device.createBuffer({ size: mb << 20, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC }),
    (encoder, b) => encoder.copyBufferToBuffer(b, 0, read, 0, 4));
  const texture = (usage) => made(() => device.createTexture({ size: [6000, 4000], format: 'rgba8unorm', usage: usage | GPUTextureUsage.COPY_SRC }),
    (encoder, texture) => encoder.copyTextureToBuffer({ texture }, { buffer: read, bytesPerRow: 256 }, [1, 1]));
  Object.assign(waits, {
    'made:buffer-1MB': buffer(1),
    'made:buffer-36MB': buffer(36),
    'made:buffer-72MB': buffer(72),
    'made:texture-6000x4000-storage': texture(GPUTextureUsage.STORAGE_BINDING | GPUTextureUsage.TEXTURE_BINDING),
    'made:texture-6000x4000': texture(GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST),
    'made:texture-6000x4000-storage-render': texture(GPUTextureUsage.STORAGE_BINDING | GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT),
    // Its first use a render pass that clears it: no clear of Dawn's own.
    'made:texture-6000x4000-cleared': made(() => device.createTexture({ size: [6000, 4000], format: 'rgba8unorm',
      usage: GPUTextureUsage.STORAGE_BINDING | GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC }),
    (encoder, texture) => {
      encoder.beginRenderPass({ colorAttachments: [{ view: texture.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }] }).end();
      encoder.copyTextureToBuffer({ texture }, { buffer: read, bytesPerRow: 256 }, [1, 1]);
    }),
  });
  // A read back beside a canvas's frame, as the studio's first read of the bins
  // follows its drawing: the frame drawn and the read in one submission, or the
  // read's submission and its mapAsync first, the frame after it in the same task.
  const canvas = document.body.appendChild(Object.assign(document.createElement('canvas'), { width: 1400, height: 900 }));
  const context = canvas.getContext('webgpu');
  context.configure({ device, format: navigator.gpu.getPreferredCanvasFormat(), alphaMode: 'opaque' });
  const frame = (encoder) => encoder.beginRenderPass({ colorAttachments: [{ view: context.getCurrentTexture().createView(),
    loadOp: 'clear', storeOp: 'store', clearValue: [Math.random(), 0, 0, 1] }] }).end();
  Object.assign(waits, {
    'read-back:frame-then-read': async () => {
      const encoder = device.createCommandEncoder();
      frame(encoder);
      encoder.copyBufferToBuffer(source, 0, read, 0, 16);
      device.queue.submit([encoder.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      read.unmap();
    },
    'read-back:read-then-frame': async () => {
      const encoder = device.createCommandEncoder();
      encoder.copyBufferToBuffer(source, 0, read, 0, 16);
      device.queue.submit([encoder.finish()]);
      const mapped = read.mapAsync(GPUMapMode.READ);
      const drawing = device.createCommandEncoder();
      frame(drawing);
      device.queue.submit([drawing.finish()]);
      await mapped;
      read.unmap();
    },
  });
  // A read back after the GPU was left idle for a second, as a visitor drops a
  // file on a page that has drawn nothing since it opened (settle=1000).
  const idle = ([what, wait]) => [`${what}:after-idle-1s`, wait];
  const idleWaits = new Set(['read-back', 'read-back:frame-then-read']);
  Object.assign(waits, Object.fromEntries(Object.entries(waits).filter(([what]) => idleWaits.has(what)).map(idle)));
  for (const [what, wait] of Object.entries(waits)) {
    const times = [];
    for (let i = 0; i < 30; i++) {
      if (what.endsWith(':after-idle-1s')) await new Promise((resolve) => setTimeout(resolve, 1000));
      const t = performance.now();
      await wait();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    log(`WAIT ${what} ${times[15].toFixed(2)} ${times[27].toFixed(2)}`);
  }
  canvas.remove();
  device.destroy();
}

// Where the time from a bitmap to the GPU goes (issue #41): each way a decoded
// photo can reach a texture or buffer, timed alone, in raw WebGPU.
async function uploadProbe() {
  const names = (params.get('decodes') ?? 'photo-4896x3010.jpg,photo-6000x4000.jpg').split(',');
  const rounds = Number(params.get('decoderounds') ?? 3);
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  const device = await adapter.requestDevice();
  const exact = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };
  const timed = async (what) => { const t = performance.now(); const out = await what(); return [performance.now() - t, out]; };
  const done = () => device.queue.onSubmittedWorkDone();
  for (const name of names) {
    const photo = await file(`../media/${name}`);
    for (let round = 0; round < rounds; round++) {
      const [plain, b0] = await timed(() => createImageBitmap(photo));
      b0.close();
      const [asStored, bitmap] = await timed(() => createImageBitmap(photo, exact));
      const { width, height } = bitmap;
      const texture = device.createTexture({ size: [width, height], format: 'rgba8unorm',
        usage: GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.RENDER_ATTACHMENT });
      const [external] = await timed(async () => {
        device.queue.copyExternalImageToTexture({ source: bitmap }, { texture }, [width, height]);
        await done();
      });
      let frameCopy = NaN;
      let rgba = null;
      try {
        [frameCopy, rgba] = await timed(async () => {
          const frame = new VideoFrame(bitmap, { timestamp: 0 });
          const out = new Uint8Array(width * height * 4);
          await frame.copyTo(out, { format: 'RGBA' });
          frame.close();
          return out;
        });
      } catch (e) { log(`# VideoFrame.copyTo: ${e}`); }
      const [readBack, pixels] = await timed(async () => {
        const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
        context.drawImage(bitmap, 0, 0);
        return new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
      });
      const same = rgba ? rgba.every((v, i) => v === pixels[i]) : 'n/a';
      const [writeTexture] = await timed(async () => {
        device.queue.writeTexture({ texture }, pixels, { bytesPerRow: width * 4 }, [width, height]);
        await done();
      });
      const buffer = device.createBuffer({ size: pixels.byteLength, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
      const [writeBuffer] = await timed(async () => {
        device.queue.writeBuffer(buffer, 0, pixels);
        await done();
      });
      buffer.destroy();
      texture.destroy();
      bitmap.close();
      log(`UPLOAD ${name} ${[plain, asStored, external, frameCopy, readBack, writeTexture, writeBuffer].map((v) => v.toFixed(0)).join(' ')} ${same}`);
    }
  }
  device.destroy();
}

async function timingsPage() {
  const f = await frame(`../www/timings.html?runs=${RUNS}`, 1200, 900, 'done');
  for (const td of f.contentDocument.querySelectorAll('td[data-cell]')) {
    const [channels, method] = td.dataset.cell.split(/-(.*)/);
    log(`TIMINGS ${channels} ${method} ${td.textContent}`);
  }
  f.remove();
}

// Each page counts the dropped photo three times as a visitor would (the GPU idles
// while the page decodes it), then three times while this page keeps the GPU busy
// (its clocks up) with small passes of its own. Each row says when (UTC), to line
// up with run.sh's samples of the GPU's clock.
async function imagePages(gpu) {
  const photo = await file('../media/photo-8192x8192.jpg');
  const small = Picture.bench('noise', 1920, 1080);
  for (const page of ['privatized', 'packed']) {
    const f = await frame(`../www/${page}.html`, 1200, 900, 'done');
    const p = f.contentWindow.histogramPage;
    for (const busy of [false, false, false, true, true, true]) {
      let stop = false;
      const busyLoop = busy && (async () => {
        while (!stop) await gpu.keepBusy(small, 'packed', 4, '256x1', 0.02, 50);
      })();
      const before = p.counted;
      const t0 = Date.now();
      drop(f, photo);
      await until(() => p.counted > before && f.contentDocument.body.dataset.state === 'done', 600_000, `${page} counting`);
      stop = true;
      await busyLoop;
      const o = p.outcome;
      log(`PAGE ${page}${busy ? '+busy' : ''} ${o.pixels === 8192 * 8192 ? '8192x8192' : o.pixels} ${o.gpuMs?.toFixed(3)} ` +
        `${o.wallMs.toFixed(1)} (${f.contentDocument.getElementById('time').textContent}) from ${new Date(t0).toISOString()} to ${new Date().toISOString()}`);
    }
    f.remove();
  }
  small.free();
}

// What each part of drawing a video frame costs, in raw WebGPU: a render pass that
// only clears the target, draws the frame (a quad sampling it, as picture.wgsl),
// the two histogram panels (quads as draw.wgsl), or both, as the page drew before;
// and the compose pass (shaders/draw/compose.wgsl as the site compiles it) writing the
// same pixels from a compute pass, as the page draws now. Target 1280x720, frames
// of 1080p and 4K.
async function drawProbe() {
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  const device = await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
  const [tw, th] = [1280, 720];
  const target = device.createTexture({
    size: [tw, th], format: 'rgba8unorm',
    usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.STORAGE_BINDING,
  });
  const bins = device.createBuffer({ size: 4096, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(bins, 0, Uint32Array.from({ length: 1024 }, (_, i) => (i * 7919) % 5000));
  const scale = device.createBuffer({ size: 32, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(scale, 0, new Float32Array([1 / 5000, 1 / 5000, 1 / 5000, 1 / 5000, 5000, 5000, 5000, 5000]));
  const sampler = device.createSampler({ magFilter: 'linear', minFilter: 'linear' });
  // Two panels along the foot, as layout::video_panels places them (x, y down, w, h).
  const panels = [[12 / tw, (th - 212) / th, 512 / tw, 200 / th], [536 / tw, (th - 212) / th, 512 / tw, 200 / th]];
  const picture = `
@group(0) @binding(0) var frame: texture_2d<f32>;
@group(0) @binding(1) var frameSampler: sampler;
struct V { @builtin(position) position: vec4f, @location(0) uv: vec2f };
@vertex fn vs(@builtin(vertex_index) i: u32) -> V {
  let xy = array(vec2f(0, 0), vec2f(1, 0), vec2f(0, 1), vec2f(0, 1), vec2f(1, 0), vec2f(1, 1))[i];
  return V(vec4f(xy * 2.0 - 1.0, 0.0, 1.0), vec2f(xy.x, 1.0 - xy.y));
}
@fragment fn fs(v: V) -> @location(0) vec4f { return textureSampleLevel(frame, frameSampler, v.uv, 0.0); }`;
  const quad = `
@group(0) @binding(0) var<storage, read> bins: array<u32>;
@group(0) @binding(1) var<storage, read> scale: vec4f;
@group(0) @binding(2) var<uniform> rect: vec4f;
struct V { @builtin(position) position: vec4f, @location(0) uv: vec2f };
@vertex fn vs(@builtin(vertex_index) i: u32) -> V {
  let xy = array(vec2f(0, 0), vec2f(1, 0), vec2f(0, 1), vec2f(0, 1), vec2f(1, 0), vec2f(1, 1))[i];
  let p = vec2f(rect.x + xy.x * rect.z, 1.0 - (rect.y + rect.w) + xy.y * rect.w);
  return V(vec4f(p * 2.0 - 1.0, 0.0, 1.0), xy);
}
@fragment fn fs(v: V) -> @location(0) vec4f {
  let bin = min(u32(v.uv.x * 256.0), 255u) * 4u;
  let h = vec4f(vec4u(bins[bin], bins[bin + 1u], bins[bin + 2u], bins[bin + 3u])) * scale;
  let bits = h > vec4f(v.uv.y);
  return vec4f(select(vec3f(0.0), vec3f(1.0), bits.xyz), 1.0);
}`;
  const renderPipeline = (code) => {
    const module = device.createShaderModule({ code });
    return device.createRenderPipeline({
      layout: 'auto', vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format: 'rgba8unorm' }] },
    });
  };
  const picturePipeline = renderPipeline(picture);
  const quadPipeline = renderPipeline(quad);
  const rects = panels.map((r) => {
    const b = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(b, 0, new Float32Array(r));
    return device.createBindGroup({
      layout: quadPipeline.getBindGroupLayout(0),
      entries: [bins, scale, b].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
  });
  const composeModule = device.createShaderModule({ code: composeSource() });
  const composePipeline = device.createComputePipeline({ layout: 'auto', compute: { module: composeModule, entryPoint: 'cs' } });
  // compose.wgsl's uniforms: the identity (frame and target both 16:9), 16 colours, two panels.
  const uni = new ArrayBuffer(64 + 256 + 64);
  new Float32Array(uni, 0, 16).set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  for (let m = 1; m < 16; m++) new Float32Array(uni, 64 + m * 16, 4).set([m & 1, (m >> 1) & 1, (m >> 2) & 1, 1]);
  panels.forEach((r, i) => {
    new Float32Array(uni, 320 + i * 32, 4).set(r);
    new Uint32Array(uni, 336 + i * 32, 4).set(i === 0 ? [1, 1, 1, 0] : [0, 0, 0, 1]);
  });
  const uniforms = device.createBuffer({ size: uni.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(uniforms, 0, uni);
  const querySet = device.createQuerySet({ type: 'timestamp', count: 2 });
  const resolved = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const timestampWrites = { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 };
  for (const [fw, fh] of [[1920, 1080], [3840, 2160]]) {
    const frameTexture = device.createTexture({
      size: [fw, fh], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
    device.queue.writeTexture({ texture: frameTexture }, Uint8Array.from({ length: fw * fh * 4 }, (_, i) => (i * 31) & 255),
      { bytesPerRow: fw * 4 }, [fw, fh]);
    const frameGroup = device.createBindGroup({
      layout: picturePipeline.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: frameTexture.createView() }, { binding: 1, resource: sampler }],
    });
    const composeGroup = device.createBindGroup({
      layout: composePipeline.getBindGroupLayout(0),
      entries: [frameTexture.createView(), sampler, { buffer: bins }, { buffer: scale }, { buffer: uniforms }, target.createView()]
        .map((resource, binding) => ({ binding, resource })),
    });
    const render = (encoder, withPicture, withPanels) => {
      const pass = encoder.beginRenderPass({
        colorAttachments: [{ view: target.createView(), loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }],
        timestampWrites,
      });
      if (withPicture) {
        pass.setPipeline(picturePipeline);
        pass.setBindGroup(0, frameGroup);
        pass.draw(6);
      }
      if (withPanels) {
        pass.setPipeline(quadPipeline);
        for (const group of rects) {
          pass.setBindGroup(0, group);
          pass.draw(6);
        }
      }
      pass.end();
    };
    const parts = {
      'render-clear': (e) => render(e, false, false),
      'render-frame': (e) => render(e, true, false),
      'render-panels': (e) => render(e, false, true),
      'render-all': (e) => render(e, true, true),
      compose: (e) => {
        const pass = e.beginComputePass({ timestampWrites });
        pass.setPipeline(composePipeline);
        pass.setBindGroup(0, composeGroup);
        pass.dispatchWorkgroups(Math.ceil(tw / 8), Math.ceil(th / 8));
        pass.end();
      },
    };
    for (const [name, part] of Object.entries(parts)) {
      const once = async () => {
        const encoder = device.createCommandEncoder();
        part(encoder);
        encoder.resolveQuerySet(querySet, 0, 2, resolved, 0);
        encoder.copyBufferToBuffer(resolved, 0, readback, 0, 16);
        device.queue.submit([encoder.finish()]);
        await readback.mapAsync(GPUMapMode.READ);
        const [t0, t1] = new BigInt64Array(readback.getMappedRange());
        readback.unmap();
        return Number(t1 - t0) / 1000;
      };
      // Clocks up first, as the kernels' rows are timed.
      for (const end = performance.now() + 300; performance.now() < end;) await once();
      const times = [];
      for (let i = 0; i < RUNS; i++) times.push(await once());
      log(`DRAW ${name} ${fw}x${fh} ${tw}x${th} ${median(times).toFixed(2)}`);
    }
    frameTexture.destroy();
  }
  device.destroy();
}

// The chunks + sum method's second pass, alone, in raw WebGPU: sum.wgsl as the site
// compiles it (eight chunks a step into eight partial sums) and as it was, one
// chunk at a time; chunks as many as a 1920x1080 image's. Checked, the first was
// 6x faster in Chromium on an H100 (docs/DECISIONS.md, 10).
async function sumProbe() {
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  const device = await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
  const source = kernelSource('chunks-sum', 4, '256x1');
  const sum = source.slice(source.indexOf('// ---- sum.wgsl ----'));
  const prelude = source.slice(0, source.indexOf('// ---- chunks.wgsl ----'));
  const [from, to] = [sum.indexOf('  var partial'), sum.indexOf('  // Add, not assign')];
  if (from < 0 || to < 0) throw new Error('sum.wgsl: its loop is not where the probe expects it');
  const variants = {
    site: sum,
    'one-at-a-time': `${sum.slice(0, from)}  var total = 0u;
  for (var chunk = 0u; chunk < sum.numChunks; chunk++) {
    total += chunks[chunk][bin];
  }
${sum.slice(to)}`,
  };
  const chunkCount = 8 * 1080; // 256x1 chunks of 1920x1080
  const chunks = device.createBuffer({ size: chunkCount * 4096, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(chunks, 0, new Uint32Array(chunkCount * 1024).fill(1));
  const bins = device.createBuffer({ size: 4096, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  const uniform = device.createBuffer({ size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(uniform, 0, new Uint32Array([chunkCount, 0, 0, 0]));
  const querySet = device.createQuerySet({ type: 'timestamp', count: 2 });
  const resolved = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const check = device.createBuffer({ size: 4096, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  for (const [name, body] of Object.entries(variants)) {
    const module = device.createShaderModule({ code: prelude + body });
    const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'cs' } });
    const bindGroup = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [bins, chunks, uniform].map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const once = async () => {
      const encoder = device.createCommandEncoder();
      encoder.clearBuffer(bins);
      const pass = encoder.beginComputePass({ timestampWrites: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(4);
      pass.end();
      encoder.resolveQuerySet(querySet, 0, 2, resolved, 0);
      encoder.copyBufferToBuffer(resolved, 0, readback, 0, 16);
      encoder.copyBufferToBuffer(bins, 0, check, 0, 4096);
      device.queue.submit([encoder.finish()]);
      await Promise.all([readback.mapAsync(GPUMapMode.READ), check.mapAsync(GPUMapMode.READ)]);
      const [t0, t1] = new BigInt64Array(readback.getMappedRange());
      const right = new Uint32Array(check.getMappedRange()).every((v) => v === chunkCount);
      readback.unmap();
      check.unmap();
      if (!right) throw new Error(`sum variant ${name}: wrong total`);
      return Number(t1 - t0) / 1000;
    };
    await once();
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await once());
    log(`SUM ${name} ${chunkCount} ${median(times).toFixed(2)}`);
  }
  device.destroy();
}

// The variants bench/probes/scope_parts.rs wrote (DUMP=DIR, copied to bench/variants/
// by run.sh), each over the 4K photo's pixels in a texture as the site uploads
// them, timed with timestamp queries as scope_parts times them natively.
async function variants() {
  const listed = await fetch('variants/manifest.json');
  if (!listed.ok) {
    log('# VARIANT: no bench/variants/manifest.json, nothing to time');
    return;
  }
  log('# VARIANT: median of the GPU timestamps of the pass, after 300 ms of passes');
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  const device = await adapter.requestDevice({ requiredFeatures: ['timestamp-query'] });
  const picture = await decodeImage('../media/photo-3840x2160.png');
  const [w, h] = [picture.width, picture.height];
  const texture = device.createTexture({
    size: [w, h], format: 'rgba8unorm', usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
  });
  device.queue.writeTexture({ texture }, picture.rgba(), { bytesPerRow: w * 4 }, [w, h]);
  picture.free();
  const band = device.createBuffer({ size: 32, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(band, 0, new Uint32Array([0, 0, w, h, 0, 0, 0, 0]));
  const querySet = device.createQuerySet({ type: 'timestamp', count: 2 });
  const resolved = device.createBuffer({ size: 16, usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC });
  const readback = device.createBuffer({ size: 16, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  for (const v of await listed.json()) {
    const module = device.createShaderModule({ code: await (await fetch(`variants/${v.name}.wgsl`)).text() });
    const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: v.entry } });
    const result = device.createBuffer({ size: v.resultBytes, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
    const counts = device.createBuffer({ size: v.resultBytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const bindGroup = device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: [{ binding: 0, resource: { buffer: result } }, { binding: 1, resource: texture.createView() }, { binding: 2, resource: { buffer: band } }],
    });
    const once = async (read) => {
      const encoder = device.createCommandEncoder();
      encoder.clearBuffer(result);
      const pass = encoder.beginComputePass({ timestampWrites: { querySet, beginningOfPassWriteIndex: 0, endOfPassWriteIndex: 1 } });
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(...v.groups);
      pass.end();
      encoder.resolveQuerySet(querySet, 0, 2, resolved, 0);
      encoder.copyBufferToBuffer(resolved, 0, readback, 0, 16);
      if (read) encoder.copyBufferToBuffer(result, 0, counts, 0, v.resultBytes);
      device.queue.submit([encoder.finish()]);
      await readback.mapAsync(GPUMapMode.READ);
      const [t0, t1] = new BigInt64Array(readback.getMappedRange());
      readback.unmap();
      return Number(t1 - t0) / 1000;
    };
    const start = performance.now();
    while (performance.now() - start < 300) await once(false);
    await once(true);
    await counts.mapAsync(GPUMapMode.READ);
    const total = new Uint32Array(counts.getMappedRange()).reduce((s, c) => s + c, 0);
    counts.unmap();
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await once(false));
    log(`VARIANT ${v.name} ${v.groups.join('x')} ${median(times).toFixed(2)} ${total}`);
    result.destroy();
    counts.destroy();
  }
  device.destroy();
}

/** `name` played by a bare <video> element, detached or on the page, for the window. */
async function bareVideo(name, where) {
  const v = document.createElement('video');
  Object.assign(v, { muted: true, loop: true, playsInline: true, src: `../media/${name}` });
  if (where === 'attached') {
    Object.assign(v.style, { width: '640px', display: 'block' });
    document.body.append(v);
  }
  await v.play();
  await sleep(3000);
  const [q0, t0] = [v.getVideoPlaybackQuality(), performance.now()];
  await sleep(VIDEO_SECONDS * 1000);
  const q1 = v.getVideoPlaybackQuality();
  const decoded = q1.totalVideoFrames - q0.totalVideoFrames;
  log(`BARE ${where} ${name.match(/\d+x\d+/)[0]} ${((decoded * 1000) / (performance.now() - t0)).toFixed(1)} ` +
    `${q1.droppedVideoFrames - q0.droppedVideoFrames} ${decoded}`);
  v.pause();
  v.remove();
  v.removeAttribute('src');
  v.load();
}

async function videoPage(ours) {
  // 1080p at 30 fps and 4K at 60 (prepare.sh), each by both frame paths.
  for (const name of VIDEOS) {
    const size = name.match(/\d+x\d+/)[0];
    for (let r = 0; BARE && r < VIDEO_ROUNDS; r++) {
      for (const where of ['detached', 'attached']) await bareVideo(name, where);
    }
    const runs = BUILDS.flatMap((b) => PATHS.map((p) => [b, p]));
    for (const [build, path] of Array.from({ length: VIDEO_ROUNDS }, () => runs).flat()) {
      const f = await frame(`../${build === 'site' ? '' : `${build}/`}www/video.html?frames=${path}`, 1280, 800, 'ready');
      const page = f.contentWindow.videoPage;
      drop(f, await file(`../media/${name}`));
      await until(() => f.contentDocument.body.dataset.state === 'playing', 60_000, `video ${size} playing`);
      await until(() => page.view && page.frames > 5, 120_000, `video ${size}`);
      await sleep(3000);
      const quality = () => page.video.getVideoPlaybackQuality();
      const [n0, t0, q0] = [page.frames, performance.now(), quality()];
      const gpu = [];
      // The kernels on a picture of the frame's size, once a second while the video
      // plays: timed in the GPU's state of the moment (its clocks fall between
      // frames), as the frames' own passes are.
      const picture = VIDEO_KERNELS ? Picture.bench('natural', ...size.split('x').map(Number)) : null;
      const beside = picture ? { packed: [], privatized: [] } : {};
      for (let s = 0; s < VIDEO_SECONDS; s++) {
        await sleep(1000);
        gpu.push([page.view.histogramMs, page.view.drawMs, page.importMs]);
        for (const method of Object.keys(beside)) {
          const o = await ours.compute(picture, method, 4, '256x1', undefined);
          beside[method].push(o.gpuMs);
          o.free();
        }
      }
      if (picture) {
        picture.free();
        log(`VIDEOKERNEL ${build} ${size} ${page.path} packed ${median(beside.packed).toFixed(3)} privatized ${median(beside.privatized).toFixed(3)}`);
      }
      const fps = ((page.frames - n0) * 1000) / (performance.now() - t0);
      const q1 = quality();
      log(`VIDEO ${build} ${size} ${page.path} ${fps.toFixed(1)} ${q1.droppedVideoFrames - q0.droppedVideoFrames} ` +
        `${q1.totalVideoFrames - q0.totalVideoFrames} ${median(gpu.map((g) => g[0])).toFixed(3)} ${median(gpu.map((g) => g[1])).toFixed(3)} ` +
        `${median(gpu.map((g) => g[2] ?? NaN)).toFixed(3)} ${page.view.drawing ?? 'render'} pass`);
      f.remove();
    }
  }
}

// HDR videos' codes as a real GPU's browser hands them over (issue #77): each of
// the project's videos on the waveform page, its greys (0 to 10,000 nits, eight
// columns each) found at their codes' levels, as scopes.test.mjs finds them.
async function hdrVideos() {
  const hevc = 'hvc1.2.4.L93.B0';
  log(`HEVC MediaSource ${globalThis.MediaSource?.isTypeSupported(`video/mp4; codecs="${hevc}"`) ?? false}`);
  log(`HEVC element ${document.createElement('video').canPlayType(`video/mp4; codecs="${hevc}"`) || 'no'}`);
  const config = { codec: hevc, codedWidth: 1920, codedHeight: 1080 };
  log(`HEVC VideoDecoder ${(await globalThis.VideoDecoder?.isConfigSupported(config).catch(() => null))?.supported ?? false}`);
  for (const [transfer, name] of [['pq', 'hdr-pq.webm'], ['hlg', 'hdr-hlg.webm'], ['pq', 'hdr-pq-444.webm'], ['pq', 'hdr-pq.mp4'], ['hlg', 'hdr-hlg.mp4']]) {
    const f = await frame('../www/waveform.html', 1280, 900, 'done');
    const w = f.contentWindow;
    drop(f, await file(`../media/${name}`));
    await until(() => w.page.source?.kind === 'video' && w.page.fps > 0, 60_000, `${name} playing`);
    const levels = greyLevels(transfer);
    const atLevel = (json) => json.r.counts.filter((span, x) => (span[levels[x >> 3] - json.r.from[x]] ?? 0) >= 16).length;
    // A browser that hands frames over in 8 bits says so beside the Scale (Firefox).
    const why = () => f.contentDocument.getElementById('codes-why').textContent;
    let [found, json] = [0, null];
    for (const end = performance.now() + 20_000; found < 64 && !why() && performance.now() < end; await sleep(250)) {
      json = JSON.parse(await w.page.view.json(name));
      found = atLevel(json);
    }
    // Where a grey is off: the levels its first column shows (the grey's over the
    // top half, the colour's over the bottom), against its code's.
    const shown = (x) => json.r.counts[x].flatMap((n, i) => (n >= 16 ? [json.r.from[x] + i] : []));
    const off = levels.map((level, g) => [HDR_NITS[g], level, shown(8 * g)]).filter(([, level, seen]) => !seen.includes(level))
      .map(([nits, level, seen]) => `${nits}nits:${level}->${seen.join('/')}`);
    log(`HDR ${name} ${transfer} ${f.contentDocument.getElementById('codes').value} ${found}/64 ${found === 64 ? 'exact' : 'off'}` +
      ` ${w.page.frame?.path}:${w.page.frame?.format}${why() ? ` (${why()})` : ''}${json && off.length ? ` ${off.join(' ')}` : ''}`);
    f.remove();
  }
}

// The studio's frame rate on each video, plain and with every overlay on (#77).
async function studioPage() {
  for (const name of VIDEOS) {
    const size = name.match(/\d+x\d+/)[0];
    const runs = BUILDS.flatMap((b) => ['plain', 'overlays'].map((setup) => [b, setup]));
    for (const [build, setup] of Array.from({ length: VIDEO_ROUNDS }, () => runs).flat()) {
      const f = await frame(`../${build === 'site' ? '' : `${build}/`}www/studio.html`, 1400, 900, 'done');
      const w = f.contentWindow;
      drop(f, await file(`../media/${name}`));
      await until(() => f.contentDocument.body.dataset.state === 'playing', 60_000, `studio ${size} playing`);
      if (setup === 'overlays') overlaysOn(f.contentDocument);
      await sleep(3000);
      const quality = () => w.page.video.getVideoPlaybackQuality();
      const [n0, t0, q0] = [w.page.frames, performance.now(), quality()];
      await sleep(VIDEO_SECONDS * 1000);
      const fps = ((w.page.frames - n0) * 1000) / (performance.now() - t0);
      const q1 = quality();
      log(`STUDIO ${build} ${size} ${setup} ${fps.toFixed(1)} ${q1.droppedVideoFrames - q0.droppedVideoFrames} ${q1.totalVideoFrames - q0.totalVideoFrames}`);
      f.remove();
    }
  }
}

try {
  await init();
  if (params.has('adapters')) { // every adapter the browser offers, for diagnosis
    for (const options of [{}, { powerPreference: 'low-power' }, { forceFallbackAdapter: true }]) {
      const a = await navigator.gpu?.requestAdapter(options).catch((e) => String(e));
      log(`OFFERED ${JSON.stringify(options)} ${a?.info ? `${a.info.vendor} ${a.info.architecture} ${a.info.description}` : a}`);
    }
  }
  const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
  const info = adapter?.info;
  log(`ADAPTER ${JSON.stringify(info && {
    vendor: info.vendor, architecture: info.architecture, device: info.device, description: info.description,
    fallback: info.isFallbackAdapter, timestamps: adapter.features.has('timestamp-query'),
  })}`);
  const fallback = !info || info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe/i.test(`${info.vendor} ${info.architecture} ${info.description}`);
  if (fallback && !params.has('any')) throw new Error('no hardware adapter: not measuring a fallback');
  const gpu = await GpuContext.create();
  for (const [name, step] of [['kernels', () => kernels(gpu)], ['scopes', () => scopes(gpu)], ['variants', variants], ['sum', sumProbe], ['draw', drawProbe], ['timings', timingsPage], ['pages', () => imagePages(gpu)], ['waits', waitProbe], ['decode', decodePage], ['upload', uploadProbe], ['video', () => videoPage(gpu)], ['studio', studioPage], ['hdr', hdrVideos]]) {
    if (params.has('skip') && params.get('skip').split(',').includes(name)) continue;
    const t = performance.now();
    try {
      await step();
    } catch (e) {
      log(`FAIL ${name}: ${e}`);
    }
    log(`# ${name} took ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
} catch (e) {
  log(`FAIL ${e}`);
}
log('DONE');
