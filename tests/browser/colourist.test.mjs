// The studio as a colourist reads it (issue #59): the pixel under the pointer
// against Pillow's decode of the file, the clipping triangles against the
// command line's count, the scopes side by side on a wide window (one under
// another beside the histogram otherwise), the parade with luma (YRGB), the
// vectorscope at 2x, a scope opened full size; zebra stripes and false colour
// against the command line's count; the pixel under the pointer marked on the
// scopes and the histogram where the definitions put it; the cumulative view
// against the command line's count; scopes held as B; the panel's and scopes'
// PNGs labelled, the panel's heading whole (#77).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { suite, repo, shots, media, waitState, decodePng, textMatching, pickFile, until, testVideo, axeViolations, presented } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';
import { png } from './png.mjs';

const { browser, fixtures } = suite({ fixtures: true });

const cli = (path) => JSON.parse(execFileSync(join(repo, 'target/release/histogram'), ['--method', 'cpu', path]));
/** Pillow's values of pixels `points` of the file at `path`: outside the page. */
const pillow = (path, points) => JSON.parse(execFileSync(join(repo, '.venv/bin/python'), ['-c',
  'import json, sys; from PIL import Image; im = Image.open(sys.argv[1]).convert("RGBA"); '
  + 'print(json.dumps([list(im.getpixel(tuple(p))) for p in json.loads(sys.argv[2])]))', path, JSON.stringify(points)],
{ encoding: 'utf8' }));

/** The exposure overlay `kind` ('off', 'zebra', 'false-colour'), the zebra at `level` %. */
const chooseOverlay = (page, kind, level) => page.evaluate(([k, l]) => {
  for (const [id, value] of [['zebra-level', l], ['overlay', k]]) {
    const field = document.getElementById(id);
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}, [kind, String(level)]);

/** The file downloaded by clicking `css`: its name and bytes. */
const downloaded = async (page, css) => {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(css)]);
  const chunks = []; for await (const chunk of await d.createReadStream()) chunks.push(chunk);
  return { name: d.suggestedFilename(), bytes: Buffer.concat(chunks) };
};

const check = (page, id, on = true) => page.evaluate(([i, v]) => {
  const box = document.getElementById(i);
  box.checked = v;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}, [id, on]);

// The page's own pixels; the browser's decode held by the GPU alone (a real
// GPU's way, forced here); a JPEG decoded on the GPU from its scan: each pixel
// read back from where it is held.
for (const [decode, name] of [['', 'photo-2448x1505.png'], ['bitmap', 'photo-2448x1505.png'], ['scan', 'pexels-francesco-ungaro-96938-mid.jpg']]) {
test(`studio: the pixel under the pointer reads the stored values, as Pillow decodes the file${decode ? `, the picture decoded by ?decode=${decode}` : ''}`, async () => {
  const page = await browser.open(`/www/studio.html${decode ? `?decode=${decode}` : ''}`, { viewport: { width: 1400, height: 900 } });
  const file = decode === 'scan' ? media(name) : fixtures.path(name);
  await pickFile(page, file);
  assert.equal(await page.evaluate(() => window.page.picture.pixelAt(0, 0) === undefined), Boolean(decode), 'where the pixels are held');
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  const pic = await page.locator('.studio-picture canvas').boundingBox();
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  const scale = (rect[2] * pic.width) / 2448;
  for (const [fx, fy] of [[0.3, 0.4], [0.71, 0.22]]) {
    // A whole pixel on screen, and the picture's pixel under its middle.
    const [sx, sy] = [Math.round(pic.x + pic.width * (rect[0] + rect[2] * fx)), Math.round(pic.y + pic.height * (rect[1] + rect[3] * fy))];
    await page.mouse.move(sx, sy);
    // The reading of a pixel within one of the pointer's (not the last place's).
    const exact = (sx - pic.x - rect[0] * pic.width) / scale;
    const near = [Math.ceil(exact - 1), Math.ceil(exact), Math.floor(exact + 1)].join('|');
    const text = await textMatching(page, '#pixel-reading', pattern`^${messagePattern('en', 'studio-pixel-stored', { x: new RegExp(near), y: /\d+/ })}`);
    const [, x, y] = text.match(pattern`^${messagePattern('en', 'studio-pixel-stored', { x: /(\d+)/, y: /(\d+)/ })}`);
    const [[r, g, b, a]] = pillow(file, [[Number(x), Number(y)]]);
    assert.equal(text, message('en', 'studio-pixel-stored', { x, y, r: String(r), g: String(g), b: String(b), a: String(a), max: '255' }));
  }
  // Off the picture: the hint again.
  await page.mouse.move(pic.x + pic.width / 2, pic.y - 40);
  await textMatching(page, '#pixel-reading', pattern`^${messagePattern('en', 'studio-pixel-hint')}`);
  assert.deepEqual(page.errors, []);
});
}

test('studio: the clipping triangles light for the channels at 0 and at 255, and switch the warning', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const file = fixtures.path('thirds-96x64.png');
  await pickFile(page, file);
  const counts = cli(file);
  const triangles = () => page.evaluate(() => [...document.querySelectorAll('.clip-triangle')].map((t) => ({
    hidden: t.hidden, lit: t.classList.contains('lit'), label: t.getAttribute('aria-label'), pressed: t.getAttribute('aria-pressed'),
  })));
  const [low, high] = await triangles();
  // Each channel's share of the pixels at `bin`, as the triangles' labels list them.
  const shares = (bin) => ['r', 'g', 'b'].map((c) => message('en', 'panel-clip-share', {
    channel: message('en', `studio-channel-${c}`), share: (100 * counts[c][bin] / (96 * 64)).toFixed(2),
  })).join(', ');
  assert.equal(low.hidden, false);
  assert.equal(low.lit, ['r', 'g', 'b'].some((c) => counts[c][0] > 0));
  assert.equal(high.lit, ['r', 'g', 'b'].some((c) => counts[c][255] > 0));
  assert.ok(low.label.startsWith(message('en', 'panel-clip-shadows', { shares: shares(0) }, { attr: 'aria-label' })), low.label);
  assert.ok(high.label.startsWith(message('en', 'panel-clip-highlights', { top: '255', shares: shares(255) }, { attr: 'aria-label' })), high.label);
  // A click turns the clipping warning on (the checkbox with it), another off.
  await page.click('.clip-triangle.highlights');
  assert.equal(await page.evaluate(() => document.getElementById('clipping').checked), true);
  assert.equal((await triangles())[0].pressed, 'true');
  await page.click('.clip-triangle.shadows');
  assert.equal(await page.evaluate(() => document.getElementById('clipping').checked), false);
  // Bins wider than a level: the first bin is not "at 0" alone, so no triangles.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; const s = document.getElementById('bins'); s.value = '64'; s.dispatchEvent(new Event('change', { bubbles: true })); });
  await waitState(page, 'done');
  assert.deepEqual((await triangles()).map((t) => t.hidden), [true, true]);
  assert.deepEqual(page.errors, []);
});

