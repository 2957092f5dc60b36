// The long soak (issue #12): the video page plays for 30 minutes, then an image
// page switches images 500 times; every 30 s the JS heap, the WebAssembly memory,
// the live GPU buffers and textures and the frame or switch times are sampled
// (tests/browser/soak.mjs). Prints the samples and fails (exit 1) if any series
// grows. Usage: node bench/soak.mjs [video-minutes] [switches] [sample-seconds]
// [switch-sample-seconds] (the last 0 for a sample after every round of images)
// (after `make dist tools`; `make soak` runs a short one).
import { start, makeFixtures } from '../tests/browser/harness.mjs';
import { soak, soakFiles } from '../tests/browser/soak.mjs';

const minutes = Number(process.argv[2] ?? 30);
const switches = Number(process.argv[3] ?? 500);
const sampleSeconds = Number(process.argv[4] ?? 30);
const switchSampleSeconds = Number(process.argv[5] ?? sampleSeconds);
const fixtures = makeFixtures();
const browser = await start([], { video: 'site' });
let failed = false;
try {
  console.log(`soak: video page ${minutes} min, then ${switches} image switches; a sample every ${sampleSeconds} s; headless Chromium ${browser.version}`);
  const columns = ['t', 'heapMB', 'wasmMB', 'buffers', 'textures', 'fps', 'gpuMs', 'switches', 'msPerSwitch'];
  console.log(['part', ...columns].map((c) => c.padStart(12)).join(''));
  const t0 = Date.now();
  const cell = (v) => (v === undefined ? '-' : Number.isFinite(v) ? (Number.isInteger(v) ? String(v) : v.toFixed(1)) : String(v)).padStart(12);
  const result = await soak(browser, {
    videoSeconds: minutes * 60, switches, sampleSeconds, switchSampleSeconds, files: soakFiles(fixtures),
    log: (part, s) => console.log([part.padStart(12), ...columns.map((c) => cell(c === 't' ? (Date.now() - t0) / 1000 : s[c]))].join('')),
  });
  for (const part of ['video', 'switching']) {
    const { grown, errors } = result[part];
    console.log(`${part}: ${grown.length ? `GREW: ${grown.map(([n, a, b]) => `${n} ${a.map((x) => x.toFixed(1))} -> ${b.map((x) => x.toFixed(1))}`).join('; ')}` : 'nothing grew'}` +
      (errors.length ? `; console errors: ${errors.join(' | ')}` : ''));
    failed ||= grown.length > 0 || errors.length > 0;
  }
} finally {
  await browser.close();
  fixtures.remove();
}
process.exit(failed ? 1 : 0);
