// The browser tests' second engine: Debian's firefox-esr, headless, driven over
// WebDriver BiDi by puppeteer-core, its WebGPU on with two preferences. The tests
// are written against Playwright's page API (Chromium); this gives a Firefox page
// the part of that API they use, so each test runs in both engines as written.
import puppeteer from 'puppeteer-core';
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// As long as the harness's WAIT (harness.mjs: why so long).
const TIMEOUT = 180_000;

/**
 * Firefox with WebGPU (or, with `webgpu: false`, with WebGPU switched off), and
 * with `camera`, a fake camera (a test pattern) taken without a prompt.
 */
export async function launchFirefox({ webgpu = true, camera = false } = {}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    protocolTimeout: 300_000,
    dumpio: Boolean(process.env.FIREFOX_DUMPIO),
    extraPrefsFirefox: {
      'dom.webgpu.enabled': webgpu,
      'gfx.webgpu.ignore-blocklist': true,
      // WebGL as a visitor's Firefox has it (headless leaves it off without a GPU):
      // the pages read AVIF pixels back through it.
      'webgl.force-enabled': true,
      // No prompt for the camera; with `camera`, one that is a test pattern.
      'media.navigator.streams.fake': camera,
      'media.navigator.permission.disabled': true,
      // Videos play without a gesture, as Chromium's tests let them.
      'media.autoplay.default': 0,
      'media.autoplay.blocking_policy': 0,
    },
  });
  const version = await browser.version();
  // The files tests hand over as bytes (`setInputFiles`), removed with the browser.
  const uploads = mkdtempSync(join(tmpdir(), 'histogram-upload-'));
  return {
    version,
    async newPage() {
      return firefoxPage(await browser.newPage(), uploads);
    },
    async close() {
      await browser.close();
      rmSync(uploads, { recursive: true, force: true });
    },
  };
}

// Playwright's selector forms the tests use, in puppeteer's: text=..., and roles.
function selector(s) {
  return s.startsWith('text=') ? `::-p-text(${s.slice(5)})` : s;
}

/**
 * Playwright's getByRole for the one role the tests ask for, found in the DOM:
 * puppeteer's `::-p-aria` asks Firefox's accessibility tree, which stops being
 * updated once a device that drew into a canvas is destroyed (the query hung).
 */
const ROLES = { button: 'button, input[type=button], input[type=submit], [role=button]' };
function byRole(role, name) {
  if (!ROLES[role]) throw new Error(`no such role in this harness: ${role}`);
  return async (root) => {
    const kept = [];
    for (const el of await root.$$(ROLES[role])) {
      const accessible = await el.evaluate((e) =>
        (e.getAttribute('aria-label') ?? (e.tagName === 'INPUT' ? e.value : e.textContent)).replace(/\s+/g, ' ').trim());
      if (accessible === name) kept.push(el);
    }
    return kept;
  };
}

/**
 * Elements found by `find` (a function of the page, or of an element for
 * `filter`), as a Playwright locator.
 */
class Locator {
  constructor(page, find) {
    this.page = page;
    this.find = find;
  }

  /** `css`, or Playwright's `css >> nth=N` (the Nth match only). */
  static of(page, css) {
    const [, base, nth] = css.match(/^(.*) >> nth=(\d+)$/) ?? [null, css, null];
    const all = (p) => p.$$(selector(base));
    return new Locator(page, nth === null ? all : async (p) => (await all(p)).slice(Number(nth), Number(nth) + 1));
  }

