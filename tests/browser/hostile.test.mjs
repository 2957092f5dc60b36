// Hostile and damaged files in the pages (issue #43), made here from known bytes
// (the recipes of tests/native/hostile.rs, which gives them to the command line): each
// refused at once with one line in the command line's words, and the picture
// before it kept, and drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots, waitState, litPixels, browserMemory, memoryPeak, png, pngOf } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser } = suite();

const GIF = Buffer.from([
  ...Buffer.from('GIF89a', 'latin1'), 0xff, 0xff, 0xff, 0xff, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
  0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b,
]);

/**
 * A 1x1 EXR (three half-float channels, no compression) whose one block's offset,
 * read as signed, lies before the file's start (tests/native/hostile.rs makes the
 * same kind of file with the image crate's encoder).
 */
function exrPointingOutside() {
  const attr = (name, type, value) => {
    const size = Buffer.alloc(4);
    size.writeInt32LE(value.length);
    return Buffer.concat([Buffer.from(`${name}\0${type}\0`, 'latin1'), size, value]);
  };
  const ints = (...v) => Buffer.from(new Int32Array(v).buffer);
  const channel = (name) => Buffer.concat([Buffer.from(`${name}\0`, 'latin1'), ints(1), Buffer.alloc(4), ints(1, 1)]);
  const header = Buffer.concat([
    Buffer.from([0x76, 0x2f, 0x31, 0x01, 2, 0, 0, 0]),
    attr('channels', 'chlist', Buffer.concat([channel('B'), channel('G'), channel('R'), Buffer.alloc(1)])),
    attr('compression', 'compression', Buffer.alloc(1)),
    attr('dataWindow', 'box2i', ints(0, 0, 0, 0)),
    attr('displayWindow', 'box2i', ints(0, 0, 0, 0)),
    attr('lineOrder', 'lineOrder', Buffer.alloc(1)),
    attr('pixelAspectRatio', 'float', Buffer.from(new Float32Array([1]).buffer)),
    attr('screenWindowCenter', 'v2f', Buffer.alloc(8)),
    attr('screenWindowWidth', 'float', Buffer.from(new Float32Array([1]).buffer)),
    Buffer.alloc(1),
  ]);
  const offset = Buffer.alloc(8);
  offset.writeBigUInt64LE(0x8000000000000010n);
  const block = Buffer.concat([ints(0, 6), Buffer.from([0, 0x38, 0, 0x38, 0, 0x38])]); // 0.5 each
  return Buffer.concat([header, offset, block]);
}

const file = (name, buffer) => ({ name, mimeType: 'application/octet-stream', buffer });

/** The studio's picture and panel, drawn (lit pixels of each canvas). */
async function drawn(page) {
  return { picture: await litPixels(page, '#picture'), panel: await litPixels(page, '#panel') };
}

test('the studio refuses hostile files at once, in the command line\'s words, and keeps its picture drawn', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const before = await drawn(page);
  assert.ok(before.picture > 10_000 && before.panel > 1000, `drawn before: ${JSON.stringify(before)}`);
  // A 68-byte PNG whose header claims 2147483647x1 pixels.
  const claimingPng = pngOf(2147483647, 1, Buffer.alloc(4));
  const flipped = png(40, 30, (y) => Buffer.from(Array.from({ length: 120 }, (_, x) => (x * 13 + y) % 256)));
  flipped[flipped.indexOf('IDAT') + 20] ^= 0x10;
  // A 16-bit PNG cut in its pixels: the studio reads such a picture in bands, and
  // the band that meets the cut refuses it.
  const deep = png(64, 64, (y) => Buffer.from(Array.from({ length: 64 * 6 }, (_, i) => (i * 7 + y * 13) % 256)), 16);
  // Each refusal in the core's words (the page's own around them, for the cut file).
  const cases = [
    ['cut16.png', deep.subarray(0, Math.floor(deep.length * 0.6)),
      messagePattern('en', 'input-cannot-read', { name: 'cut16.png', why: message('en', 'decode-damaged', { why: message('en', 'damage-ends-early') }) })],
    ['screen.gif', GIF, messagePattern('en', 'decode-claims-too-much', { size: '65535x65535', bytes: 35, format: 'GIF' })],
    ['row.png', claimingPng, messagePattern('en', 'decode-claims-too-much', { size: '2147483647x1', format: 'PNG' })],
    ['flipped.png', flipped, messagePattern('en', 'damage-chunk-crc')],
    ['offset.exr', exrPointingOutside(), messagePattern('en', 'damage-table-outside')],
    // Past the GPU's largest texture, as one: the studio says so.
    ['strip.png', png(1, 20_000, () => Buffer.from([200, 100, 50])), /1x20000: the studio holds it in one texture/],
  ];
  // The browser's memory (every process, shared memory split among them) while
  // each file is read: what the header claims is never allocated.
  const baseline = browserMemory().pssMB;
  for (const [name, bytes, words] of cases) {
    const t = Date.now();
    const peak = memoryPeak();
    // The last file's refusal is not this one's.
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.setInputFiles('#file', file(name, bytes));
    await waitState(page, 'error');
    const took = Date.now() - t;
    const alert = await page.textContent('[role=alert]');
    assert.match(alert, words, name);
    assert.match(alert, new RegExp(`"${name.replace('.', '\\.')}"|picture is`), name);
    assert.match(alert, pattern`${messagePattern('en', 'studio-file-refused')}$`, name);
    assert.match(alert, /^["A-Z]/, `${name}: the message opens a sentence`);
    assert.ok(took < 10_000, `${name}: refused in ${took} ms`);
    const grew = peak() - baseline;
    assert.ok(grew < 1024, `${name}: the browser grew by ${grew.toFixed(0)} MB while reading it`);
    console.log(`${name}: refused in ${took} ms; the browser (${baseline.toFixed(0)} MB before) grew by at most ${grew.toFixed(0)} MB`);
    assert.match(await page.textContent('figcaption'), pattern`^${messagePattern('en', 'studio-sunset-name')}`, `${name}: the caption is the kept picture's`);
    const after = await drawn(page);
    assert.ok(after.picture > before.picture * 0.9 && after.panel > before.panel * 0.9,
      `${name}: the kept picture is drawn: ${JSON.stringify(after)} against ${JSON.stringify(before)}`);
  }
  await page.screenshot({ path: join(shots, 'studio-refused.png') });
  assert.deepEqual(page.errors, []);
});