test('studio: one scope as wide as the histogram, two or more side by side in a row at 1920 (one under another at 1024 and 1400), drawn at their shown size; YRGB, 2x, full size and back', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1024, height: 768 } });
  const boxes = () => page.evaluate(() => ({
    panel: document.getElementById('panel').getBoundingClientRect().toJSON(),
    studio: document.querySelector('.studio-grid').getBoundingClientRect().toJSON(),
    // Each scope's box (its drawing and the strip of its values), its canvas's pixels.
    scopes: [...document.querySelectorAll('.studio-scope:not([hidden]) canvas.scope')].map((c) => ({
      ...c.closest('.scope-box').getBoundingClientRect().toJSON(), drawn: [c.width, c.height], shown: [c.clientWidth, c.clientHeight],
    })),
  }));
  const sameWidth = (a, b) => Math.abs(a - b) <= 2;
  // Narrower than 1600 pixels: one under another, each as wide as the panel.
  for (const name of ['waveform', 'parade', 'vectorscope']) await check(page, `scope-${name}`);
  let { panel, studio, scopes } = await until(boxes, (b) => b.scopes.length === 3, 'three scopes shown');
  for (const s of scopes.slice(0, 2)) assert.ok(sameWidth(s.width, panel.width), `a scope ${s.width} px wide beside a panel of ${panel.width}`);
  assert.ok(scopes[0].bottom <= scopes[1].top && scopes[1].bottom <= scopes[2].top, JSON.stringify(scopes));
  // At 1920: the three in one row across the studio, under the picture and the
  // histogram, the row within one screen; each canvas drawn at the size shown.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await until(boxes, (b) => b.scopes.every((s) => Math.abs(s.top - b.scopes[0].top) <= 1), 'the scopes in one row');
  ({ panel, studio, scopes } = await boxes());
  assert.ok(scopes[0].top >= panel.bottom, `the row under the histogram: ${JSON.stringify({ panel, scopes })}`);
  assert.ok(scopes[0].left - studio.left <= 2 && studio.right - scopes[2].right <= 2, `across the studio: ${JSON.stringify({ studio, scopes })}`);
  assert.ok(scopes.every((s) => s.width > studio.width / 3 - 20), JSON.stringify(scopes));
  assert.ok(Math.max(...scopes.map((s) => s.bottom)) - scopes[0].top < 1080 - 40, `the row taller than a screen: ${JSON.stringify(scopes)}`);
  // A picture's vectorscope too, where the CPU emulates the GPU (only a playing
  // video's is drawn a pixel a cell there: ScopeView::largest_side).
  const atSize = (s) => s.drawn.every((d, k) => Math.abs(d - s.shown[k]) <= 1);
  await until(boxes, (b) => b.scopes.every(atSize), 'each scope drawn at its shown size');
  // One scope: back under the histogram, as wide as it.
  await check(page, 'scope-parade', false);
  await check(page, 'scope-vectorscope', false);
  ({ panel, scopes } = await boxes());
  assert.equal(await page.evaluate(() => document.querySelector('.studio-grid').classList.contains('scopes-row')), false);
  assert.ok(sameWidth(scopes[0].width, panel.width) && scopes[0].top >= panel.bottom, JSON.stringify({ panel, scopes }));
  await check(page, 'scope-parade');
  await check(page, 'scope-vectorscope');
  await page.evaluate(() => document.querySelector('.studio-scopes').scrollIntoView());
  await presented(page);
  await page.screenshot({ path: join(shots, 'studio-scopes-row.png') });
  // The parade with luma: four parts, the first grey (luma), lit.
  await check(page, 'scope-yrgb');
  await page.evaluate(() => document.querySelector('canvas.scope.parade').scrollIntoView({ block: 'center' }));
  // Drawn on the next frames the page paints.
  await presented(page);
  const parade = decodePng(await page.locator('canvas.scope.parade').screenshot());
  const quarter = (q) => {
    let [r, g, b] = [0, 0, 0];
    for (let y = 0; y < parade.height; y++) {
      for (let x = Math.floor((q * parade.width) / 4) + 2; x < Math.floor(((q + 1) * parade.width) / 4) - 2; x++) {
        const i = (y * parade.width + x) * 4;
        // The graticule's amber lines (every 10%) are not a channel's counts.
        const [pr, pg, pb] = parade.rgba.slice(i, i + 3);
        if (pr > 60 && pg > 45 && pb < pg) continue;
        r += pr; g += pg; b += pb;
      }
    }
    return [r, g, b];
  };
  const [y, red, green, blue] = [0, 1, 2, 3].map(quarter);
  assert.ok(y[0] > 0 && Math.abs(y[0] - y[1]) / y[0] < 0.2 && Math.abs(y[0] - y[2]) / y[0] < 0.2, `luma grey: ${y}`);
  assert.ok(red[0] > 4 * (red[1] + red[2]), `red: ${red}`);
  assert.ok(green[1] > 4 * (green[0] + green[2]), `green: ${green}`);
  assert.ok(blue[2] > 4 * (blue[0] + blue[1]), `blue: ${blue}`);
  // At 2x the 75% bars' names leave the view (they lie past half the radius).
  const labels = () => page.evaluate(() => [...document.querySelector('canvas.scope.vectorscope').parentElement.querySelectorAll('.scope-label')].map((l) => l.textContent));
  assert.deepEqual(await labels(), ['r', 'yl', 'g', 'cy', 'b', 'mg'].map((target) => message('en', `scope-target-${target}`)));
  await check(page, 'scope-zoom');
  assert.deepEqual(await labels(), []);
  // Full size: over the window; Escape puts it back.
  const before = await page.evaluate(() => document.querySelector('canvas.scope.waveform').width);
  await page.evaluate(() => [...document.querySelectorAll('.studio-scope')].find((f) => f.querySelector('canvas.waveform')).querySelector('button').click());
  const full = await page.evaluate(() => ({ w: document.querySelector('canvas.scope.waveform').getBoundingClientRect().width, drawn: document.querySelector('canvas.scope.waveform').width }));
  assert.ok(full.w > 1300 && full.drawn > before, `full size: ${JSON.stringify(full)} (was ${before})`);
  await page.screenshot({ path: join(shots, 'studio-waveform-full.png') });
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.querySelector('.studio-scope.full')), null);
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), message('en', 'scope-full-size'));
  assert.deepEqual(page.errors, []);
});

