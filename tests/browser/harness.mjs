// Shared by the browser tests: the site on a loopback port, headless Chromium with
// WebGPU on SwiftShader (flags from ../shared/PLATFORM.md), and page helpers.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../../scripts/serve.mjs';

export const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const media = (name) => join(repo, '..', 'shared', 'media', name);
export const shots = join(repo, 'test-output');

export const CHROMIUM_FLAGS = [
  '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-angle=vulkan',
  '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic',
];

/** Starts the server and a browser; returns { open, close }. */
export async function start() {
  const server = await serve(0);
  const base = `http://127.0.0.1:${server.address().port}`;
  const profile = mkdtempSync(join(tmpdir(), 'histogram-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
    acceptDownloads: true,
    viewport: { width: 1200, height: 900 },
  });
  mkdirSync(shots, { recursive: true });

  /** Opens a page, records console errors and page errors, waits for a state. */
  async function open(path, { state = 'done', timeout = 120_000, viewport, webgpu = true } = {}) {
    const page = await context.newPage();
    if (viewport) await page.setViewportSize(viewport);
    // A browser without WebGPU: the page sees no navigator.gpu.
    if (!webgpu) await page.addInitScript(() => { delete Navigator.prototype.gpu; });
    page.errors = [];
    page.on('console', (m) => m.type() === 'error' && page.errors.push(m.text()));
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.goto(base + path);
    if (state) await waitState(page, state, timeout);
    return page;
  }

  async function close() {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { open, close, base, version: context.browser()?.version() ?? '' };
}

/** Waits until the page's body reports `state` (done, error, ...). */
export async function waitState(page, state, timeout = 120_000) {
  await page.waitForFunction((s) => document.body.dataset.state === s, state, { timeout });
}

/** Lit (opaque) pixels of a canvas, to tell a drawn histogram from a blank one. */
export async function litPixels(page, selector) {
  return page.$eval(selector, (c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < d.length; i += 4) n += d[i] > 0 ? 1 : 0;
    return n;
  });
}

/**
 * The reference histogram of the page's current pixels, computed in the browser by
 * a plain JS loop written here, apart from the Rust code: the article's rule
 * min(floor(v * 256), 255) in exact integer arithmetic. Returns rows like the CSV.
 */
export async function referenceRows(page, channels) {
  return page.evaluate((channels) => {
    const d = window.histogramPage.pixels();
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

/** Clicks "Download CSV" and parses the file into rows of numbers (bin column dropped). */
export async function downloadCsv(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  const lines = Buffer.concat(chunks).toString().trim().split('\n');
  return { header: lines[0], rows: lines.slice(1).map((l) => l.split(',').slice(1).map(Number)) };
}

/** Sets a file on the page's picker and waits for the run to finish. */
export async function pickFile(page, path, state = 'done', timeout = 180_000) {
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.setInputFiles('#file', path);
  await waitState(page, state, timeout);
}
