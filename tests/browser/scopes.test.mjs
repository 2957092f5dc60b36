// Part 4: counting in a fragment shader, and the scopes: each chapter page and the
// studio's scopes in headless Chromium with WebGPU, their downloads compared with
// the command-line tool's on the same file (decoded and counted outside the browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { suite, repo, shots, media, litPixels, pickFile, waitState, cliRows, downloadCsv } from './harness.mjs';

const PHOTO = media('pexels-francesco-ungaro-96938-mid.jpg');
const { browser } = suite();

/** The tool's scope of a file as JSON: `args` like ['--waveform']. */
function cliScope(args, path) {
  const out = execFileSync(join(repo, 'target/release/histogram'),
    ['scope', ...args, '--method', 'cpu', '--format', 'json', path], { maxBuffer: 1 << 28 });
  return JSON.parse(out);
}

test('fragment: counts with fragments exactly, timed beside the compute version', async () => {
  const page = await browser.open('/www/fragment.html', { timeout: 300_000 });
  assert.ok(await litPixels(page, 'canvas.histogram') > 1000, 'the histograms are drawn');
  assert.match(await page.textContent('dl.stats'), /equals the pixel count/);
  assert.match(await page.textContent('details pre'), /---- fragment\.wgsl[^]*@fragment fn fs/);
  const beside = await page.evaluate(() => window.histogramPage.beside);
  assert.deepEqual(beside.methods, ['fragment', 'atomic']);
  for (const m of beside.medians) assert.ok(m > 0, `median ${m}`);
  assert.equal(await page.locator('#beside tbody tr').count(), 2);
  assert.match(await page.textContent('#beside-ratio'), /^Timed with .*: on this GPU the fragment version takes .* the atomic version, both exact\.$/);
  await page.screenshot({ path: join(shots, 'fragment.png'), fullPage: true });
  await pickFile(page, PHOTO, 'done', 300_000);
  assert.deepEqual((await downloadCsv(page)).rows, cliRows(PHOTO, 4), 'the photo counts as the command-line tool counts it');
  assert.deepEqual(page.errors, []);
});

/** Clicks a download button (by its name) and parses the JSON it saves. */
async function downloadJson(page, button) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString());
}

/** Equal but for `file`; a vectorscope pixel may sit in a neighbouring cell (f32). */
function assertSameScope(got, want, what) {
  for (const key of ['width', 'height', 'scope', 'size', 'region']) assert.deepEqual(got[key], want[key], `${what}: ${key}`);
  if (want.scope === 'waveform') {
    for (const key of ['r', 'g', 'b', 'luminance']) assert.deepEqual(got[key], want[key], `${what}: ${key}`);
  } else {
    const a = got.counts.flat();
    const b = want.counts.flat();
    const pixels = b.reduce((s, v) => s + v, 0);
    assert.equal(a.reduce((s, v) => s + v, 0), pixels, `${what}: every pixel counted`);
    const moved = a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / 2;
    assert.ok(moved * 10000 <= pixels, `${what}: ${moved} pixels moved`);
  }
}

for (const [scope, args] of [['waveform', ['--waveform']], ['parade', ['--parade']], ['vectorscope', ['--vectorscope']]]) {
  test(`${scope}: drawn on the default picture and a photo, its JSON equal to the tool's`, async () => {
    const page = await browser.open(`/www/${scope}.html`, { viewport: { width: 1280, height: 900 } });
    assert.ok(await litPixels(page, 'canvas.scope') > 500, 'the scope is drawn');
    assert.match(await page.locator('#time').textContent(), /pass: .* (on the GPU|wall clock)/);
    await page.screenshot({ path: join(shots, `${scope}.png`), fullPage: true });
    await pickFile(page, PHOTO);
    const json = await downloadJson(page, page.getByRole('button', { name: 'Download JSON' }));
    assert.equal(json.file, 'pexels-francesco-ungaro-96938-mid.jpg');
    assertSameScope(json, cliScope(args, PHOTO), scope);
    await page.screenshot({ path: join(shots, `${scope}-photo.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
  });
}

test('vectorscope: live on the playing video, a smaller grid on the picture equal to the tool\'s', async () => {
  const page = await browser.open('/www/vectorscope.html', { viewport: { width: 1280, height: 900 } });
  await page.selectOption('#size', '64');
  await waitState(page, 'done');
  const json = await downloadJson(page, page.getByRole('button', { name: 'Download JSON' }));
  assert.equal(json.size, 64);
  await page.getByRole('button', { name: 'Play the video' }).click();
  await waitState(page, 'playing', 60_000);
  await page.waitForTimeout(3000);
  assert.ok(await page.evaluate(() => window.scopePage.fps) > 0, 'frames are drawn');
  assert.ok(await litPixels(page, 'canvas.scope') > 200, 'the video\'s vectorscope is drawn');
  await page.screenshot({ path: join(shots, 'vectorscope-video.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('studio: waveform and vectorscope beside the histogram, over a region, exported as the tool counts them', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 1000 } });
  await page.check('#scope-waveform');
  await page.check('#scope-vectorscope');
  await page.waitForTimeout(500);
  for (const scope of ['waveform', 'vectorscope']) {
    assert.ok(await litPixels(page, `canvas.scope.${scope}`) > 300, `${scope} drawn`);
  }
  await pickFile(page, PHOTO);
  await page.evaluate(() => window.studioPage.studio.setRegion(100, 200, 640, 480));
  await page.evaluate(() => window.studioPage.readBack());
  const figure = (scope) => page.locator('.studio-scopes figure').filter({ has: page.locator(`canvas.${scope}`) });
  const wave = await downloadJson(page, figure('waveform').getByRole('button', { name: 'JSON' }));
  assertSameScope(wave, cliScope(['--waveform', '--region', '100,200,640,480'], PHOTO), 'studio waveform');
  const vec = await downloadJson(page, figure('vectorscope').getByRole('button', { name: 'JSON' }));
  assertSameScope(vec, cliScope(['--vectorscope', '--region', '100,200,640,480'], PHOTO), 'studio vectorscope');
  await page.screenshot({ path: join(shots, 'studio-scopes.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});
