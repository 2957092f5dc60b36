// The video page's memory as the machine sees it (issue #40): every process of the
// browser (found as descendants of this one), their proportional set size (PSS:
// shared memory split among the processes that map it, so a frame in shared
// memory counts once), sampled while the project's video plays. Works in either
// engine (ENGINE=firefox). Prints the samples and fails (exit 1) when the last
// third of the samples is more than 15% (and 100 MB) above the first third after
// the warm-up, or when the page stopped drawing.
// Usage: [ENGINE=firefox] node bench/video-memory.mjs [minutes] [sample-seconds] [--before DIR] [--frames PATH]
// (after `make dist`; with --before, another build's dist/ plays first, same browser;
// --frames forces a frame path, a key of www/frames.js's FRAME_PATHS).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { start, waitState, engine, repo, browserMemory } from '../tests/browser/harness.mjs';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { before: { type: 'string' }, frames: { type: 'string' } } });
const minutes = Number(positionals[0] ?? 5);
const sampleSeconds = Number(positionals[1] ?? 10);

const builds = { after: join(repo, 'dist') };
if (values.before) builds.before = values.before;
const root = mkdtempSync(join(tmpdir(), 'histogram-video-memory-'));
for (const [name, dir] of Object.entries(builds)) cpSync(dir, join(root, name), { recursive: true });
const browser = await start([], { root, video: 'site' });
let failed = false;
try {
  console.log(`video page memory, ${minutes} min a build, a sample every ${sampleSeconds} s; ${engine} ${browser.version}`);
  for (const build of Object.keys(builds).reverse()) {
    const page = await browser.open(`/${build}/www/video.html${values.frames ? `?frames=${values.frames}` : ''}`, { state: 'ready', viewport: { width: 1280, height: 800 } });
    await page.click('#play');
    await waitState(page, 'playing', 120_000);
    console.log(`${build}: frames ${await page.evaluate(async () => { while (!window.page.path) await new Promise((r) => setTimeout(r, 100)); return window.page.path; })}`);
    console.log(`${build}:        t     PSS MB   shmem MB  procs    frames    fps`);
    const samples = [];
    const t0 = Date.now();
    let last = { frames: await page.evaluate(() => window.page.frames), t: t0 };
    while (Date.now() - t0 < minutes * 60_000) {
      await page.waitForTimeout(sampleSeconds * 1000);
      const frames = await page.evaluate(() => window.page.frames);
      const now = Date.now();
      const s = { t: (now - t0) / 1000, ...browserMemory(), frames, fps: ((frames - last.frames) * 1000) / (now - last.t) };
      last = { frames, t: now };
      samples.push(s);
      console.log(`${' '.repeat(build.length + 1)}${s.t.toFixed(0).padStart(9)}${s.pssMB.toFixed(0).padStart(11)}` +
        `${s.shmemMB.toFixed(0).padStart(11)}${String(s.processes).padStart(7)}${String(frames).padStart(10)}${s.fps.toFixed(1).padStart(7)}`);
    }
    const third = Math.max(1, Math.floor((samples.length - 1) / 3));
    const mean = (xs) => xs.reduce((a, s) => a + s.pssMB, 0) / xs.length;
    const [early, late] = [mean(samples.slice(1, 1 + third)), mean(samples.slice(-third))];
    const fps = samples.slice(1).reduce((a, s) => a + s.fps, 0) / Math.max(1, samples.length - 1);
    const grew = late > early * 1.15 && late - early > 100;
    console.log(`${build}: PSS ${early.toFixed(0)} MB (first third) -> ${late.toFixed(0)} MB (last third): ` +
      `${grew ? 'GREW' : 'flat'}; ${fps.toFixed(1)} fps on average; console errors: ${page.errors.length}`);
    failed ||= grew || fps === 0 || page.errors.length > 0;
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
