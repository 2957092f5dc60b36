// CPU method speed: Rust/wasm (the site's cpu page) against the plain JS loop of
// bench/article-loop.js, in the same headless Chromium, on the article's photos.
// Usage: node bench/cpu.mjs [runs]   (after `make build`)
import { start, media, pickFile } from '../tests/browser/harness.mjs';

const runs = Number(process.argv[2] ?? 15);
const cases = [
  { channels: 1, photo: 'pexels-francesco-ungaro-96938-mid.jpg' },
  { channels: 4, photo: 'pexels-chevanon-photography-1108099.jpg' },
];
// The working tree: the JS loop (bench/article-loop.js) is not part of the built site.
const browser = await start([], { root: 'tree', video: 'site' });
try {
  const page = await browser.open('/www/cpu.html');
  console.log(`CPU histogram, median of ${runs} runs each, headless Chromium ${browser.version}`);
  console.log('channels  image        js loop ms  rust/wasm ms  speed-up');
  for (const { channels, photo } of cases) {
    await pickFile(page, media(photo));
    const r = await page.evaluate(async ({ channels, runs }) => {
      const js = await import('/bench/article-loop.js');
      const wasm = await import('/pkg/histogram.js');
      const { picture } = window.page;
      const { width, height } = picture;
      const image = { width, height, data: picture.rgba() };
      const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
      const time = (f) => { const t = performance.now(); f(); return performance.now() - t; };
      const loop = channels === 1 ? js.histogram1 : js.histogram4;
      const jsMs = [], wasmMs = [];
      for (let i = 0; i < runs; i++) {
        jsMs.push(time(() => loop(256, image)));
        wasmMs.push(time(() => wasm.cpuHistogram(picture, channels, 256).free()));
      }
      return { size: `${width}x${height}`, js: median(jsMs), wasm: median(wasmMs) };
    }, { channels, runs });
    console.log(`${String(channels).padEnd(10)}${r.size.padEnd(13)}${r.js.toFixed(1).padStart(10)}${r.wasm.toFixed(1).padStart(14)}${(r.js / r.wasm).toFixed(1).padStart(9)}x`);
  }
} finally {
  await browser.close();
}
