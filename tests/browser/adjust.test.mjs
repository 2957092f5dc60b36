// Part 3 (issue #14): equalization, CLAHE, auto-levels and Otsu in headless
// Chromium. The page's full-size adjusted PNG (made by the browser's GPU) is
// compared with the command-line tool's CPU reference (`histogram adjust --method
// cpu`, src/adjust.rs) on the same file: within one level where the GPU
// interpolates in floats (equalize, CLAHE), exact where the tables are integers
// (auto-levels, Otsu). Then the split view and live video, on screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { suite, repo, shots, engine, decodePng, litPixels, waitState, moreFrames, pause, textMatching, pickFile, testVideo, until, presented } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser, fixtures } = suite({ fixtures: true });

/** Bright pixels inside the curve plot's axes: the curves, not the grid, ticks or diagonal. */
const curvePixels = (page) => litPixels(page, '.curve', [37, 7, 195, 195], 300);
/** The curve plot as drawn, by its pixels' hash. */
const curveDrawn = async (page) => createHash('sha256').update(decodePng(await page.locator('.curve').screenshot()).rgba).digest('hex');

const PAGES = [
  // page, its adjustment, largest difference allowed (levels). The page and the
  // tool each take the adjustment's defaults from the core (Adjustment::ALL).
  ['equalize', 'equalize', 1],
  ['clahe', 'clahe', 1],
  ['levels', 'auto-levels', 0],
  ['otsu', 'otsu', 0],
];

/**
 * The photo at half its size (1224x752, by Pillow), made once: the adjustments
 * are checked on its pixels as on the whole photo's, in a quarter of the work
 * (SwiftShader and lavapipe took 17-57 s a chapter over the whole one).
 */
let half = null;
function halfPhoto() {
  if (half) return half;
  half = fixtures.path('photo-1224x752.png');
  execFileSync(join(repo, '.venv/bin/python'), ['-c',
    'import sys; from PIL import Image; Image.open(sys.argv[1]).resize((1224, 752), Image.LANCZOS).save(sys.argv[2])',
    fixtures.path('photo-2448x1505.png'), half]);
  return half;
}

/** The CLI's CPU reference of `flags` on `file`, decoded. */
function reference(file, flags) {
  const out = fixtures.path(`reference-${flags[0].slice(2)}.png`);
  execFileSync(join(repo, 'target/release/histogram'), ['adjust', ...flags, '--method', 'cpu', file, out]);
  return decodePng(readFileSync(out));
}

async function downloadAdjusted(page) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click('#download-adjusted')]);
  const chunks = [];
  for await (const c of await d.createReadStream()) chunks.push(c);
  return { name: d.suggestedFilename(), png: decodePng(Buffer.concat(chunks)) };
}

for (const [name, adjustment, tolerance] of PAGES) {
  test(`${name}: the downloaded picture equals the command-line tool's CPU reference`, async () => {
    const page = await browser.open(`/www/${name}.html`, { viewport: { width: 1280, height: 900 } });
    assert.equal(await page.inputValue('#adjustment'), adjustment, 'the chapter presets its adjustment');
    for (const file of [halfPhoto(), fixtures.path('translucent-257x131.png')]) {
      const fixture = basename(file);
      await pickFile(page, file);
      const { name: saved, png } = await downloadAdjusted(page);
      assert.equal(saved, fixture.replace('.png', `-${adjustment}.png`));
      const want = reference(file, [`--${adjustment}`]);
      assert.deepEqual([png.width, png.height], [want.width, want.height], 'full size');
      let most = 0;
      let differ = 0;
      for (let i = 0; i < want.rgba.length; i++) {
        if (i % 4 === 3) continue; // alpha: opaque on both sides
        const d = Math.abs(png.rgba[i] - want.rgba[i]);
        most = Math.max(most, d);
        differ += d > 0;
      }
      assert.ok(most <= tolerance, `${fixture}: ${most} levels apart (${differ} channels differ)`);
    }
    // The curve of the tables and the adjusted histogram are drawn.
    assert.ok(await curvePixels(page) > 200, 'the curve is drawn');
    assert.deepEqual(page.errors, []);
    await page.screenshot({ path: join(shots, `adjust-${name}.png`) });
  });
}

