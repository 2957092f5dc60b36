// Shared by the browser tests: the site on a loopback port, a headless browser with
// WebGPU, and page helpers. The engine is Chromium (WebGPU on SwiftShader, flags
// from ../shared/PLATFORM.md), or Firefox with ENGINE=firefox (firefox.mjs gives
// its pages the same API): every test is written once, for both.
import { before, after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { launchFirefox, captureDownloads } from './firefox.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';
import { decodePng, png } from './png.mjs';
import { message } from './messages.mjs';

export { decodePng, png, pngOf } from './png.mjs';

export const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/**
 * The video the tests play where its size is not the point: the site's own
 * (www/media/sunset.webm, 1280x720) at 320x180 and 3 s (scripts/make-test-video.sh),
 * a sixteenth of the pixels a frame for SwiftShader to import, count and draw.
 * The tests' server serves it in place of the site's (`start`'s `video`).
 */
export const testVideo = join(repo, 'tests', 'fixtures', 'sunset-small.webm');
/** Its frames' width and height. */
export const TEST_VIDEO_SIZE = [320, 180];
export const media = (name) => join(repo, '..', 'shared', 'media', name);
/** 'chromium' or 'firefox' (ENGINE): the engine every browser of this run is. */
export const engine = process.env.ENGINE ?? 'chromium';
if (!['chromium', 'firefox'].includes(engine)) throw new Error(`ENGINE is chromium or firefox, not ${engine}`);
// Screenshots land in test-output/, Firefox's in test-output/firefox/.
export const shots = join(repo, 'test-output', ...(engine === 'firefox' ? ['firefox'] : []));
/**
 * How long any wait on a page may take before the test fails: long, since a wait
 * ends on the page's own state, and a busy machine (CI, another process beside
 * the tests) can take many times what an idle one does. Nothing waits this long
 * when things work.
 */
export const WAIT = 180_000;

/**
 * Two of the page's frames: what it drew or laid out before is on the screen
 * (a canvas presents its frame at the next one), and the page's own resize and
 * frame handlers have run.
 */
export const presented = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const AXE = join(repo, 'node_modules', 'axe-core', 'axe.min.js');
/**
 * axe-core's violations (WCAG 2.2 A and AA, its best practices) in `context` (a
 * selector; the whole page by default) as the page stands, one line each: rule,
 * impact, where.
 */
export async function axeViolations(page, context = null) {
  await page.evaluate((source) => { if (!window.axe) (0, eval)(source); }, readFileSync(AXE, 'utf8'));
  return page.evaluate(async (within) => {
    const result = await window.axe.run(within ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  }, context);
}

// WebGPU on SwiftShader: without these Chromium has no WebGPU adapter here.
const CHROMIUM_WEBGPU = ['--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=vulkan'];
export const CHROMIUM_FLAGS = [
  ...CHROMIUM_WEBGPU,
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic',
];

/**
 * An `init` for `open`: keeps every GPUDevice the page opens in `window.gpuDevices`
 * (to destroy one, as a driver reset would lose it), and makes the browser refuse
 * new adapters while `window.refuseAdapters` is set.
 */
export function trackDevices() {
  // Not in a window without WebGPU (Firefox runs it in a page's about:blank popup too).
  if (!('GPUAdapter' in window)) return;
  window.gpuDevices = [];
  window.refuseAdapters = false;
  const requestDevice = GPUAdapter.prototype.requestDevice;
  GPUAdapter.prototype.requestDevice = async function (...args) {
    const device = await requestDevice.apply(this, args);
    window.gpuDevices.push(device);
    return device;
  };
  const requestAdapter = GPU.prototype.requestAdapter;
  GPU.prototype.requestAdapter = function (...args) {
    return window.refuseAdapters ? Promise.resolve(null) : requestAdapter.apply(this, args);
  };
}

/**
 * Starts a static server and a browser (with `flags` besides ours); returns
 * { open, close }. The server serves the built site, dist/ (`make dist`), at
 * `prefix`, as a static host would; `root: 'tree'` serves the working tree instead
 * (for benchmarks that load files from outside the site), an absolute path another
 * build of the site (a benchmark of before against after). The site's default
 * video is `testVideo` unless `video: 'site'` asks for the site's own.
 */
export async function start(flags = [], { root = 'dist', prefix = '/', webgpu = true, video = 'test' } = {}) {
  const folder = root === 'tree' ? repo : isAbsolute(root) ? root : join(repo, root);
  const instead = video === 'site' ? {} : { '/www/media/sunset.webm': testVideo };
  const server = await serve(0, { root: folder, prefix, instead });
  const base = `http://127.0.0.1:${server.address().port}${prefix.slice(0, -1)}`;
  const profile = mkdtempSync(join(tmpdir(), 'histogram-chromium-'));
  // Firefox: its own profile; Chromium's flags mean nothing there (its fake
  // camera and WebGPU are preferences, always set).
  const context = engine === 'firefox'
    ? await launchFirefox({ webgpu, camera: flags.includes('--use-fake-device-for-media-stream') })
    : await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: [...CHROMIUM_FLAGS.filter((f) => webgpu || !CHROMIUM_WEBGPU.includes(f)), ...flags],
      acceptDownloads: true,
      viewport: { width: 1200, height: 900 },
    });
  if (engine !== 'firefox') context.setDefaultTimeout(WAIT);
  mkdirSync(join(shots, 'layouts'), { recursive: true });
  // Every Content-Security-Policy violation on any page; close() fails if there was one.
  const violations = [];
  // Pages opened and not yet closed by `closePages` (after each test).
  const pages = new Set();

  /** Opens a page (`init`: an init script, or a list of them), records console errors and page errors, waits for a state. */
  async function open(path, { state = 'done', timeout = WAIT, viewport, webgpu = true, init } = {}) {
    const page = await context.newPage();
    pages.add(page);
    // Waits poll on a timer, not on animation frames: a page whose last change was
    // a line of text may paint no more frames, and the timings page reached 'done'
    // 12 s after a device loss while a frame-polled wait saw it only when something
    // else made Chromium paint.
    const waitForFunction = page.waitForFunction.bind(page);
    page.waitForFunction = (fn, arg, options) => waitForFunction(fn, arg, { polling: 100, ...options });
    await page.exposeFunction('reportViolation', (text) => violations.push(`${path}: ${text}`)).catch(() => {});
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
      (e) => window.reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline code'}`)));
    for (const script of [init ?? []].flat()) await page.addInitScript(script);
    if (engine === 'firefox') await page.addInitScript(captureDownloads);
    await page.setViewportSize(viewport ?? { width: 1200, height: 900 });
    // A browser without WebGPU: the page sees no navigator.gpu.
    if (!webgpu) await page.addInitScript(() => { delete Navigator.prototype.gpu; });
    // SLOW=2 (seconds): every call on a page that took longer, and the test line
    // it came from, to find where a suite's time goes (a screenshot of a page
    // SwiftShader was still counting took 80 s).
    if (process.env.SLOW) {
      for (const name of ['screenshot', 'waitForFunction', 'setInputFiles', 'click', 'evaluate', 'goto', 'selectOption', 'setViewportSize', 'textContent']) {
        const call = page[name].bind(page);
        page[name] = async (...args) => {
          const t = Date.now();
          try {
            return await call(...args);
          } finally {
            const s = (Date.now() - t) / 1000;
            const where = new Error().stack.split('\n').find((l) => l.includes('.test.mjs'))?.trim() ?? '';
            if (s > Number(process.env.SLOW)) console.error(`slow: ${s.toFixed(1)} s ${name} ${where}`);
          }
        };
      }
    }
    page.errors = [];
    page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.goto(base + path);
    if (state) await waitState(page, state, timeout);
    return page;
  }

  /** Closes every page `open` made: a page left playing a video would share the machine with every test after it. */
  async function closePages() {
    const open = [...pages];
    pages.clear();
    await Promise.all(open.map((page) => page.close().catch(() => {})));
  }

  async function close() {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  }
  const version = engine === 'firefox' ? context.version : context.browser()?.version() ?? '';
  return { open, closePages, close, base, context, version };
}