test('studio: a picture with a colour profile is shown as this browser shows the file, counted as stored', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const file = fixtures.path('icc-profile-64x48.png');
  await pickFile(page, file);
  assert.match(await page.textContent('figcaption'), messagePattern('en', 'studio-caption-picture-profile', { profile: 'Test wide RGB' }));
  assert.match(await page.textContent('.studio-panel'), /colour profile \(Test wide RGB\); it is not applied to the counts/);
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  // The browser's own rendering of the file, and the stored values (Pillow's).
  const shown = await page.evaluate(async () => {
    const image = new Image();
    image.src = URL.createObjectURL(document.getElementById('file').files[0]);
    await image.decode();
    const canvas = new OffscreenCanvas(64, 48);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    return Array.from(ctx.getImageData(0, 0, 64, 48).data);
  });
  const points = Array.from({ length: 300 }, (_, i) => [(i * 37) % 64, (i * 23 + (i >> 6)) % 48]);
  const stored = pillow(file, points);
  const pic = await page.locator('.studio-picture canvas').boundingBox();
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  const shot = decodePng(await page.locator('.studio-picture canvas').screenshot());
  const ratio = shot.width / pic.width;
  const off = [];
  let moved = 0;
  points.forEach(([x, y], i) => {
    const sx = Math.floor((rect[0] + rect[2] * (x + 0.5) / 64) * pic.width * ratio);
    const sy = Math.floor((rect[1] + rect[3] * (y + 0.5) / 48) * pic.height * ratio);
    const at = (sy * shot.width + sx) * 4;
    off.push(Math.max(...[0, 1, 2].map((c) => Math.abs(shot.rgba[at + c] - shown[(y * 64 + x) * 4 + c]))));
    moved = Math.max(moved, ...[0, 1, 2].map((c) => Math.abs(shot.rgba[at + c] - stored[i][c])));
  });
  off.sort((a, b) => a - b);
  const [p95, worst] = [off[Math.floor(off.length * 0.95)], off[off.length - 1]];
  process.stderr.write(`profile: ${p95} levels from the browser's rendering at the 95th percentile, ${worst} at worst; ${moved} from the stored values\n`);
  // The table between its levels: within 2 of the browser's own colours, a few
  // more where a colour leaves sRGB and the browser clips between two of them.
  assert.ok(p95 <= 2 && worst <= 10, `${p95} (95%) and ${worst} levels from the browser's rendering of the file`);
  assert.ok(moved >= 20, `only ${moved} levels from the stored values: the profile was not applied`);
  await page.screenshot({ path: join(shots, 'studio-profile.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: focus moves down the left column, then down the right, as the page reads; with a row of scopes, row by row', async () => {
  for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }, { width: 1920, height: 1080 }]) {
    const page = await browser.open('/www/studio.html', { viewport });
    await waitState(page, 'done');
    // Every control that takes focus, in tab order (none here sets a tabindex above 0).
    const order = await page.evaluate(() => {
      const panel = document.querySelector('.studio-panel').getBoundingClientRect();
      return [...document.querySelectorAll('.studio-grid :is(button, input, select, canvas[tabindex], summary, a[href])')]
        .filter((e) => e.checkVisibility() && e.tabIndex >= 0)
        .map((e) => {
          const box = e.getBoundingClientRect();
          return { name: e.id || e.textContent.trim().slice(0, 20) || e.tagName, right: box.left >= panel.left - 1, top: box.top + scrollY };
        });
    });
    assert.ok(order.length > 10, JSON.stringify(order));
    // Never back from the right column to the left, and, within a column, never
    // more than a line back up.
    const back = order.findIndex((e, i) => i > 0 && ((order[i - 1].right && !e.right) || (order[i - 1].right === e.right && e.top < order[i - 1].top - 40)));
    assert.equal(back, -1, `${viewport.width} px: ${JSON.stringify(order.slice(Math.max(0, back - 2), back + 1))}`);
    if (viewport.width === 1920) {
      // Three scopes: a row of their own under the picture and the histogram,
      // which focus reaches after both and before the controls under it.
      for (const name of ['waveform', 'parade', 'vectorscope']) await check(page, `scope-${name}`);
      const rows = await page.evaluate(() => {
        const AREAS = [['.studio-picture', 0, 0], ['.studio-panel', 0, 1], ['.studio-scopes', 1, 0], ['.studio-controls', 2, 0], ['.studio-more', 2, 1]];
        return [...document.querySelectorAll('.studio-grid :is(button, input, select, canvas[tabindex], summary, a[href])')]
          .filter((e) => e.checkVisibility() && e.tabIndex >= 0)
          .map((e) => {
            const [area, row, column] = AREAS.find(([css]) => e.closest(css));
            return { name: e.id || e.textContent.trim().slice(0, 20) || e.tagName, area, at: row * 2 + column };
          });
      });
      assert.ok(rows.some((e) => e.area === '.studio-scopes'), JSON.stringify(rows));
      const up = rows.findIndex((e, i) => i > 0 && e.at < rows[i - 1].at);
      assert.equal(up, -1, `focus back up: ${JSON.stringify(rows.slice(Math.max(0, up - 2), up + 1))}`);
    }
    assert.deepEqual(page.errors, []);
  }
});

