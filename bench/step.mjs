// How long a frame step takes on a long-GOP video (issue #77: "long-GOP seek
// speed"): from the key press to the stepped frame counted and drawn, on the video
// page. The transport seeks the element (www/transport.js), and a browser decodes a
// seek's frame from the keyframe before it, so a step's cost grows with how far the
// frame lies from its keyframe. The same 10 s of the 540p video (1 s of it repeated
// where shorter) is encoded three ways by ffmpeg into a temporary folder: every 30th
// frame a keyframe (a web encoder's usual), one keyframe (a camera's long GOP,
// at its worst), and H.264 with one keyframe. Each is stepped on from near its start
// and near its end, and back, `steps` times each, in one Chromium.
// Usage: node bench/step.mjs [steps]   (after `make dist`; ffmpeg on the PATH)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start, media, waitState } from '../tests/browser/harness.mjs';

const steps = Number(process.argv[2] ?? 8);
const source = media('pexels-kosmo-politeska-5750980-540p.webm');
const dir = mkdtempSync(join(tmpdir(), 'histogram-step-'));
const encode = (name, args) => {
  const out = join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-stream_loop', '-1', '-i', source, '-t', '10', '-an', '-r', '30', ...args, out]);
  return out;
};
const vp9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1500k'];
const videos = [
  ['VP9, a keyframe every 30 frames', encode('gop30.webm', [...vp9, '-g', '30', '-keyint_min', '30'])],
  ['VP9, one keyframe (GOP 300)', encode('gop300.webm', [...vp9, '-g', '300', '-keyint_min', '300', '-auto-alt-ref', '0'])],
  ['H.264, one keyframe (GOP 300)', encode('gop300.mp4', ['-c:v', 'libx264', '-preset', 'veryfast', '-g', '300', '-keyint_min', '300', '-sc_threshold', '0', '-bf', '0', '-pix_fmt', 'yuv420p'])],
];
for (const [, file] of videos) {
  // The keyframes by the packets' flags (a VP9 decoder told to skip others does not).
  const packets = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file]).toString().trim().split('\n');
  const keys = packets.filter((p) => p.split(',')[1]?.startsWith('K')).map((p) => Number(p.split(',')[0]).toFixed(2));
  console.log(`${file}: ${packets.length} frames, keyframes at ${keys.length > 6 ? `${keys.slice(0, 4).join(', ')} ... (${keys.length})` : keys.join(', ')} s`);
}

const browser = await start([], { video: 'site' });

/** Milliseconds of each step (`key`) from `at` seconds, to the stepped frame drawn. */
async function stepTimes(file, at, key) {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 } });
  await page.setInputFiles('#file', file);
  await waitState(page, 'playing');
  await page.keyboard.press('k');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
  // To `at` by the page's own seek, and drawn there.
  const drawn = await page.evaluate(() => window.page.frames);
  await page.evaluate((t) => { window.page.video.currentTime = t; }, at);
  await page.waitForFunction((f) => window.page.frames > f, drawn);
  await page.evaluate(() => document.activeElement?.blur());
  const times = [];
  for (let i = 0; i < steps; i++) {
    const before = await page.evaluate(() => window.page.frames);
    const t0 = Date.now();
    await page.keyboard.press(key);
    await page.waitForFunction((f) => window.page.frames > f, before, { polling: 5 });
    times.push(Date.now() - t0);
  }
  const errors = page.errors;
  await page.close();
  if (errors.length) throw new Error(`${file}: ${errors.join('; ')}`);
  return times;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const [where, at, key] of [['on, near the start (0.5 s)', 0.5, 'ArrowRight'], ['on, near the end (9.0 s)', 9.0, 'ArrowRight'], ['back, near the end (9.0 s)', 9.0, 'ArrowLeft']]) {
  for (const [name, file] of videos) {
    const times = await stepTimes(file, at, key);
    rows.push([name, where, median(times), Math.min(...times), Math.max(...times)]);
    console.log(`${name}, ${where}: median ${median(times)} ms (${Math.min(...times)}-${Math.max(...times)}), ${times.join(' ')}`);
  }
}
console.log(`\nA frame step, key press to the frame counted and drawn, ${steps} steps each, ms:`);
console.log('video                            | step                        | median | range');
for (const [name, where, m, lo, hi] of rows) console.log(`${name.padEnd(32)} | ${where.padEnd(27)} | ${String(m).padStart(6)} | ${lo}-${hi}`);
await browser.close();
rmSync(dir, { recursive: true, force: true });