/**
 * What a test file runs against: a browser on the built site (with `flags`) and,
 * with `fixtures`, the fixture files; started before the file's tests and closed
 * after them. Returns stand-ins usable at once: `browser.open(...)`,
 * `fixtures.path(name)`.
 */
export function suite({ fixtures: withFixtures = false, flags = [], webgpu = true, video } = {}) {
  let browser;
  let fixtures;
  before(async () => {
    if (withFixtures) fixtures = makeFixtures();
    browser = await start(flags, { webgpu, video });
  });
  // Each test closes the pages it opened, whatever its outcome.
  afterEach(async () => {
    await browser?.closePages();
  });
  after(async () => {
    await browser?.close();
    fixtures?.remove();
  });
  return {
    browser: {
      open: (...args) => browser.open(...args),
      get base() { return browser.base; },
      get context() { return browser.context; },
      get version() { return browser.version; },
    },
    fixtures: {
      get names() { return fixtures.names; },
      path: (name) => fixtures.path(name),
      rows: (name, channels) => fixtures.rows(name, channels),
    },
  };
}

/**
 * Waits until the page's body reports `state` (done, error, ...), polled on a timer
 * also for pages that `open` did not make (why: in `open`).
 */
export async function waitState(page, state, timeout = WAIT) {
  try {
    await page.waitForFunction((s) => document.body.dataset.state === s, state, { timeout, polling: 100 });
  } catch (e) {
    // What the page showed instead, for a failure that cannot be run again.
    const seen = await page.evaluate(() => ({
      state: document.body.dataset.state,
      says: [...document.querySelectorAll('[role=alert], [role=status]')].map((n) => n.textContent).filter(Boolean),
    })).catch((why) => String(why));
    e.message += ` (waiting for '${state}'; the page showed ${JSON.stringify(seen)}, console errors ${JSON.stringify(page.errors ?? [])})`;
    throw e;
  }
}