test('studio: zebra stripes and false colour on the pixels of their levels, the shares the command line counts', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  // White, grey 128 and black thirds: zebra at 95% stripes the white third alone;
  // false colour paints white as clipped and black as crushed, 128 stays grey.
  const file = fixtures.path('thirds-96x64.png');
  await pickFile(page, file);
  const choose = (kind, level) => chooseOverlay(page, kind, level);
  const tool = (...args) => JSON.parse(execFileSync(join(repo, 'target/release/histogram'), ['scope', ...args, '--format', 'json', file]));
  const share = (n, of) => new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format((n / of) * 100);
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  // Each third's middle half, as drawn: its pixels, read from the screen.
  const thirds = async () => {
    const shot = decodePng(await page.locator('.studio-picture canvas').screenshot());
    return [0, 1, 2].map((third) => {
      const pixels = [];
      const [x0, y0] = [shot.width * (rect[0] + rect[2] * (third + 0.25) / 3), shot.height * (rect[1] + rect[3] * 0.25)];
      const [w, h] = [(shot.width * rect[2]) / 6, (shot.height * rect[3]) / 2];
      for (let y = Math.ceil(y0); y < y0 + h; y++) {
        for (let x = Math.ceil(x0); x < x0 + w; x++) pixels.push(Array.from(shot.rgba.slice((y * shot.width + x) * 4, (y * shot.width + x) * 4 + 3)));
      }
      return pixels;
    });
  };
  const all = (pixels, rgb) => pixels.every((p) => p.every((v, c) => Math.abs(v - rgb[c]) <= 2));
  // Stripes 4 canvas pixels wide, the canvas scaled to its box: the share of dark pixels.
  const dark = (pixels) => pixels.filter((p) => p.every((v) => v < 128)).length / pixels.length;

  await choose('zebra', '95');
  const zebra = tool('--zebra', '95');
  await textMatching(page, '#overlay-marked', pattern`^${messagePattern('en', 'overlay-zebra-marked', {
    share: share(zebra.marked, zebra.pixels), level: String(zebra.level), percent: '95' })}$`);
  const [white, grey] = await until(thirds, ([w]) => dark(w) > 0.3, 'the white third striped');
  assert.ok(dark(white) < 0.7, `stripes of black over white, not all black: ${dark(white)}`);
  assert.ok(white.every(([r, g, b]) => r === g && g === b), 'black and white, nothing else');
  assert.ok(all(grey, [128, 128, 128]), 'grey 128 is under the level: no stripes');
  await page.screenshot({ path: join(shots, 'studio-zebra.png') });

  await choose('false-colour', '95');
  const bands = tool('--false-colour').bands;
  const colour = (id) => bands.find((b) => b.id === id).colour;
  const [, middle, crushed] = await until(thirds, ([w]) => all(w, colour('clipped')), 'the white third in clipped red');
  assert.ok(all(crushed, colour('crushed')), 'black as crushed');
  assert.ok(all(middle, [128, 128, 128]), '128 in no band: its grey');
  const key = await page.evaluate(() => [...document.querySelectorAll('.overlay-key li')].map((li) => li.textContent));
  assert.equal(key.length, bands.length);
  for (const [i, band] of bands.entries()) {
    assert.ok(key[i].startsWith(`${message('en', `overlay-band-${band.id}`)}: `), key[i]);
    assert.ok(key[i].endsWith(message('en', 'overlay-band-share', { share: share(band.pixels, 96 * 64) })), key[i]);
  }
  await page.screenshot({ path: join(shots, 'studio-false-colour.png') });
  // axe on the overlay's controls and key.
  assert.deepEqual(await axeViolations(page, '.overlay-options'), []);

  await choose('off', '95');
  await until(thirds, ([w]) => all(w, [255, 255, 255]), 'the picture as stored again');
  assert.equal(await page.evaluate(() => document.getElementById('overlay-marked').hidden), true);
  assert.deepEqual(page.errors, []);
});

