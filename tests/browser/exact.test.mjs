// Every page counts the values stored in the file (issue #11): fixtures of every
// kind (translucent, 16-bit, palette with transparency, grey + alpha, a colour
// profile, animations, lossless WebP and AVIF, photos re-encoded as PNG), each
// checked against references made outside the browser: the histogram of the pixels
// the file was made from, and the command-line tool's count of the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots, cliRows, downloadCsv, pickFile, litPixels } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser, fixtures } = suite({ fixtures: true });

test('the command-line tool counts every fixture exactly as it was made', () => {
  for (const name of fixtures.names.filter((n) => !n.endsWith('.avif'))) {
    assert.deepEqual(cliRows(fixtures.path(name), 4), fixtures.rows(name, 4), name);
  }
});

const SMALL = ['translucent-257x131.png', 'rgba16-31x257.png', 'grey16-300x7.png'];
const SOME = [...SMALL, 'rgb16-193x67.png', 'palette-trns-97x61.png'];
const PAGES = [
  ['cpu', 1, 'all'], ['4ch-cpu', 4, 'all'], ['packed', 4, 'all'],
  ['single', 1, SMALL], ['4ch-single', 4, SMALL],
  ['atomic', 1, SOME], ['chunks-sum', 1, SOME], ['chunks-reduce', 1, SOME],
  ['privatized', 4, SOME], ['4ch-chunks-reduce', 4, SOME], ['4ch-gpu-draw', 4, SOME],
  ['fragment', 4, SOME], ['subgroups', 4, SOME],
];

// Chromium lets a page start ten downloads and silently drops the eleventh, so a
// page counts at most this many files before a fresh one takes over.
const FILES_PER_PAGE = 8;

/**
 * Whether the page's browser has WebGL, through which a format only the browser
 * decodes (AVIF) is read back straight; without it (Firefox headless here) the
 * page reads it through a 2D canvas, premultiplied, and says so.
 */
const hasWebgl = (page) => page.evaluate(() => Boolean(document.createElement('canvas').getContext('webgl2')
  ?? document.createElement('canvas').getContext('webgl')));

/** Picks each file on the page and compares its CSV with both references. */
async function countsExactly(page, channels, files) {
  for (const name of files) {
    await pickFile(page, fixtures.path(name));
    const { rows } = await downloadCsv(page);
    if (name.endsWith('.avif') && !await hasWebgl(page)) {
      // Translucent pixels premultiplied: not exact, and the page says so.
      assert.match(await page.textContent('p.note'), messagePattern('en', 'input-note-browser-canvas'), name);
      const [w, h] = name.match(/(\d+)x(\d+)/).slice(1).map(Number);
      for (let c = 0; c < channels; c++) assert.equal(rows.reduce((sum, r) => sum + r[c], 0), w * h, `${name}: every pixel counted`);
      continue;
    }
    assert.deepEqual(rows, fixtures.rows(name, channels), `${name}: the pixels it was made from`);
    if (!name.endsWith('.avif')) assert.deepEqual(rows, cliRows(fixtures.path(name), channels), `${name}: the command-line tool`);
  }
}

for (const [id, channels, files] of PAGES) {
  test(`${id}: counts the stored values of ${files === 'all' ? 'every' : files.length} fixture${files === 'all' ? '' : 's'}`, async () => {
    const names = files === 'all' ? fixtures.names : files;
    for (let first = 0; first < names.length; first += FILES_PER_PAGE) {
      const page = await browser.open(`/www/${id}.html`);
      await countsExactly(page, channels, names.slice(first, first + FILES_PER_PAGE));
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });
}

test('the page says what was counted, and shows the picture as it looks', async () => {
  const page = await browser.open('/www/4ch-cpu.html');
  const says = async (name, text) => {
    await pickFile(page, fixtures.path(name));
    assert.match(await page.textContent('p.note'), text, name);
  };
  // (The core's notes, src/words.rs, worded by the page.)
  await says('animated-80x60.png', messagePattern('en', 'note-animated-png', { frames: 3 }));
  await says('animated-70x50.gif', messagePattern('en', 'note-animated-gif', { frames: 2 }));
  await says('rgb16-193x67.png', messagePattern('en', 'note-sixteen-eight'));
  await says('grey-alpha-1x4099.png', pattern`${messagePattern('en', 'note-grey')}.*${messagePattern('en', 'note-translucent')}`);
  // (That of a format only the browser decodes is the page's.)
  await says('translucent-257x131.avif', messagePattern('en', await hasWebgl(page) ? 'input-note-browser-webgl' : 'input-note-browser-canvas'));
  assert.match(await page.textContent('figcaption'),
    messagePattern('en', 'chapter-image-caption-format', { size: '257×131', format: message('en', 'input-decoded-by-browser', { type: 'image/avif' }) }));
  await says('icc-profile-64x48.png', messagePattern('en', 'note-profile', { name: 'Test wide RGB' }));
  assert.ok(await litPixels(page, '.drop canvas') > 10_000, 'the picture is shown');
  await page.screenshot({ path: join(shots, 'exact-icc.png') });
  await says('translucent-257x131.png', /translucent/);
  await page.screenshot({ path: join(shots, 'exact-translucent.png') });
  assert.deepEqual(page.errors, []);
});

test('without WebGPU the CPU page is just as exact', async () => {
  const page = await browser.open('/www/cpu.html', { webgpu: false });
  await countsExactly(page, 1, ['translucent-257x131.png', 'rgba16-31x257.png', 'translucent-257x131.avif']);
  assert.deepEqual(page.errors, []);
});
