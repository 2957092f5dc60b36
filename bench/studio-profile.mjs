// Where the studio's page thread goes while it plays the 540p video with a
// region and the clipping warning (bench/studio.mjs's "studio" page): frames in
// 8 s and the functions with the most self time, from Chromium's CPU profiler.
// Usage: node bench/studio-profile.mjs [dist folder]   (after `make dist`)
import { start, media, waitState } from '../tests/browser/harness.mjs';
const root = process.argv[2] ?? 'dist';
const browser = await start([], { root, video: 'site' });
try {
  const page = await browser.open('/www/studio.html', { state: null, viewport: { width: 1280, height: 800 } });
  await page.waitForFunction(() => ['ready', 'done'].includes(document.body.dataset.state), null, { timeout: 120_000 });
  await page.setInputFiles('#file', media('pexels-kosmo-politeska-5750980-540p.webm'));
  await waitState(page, 'playing', 60_000);
  await page.check('#clipping');
  await page.evaluate(() => {
    for (const [name, v] of [['x', 100], ['y', 50], ['width', 640], ['height', 360]]) document.querySelector(`#region-${name}`).value = String(v);
    document.querySelector('#region-height').dispatchEvent(new Event('change'));
  });
  await page.waitForTimeout(3000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const f0 = await page.evaluate(() => window.page.frames);
  await page.waitForTimeout(8000);
  const f1 = await page.evaluate(() => window.page.frames);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const dt = profile.timeDeltas;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').at(-1)}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log(root, 'frames', f1 - f0, 'in 8 s');
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(ms.toFixed(0).padStart(7), k);
} finally { await browser.close(); }