  async one() {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const [first] = await this.find(this.page);
      if (first) return first;
      if (Date.now() > deadline) throw new Error('no element for a locator');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  first() {
    return new Locator(this.page, async (p) => (await this.find(p)).slice(0, 1));
  }

  filter({ has }) {
    return new Locator(this.page, async (p) => {
      const all = await this.find(p);
      const kept = [];
      // `has` found under each element.
      for (const el of all) if ((await has.find(el)).length > 0) kept.push(el);
      return kept;
    });
  }

  /** Elements matching `css` under this locator's. */
  locator(css) {
    const inner = Locator.of(this.page, css);
    return new Locator(this.page, async (p) => {
      const found = [];
      for (const root of await this.find(p)) found.push(...await inner.find(root));
      return found;
    });
  }

  getByRole(role, { name }) {
    const inner = byRole(role, name);
    return new Locator(this.page, async (p) => {
      const found = [];
      for (const root of await this.find(p)) found.push(...await inner(root));
      return found;
    });
  }

  async count() { return (await this.find(this.page)).length; }
  async boundingBox() { return (await this.one()).boundingBox(); }
  async screenshot() { return Buffer.from(await (await this.one()).screenshot()); }
  async textContent() { return (await this.one()).evaluate((e) => e.textContent); }
  async getAttribute(name) { return (await this.one()).evaluate((e, n) => e.getAttribute(n), name); }
  async click(options) { return clickWhenReady(await this.one(), options); }
  async isVisible() {
    const [first] = await this.find(this.page);
    return first ? first.isVisible() : false;
  }
}

/**
 * Playwright's wait before a click: the element enabled, still over 20 ms, and
 * the one at its centre. Puppeteer clicks at the point it measured,
 * so a page that reflows as a run ends (a note growing) could take the click
 * elsewhere.
 */
async function clickWhenReady(handle, options = {}) {
  await handle.evaluate((e, timeout) => new Promise((resolve, reject) => {
    const deadline = performance.now() + timeout;
    let last = null;
    const check = () => {
      const r = e.getBoundingClientRect();
      const box = `${r.x},${r.y},${r.width},${r.height}`;
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const inView = r.top >= 0 && r.bottom <= innerHeight;
      if (!e.disabled && box === last && (!inView || e.contains(hit))) return resolve();
      if (performance.now() > deadline) return reject(new Error(`not clickable: ${e.outerHTML.slice(0, 80)}`));
      last = box;
      // A timer, not an animation frame: Firefox stops running those once a
      // device that drew into a canvas is destroyed.
      setTimeout(check, 20);
    };
    setTimeout(check, 20);
  }), TIMEOUT);
  // Puppeteer's own click scrolls with an observer that waits for a rendering
  // step, and after a device is destroyed Firefox takes none, nor delivers the
  // driver's mouse events (a Download CSV click never arrived): the element's
  // click() where no point is asked for, else the mouse at the point.
  if (!options.offset) return handle.evaluate((e) => e.click());
  const { x, y } = await handle.evaluate((e, offset) => {
    e.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = e.getBoundingClientRect();
    return { x: r.x + offset.x, y: r.y + offset.y };
  }, options.offset);
  return handle.frame.page().mouse.click(x, y);
}

/**
 * `fn` returning what it returns with typed arrays as arrays: puppeteer brings
 * a Uint32Array (a wasm getter's Vec<u32>) back from Firefox as undefined,
 * where Playwright brings an array or object. Made as text so that it runs as
 * the test wrote it (the page's CSP is not asked: the driver evaluates it).
 */
function plainResult(fn) {
  if (typeof fn !== 'function') return fn;
  const plain = (v) => (ArrayBuffer.isView(v) ? Array.from(v) : Array.isArray(v) ? v.map(plain) : v);
  // eslint-disable-next-line no-new-func
  return new Function('arg', `const plain = ${plain.toString()};
    return Promise.resolve((${fn.toString()})(arg)).then(plain);`);
}

function firefoxPage(p, uploads) {
  const wait = (css) => p.waitForSelector(selector(css), { timeout: TIMEOUT });
  let downloads = 0;
  const page = {
    goto: (url) => p.goto(url),
    url: () => p.url(),
    waitForURL: async (pattern) => {
      const deadline = Date.now() + TIMEOUT;
      while (!pattern.test(p.url())) {
        if (Date.now() > deadline) throw new Error(`the page did not go to ${pattern}: ${p.url()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => p.close(),
    isClosed: () => p.isClosed(),
    on: (event, handler) => p.on(event, handler),
    evaluate: (fn, arg) => p.evaluate(plainResult(fn), arg),
    waitForFunction: (fn, arg, options = {}) =>
      p.waitForFunction(fn, { polling: options.polling ?? 100, timeout: options.timeout ?? TIMEOUT }, arg),
    waitForTimeout: (ms) => new Promise((r) => setTimeout(r, ms)),
    addInitScript: (fn) => p.evaluateOnNewDocument(fn),
    exposeFunction: (name, fn) => p.exposeFunction(name, fn),
    setViewportSize: ({ width, height }) => p.setViewport({ width, height }),
    keyboard: p.keyboard,
    mouse: p.mouse,
    // Playwright's: the window unless the whole page or a clip is asked for.
    screenshot: async (options = {}) => Buffer.from(await p.screenshot({
      captureBeyondViewport: Boolean(options.fullPage || options.clip), ...options,
    })),
    locator: (css) => Locator.of(p, css),
    getByRole: (role, { name }) => new Locator(p, byRole(role, name)),
    $: (css) => p.$(selector(css)),
    $eval: (css, fn, arg) => p.$eval(selector(css), fn, arg),
    $$eval: (css, fn, arg) => p.$$eval(selector(css), fn, arg),
    textContent: async (css) => (await wait(css)).evaluate((e) => e.textContent),
    inputValue: async (css) => (await wait(css)).evaluate((e) => e.value),
    getAttribute: async (css, name) => (await wait(css)).evaluate((e, n) => e.getAttribute(n), name),
    isVisible: async (css) => {
      const el = await p.$(selector(css));
      return el ? el.isVisible() : false;
    },
    isHidden: async (css) => !(await page.isVisible(css)),
    click: async (css, options = {}) => clickWhenReady(await wait(css), options.position ? { offset: options.position } : {}),
    focus: async (css) => (await wait(css)).focus(),
    hover: async (css) => (await wait(css)).hover(),
    // Playwright's press: the element focused, then the key.
    press: async (css, key) => {
      const e = await wait(css);
      await e.focus();
      // A value set by `fill` is no edit to the browser: its change, as a typed one's.
      if (key === 'Tab' || key === 'Enter') {
        await e.evaluate((n) => {
          if (n.dataset.edited) n.dispatchEvent(new Event('change', { bubbles: true }));
          delete n.dataset.edited;
        });
      }
      await p.keyboard.press(key);
    },
    check: (css) => setChecked(css, true),
    uncheck: (css) => setChecked(css, false),
    selectOption: async (css, value) => {
      await wait(css);
      return p.select(selector(css), value);
    },
    // Playwright's fill: the value typed in, one input event; the field is left
    // edited, so that leaving it (Tab, Enter: `press`) fires its change.
    fill: async (css, value) => (await wait(css)).evaluate((e, v) => {
      e.focus();
      e.value = v;
      e.dataset.edited = '1';
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }, value),
    dispatchEvent: async (css, type) => (await wait(css)).evaluate((e, t) => e.dispatchEvent(new Event(t, { bubbles: true })), type),
    // A path, or Playwright's { name, mimeType, buffer }: written to a file of that
    // name first (Firefox takes the type from its extension).
    setInputFiles: async (css, file) => {
      let path = file;
      if (typeof file !== 'string') {
        // A folder each: Firefox names the file after its path.
        path = join(mkdtempSync(join(uploads, 'file-')), file.name);
        writeFileSync(path, file.buffer);
      }
      return (await wait(css)).uploadFile(path);
    },
    /**
     * 'download': the next file the page saves (see `captureDownloads`);
     * 'popup': the next window it opens, as a page of this harness.
     */
    waitForEvent: async (event) => {
      if (event === 'popup') return firefoxPage(await new Promise((opened) => p.once('popup', opened)), uploads);
      if (event !== 'download') throw new Error(`no such event in this harness: ${event}`);
      const index = downloads++;
      await p.waitForFunction((i) => window.downloaded?.length > i, { polling: 100, timeout: TIMEOUT }, index);
      const { name, data } = await p.evaluate((i) => window.downloaded[i], index);
      const bytes = Buffer.from(data.slice(data.indexOf(',') + 1), 'base64');
      return { suggestedFilename: () => name, createReadStream: async () => Readable.from([bytes]) };
    },
  };

  async function setChecked(css, on) {
    const el = await wait(css);
    if (await el.evaluate((e) => e.checked) !== on) await el.click();
  }
  return page;
}

/**
 * Firefox's downloads cannot be awaited over BiDi: the page's saves (an anchor
 * with `download` and a blob URL, src/site.js's `download`) are kept in
 * `window.downloaded` as data URLs instead, for `waitForEvent('download')`.
 */
export function captureDownloads() {
  window.downloaded = [];
  // The blobs behind blob URLs, read directly: the pages' CSP forbids fetching them.
  const blobs = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (object) => {
    const url = createObjectURL(object);
    blobs.set(url, object);
    return url;
  };
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function save() {
    const blob = this.download && blobs.get(this.href);
    if (!blob) return click.call(this);
    const name = this.download;
    const reader = new FileReader();
    reader.onload = () => window.downloaded.push({ name, data: reader.result });
    reader.readAsDataURL(blob);
    return undefined;
  };
}
