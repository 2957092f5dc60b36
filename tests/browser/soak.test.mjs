// A short soak (issue #12): the video page plays through six 4-s samples and an image page
// switches images 20 times; JS heap, WebAssembly memory, live GPU buffers and
// textures, and frame and switch times must not grow. bench/soak.mjs is the long one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite } from './harness.mjs';
import { soak, soakFiles } from './soak.mjs';

const { browser, fixtures } = suite({ fixtures: true });

test('24 seconds of video and 20 image switches: nothing grows', async () => {
  const result = await soak(browser, {
    videoSeconds: 24, switches: 20, sampleSeconds: 4, switchSampleSeconds: 0,
    files: soakFiles(fixtures, ['translucent-257x131.png', 'grey-alpha-1x4099.png', 'rgb16-193x67.png', 'photo-2448x1836.png']),
    log: (part, s) => console.log(part, JSON.stringify(s, (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))),
  });
  for (const part of ['video', 'switching']) {
    assert.deepEqual(result[part].errors, [], `${part}: console errors`);
    assert.deepEqual(result[part].grown, [], `${part}: series that grew`);
    assert.ok(result[part].samples.length >= 4, `${part}: sampled`);
  }
  assert.ok(result.video.samples.every((s) => s.fps > 1), 'frames kept coming');
});