test('studio: the pixel under the pointer is marked where its values lie on the waveform, the parade, the vectorscope and the histogram', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const file = fixtures.path('palette-trns-97x61.png');
  await pickFile(page, file);
  for (const name of ['waveform', 'parade', 'vectorscope']) await check(page, `scope-${name}`);
  await page.evaluate(() => {
    const select = document.getElementById('scope-waveform-channels');
    select.value = '0,1,2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  const pic = await page.locator('.studio-picture canvas').boundingBox();
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  // The reading, each scope's marks and the histogram's, read in one task: the
  // page sets them together (studio-pointer.js), so they are of one pixel.
  const marks = () => page.evaluate(() => {
    const read = (nodes) => [...nodes].map((p) => ({ channel: Number(p.className.match(/c(\d)/)[1]), x: parseFloat(p.style.left) / 100, y: parseFloat(p.style.top) / 100 }));
    const scope = (n) => read(document.querySelector(`canvas.scope.${n}`).parentElement.querySelectorAll('.scope-point'));
    return { text: document.querySelector('#pixel-reading').textContent, waveform: scope('waveform'), parade: scope('parade'),
      vectorscope: scope('vectorscope'), panel: read(document.querySelectorAll('.panel-point')), rects: Array.from(window.page.view.panelRects()) };
  });
  const scale = (rect[2] * pic.width) / 97;
  // Where the definitions put the values, computed here (src/scope/mod.rs's words).
  const level = (v) => 1 - (v + 0.5) / 256;
  const codes = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((v) => v / 255);
    const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
    const code = (d, k) => Math.min(255, Math.max(0, Math.floor(128 + 255 * (d / k) + 0.5)));
    return [code(B - y, 1.8556), code(R - y, 1.5748)];
  };
  const magnification = 256 / (256 + 2 * 8);
  for (const [fx, fy] of [[0.2, 0.3], [0.77, 0.64]]) {
    const sx = Math.round(pic.x + pic.width * (rect[0] + rect[2] * fx));
    await page.mouse.move(sx, Math.round(pic.y + pic.height * (rect[1] + rect[3] * fy)));
    // The reading of a pixel within one of the pointer's (not the last place's).
    const exact = (sx - pic.x - rect[0] * pic.width) / scale;
    const near = [Math.ceil(exact - 1), Math.ceil(exact), Math.floor(exact + 1)].join('|');
    await textMatching(page, '#pixel-reading', pattern`^${messagePattern('en', 'studio-pixel-stored', { x: new RegExp(near), y: /\d+/ })}`);
    const got = await marks();
    const text = got.text;
    const [, x, y] = text.match(pattern`^${messagePattern('en', 'studio-pixel-stored', { x: /(\d+)/, y: /(\d+)/ })}`);
    const [rgba] = pillow(file, [[Number(x), Number(y)]]);
    const across = (Number(x) + 0.5) / 97;
    const close = (got, want, within, what) => {
      assert.equal(got.length, want.length, `${what}: ${JSON.stringify(got)}`);
      got.forEach((p, i) => {
        assert.equal(p.channel, want[i].channel, what);
        assert.ok(Math.abs(p.x - want[i].x) <= within && Math.abs(p.y - want[i].y) <= within, `${what}: ${JSON.stringify(p)} against ${JSON.stringify(want[i])}`);
      });
    };
    close(got.waveform, [0, 1, 2].map((c) => ({ channel: c, x: across, y: level(rgba[c]) })), 1e-4, `waveform at ${x},${y}`);
    close(got.parade, [0, 1, 2].map((c) => ({ channel: c, x: (c + across) / 3, y: level(rgba[c]) })), 1e-4, `parade at ${x},${y}`);
    const [cb, cr] = codes(rgba);
    // A code apart at most: f32 in the page, f64 here.
    close(got.vectorscope, [{ channel: 3, x: 0.5 + ((cb + 0.5) / 256 - 0.5) * magnification, y: 0.5 + (0.5 - (cr + 0.5) / 256) * magnification }],
      1.01 / 256, `vectorscope at ${x},${y}`);
    // On the histogram (256 bins of 8-bit levels): in each panel, each of its
    // channels at the middle of its bin, min(floor(v * 256 / 255), 255),
    // luminance's of 2126 R + 7152 G + 722 B out of 2550000, at the panel's foot.
    const bin = (v, of) => Math.min(255, Math.floor((v * 256) / of));
    const bins = [...[0, 1, 2].map((c) => bin(rgba[c], 255)), bin(2126 * rgba[0] + 7152 * rgba[1] + 722 * rgba[2], 2550000)];
    const rects = got.rects;
    const want = [];
    for (let i = 0; i < rects.length; i += 5) {
      const [px, py, pw, ph, mask] = rects.slice(i, i + 5);
      for (const c of [0, 1, 2, 3].filter((k) => mask & (1 << k))) want.push({ channel: c, x: px + (pw * (bins[c] + 0.5)) / 256, y: py + ph });
    }
    assert.equal(want.length, 4, 'R, G, B and luminance shown');
    close(got.panel, want, 1e-4, `histogram at ${x},${y}`);
  }
  await page.screenshot({ path: join(shots, 'studio-scope-points.png'), fullPage: true });
  // Off the picture: no marks.
  await page.mouse.move(pic.x + pic.width / 2, pic.y - 40);
  await textMatching(page, '#pixel-reading', pattern`^${messagePattern('en', 'studio-pixel-hint')}`);
  const off = await marks();
  for (const name of ['waveform', 'parade', 'vectorscope']) assert.deepEqual(off[name], [], name);
  assert.deepEqual(off.panel, [], 'histogram');
  assert.deepEqual(page.errors, []);
});

test('studio: a 16-bit pixel under the pointer is marked on the scopes at its nearest 8-bit values, which they count', async () => {
  // Two halves of known 16-bit colours: 65400 is 254.47 levels, so 254 (255 by
  // the histogram's bins), 40000 is 155.6 (156).
  const halves = [[12345, 40000, 65400], [300, 65535, 30000]];
  const [w, h] = [64, 8];
  const file = join(shots, 'halves-16.png');
  writeFileSync(file, png(w, h, () => Buffer.concat(Array.from({ length: w }, (_, x) => {
    const b = Buffer.alloc(6);
    halves[x < w / 2 ? 0 : 1].forEach((v, i) => b.writeUInt16BE(v, 2 * i));
    return b;
  })), 16));
  const nearest = (s) => Math.floor((s * 510 + 65535) / 131070);
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await pickFile(page, file);
  for (const name of ['waveform', 'parade', 'vectorscope']) await check(page, `scope-${name}`);
  await page.selectOption('#scope-waveform-channels', '0,1,2');
  await page.evaluate(() => document.querySelector('.studio-picture canvas').scrollIntoView({ block: 'center' }));
  const pic = await page.locator('.studio-picture canvas').boundingBox();
  const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
  const points = (name) => page.evaluate((n) => [...document.querySelector(`canvas.scope.${n}`).parentElement.querySelectorAll('.scope-point')]
    .map((p) => ({ channel: Number(p.className.match(/c(\d)/)[1]), x: parseFloat(p.style.left) / 100, y: parseFloat(p.style.top) / 100 })), name);
  const level = (v) => 1 - (v + 0.5) / 256;
  // At the middle of a pixel of each half: a move that lands a hair off stays on it.
  for (const fx of [16.5 / w, 48.5 / w]) {
    await page.mouse.move(Math.round(pic.x + pic.width * (rect[0] + rect[2] * fx)), Math.round(pic.y + pic.height * (rect[1] + rect[3] * 0.5)));
    // The reading of this place, not of the last one: the read back is awaited.
    const x = String(Math.floor(fx * w));
    const text = await textMatching(page, '#pixel-reading', pattern`^${messagePattern('en', 'studio-pixel-stored', { x, y: /\d+/ })}`);
    const stored = halves[Number(x) < w / 2 ? 0 : 1];
    // Its samples as stored, read back from the GPU, which alone holds them.
    assert.match(text, messagePattern('en', 'studio-pixel-stored', { x, y: /\d+/, r: String(stored[0]), g: String(stored[1]), b: String(stored[2]), a: /[\d,]+/, max: /[\d,]+/ }));
    const rgb = stored.map(nearest);
    const across = (Number(x) + 0.5) / w;
    const waveform = await until(() => points('waveform'), (p) => p.length === 3 && Math.abs(p[0].x - across) < 1e-4, `the waveform's points at column ${x}`);
    waveform.forEach((p, c) => assert.ok(p.channel === c && Math.abs(p.y - level(rgb[c])) < 1e-4, `waveform ${c}: ${JSON.stringify(p)}, level ${rgb[c]}`));
    (await points('parade')).forEach((p, c) => assert.ok(Math.abs(p.x - (c + across) / 3) < 1e-4 && Math.abs(p.y - level(rgb[c])) < 1e-4, `parade ${c}: ${JSON.stringify(p)}`));
    assert.equal((await points('vectorscope')).length, 1, 'the vectorscope marks it');
  }
  await page.screenshot({ path: join(shots, 'studio-16-bit-points.png') });
  assert.deepEqual(page.errors, []);
});