test('otsu: the split shows the original left of the divider and the adjusted picture right', async () => {
  const page = await browser.open('/www/otsu.html', { viewport: { width: 1280, height: 900 } });
  // Thirds of white, grey 128 and black: Otsu's threshold falls between black and
  // grey (191.5 apart beats 191), so the grey third turns white.
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  const pixelAt = async (fx) => {
    const shot = decodePng(await page.locator('#picture').screenshot());
    const { scale, left, top } = await page.evaluate(() => {
      const c = document.getElementById('picture').getBoundingClientRect();
      const s = Math.min(c.width / 96, c.height / 64);
      return { scale: s, left: (c.width - 96 * s) / 2, top: (c.height - 64 * s) / 2 };
    });
    const i = (Math.round(top + 32 * scale) * shot.width + Math.round(left + fx * 96 * scale)) * 4;
    return [...shot.rgba.subarray(i, i + 3)];
  };
  const split = async (value) => {
    await page.evaluate(() => { document.body.dataset.state = 'picking'; });
    await page.fill('#split', String(value));
    await page.dispatchEvent('#split', 'input');
    await waitState(page, 'done');
    await presented(page);
  };
  await split(100);
  assert.deepEqual(await pixelAt(0.5), [128, 128, 128], 'all original');
  await split(0);
  assert.deepEqual(await pixelAt(0.5), [255, 255, 255], 'all adjusted');
  await split(50);
  assert.deepEqual(await pixelAt(0.4), [128, 128, 128], 'left of the divider: original');
  assert.deepEqual(await pixelAt(0.6), [255, 255, 255], 'right of it: adjusted');
  assert.ok(await page.isVisible('.split-handle'), 'the divider is shown');
  assert.ok(await page.isVisible('.threshold'), 'the threshold is marked on the histogram');
  assert.match(await page.textContent('#table-note'), messagePattern('en', 'adjust-table-otsu', { threshold: '0' }));
  // The after histogram is two bars at the edges: the page says what they hold.
  assert.match(await page.textContent('#otsu-note'),
    messagePattern('en', 'adjust-otsu-after-counted', { black: '2,048', blacks: 2048, blackShare: '33.3', white: '4,096', whiteShare: '66.7' }));
  const [before, after] = [message('en', 'adjust-before'), message('en', 'adjust-after')];
  assert.deepEqual(await page.$$eval('.half-label', (ls) => ls.map((l) => (l.hidden ? '' : l.textContent))), [before, after]);
  assert.match(await page.textContent('.stats-table caption'), messagePattern('en', 'stats-caption-before'));
  await page.screenshot({ path: join(shots, 'adjust-split.png') });
  // The panel's labels and value ticks are drawn where they say, on the screen.
  await page.evaluate(() => document.getElementById('panel').scrollIntoView({ block: 'center' }));
  const marks = await page.evaluate(() => [...document.querySelectorAll('.half-label, .panel-name, .panel-axis .tick')]
    .filter((l) => l.getClientRects().length).map((l) => {
      const b = l.getBoundingClientRect();
      return { text: l.textContent, box: [b.left, b.top, b.width, b.height].map(Math.round) };
    }));
  // The parade's names: the upper panel's channels joined, the lower's luminance.
  const names = [['r', 'g', 'b'].map((c) => message('en', `studio-channel-${c}`)).join(', '), message('en', 'studio-channel-luminance')];
  // The values under both halves: After's panels are of the same levels.
  assert.deepEqual(marks.map((m) => m.text).sort(), ['0', '128', '255', '0', '128', '255', after, before, ...names].sort());
  const screen = decodePng(await page.screenshot());
  for (const { text, box: [x0, y0, w, h] } of marks) {
    let ink = 0;
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        const i = (y * screen.width + x) * 4;
        ink += screen.rgba[i] + screen.rgba[i + 1] + screen.rgba[i + 2] > 300;
      }
    }
    assert.ok(ink >= 5 * text.length, `"${text}" is drawn: ${ink} light pixels in its box`);
  }
  // No label covers a bar: the thirds' spikes (at 0, 128 and 255, as tall as a bar
  // gets) stand at both edges, under where the labels sit. With the labels hidden
  // for the shot, the panel under each one is background.
  const labels = await page.evaluate(() => {
    const c = document.getElementById('panel').getBoundingClientRect();
    const shown = [...document.querySelectorAll('.half-label, .panel-name')].filter((l) => l.getClientRects().length);
    for (const l of [...shown, ...document.querySelectorAll('.bin-cursor')]) l.style.visibility = 'hidden';
    return shown.map((l) => {
      const b = l.getBoundingClientRect();
      return { text: l.textContent, box: [b.left - c.left, b.top - c.top, b.width, b.height].map(Math.round) };
    });
  });
  assert.deepEqual(labels.map((l) => l.text).sort(), [after, before, ...names].sort());
  const panel = decodePng(await page.locator('#panel').screenshot());
  for (const { text, box: [x0, y0, w, h] } of labels) {
    let lit = 0;
    for (let y = Math.max(y0, 1); y < Math.min(y0 + h, panel.height - 1); y++) {
      for (let x = Math.max(x0, 1); x < Math.min(x0 + w, panel.width - 1); x++) {
        const i = (y * panel.width + x) * 4;
        lit += panel.rgba[i] + panel.rgba[i + 1] + panel.rgba[i + 2] > 60;
      }
    }
    assert.equal(lit, 0, `"${text}" covers ${lit} lit pixels of the panel at ${x0},${y0} ${w}x${h}`);
  }
  assert.ok(await litPixels(page, '#panel') > 1000, 'the bars are drawn');
});

