// The soak's growth rules themselves (no browser): noise measured on this
// machine kind passes, a real fall or leak does not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { growth, RULES } from './soak.mjs';

const video = (fps, buffers = () => 14) => fps.map((f, i) => ({ heapMB: 2.6, wasmMB: 1.6, buffers: buffers(i), textures: 1, fps: f }));

test('soak rules: the frame-rate swings of a 2-core machine are not growth', () => {
  // 5 s samples of a 4-minute soak here, the slowest stretch last.
  const noisy = [21.2, 26.5, 26.2, 24.6, 23.7, 22.7, 24.4, 20.3, 19.4, 20.1, 19.8, 18.9];
  assert.deepEqual(growth(video(noisy), RULES.video), []);
  // CI's short soak beside Firefox's tests: one sample a third is not judged.
  assert.deepEqual(growth(video([5.2, 9.7, 7.7, 8.2, 6.2]), RULES.video), []);
});

test('soak rules: a frame rate that halves, or one buffer more a sample, is growth', () => {
  const falling = Array.from({ length: 12 }, (_, i) => 26 - (13 * i) / 11); // 26 -> 13 fps
  assert.deepEqual(growth(video(falling), RULES.video).map(([name]) => name), ['fps']);
  assert.deepEqual(growth(video(Array(12).fill(25), (i) => 14 + i), RULES.video).map(([name]) => name), ['buffers']);
});