test('studio: reference lines typed as levels and percents lie at those levels on the waveform, the parade and the histogram; a word that is neither is said', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  await check(page, 'scope-waveform');
  await check(page, 'scope-parade');
  await page.fill('#scope-lines', '16, 235, 5%, 95%');
  await page.press('#scope-lines', 'Enter');
  // The levels by the definitions: 16 and 235 as typed, a percent of 255 to the
  // nearest level (5% = 12.75 -> 13, 95% = 242.25 -> 242), each at its level's
  // middle, in order along the axis.
  const levels = [13, 16, 235, 242];
  const texts = ['5%', '16', '235', '95%'];
  /** The labels of `css` whose boxes overlap another's. */
  const crossing = (css) => page.evaluate((c) => {
    const labels = [...document.querySelectorAll(c)];
    const boxes = labels.map((e) => e.getBoundingClientRect());
    const out = [];
    boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
      if (Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top)) out.push(`${labels[i].textContent} and ${labels[i + 1 + j].textContent}`);
    }));
    return out;
  }, css);
  const placed = (css, box) => page.evaluate(([c, b]) => [...document.querySelectorAll(c)].map((line) => {
    const outer = line.closest(b).getBoundingClientRect();
    const at = line.getBoundingClientRect();
    return { text: line.textContent, top: (at.top - outer.top) / outer.height, left: (at.left - outer.left) / outer.width };
  }), [css, box]);
  for (const name of ['waveform', 'parade']) {
    const lines = await until(() => placed(`canvas.scope.${name} ~ .scope-points .scope-ref`, '.scope-box'), (l) => l.length === 4, `${name}'s lines`);
    assert.deepEqual(lines.map((l) => l.text), texts);
    const height = await page.evaluate((n) => document.querySelector(`canvas.scope.${n}`).closest('.scope-box').getBoundingClientRect().height, name);
    lines.forEach((l, i) => assert.ok(Math.abs(l.top - (1 - (levels[i] + 0.5) / 256)) * height <= 1, `${name}: ${JSON.stringify(l)} for level ${levels[i]}`));
    // 16 and 5%, 235 and 95% lie a few rows apart: their labels side by side, none over another.
    assert.deepEqual(await crossing(`canvas.scope.${name} ~ .scope-points .scope-ref > span`), [], name);
  }
  // On the histogram: down each panel, at the level's place on its value axis.
  const rects = await page.evaluate(() => Array.from(window.page.view.panelRects()));
  const lines = await until(() => placed('.panel-ref', '.panel-plot'), (l) => l.length === 4 * (rects.length / 5), 'the histogram\'s lines');
  const width = await page.evaluate(() => document.querySelector('.panel-plot').getBoundingClientRect().width);
  for (let p = 0; p < rects.length / 5; p++) {
    const [x, , w] = rects.slice(p * 5, p * 5 + 3);
    lines.slice(p * 4, p * 4 + 4).forEach((l, i) => assert.ok(Math.abs(l.left - (x + (w * (levels[i] + 0.5)) / 256)) * width <= 1,
      `panel ${p}: ${JSON.stringify(l)} for level ${levels[i]}`));
  }
  assert.deepEqual(await crossing('.panel-ref > span'), [], 'the histogram\'s labels');
  await page.evaluate(() => document.querySelector('.studio-scopes').scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(shots, 'studio-reference-lines.png') });
  /** The graticule's values (100%, 90%…) shown over their scope's drawing, not in the strip beside it. */
  const covering = () => page.evaluate(() => [...document.querySelectorAll('.scope-label.edge')].filter((l) => l.checkVisibility()
    && l.getBoundingClientRect().left < l.closest('.scope-box').querySelector('canvas').getBoundingClientRect().right - 0.5).map((l) => l.textContent));
  assert.deepEqual(await covering(), [], 'the graticule\'s values beside the drawing');
  // The waveform's PNG carries them: its rows at 5% and 95% (levels 13, 242)
  // dashed in the lines' colour, 4 pixels on, 4 off.
  const button = '.studio-scope:has(canvas.waveform) figcaption button:nth-of-type(2)';
  assert.equal(await page.textContent(button), message('en', 'scope-png'));
  const png = decodePng((await downloaded(page, button)).bytes);
  assert.equal(png.height, 256);
  // Labelled as shown: the 50% line's value in the strip to the right.
  let label = 0;
  for (let y = 120; y < 136; y++) for (let x = png.width - 40; x < png.width; x++) label += png.rgba[(y * png.width + x) * 4] > 100 ? 1 : 0;
  assert.ok(label > 10, `the 50% label: ${label} pixels`);
  for (const level of levels) {
    const row = Array.from({ length: 8 }, (_, x) => Array.from(png.rgba.slice(((255 - level) * png.width + x) * 4, ((255 - level) * png.width + x) * 4 + 3)));
    for (let x = 0; x < 4; x++) assert.deepEqual(row[x], [0x7f, 0xd4, 0xff], `level ${level}, x ${x}`);
  }
  // On a phone the scopes are short and the panel narrow: lines 20 levels apart,
  // nearer there than a label's height, have their labels apart too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.querySelector('canvas.scope.waveform').getBoundingClientRect().width < 390);
  await page.fill('#scope-lines', '16, 36, 235');
  await page.press('#scope-lines', 'Enter');
  for (const name of ['waveform', 'parade']) {
    await until(() => placed(`canvas.scope.${name} ~ .scope-points .scope-ref`, '.scope-box'), (l) => l.length === 3, `${name}'s lines at 390`);
    assert.deepEqual(await crossing(`canvas.scope.${name} ~ .scope-points .scope-ref > span`), [], `${name} at 390`);
    // The graticule's values too: those that would touch are left out, 0% and 100% kept.
    const values = `canvas.scope.${name} ~ .scope-labels .scope-label.edge`;
    // (Thinned in the frame after a resize.)
    await until(() => crossing(values), (c) => c.length === 0, `${name}'s values apart at 390`);
    const shown = await page.$$eval(values, (l) => l.filter((x) => x.checkVisibility()).map((x) => x.textContent));
    assert.ok(shown.includes('0%') && shown.includes('100%') && shown.length >= 6, `${name}'s values at 390: ${shown}`);
  }
  await until(() => placed('.panel-ref > span', '.panel-plot'), (l) => l.length === 3 && l[1].text === '36', 'the histogram\'s lines at 390');
  assert.deepEqual(await crossing('.panel-ref > span'), [], 'the histogram\'s labels at 390');
  assert.deepEqual(await covering(), [], 'the graticule\'s values beside the drawing at 390');
  await page.evaluate(() => document.querySelector('.studio-scopes').scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(shots, 'studio-reference-lines-390.png') });
  // A word that is neither a level nor a percent: said, and the lines stay.
  await page.fill('#scope-lines', '16, 300');
  await page.press('#scope-lines', 'Enter');
  await textMatching(page, '#scope-lines-said', pattern`^${messagePattern('en', 'scope-lines-unread', { word: /300/ })}$`);
  assert.equal((await placed('canvas.scope.waveform ~ .scope-points .scope-ref', '.scope-box')).length, 3);
  // Emptied: no lines.
  await page.fill('#scope-lines', '');
  await page.press('#scope-lines', 'Enter');
  await until(() => placed('.scope-ref, .panel-ref', 'body'), (l) => l.length === 0, 'no lines');
  assert.equal(await page.textContent('#scope-lines-said'), '');
  assert.deepEqual(page.errors, []);
});