/**
 * Reads the page from outside with `probe` (a screenshot's pixels: a state the
 * page cannot signal) until `holds(value)`: a wait on what is drawn, however slow
 * the machine; fails after `timeout` with the last value read.
 */
export async function until(probe, holds, what, timeout = WAIT) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (holds(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeout / 1000} s`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/**
 * The text of `selector` once it matches `re` (or, with `{ not: true }`, once it
 * does not): a pointer's move reaches the page's handlers with a later frame
 * (Chromium aligns pointer events to frames), so a reading after a move is
 * waited for on the page, never read at once; a failure says what was shown.
 */
export async function textMatching(page, selector, re, { not = false, timeout = WAIT } = {}) {
  try {
    // The text that matched, as it was then (read again, it may have moved on).
    const handle = await page.waitForFunction(([css, source, flags, not]) => {
      const text = document.querySelector(css)?.textContent ?? '';
      return new RegExp(source, flags).test(text) !== not && { text };
    }, [selector, re.source, re.flags, not], { timeout });
    return (await handle.jsonValue()).text;
  } catch (e) {
    const seen = await page.evaluate((css) => document.querySelector(css)?.textContent, selector).catch(String);
    e.message += ` (waiting for ${selector} ${not ? 'not ' : ''}to match ${re}; it showed ${JSON.stringify(seen)})`;
    throw e;
  }
}

/**
 * Waits until the page has drawn `by` more frames than it has now (the page
 * contract's `frames`, www/page.js): frames keep coming, however slow the
 * machine, with no time-out tuned to an idle one.
 */
export async function moreFrames(page, by = 1) {
  const from = await page.evaluate(() => window.page.frames);
  await page.waitForFunction((n) => window.page.frames >= n, from + by);
}

/**
 * Lit (not black) pixels of an element as it appears on screen: a screenshot,
 * so WebGPU canvases count as well as 2D ones. `rect` is [x, y, w, h] in CSS
 * pixels of the element.
 */
export async function litPixels(page, selector, rect, above = 60) {
  const locator = page.locator(selector).first();
  // Firefox's harness finds no box for a popup's elements: the page's own then.
  const boxOf = async () => (await locator.boundingBox()) ?? page.evaluate((css) => {
    const { x, y, width, height } = document.querySelector(css).getBoundingClientRect();
    return { x, y, width, height };
  }, selector);
  let box = await boxOf();
  // Screenshots see the window only: scroll the part asked for into it.
  const [top, bottom] = rect ? [box.y + rect[1], box.y + rect[1] + rect[3]] : [box.y, box.y + box.height];
  const scrolled = await page.evaluate(([t, b]) => {
    const by = t < 0 ? t : b > innerHeight ? Math.min(b - innerHeight, t) : 0;
    window.scrollBy(0, by);
    return by !== 0;
  }, [top, bottom]);
  if (scrolled) box = await boxOf();
  // The window's picture, cut here: a screenshot's clip is in the window's
  // coordinates for Playwright and in the document's for puppeteer (Firefox).
  const [x, y, w, h] = rect ? [box.x + rect[0], box.y + rect[1], rect[2], rect[3]] : [box.x, box.y, box.width, box.height];
  const { width, rgba } = decodePng(await page.screenshot());
  const [x0, y0] = [Math.round(x), Math.round(y)];
  const [x1, y1] = [Math.min(width, Math.round(x + w)), Math.min(rgba.length / 4 / width, Math.round(y + h))];
  let n = 0;
  for (let row = Math.max(0, y0); row < y1; row++) {
    for (let col = Math.max(0, x0); col < x1; col++) {
      const i = (row * width + col) * 4;
      n += rgba[i] + rgba[i + 1] + rgba[i + 2] > above ? 1 : 0;
    }
  }
  return n;
}

/** The video page's RGB histogram: the left panel of the pair centred along its canvas's foot (src/layout.rs's video_panels). */
export async function histogramFoot(page) {
  const { w, h } = await page.$eval('#screen', (c) => ({ w: c.clientWidth, h: c.clientHeight }));
  const width = Math.min((w - 36) / 2, 512);
  const height = Math.min((width * 100) / 256, h * 0.3);
  const left = Math.max(12, (w - 2 * width - 12) / 2);
  return [Math.ceil(left), Math.floor(h - 12 - height), Math.floor(width), Math.floor(height)];
}

/**
 * The reference histogram of the page's current pixels, computed in the browser by
 * a plain JS loop written here, apart from the Rust code: the article's rule
 * min(floor(v * 256), 255) in exact integer arithmetic. Returns rows like the CSV.
 * Only for the generated default image: the pixels of a file went through the
 * page's decoder, so a file's reference comes from outside the browser (cliRows,
 * makeFixtures).
 */
export async function referenceRows(page, channels) {
  return page.evaluate((channels) => {
    const d = window.page.pixels();
    const rows = Array.from({ length: 256 }, () => new Array(channels).fill(0));
    const bin = (num, den) => Math.min(Math.floor((num * 256) / den), 255);
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
      const l = bin(2126 * r + 7152 * g + 722 * b, 2550000);
      if (channels === 1) rows[l][0]++;
      else { rows[bin(r, 255)][0]++; rows[bin(g, 255)][1]++; rows[bin(b, 255)][2]++; rows[l][3]++; }
    }
    return rows;
  }, channels);
}

const CHANNELS = { 1: ['luminance'], 4: ['r', 'g', 'b', 'luminance'] };
/** A histogram object ({ r, g, b, luminance }) as rows like the CSV's. */
const rowsOf = (h, channels) => h.luminance.map((_, bin) => CHANNELS[channels].map((c) => h[c][bin]));

/**
 * The command-line tool's histogram of a file, computed outside the browser: the
 * file decoded natively (src/decode/, the `image` and `png` crates) and counted
 * by the CPU method, 16-bit samples as their nearest 8-bit value, as the pages
 * count them. Rows like the CSV's.
 */
export function cliRows(path, channels) {
  const out = execFileSync(join(repo, 'target/release/histogram'), ['--method', 'cpu', '--depth', '8', '--format', 'json', path]);
  return rowsOf(JSON.parse(out), channels);
}

/**
 * Image files of every kind the pages must read exactly (tests/fixtures/files.rs), in a
 * fresh folder, plus a lossless AVIF of the translucent one (a format only the
 * browser decodes here). `rows(name, channels)` is a file's histogram computed from
 * the pixels it was made from, not from any decoding of it.
 */
export function makeFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-fixtures-'));
  execFileSync(join(repo, 'target/release/examples/fixtures'), [dir]);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json')));
  execFileSync('avifenc', ['--lossless', join(dir, 'translucent-257x131.png'), join(dir, 'translucent-257x131.avif')], { stdio: 'ignore' });
  expected['translucent-257x131.avif'] = expected['translucent-257x131.png'];
  return {
    names: Object.keys(expected),
    path: (name) => join(dir, name),
    rows: (name, channels) => rowsOf(expected[name], channels),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * JPEGs of every kind made by Pillow, and their histograms as Pillow decodes them
 * (libjpeg-turbo), both made outside the project (tests/fixtures/jpeg.py, in
 * .venv): { names, path(name), rows(name, channels), digest(name), remove() }.
 */
export function makeJpegFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-jpeg-'));
  execFileSync(join(repo, '.venv/bin/python'), [join(repo, 'tests/fixtures/jpeg.py'), media('pexels-chevanon-photography-1108099.jpg'), dir]);
  const expected = JSON.parse(readFileSync(join(dir, 'expected.json')));
  return {
    names: Object.keys(expected),
    path: (name) => join(dir, name),
    rows: (name, channels) => rowsOf(expected[name], channels),
    /** The SHA-256 of Pillow's decode as opaque RGBA. */
    digest: (name) => expected[name].shown_rgba_sha256,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Large pictures (tests/fixtures/large.rs: 24-megapixel JPEGs, a 16-bit TIFF, an EXR) in a fresh folder. */
export function makeLargePictures() {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-large-'));
  execFileSync(join(repo, 'target/release/examples/large'), [dir]);
  return { path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The figures a chapter's words give ([data-fact] places) that its last count did
 * not fill in (www/facts.js marks those it did), by name: [] where each is the run's.
 */
export const unfilledFacts = (page) => page.$$eval('[data-fact]:not([data-filled])', (places) => places.map((p) => p.dataset.fact));

/** Clicks "Download CSV" and parses the file into rows of numbers (bin column dropped). */
export async function downloadCsv(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: message('en', 'chapter-download-csv') }).click(),
  ]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const lines = Buffer.concat(chunks).toString().trim().split('\n');
  return { header: lines[0], rows: lines.slice(1).map((l) => l.split(',').slice(1).map(Number)) };
}

/**
 * Pauses the page's video with its transport's button, for a screenshot: a
 * full-page screenshot of a page counting every frame with the article's kernel
 * took Chromium on SwiftShader 80 s.
 */
export async function pause(page) {
  await page.click('.transport .tp-toggle');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
}

/** Times the page's methods side by side, as a visitor asks for it. */
export async function timeMethods(page) {
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.click('#time-beside');
  await waitState(page, 'done');
  return page.evaluate(() => window.page.beside);
}

/** Sets a file on the page's picker and waits for the run to finish. */
export async function pickFile(page, path, state = 'done', timeout = WAIT) {
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.setInputFiles('#file', path);
  await waitState(page, state, timeout);
}

/** The studio's current histogram, read back, as rows like the CSV's. */
export async function studioRows(page) {
  // In one task with its read: a later read cannot come between.
  return page.evaluate(async () => {
    await window.page.readBack();
    const o = window.page.outcome;
    const ch = [0, 1, 2, 3].map((c) => Array.from(o.bins(c)));
    return ch[0].map((_, b) => ch.map((c) => c[b]));
  });
}

/**
 * An init script (`open(..., { init: countBuffers })`) that counts the GPU
 * buffers the page creates and destroys, in `window.gpuBuffers`: a buffer made
 * every frame shows.
 */
export const countBuffers = () => {
  window.gpuBuffers = { created: 0, destroyed: 0 };
  const create = GPUDevice.prototype.createBuffer;
  GPUDevice.prototype.createBuffer = function (...args) { window.gpuBuffers.created++; return create.apply(this, args); };
  const destroy = GPUBuffer.prototype.destroy;
  GPUBuffer.prototype.destroy = function (...args) { window.gpuBuffers.destroyed++; return destroy.apply(this, args); };
};

/**
 * An init script (`open(..., { init: holdGpu })`) that holds every read-back of
 * the page's GPU (mapAsync) while `window.gpuHeld` is true, as it is from the
 * start: a test that must act while a run is surely going (a file given mid-run)
 * acts while it is held, then lets it go (`window.releaseGpu()`), and holds it
 * again with `window.holdGpu()`. No race with a machine that finishes first.
 */
export const holdGpu = () => {
  const waiting = [];
  window.gpuHeld = true;
  window.holdGpu = () => { window.gpuHeld = true; };
  window.releaseGpu = () => {
    window.gpuHeld = false;
    for (const go of waiting.splice(0)) go();
  };
  const mapAsync = GPUBuffer.prototype.mapAsync;
  GPUBuffer.prototype.mapAsync = function (...args) {
    if (!window.gpuHeld) return mapAsync.apply(this, args);
    return new Promise((go) => waiting.push(go)).then(() => mapAsync.apply(this, args));
  };
};

/**
 * An init script (`open(..., { init: holdReads })`) that, once the test calls
 * `window.holdReads()`, holds every read of a file's bytes in the page
 * (`Blob.arrayBuffer`, where each read starts) until `window.releaseReads()`: a
 * read that surely lasts while the test acts (a newer file picked mid-read), on
 * any machine, with a file of any size.
 */
export const holdReads = () => {
  const waiting = [];
  window.readsHeld = false;
  window.holdReads = () => { window.readsHeld = true; };
  window.releaseReads = () => {
    window.readsHeld = false;
    for (const go of waiting.splice(0)) go();
  };
  const arrayBuffer = Blob.prototype.arrayBuffer;
  Blob.prototype.arrayBuffer = function () {
    if (!window.readsHeld) return arrayBuffer.call(this);
    return new Promise((go) => waiting.push(go)).then(() => arrayBuffer.call(this));
  };
};

/** Every process under `root` (its children, theirs, ...). */
function descendants(root) {
  const parents = new Map();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone meanwhile */ }
  }
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) if (!found.has(pid) && found.has(parent)) { found.add(pid); grew = true; }
  }
  found.delete(root);
  return [...found];
}

/**
 * MB of PSS (and its shared-memory part) over the browsers' processes (every
 * process under this one): shared memory split among the processes that map it,
 * so a frame in shared memory counts once.
 */
export function browserMemory() {
  let pss = 0;
  let shmem = 0;
  let gpu = 0;
  let processes = 0;
  for (const pid of descendants(process.pid)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const field = (name) => Number(rollup.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
      pss += field('Pss');
      shmem += field('Pss_Shmem');
      if (runsWebGpu(pid)) gpu += field('Pss');
      processes++;
    } catch { /* a process without a rollup (gone, or a kernel thread) */ }
  }
  return { pssMB: pss / 1024, shmemMB: shmem / 1024, gpuMB: gpu / 1024, processes };
}

/**
 * Whether `pid` is the browser's process that runs WebGPU (`gpuMB` above):
 * Chromium's GPU process, or Firefox's parent (headless, it has no GPU process).
 */
function runsWebGpu(pid) {
  // Both browsers rewrite their processes' command lines into one string.
  const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  return line.includes('--gpu-preferences=') || (line.includes('firefox') && !line.includes('-contentproc'));
}

/**
 * Samples `browserMemory()` every `ms` from now; the returned function stops and
 * gives the peak PSS in MB, and then holds the peaks of WebGPU's process
 * (`.gpu`) and of the rest (`.rest`) as its properties.
 */
export function memoryPeak(ms = 200) {
  const peaks = { pss: 0, gpu: 0, rest: 0 };
  const sample = () => {
    const now = browserMemory();
    peaks.pss = Math.max(peaks.pss, now.pssMB);
    peaks.gpu = Math.max(peaks.gpu, now.gpuMB);
    peaks.rest = Math.max(peaks.rest, now.pssMB - now.gpuMB);
  };
  sample();
  const timer = setInterval(sample, ms);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    sample();
    Object.assign(stop, { gpu: peaks.gpu, rest: peaks.rest });
    return peaks.pss;
  };
  return stop;
}

/**
 * A small picture of every level, written to test-output/ as `name` (a PNG of
 * 257x131): for what a test does many times over, such as timing methods side by
 * side, where SwiftShader takes seconds a run of the article's kernels on a photo
 * or on the 960x600 default. Its counts come from `cliRows`.
 */
export function smallPicture(name) {
  const path = join(shots, name);
  writeFileSync(path, png(257, 131, (y) => Buffer.from(Array.from({ length: 257 * 3 }, (_, i) => (i * 7 + y * 13) & 255))));
  return path;
}