test('levels and CLAHE options change the result, and bad values say so', async () => {
  const page = await browser.open('/www/clahe.html', { viewport: { width: 1280, height: 900 } });
  await pickFile(page, fixtures.path('translucent-257x131.png'));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.selectOption('#tiles', '4');
  await page.fill('#clip', '4');
  await page.dispatchEvent('#clip', 'change');
  await waitState(page, 'done');
  const { png } = await downloadAdjusted(page);
  const want = reference(fixtures.path('translucent-257x131.png'), ['--clahe', '--tiles', '4x4', '--clip', '4']);
  let most = 0;
  for (let i = 0; i < want.rgba.length; i++) if (i % 4 !== 3) most = Math.max(most, Math.abs(png.rgba[i] - want.rgba[i]));
  assert.ok(most <= 1, `4x4 tiles, clip 4: ${most} levels apart`);
  // A refused value puts its field back to the adjustment shown, which is kept.
  // (The limit's bounds are the core's words; an empty field is the page's.)
  const empty = (field) => messagePattern('en', 'adjust-needs-number', { field: message('en', field) });
  for (const [value, says] of [['0', /clip limit is above 0/], ['65', /at most 64, not 65/], ['', empty('adjust-clip')]]) {
    await page.fill('#clip', value);
    await page.dispatchEvent('#clip', 'change');
    assert.match(await page.textContent('.message'), says, `clip ${value}`);
    assert.match(await page.textContent('.message'), messagePattern('en', 'adjust-refused'));
    assert.equal(await page.inputValue('#clip'), '4', `clip ${value}: the field shows the clip limit in use`);
  }
  const levels = await browser.open('/www/levels.html');
  for (const [low, high, says] of [['10', '5', /0 <= low < high <= 100 percent, not 10 and 5/], ['', '99', empty('adjust-low')]]) {
    // Both fields, then one change (each field's change takes both as they stand).
    await levels.evaluate(([l, h]) => {
      document.querySelector('#low').value = l;
      document.querySelector('#high').value = h;
      document.querySelector('#high').dispatchEvent(new Event('change', { bubbles: true }));
    }, [low, high]);
    assert.match(await levels.textContent('.message'), says);
    assert.deepEqual([await levels.inputValue('#low'), await levels.inputValue('#high')], ['0.5', '99.5'], `${low}, ${high}: put back`);
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(levels.errors, []);
});

test('equalize: live on a playing video, the adjusted histogram beside the original', async () => {
  const page = await browser.open('/www/equalize.html', { viewport: { width: 1280, height: 800 } });
  await page.setInputFiles('#file', testVideo);
  await waitState(page, 'playing');
  await page.waitForFunction(() => window.page.frames > 5);
  // Frames keep coming: 20 more, however long this machine takes to draw them.
  await moreFrames(page, 20);
  // The parade of the adjusted histogram is drawn in the panel's lower half.
  const shot = decodePng(await page.locator('#panel').screenshot());
  let lit = 0;
  for (let y = Math.floor(shot.height * 0.6); y < shot.height; y++) {
    for (let x = 0; x < shot.width; x++) {
      const i = (y * shot.width + x) * 4;
      lit += shot.rgba[i] + shot.rgba[i + 1] + shot.rgba[i + 2] > 150;
    }
  }
  assert.ok(lit > 500, `the adjusted histogram is drawn (${lit} lit pixels)`);
  assert.deepEqual(page.errors, []);
  await pause(page);
  await page.screenshot({ path: join(shots, 'adjust-video.png'), fullPage: true });
});

// Each adjustment's live path in Firefox; in Chromium, where SwiftShader takes
// 20 s a page, CLAHE's (the others are the same page shell and video import,
// their tables from their own kernels, each checked on pictures above).
test('CLAHE, auto-levels and Otsu: live on a playing video too', async () => {
  for (const name of engine === 'firefox' ? ['clahe', 'levels', 'otsu'] : ['clahe']) {
    const page = await browser.open(`/www/${name}.html`, { viewport: { width: 1280, height: 800 } });
    // The page's own picture's curve, which the video's must replace.
    await waitState(page, 'done');
    const pictures = await curveDrawn(page);
    await page.setInputFiles('#file', testVideo);
    await waitState(page, 'playing');
    await page.waitForFunction(() => window.page.frames > 1);
    // A whole turn more of the adjusted histogram's cadence (every 4th frame).
    await moreFrames(page, 4);
    assert.ok(await curvePixels(page) > 200, `${name}: the curve is drawn`);
    await until(() => curveDrawn(page), (drawn) => drawn !== pictures, `${name}: the curve drawn from the video's live tables, not the picture's`);
    assert.deepEqual(page.errors, [], name);
    // One look at a paused page is enough: the three draw alike.
    if (name === 'clahe') {
      await pause(page);
      await page.screenshot({ path: join(shots, `adjust-video-${name}.png`), fullPage: true });
    }
    await page.close();
  }
});

test('equalize: the article\'s steps on the CPU, grey before colour, equal the command-line tool\'s', async () => {
  const page = await browser.open('/www/equalize.html', { viewport: { width: 1280, height: 900 } });
  const name = 'translucent-257x131.png';
  const file = fixtures.path(name);
  await pickFile(page, file);
  const got = await page.evaluate(() => {
    const s = window.page.steps;
    return { luma: Array.from(s.luma()), table: Array.from(s.table()), grey: Array.from(s.grey()), greyEqualized: Array.from(s.greyEqualized()), colour: Array.from(s.colour()) };
  });
  // Expected from the tool's count of the file and the textbook rule, not the page's.
  const luma = fixtures.rows(name, 4).map((r) => r[3]);
  assert.deepEqual(got.luma, luma, 'the luma histogram of the file');
  const n = luma.reduce((a, b) => a + b, 0);
  const first = luma.find((c) => c > 0);
  let cdf = 0;
  const table = luma.map((c) => { cdf += c; return Math.min(255, Math.floor(((cdf - first) * 255) / (n - first) + 0.5)); });
  assert.deepEqual(got.table, table, 'the table from the running total');
  const greyCounts = new Array(256).fill(0);
  for (let i = 0; i < got.grey.length; i += 4) {
    assert.ok(got.grey[i] === got.grey[i + 1] && got.grey[i] === got.grey[i + 2], 'grey');
    greyCounts[got.grey[i]]++;
    assert.equal(got.greyEqualized[i], table[got.grey[i]], `pixel ${i / 4}: the grey looked up in the table`);
  }
  assert.deepEqual(greyCounts, luma, 'the grey picture holds the luma of every pixel');
  const want = reference(file, ['--equalize']);
  for (let i = 0; i < want.rgba.length; i++) if (i % 4 !== 3) assert.equal(got.colour[i], want.rgba[i], `colour, byte ${i}`);
  for (let nth = 0; nth < 5; nth++) assert.ok(await litPixels(page, `.steps canvas >> nth=${nth}`) > 500, `step ${nth + 1} drawn`);
  assert.match(await page.textContent('#steps-time'), messagePattern('en', 'steps-time', { ms: /[\d.]+/ }));
  await page.screenshot({ path: join(shots, 'equalize-steps.png'), fullPage: true });
  // The project's video, one click away; the steps say they are for pictures.
  await page.getByRole('button', { name: message('en', 'studio-play-video') }).click();
  await waitState(page, 'playing');
  assert.match(await page.textContent('#steps-time'), messagePattern('en', 'steps-video'));
  assert.deepEqual(page.errors, []);
});

test('otsu: both halves of the panel are read, and the adjusted picture has its statistics', async () => {
  const page = await browser.open('/www/otsu.html', { viewport: { width: 1400, height: 900 } });
  const file = fixtures.path('photo-2448x1505.png');
  await pickFile(page, file);
  // The references, outside the page: the tool's count of the file, and of its
  // own Otsu of the file (which the page's equals, the test above).
  const out = fixtures.path('reference-otsu-counted.png');
  execFileSync(join(repo, 'target/release/histogram'), ['adjust', '--otsu', '--method', 'cpu', file, out]);
  const count = (path) => JSON.parse(execFileSync(join(repo, 'target/release/histogram'), ['--method', 'cpu', '--stats', path], { encoding: 'utf8' }));
  const [before, after] = [count(file), count(out)];
  // The adjusted picture's statistics, once read, are the tool's count of its Otsu.
  await page.waitForFunction((mean) => document.querySelector('td[data-stat="after-r-mean"]')?.textContent === mean, after.stats.r.mean.toFixed(2));
  // In view: the pointer goes where the panel is on screen.
  await page.evaluate(() => document.querySelector('#panel').scrollIntoView({ block: 'center' }));
  const box = await page.locator('#panel').boundingBox();
  // The upper panels hold R, G and B; the left half is the picture's, the right the
  // adjusted one's (each 48% of the width).
  const rects = await page.evaluate(() => ({
    before: Array.from(window.page.view.panelRects()), after: Array.from(window.page.view.adjustedRects()),
  }));
  // A whole pixel near a bin's middle (Firefox moves the pointer by whole pixels,
  // and at this size a bin is under a pixel wide), and the bin the page finds there.
  const at = (rect, bin) => [Math.round(box.x + box.width * (rect[0] + rect[2] * ((bin + 0.5) / 256))), Math.round(box.y + box.height * (rect[1] + rect[3] * 0.5))];
  const binAt = (rect, [x]) => Math.floor((((x - box.x) / box.width - rect[0]) / rect[2]) * 256);
  // A half's reading in the readout's words: its bin, then R's count (the tool's).
  const reading = (half, bin, r) => pattern`^${messagePattern('en', 'panel-readout', {
    half, bin, counts: messagePattern('en', 'panel-readout-channel', { channel: message('en', 'studio-channel-r'), count: r.toLocaleString('en') }),
  })}`;
  // The After half's bin is its number alone; the picture's says the level it holds.
  const afterBin = (bin) => message('en', 'panel-bin', { bin: String(bin), bins: '256' });
  const point = at(rects.after, 0);
  await page.mouse.move(...point);
  const first = binAt(rects.after, point);
  await textMatching(page, '#readout', reading('after', afterBin(first), after.r[first]));
  const left = at(rects.before, 100);
  await page.mouse.move(...left);
  const bin = binAt(rects.before, left);
  await textMatching(page, '#readout', reading('before', messagePattern('en', 'panel-bin-level', { bin: String(bin), bins: '256' }), before.r[bin]));
  // The keys go on from where the pointer was: End is the After half's last bin.
  await page.mouse.move(...point);
  await textMatching(page, '#readout', pattern`^${messagePattern('en', 'panel-readout', { half: 'after' })}`);
  await page.focus('#panel');
  await page.keyboard.press('End');
  assert.match(await page.textContent('#readout'), reading('after', afterBin(255), after.r[255]));
  // The After half's reading, and both halves' statistics below.
  await page.screenshot({ path: join(shots, 'adjust-after-readout.png'), fullPage: true });
  await page.evaluate(() => document.querySelector('#panel').blur());
  // Between the halves: no reading left standing.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * (rects.after[1] + rects.after[3] * 0.5));
  await textMatching(page, '#readout', pattern`^(?:${messagePattern('en', 'panel-readout', { half: 'after' })}|${messagePattern('en', 'panel-readout', { half: 'before' })})`, { not: true });
  // And the picture's own statistics beside them.
  assert.equal(await page.textContent('td[data-stat="r-mean"]'), before.stats.r.mean.toFixed(2));
  await page.screenshot({ path: join(shots, 'adjust-both-halves.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: with a region, Before and After are of the same pixels', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const file = halfPhoto();
  await pickFile(page, file);
  const [x, y, w, h] = [300, 200, 400, 250];
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.evaluate((values) => {
    for (const [name, v] of Object.entries(values)) document.querySelector(`#region-${name}`).value = String(v);
    document.querySelector('#region-height').dispatchEvent(new Event('change'));
  }, { x, y, width: w, height: h });
  await waitState(page, 'done');
  await page.selectOption('#adjustment', 'auto-levels');
  // The references, outside the page: the tool's auto-levels of the whole picture
  // (its tables the whole picture's, as the page's are), counted over the region.
  const out = fixtures.path('reference-levels-region.png');
  const tool = join(repo, 'target/release/histogram');
  execFileSync(tool, ['adjust', '--auto-levels', '--method', 'cpu', file, out]);
  const count = (path) => JSON.parse(execFileSync(tool, ['--method', 'cpu', '--stats', '--region', `${x},${y},${w},${h}`, path], { encoding: 'utf8' }));
  const [before, after] = [count(file), count(out)];
  const stat = (key) => page.textContent(`td[data-stat="${key}"]`);
  await page.waitForFunction((mean) => document.querySelector('td[data-stat="after-r-mean"]')?.textContent === mean, after.stats.r.mean.toFixed(2));
  for (const c of ['r', 'g', 'b', 'luminance']) {
    assert.equal(await stat(`after-${c}-pixels`), (w * h).toLocaleString('en'), `After counts the region's ${c}`);
    assert.equal(await stat(`after-${c}-mean`), after.stats[c].mean.toFixed(2), `After's ${c} mean`);
    const median = after.stats[c].median;
    assert.equal(await stat(`after-${c}-median`), Number.isInteger(median) ? String(median) : median.toFixed(1), `After's ${c} median`);
    assert.equal(await stat(`${c}-mean`), before.stats[c].mean.toFixed(2), `Before's ${c} mean`);
  }
  await page.screenshot({ path: join(shots, 'adjust-region-before-after.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: reference lines cross the adjusted picture\'s panels too, at the same levels', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  await page.selectOption('#adjustment', 'equalize');
  await page.fill('#scope-lines', '16, 235');
  await page.press('#scope-lines', 'Enter');
  // Each line at its level's middle (16 and 235 of 255, in 256 bins) down every
  // panel of both halves, computed from the halves' rectangles.
  const rects = await until(() => page.evaluate(() => [...window.page.view.panelRects(), ...window.page.view.adjustedRects()]),
    (r) => r.length === 4 * 5, 'both halves\' panels');
  const want = [];
  for (let i = 0; i < rects.length; i += 5) for (const level of [16, 235]) want.push(rects[i] + (rects[i + 2] * (level + 0.5)) / 256);
  const got = await until(() => page.$$eval('.panel-ref', (lines) => lines.map((l) => parseFloat(l.style.left) / 100)), (l) => l.length === want.length, 'a line a level a panel');
  got.forEach((x, i) => assert.ok(Math.abs(x - want[i]) < 1e-4, `line ${i}: ${x} against ${want[i]}`));
  await page.evaluate(() => document.getElementById('panel').scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(shots, 'studio-lines-adjusted.png') });
  assert.deepEqual(page.errors, []);
});