test('studio: zebra at 0% stripes every pixel of a playing video\'s frames, and goes with the overlay', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await page.setInputFiles('#file', testVideo);
  await waitState(page, 'playing');
  await page.waitForFunction(() => window.page.frames > 2);
  // The share of the shown frame's pixels that are black (the zebra's stripes).
  const black = async () => {
    const rect = await page.evaluate(() => Array.from(window.page.view.pictureRect()));
    const shot = decodePng(await page.locator('.studio-picture canvas').screenshot());
    let [all, dark] = [0, 0];
    for (let y = Math.ceil(shot.height * rect[1]) + 2; y < Math.floor(shot.height * (rect[1] + rect[3])) - 2; y++) {
      for (let x = Math.ceil(shot.width * rect[0]) + 2; x < Math.floor(shot.width * (rect[0] + rect[2])) - 2; x++) {
        const i = (y * shot.width + x) * 4;
        all += 1;
        if (shot.rgba[i] + shot.rgba[i + 1] + shot.rgba[i + 2] < 12) dark += 1;
      }
    }
    return dark / all;
  };
  const choose = (kind, level) => chooseOverlay(page, kind, level);
  const before = await black();
  // At 0% every pixel is at or above the level: stripes 4 canvas pixels wide every
  // 8 across the diagonal, half the frame black whatever it shows (less, 0.4 or so,
  // read from the screen, the canvas scaled to its box).
  await choose('zebra', 0);
  const striped = await until(black, (share) => share > 0.3 && share > before + 0.2, 'the frames striped');
  await page.locator('.studio-picture canvas').screenshot({ path: join(shots, 'studio-zebra-video.png') });
  await choose('off', 95);
  const after = await until(black, (share) => share < before + 0.1, 'the stripes gone');
  process.stderr.write(`zebra on video: ${before.toFixed(3)} black, ${striped.toFixed(3)} striped, ${after.toFixed(3)} after\n`);
  assert.deepEqual(page.errors, []);
});

test('studio: the cumulative view stands each bin at the share of pixels at or under it, as the command line counts them', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const file = fixtures.path('thirds-96x64.png');
  await pickFile(page, file);
  for (const c of [0, 1, 2]) await check(page, `show-${c}`, false);
  await page.check('input[name=scale][value=cumulative]');
  // One panel, luminance alone, unlabelled: the last bin reaches 90% of it
  // (src/gpu/bars.rs), each bin its share of the pixels up to it.
  const rects = await until(() => page.evaluate(() => Array.from(window.page.view.panelRects())), (r) => r.length === 5, 'one panel');
  const luminance = cli(file).luminance;
  const shares = luminance.map((_, b) => luminance.slice(0, b + 1).reduce((a, n) => a + n, 0) / (96 * 64));
  const bars = async () => {
    // The canvas inside its 1-pixel border, scrolled into the window.
    await page.evaluate(() => document.getElementById('panel').scrollIntoView({ block: 'center' }));
    const outer = await page.locator('#panel').boundingBox();
    const box = { x: outer.x + 1, y: outer.y + 1, width: outer.width - 2, height: outer.height - 2 };
    const [x, y, w, h] = rects.slice(0, 4).map((v, i) => v * [box.width, box.height][i % 2]);
    const { width, rgba } = decodePng(await page.screenshot());
    return [10, 64, 127, 128, 200, 254, 255].map((bin) => {
      const col = Math.floor(box.x + x + (w * (bin + 0.5)) / 256);
      const bottom = Math.round(box.y + y + h);
      let top = bottom;
      for (let row = Math.round(box.y + y); row < bottom; row++) {
        const i = (row * width + col) * 4;
        // The luminance bars are white.
        if (rgba[i] + rgba[i + 1] + rgba[i + 2] > 600) { top = row; break; }
      }
      return { bin, height: bottom - top, want: 0.9 * h * shares[bin] };
    });
  };
  const measured = await until(bars, (all) => all.every((b) => Math.abs(b.height - b.want) <= 2), 'bars at their cumulative shares');
  assert.deepEqual(measured.map((b) => b.bin), [10, 64, 127, 128, 200, 254, 255]);
  await page.screenshot({ path: join(shots, 'studio-cumulative.png') });
  // Back to linear: the bins between the thirds' levels are empty again.
  await page.check('input[name=scale][value=linear]');
  await until(bars, (all) => all.find((b) => b.bin === 64).height <= 2, 'bin 64 empty in the linear view');
  assert.deepEqual(page.errors, []);
});

