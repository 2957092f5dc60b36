// A large 16-bit picture read in the studio (issue #43): the browser's memory
// (every process's PSS, shared memory split among them: harness.mjs
// browserMemory) above what it held before the read, at its peak and 3 s after,
// the time to the histogram drawn, and the page's tasks over 50 ms meanwhile;
// the peak also split between the process that runs WebGPU (Chromium's GPU
// process, Firefox's parent: where the picture's GPU copy and the uploads' staging
// live when the CPU plays the GPU) and the others (the page and its worker).
// With `--before DIR` (an earlier `make dist`, copied aside) that build's studio
// and this one's alternate, each in a browser of its own started for the read,
// so a change is measured before and after in one run.
// Usage: node bench/studio-memory.mjs [--before DIR] [--rounds N] [file]
// (after `make dist`; without a file, the 522 KB 16-bit PNG of zeros, 8192x8192,
// made here as bench/hostile.py makes it). ENGINE=firefox for Firefox.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, browserMemory, memoryPeak, waitState, pngOf } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const option = (name, otherwise) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : otherwise;
};
const beforeDir = option('--before', null);
const rounds = Number(option('--rounds', 2));
const dir = mkdtempSync(join(tmpdir(), 'histogram-studio-memory-'));
let file = args[0];
if (!file) {
  file = join(dir, 'zeros-8192-16bit.png');
  const side = 8192;
  writeFileSync(file, pngOf(side, side, Buffer.alloc((1 + side * 6) * side), 16));
}
const builds = [...(beforeDir ? [['before', beforeDir]] : []), ['this build', 'dist']];

async function read(root) {
  const browser = await start([], { root, video: 'site' });
  try {
    const page = await browser.open('/www/studio.html', { viewport: { width: 1280, height: 800 } });
    const first = browserMemory();
    const peak = memoryPeak();
    const t = Date.now();
    // The page's tasks over 50 ms while it reads (Chromium's Long Tasks API;
    // Firefox has none: "n/a").
    const observed = await page.evaluate(() => {
      window.longTasks = [];
      if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) return false;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
      return true;
    });
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.setInputFiles('#file', file);
    await waitState(page, 'done', 600_000);
    const seconds = (Date.now() - t) / 1000;
    // The peaks of all, of WebGPU's process and of the rest, above the start.
    const peaks = [peak() - first.pssMB, peak.gpu - first.gpuMB, peak.rest - (first.pssMB - first.gpuMB)];
    await page.waitForTimeout(3000);
    const after = browserMemory().pssMB - first.pssMB;
    const caption = await page.textContent('figcaption');
    const tasks = (await page.evaluate(() => window.longTasks)).sort((a, b) => b - a);
    const longest = observed ? `${tasks.length} over 50 ms, longest ${tasks.slice(0, 3).map((t) => t.toFixed(0)).join(', ') || '-'} ms` : 'n/a';
    return { seconds, peaks, after, caption, longest, errors: page.errors };
  } finally {
    await browser.close();
  }
}

console.log(`${file} in the studio (${process.env.ENGINE ?? 'chromium'}), ${rounds} rounds`);
console.log('build        round  to the histogram  peak above the start (WebGPU\'s process, the rest)  3 s after  the page\'s long tasks');
try {
  for (let round = 1; round <= rounds; round++) {
    for (const [name, root] of builds) {
      const r = await read(root);
      console.log(`${name.padEnd(12)} ${String(round).padStart(5)}  ${r.seconds.toFixed(1).padStart(14)} s  ${r.peaks[0].toFixed(0).padStart(17)} MB (${r.peaks[1].toFixed(0).padStart(5)}, ${r.peaks[2].toFixed(0).padStart(4)})  ${r.after.toFixed(0).padStart(6)} MB  ${r.longest}`
        + (r.errors.length ? `  errors: ${r.errors.join('; ')}` : ''));
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
