// A video's transport (issue #59), on the video chapter, the studio, a chapter and the scopes: play
// and pause that stay, Space and K from anywhere on the page, a frame back and on
// (each one counted and drawn), a scrubber, loop on and off, the state in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser } = suite();

const state = (page) => page.evaluate(() => document.querySelector('.transport').dataset.state);
const said = (page) => page.textContent('.tp-state');
/** The state in words, as `args` fix it (any state, length and loop else). */
const stateSaid = (args, options) => messagePattern('en', 'video-transport-state',
  { state: ['ended', 'paused', 'playing'], length: ['live', 'known'], loop: ['yes', 'no'], ...args }, options);
const PAUSED_AT = pattern`^${stateSaid({ state: 'paused', time: /\d:\d\d\.\d/, length: 'known' })}`;

test('video: the transport plays, pauses, steps a frame, scrubs and loops, by keys and buttons', async () => {
  const page = await browser.open('/www/video.html', { state: 'ready', viewport: { width: 1280, height: 800 } });
  await page.waitForFunction(() => document.querySelector('.transport')?.dataset.state === 'paused');
  assert.match(await said(page), stateSaid({ state: 'paused', time: '0:00.0', length: 'known', duration: /0:\d\d\.\d/, loop: 'yes' }, { whole: true }));
  // Space from the page plays; K pauses.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'playing');
  await page.waitForFunction(() => window.page.frames > 3);
  await page.keyboard.press('k');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
  assert.match(await said(page), PAUSED_AT);
  // A frame on: the time moves by about a frame, and that frame is counted and drawn.
  const before = await page.evaluate(() => ({ t: window.page.video.currentTime, frames: window.page.frames }));
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((f) => window.page.frames > f, before.frames);
  const after = await page.evaluate(() => window.page.video.currentTime);
  // One frame of the 30 fps video on from the frame shown (to the middle of the next),
  // however many frames a loaded machine dropped while it played. The frame shown may
  // be one past currentTime when it paused mid-frame (CI: 1.8474 shown as the frame at
  // 1.867, stepped to 1.917), so under 3 frames from currentTime.
  assert.ok(after > before.t && after - before.t < 3 / 30, `one frame on: ${before.t} -> ${after}`);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((t) => window.page.video.currentTime < t, after);
  // The scrubber: half way, drawn.
  const drawn = await page.evaluate(() => window.page.frames);
  await page.evaluate(() => {
    const scrub = document.querySelector('.tp-scrub');
    scrub.value = 500;
    scrub.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.waitForFunction((f) => window.page.frames > f, drawn);
  const half = await page.evaluate(() => window.page.video.currentTime / window.page.video.duration);
  assert.ok(Math.abs(half - 0.5) < 0.05, `scrubbed to ${half}`);
  // Loop off, said; the buttons play and pause too.
  await page.click('.transport input[type=checkbox]');
  assert.equal(await page.evaluate(() => window.page.video.loop), false);
  const looping = stateSaid({ loop: 'yes' }).source;
  await page.waitForFunction((source) => !new RegExp(source).test(document.querySelector('.tp-state').textContent), looping);
  // Looping again, so that the video cannot end between the two clicks on a slow machine.
  await page.click('.transport input[type=checkbox]');
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.tp-state').textContent), looping);
  await page.click('.tp-toggle');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'playing');
  assert.equal(await page.getAttribute('.tp-toggle', 'aria-pressed'), 'true');
  await page.click('.tp-toggle');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
  await page.screenshot({ path: join(shots, 'video-transport.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});

test('studio: a video gets the transport; Space plays and pauses from the page', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  assert.equal(await page.evaluate(() => document.querySelector('.transport').hidden), true, 'no transport for a picture');
  await page.click(`text=${message('en', 'studio-play-video')}`);
  await page.waitForFunction(() => !document.querySelector('.transport').hidden && document.querySelector('.transport').dataset.state === 'playing');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(' ');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
  assert.match(await said(page), pattern`^${stateSaid({ state: 'paused' })}`);
  await page.keyboard.press('K');
  await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'playing');
  assert.deepEqual(page.errors, []);
});

// Every other page that plays the project's video: a chapter (its method counting
// each frame) and the scopes.
for (const [path, button] of [['/www/fragment.html', message('en', 'chapter-play-video')], ['/www/waveform.html', message('en', 'scope-page-play-video')]]) {
  test(`${path.slice(5)}: the video gets the transport; Space pauses, the state in words, none over a picture`, async () => {
    const page = await browser.open(path, { viewport: { width: 1280, height: 900 } });
    assert.equal(await page.evaluate(() => document.querySelector('.transport').hidden), true, 'no transport for a picture');
    await page.click(`text=${button}`);
    await page.waitForFunction(() => !document.querySelector('.transport').hidden && document.querySelector('.transport').dataset.state === 'playing');
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelector('.transport').dataset.state === 'paused');
    assert.match(await said(page), PAUSED_AT);
    await page.screenshot({ path: join(shots, `transport-${path.slice(5, -5)}.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
  });
}