test('studio: scopes held as B stay as they were under the live ones while the picture changes, and export as held; let go, they go', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  await pickFile(page, fixtures.path('thirds-96x64.png'));
  await check(page, 'scope-waveform');
  await check(page, 'scope-vectorscope');
  const live = '.studio-scope:has(canvas.waveform) figcaption button:nth-of-type(2)';
  const heldPng = '.studio-scope:has(canvas.waveform) .scope-held button';
  const before = await downloaded(page, live);
  await page.click('#scope-hold');
  const shown = () => page.evaluate(() => [...document.querySelectorAll('.scope-held:not([hidden]) img')]
    .map((img) => ({ scope: img.classList[1], drawn: img.complete && img.naturalHeight > 0, alt: img.alt })));
  const b = await until(shown, (all) => all.length === 2 && all.every((x) => x.drawn), 'two scopes held');
  const moment = 'thirds-96x64.png';
  assert.deepEqual(b.map((x) => x.scope), ['waveform', 'vectorscope']);
  assert.equal(b[0].alt, message('en', 'scope-held-alt', { scope: message('en', 'scope-title-waveform'), moment }));
  assert.equal(await page.textContent('.studio-scope:has(canvas.waveform) .scope-held-caption span'), message('en', 'scope-held', { moment }));
  assert.equal(await page.isHidden('#scope-let-go'), false);
  // B's PNG is the live PNG of the moment it was held.
  const first = await downloaded(page, heldPng);
  assert.deepEqual([first.name, first.bytes.equals(before.bytes)], ['thirds-96x64-waveform-B.png', true], 'B is the waveform as it was');
  // Another picture: the live waveform changes, B stays as it was.
  await pickFile(page, fixtures.path('photo-2448x1505.png'));
  const after = await downloaded(page, live);
  assert.ok(!after.bytes.equals(before.bytes), 'the live waveform is the new picture\'s');
  const again = await downloaded(page, heldPng);
  assert.deepEqual([again.name, again.bytes.equals(before.bytes)], ['thirds-96x64-waveform-B.png', true], 'B unchanged, named by its file');
  await page.evaluate(() => document.querySelector('.studio-scope:has(canvas.waveform)').scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(shots, 'studio-scopes-held.png') });
  // Held again with the vectorscope hidden: B is one moment, the old vectorscope goes.
  await check(page, 'scope-vectorscope', false);
  await page.click('#scope-hold');
  await until(shown, (all) => all.length === 1 && all[0].scope === 'waveform' && all[0].alt.includes('photo-2448x1505.png'), 'the waveform alone held again');
  // Let go: B goes, and the focus returns to the button that holds.
  await page.click('#scope-let-go');
  await until(shown, (all) => all.length === 0, 'nothing held');
  assert.deepEqual([await page.evaluate(() => document.activeElement.id), await page.isHidden('#scope-let-go')], ['scope-hold', true]);
  assert.deepEqual(page.errors, []);
});

test('studio: the panel PNG carries the values under its bars and its whole heading, wrapped, however long the file\'s name, as wide as the panel where its table fits', async () => {
  const page = await browser.open('/www/studio.html', { viewport: { width: 1400, height: 900 } });
  const dir = mkdtempSync(join(tmpdir(), 'histogram-long-'));
  const file = join(dir, `${'a-long-name-of-a-picture-'.repeat(5)}thirds.png`);
  copyFileSync(fixtures.path('thirds-96x64.png'), file);
  try {
    await pickFile(page, file);
    const ticks = await until(() => page.$$eval('.panel-axis .tick', (t) => t.map((x) => parseFloat(x.style.left) / 100)), (t) => t.length === 5, 'the axis');
    const [pw, ph] = await page.$eval('#panel', (c) => [c.width, c.height]);
    const { bytes } = await downloaded(page, '#png');
    writeFileSync(join(shots, 'studio-panel-export.png'), bytes);
    // The pixels lit (text, bars) in a box of a decoded PNG.
    const litIn = ({ width: w, height: h, rgba }, x0, y0, x1, y1) => {
      let n = 0;
      for (let y = Math.max(0, y0); y < Math.min(h, y1); y++) {
        for (let x = Math.max(0, x0); x < Math.min(w, x1); x++) n += rgba[(y * w + x) * 4] + rgba[(y * w + x) * 4 + 1] > 300 ? 1 : 0;
      }
      return n;
    };
    const shot = decodePng(bytes);
    const { width, height } = shot;
    const lit = (...box) => litIn(shot, ...box);
    // Each value under the panel where the page shows it (0, 64, 128, 192, 255).
    for (const x of ticks) assert.ok(lit(Math.round(x * pw) - 16, ph + 2, Math.round(x * pw) + 16, ph + 18) > 5, `a value at ${x}`);
    // The heading broken onto a second line (left of the table's first column),
    // and no text reaching the right edge.
    assert.ok(lit(8, ph + 44, 150, ph + 58) > 20, 'the heading\'s second line');
    assert.equal(lit(width - 2, ph, width, height), 0, 'nothing cut at the right edge');
    // The table fits under the panel here: the PNG is as wide as the panel.
    assert.equal(width, pw, 'as wide as the panel');
    // On a phone the panel is narrower than the table: centred over it, its
    // values where the page shows them, the table whole.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await until(() => page.$eval('#panel', (c) => [c.width, c.height]), ([w]) => w < pw, 'the panel drawn narrower');
    const phoneBytes = (await downloaded(page, '#png')).bytes;
    writeFileSync(join(shots, 'studio-panel-export-phone.png'), phoneBytes);
    const phone = decodePng(phoneBytes);
    const left = Math.floor((phone.width - narrow[0]) / 2);
    assert.ok(phone.width >= narrow[0], 'at least as wide as the panel');
    for (const x of ticks) assert.ok(litIn(phone, left + Math.round(x * narrow[0]) - 16, narrow[1] + 2, left + Math.round(x * narrow[0]) + 16, narrow[1] + 18) > 5, `a value at ${x} on a phone`);
    assert.equal(litIn(phone, phone.width - 2, narrow[1], phone.width, phone.height), 0, 'nothing cut at the right edge on a phone');
  } finally { rmSync(dir, { recursive: true, force: true }); }
  assert.deepEqual(page.errors, []);
});
