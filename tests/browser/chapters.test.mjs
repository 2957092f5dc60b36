// The chapters as a reader uses them (issue #58): each compute step's diagram, played
// by the simulator, ends with the bins its kernel counts on the GPU on the page, and
// with the article's own counts of its 6x7 picture; the race's losses are those its
// interleaving makes, replayed here apart from the page; the diagrams answer the
// keyboard and keep still where motion is to be reduced; each pass is timed; the
// article's figures appear beside the visitor's only for a picture of their size;
// the introduction says where each pixel is counted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { suite, shots, engine, waitState, textMatching, presented } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser } = suite();

// The article's 6x7 picture in 3 bins a channel, worked out by hand from its three
// colours (blue 34,51,255; red 255,85,85; yellow 255,221,0: 18, 16 and 8 pixels).
// Luminance: blue 0.24 (bin 0), red 0.48 (1), yellow 0.83 (2). R: blue 0, red and
// yellow 2. G: blue 0, red 85/255 = 1/3 (bin 1), yellow 2. B: blue 2, red 1, yellow 0.
const LUMINANCE = [18, 16, 8];
const FOUR = [[18, 0, 24], [18, 16, 8], [8, 16, 18], [18, 16, 8]];
const interleaved = (channels) => channels === 1 ? LUMINANCE
  : Array.from({ length: 12 }, (_, i) => FOUR[i % 4][Math.floor(i / 4)]);

/** The page's diagram once the GPU's count of its picture is beside it. */
async function diagramOf(page) {
  await page.waitForFunction(() => window.page?.diagram?.gpuBins);
  return page.evaluate(() => {
    const d = window.page.diagram;
    return { trace: d.trace, gpu: d.gpuBins, equal: document.querySelector('.sd-result').dataset.equal };
  });
}

for (const [id, channels] of [['single', 1], ['atomic', 1], ['chunks-sum', 1], ['chunks-reduce', 1], ['4ch-single', 4], ['4ch-chunks-reduce', 4], ['privatized', 4], ['fragment', 4], ['packed', 4]]) {
  test(`${id}: the simulated kernel ends with the bins the kernel counts on this GPU, and the article's`, async () => {
    const page = await browser.open(`/www/${id}.html`);
    const { trace, gpu, equal } = await diagramOf(page);
    assert.deepEqual(trace.bins, interleaved(channels), 'the simulation, against the article\'s counts');
    assert.deepEqual(gpu, interleaved(channels), 'the kernel on the GPU');
    assert.equal(equal, 'true');
    assert.ok(trace.steps.length > 40);
    // Privatized and packed: one add to storage a private bin that is not zero (R's bin 1 is).
    if (id === 'privatized' || id === 'packed') assert.equal(trace.steps.filter((s) => s.act === 'add' && s.at.in === 'bins').length, 11);
    assert.deepEqual(page.errors, []);
  });
}

test('GPU drawing: the scale and draw passes, played from their WGSL, colour the canvas as this GPU draws it', async () => {
  const page = await browser.open('/www/4ch-gpu-draw.html');
  // The article's counts drawn by hand: scale max(1 / tallest, 0.2 × 3 / 42) a channel;
  // a fragment's bin from its column, its height the centre of its row from the top.
  const covered = (shown) => {
    let n = 0;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 6; x++) {
        const bin = Math.floor(((x + 0.5) / 6) * 3);
        const at = 1 - (y + 0.5) / 8;
        if (shown.some((ch) => FOUR[ch][bin] * Math.max(1 / Math.max(...FOUR[ch]), 0.6 / 42) > at)) n++;
      }
    }
    return n;
  };
  const drawn = async () => {
    await page.waitForFunction(() => window.page?.diagram?.gpuBins && document.querySelector('.sd-result')?.dataset.equal);
    return page.evaluate(() => {
      const d = window.page.diagram;
      const canvas = d.canvasAt(d.trace.steps.length);
      // As JSON: the canvas's pixels are the trace's own arrays, which WebDriver BiDi sends once.
      return JSON.parse(JSON.stringify({ trace: d.trace, canvas, gpu: d.gpuBins, shown: d.shown, equal: document.querySelector('.sd-result').dataset.equal, said: document.querySelector('.sd-result').textContent }));
    });
  };
  let { trace, canvas, gpu, equal, said } = await drawn();
  assert.deepEqual(trace.bins, interleaved(4), 'the bins it draws are the picture\'s');
  assert.deepEqual(trace.passes.map((p) => p.kernel), ['scale', 'draw']);
  assert.equal(canvas.filter((p) => p[3] !== 0).length, covered([0, 1, 2]), 'R, G and B shown: the pixels under a bar');
  assert.deepEqual(canvas.flat(), gpu, 'this GPU\'s canvas');
  assert.equal(equal, 'true', said);
  // Each put of the scale is the article's rule, and every fragment wrote its pixel.
  const put = trace.steps.find((s) => s.act === 'put' && s.at.member === 0).value;
  FOUR.forEach((bins, ch) => assert.ok(Math.abs(put[ch] - Math.max(1 / Math.max(...bins), 0.6 / 42)) < 1e-6));
  assert.equal(trace.steps.filter((s) => s.act === 'colour').length, 48);
  // The luminance canvas: channelMult (0, 0, 0, 1), simulated and drawn again.
  await page.selectOption('.sd-shown', '1');
  await page.waitForFunction(() => window.page.diagram.shown.length === 1 && window.page.diagram.gpuBins);
  ({ canvas, gpu, equal, said } = await drawn());
  assert.equal(canvas.filter((p) => p[3] !== 0).length, covered([3]));
  assert.deepEqual(canvas.flat(), gpu);
  assert.equal(equal, 'true', said);
  // A fragment's colour said in words: its bars, its mask, its colour.
  await page.click(`.sd-controls button[aria-label="${message('en', 'diagram-end')}"]`);
  await page.click(`.sd-controls button[aria-label="${message('en', 'diagram-back')}"]`);
  assert.match(await page.textContent('.sd-now'), messagePattern('en', 'diagram-step-colour', { shown: 'L', mask: /\d+/ }));
  assert.deepEqual(page.errors, []);
});

test('race: the diagram loses what its interleaving loses, each loss named, and another seed is another run', async () => {
  const page = await browser.open('/www/race.html');
  const { trace } = await diagramOf(page);
  const replay = (t) => {
    const bins = new Array(t.num_bins * t.channels).fill(0);
    const loaded = new Map();
    let made = 0;
    for (const s of t.steps) {
      if (s.act === 'load') {
        assert.equal(bins[s.at.bin], s.value, 'a load finds what was stored');
        loaded.set(s.invocation, s.value);
      } else if (s.act === 'store') {
        assert.equal(s.value, loaded.get(s.invocation) + 1);
        bins[s.at.bin] = s.value;
        made++;
      }
    }
    return { bins, lost: made - bins.reduce((a, b) => a + b, 0) };
  };
  let found = { lost: false, none: false };
  // Four workgroups at once lose counts under most seeds; one at a time never can.
  for (const [slots, seeds] of [['4', 12], ['1', 3]]) {
  await page.selectOption('.sd-slots', slots);
  for (let seed = 1; seed <= seeds; seed++) {
    await page.fill('.sd-seed', String(seed));
    await page.dispatchEvent('.sd-seed', 'change');
    const t = await page.evaluate(() => window.page.diagram.trace);
    const { bins, lost } = replay(t);
    assert.deepEqual(bins, t.bins, `seed ${seed}: the steps replayed here end with the page's bins`);
    assert.equal(lost, t.lost.reduce((a, b) => a + b, 0), `seed ${seed}: the losses counted here are the page's`);
    assert.deepEqual(t.bins.map((b, i) => b + t.lost[i]), LUMINANCE, `seed ${seed}: what is kept and lost make the article's counts`);
    const said = await page.textContent('.sd-losses');
    if (lost > 0) {
      found.lost = true;
      assert.match(said, messagePattern('en', 'diagram-losses', { lost: String(lost), count: lost }));
    } else {
      found.none = true;
      assert.match(said, pattern`${messagePattern('en', 'diagram-losses-none')}|${messagePattern('en', 'diagram-losses-none-alone')}`);
    }
    if (slots === '1') assert.equal(lost, 0, 'one workgroup at a time loses nothing');
  }
  }
  assert.ok(found.lost && found.none, 'some runs lose counts and some lose none');
  assert.deepEqual(page.errors, []);
});

// The subgroups chapter's 8x5 picture (src/sim's sky_picture), by rows: s sky, u sun,
// g and G light and dark grass, y flowers. Its bins, 3 a channel, worked out by hand
// from the colours: sky 110,165,235 (R 1, G 1, B 2, L 0.62: 1); sun 255,220,90
// (2, 2, 1, 2); grass 90,160,70 (1, 1, 0, 1); dark grass 30,80,35 (0, 0, 0, 0);
// flowers 240,200,40 (2, 2, 0, 2). 22 sky, 2 sun, 7 and 7 grass, 2 flowers.
const SKY = ['ssssssss', 'sssuusss', 'ssssssss', 'gGgyGgGg', 'GgGGgyGg'].join('');
const SKY_FOUR = [[7, 29, 4], [7, 29, 4], [16, 2, 22], [7, 29, 4]];
const skyBins = Array.from({ length: 12 }, (_, i) => SKY_FOUR[i % 4][Math.floor(i / 4)]);
/** The adds to workgroup memory a channel in subgroups of `lanes`, lane i on pixel i:
 * one for a subgroup whose pixels are one colour, else one a pixel. */
const skyAdds = (lanes) => {
  let adds = 0;
  for (let k = 0; k < SKY.length; k += lanes) {
    const pixels = SKY.slice(k, k + lanes);
    adds += [...pixels].every((p) => p === pixels[0]) ? 1 : pixels.length;
  }
  return adds;
};
const localAdds = (trace) => trace.steps.filter((s) => s.act === 'add' && s.at.in === 'local').length;

test('subgroups: the diagram plays the GPU\'s subgroups; its bins are the picture\'s and the kernel\'s, its adds the GPU\'s', async () => {
  const page = await browser.open('/www/subgroups.html');
  const has = await page.evaluate(async () => (await navigator.gpu.requestAdapter()).features.has('subgroups'));
  if (has) {
    await page.waitForFunction(() => window.page?.diagram?.tallied && window.page.diagram.trace.lanes === window.page.diagram.tallied.lanes);
    const { trace, gpu, tally, equal } = await page.evaluate(() => {
      const d = window.page.diagram;
      return { trace: d.trace, gpu: d.gpuBins, tally: d.tallied, equal: document.querySelector('.sd-tally').dataset.equal };
    });
    assert.deepEqual(trace.bins, skyBins, 'the simulation, against the picture counted by hand');
    assert.deepEqual(gpu, skyBins, 'the kernel on the GPU');
    assert.equal(tally.adds, 4 * skyAdds(tally.lanes), `the GPU's adds in subgroups of ${tally.lanes}, against the picture's subgroups counted here`);
    assert.equal(localAdds(trace), tally.adds, 'the simulation\'s adds');
    assert.equal(equal, 'true');
    assert.match(await page.textContent('.sd-tally'), messagePattern('en', 'diagram-tally-gpu', { lanes: String(tally.lanes), adds: String(tally.adds) }));
  } else {
    await page.waitForFunction(() => /needs subgroups/.test(document.querySelector('.sd-result')?.textContent));
    assert.equal(await page.evaluate(() => window.page.diagram.trace.lanes), 8, 'the diagram plays 8 lanes');
  }
  // Each size the diagram offers: its subgroups that agree add once.
  for (const lanes of [4, 8, 16, 32]) {
    await page.selectOption('.sd-lanes', String(lanes));
    const trace = await page.evaluate(() => window.page.diagram.trace);
    assert.equal(trace.lanes, lanes);
    assert.deepEqual(trace.bins, skyBins, `${lanes} lanes: the bins`);
    assert.equal(localAdds(trace), 4 * skyAdds(lanes), `${lanes} lanes: the adds`);
  }
  // Stepped to a subgroup's vote, the page says what it answered.
  await page.selectOption('.sd-lanes', '4');
  const voted = await page.evaluate(() => window.page.diagram.trace.steps.findIndex((s) => s.act === 'voted' && s.vote.fn === 'all' && s.vote.alike));
  await page.evaluate((at) => { const s = document.querySelector('.sd-scrub'); s.value = at; s.dispatchEvent(new Event('input')); }, voted + 1);
  const alike = messagePattern('en', 'diagram-step-voted-alike', { subgroup: /\d+/, function: 'subgroupAll', lanes: '4' });
  assert.match(await page.textContent('.sd-now'), messagePattern('en', 'diagram-now', { at: /\d+/, steps: /\d+/, step: alike }, { whole: true }));
  await page.evaluate(() => document.querySelector('.step-diagram').scrollIntoView());
  writeFileSync(join(shots, 'subgroups-diagram.png'), await page.locator('.step-diagram').screenshot());
  assert.deepEqual(page.errors, []);
});

test('the diagrams answer the keyboard, play, move each value, and keep still where motion is reduced', async () => {
  // A reader who asked for reduced motion (the page reads it with matchMedia).
  const page = await browser.open('/www/atomic.html', {
    init: () => {
      const ask = window.matchMedia.bind(window);
      // Asked for until the test lets motion be (window.motionAllowed).
      window.matchMedia = (query) => (query.includes('prefers-reduced-motion')
        ? { get matches() { return !window.motionAllowed; }, media: query, addEventListener() {}, removeEventListener() {} }
        : ask(query));
    },
  });
  await page.evaluate(() => document.querySelector('.step-diagram').scrollIntoView());
  // In view (its observer runs in the rendering steps waited for), it does not play.
  await presented(page);
  await presented(page);
  const at = () => page.evaluate(() => window.page.diagram.at);
  assert.equal(await page.evaluate(() => window.page.diagram.playing), false, 'no motion by itself');
  assert.equal(await at(), 0, 'no motion by itself');
  await page.focus('.step-diagram');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await at(), 3);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await at(), 2);
  assert.match(await page.textContent('.sd-now'), pattern`^${messagePattern('en', 'diagram-now', { at: '2', steps: /\d+/ })}`);
  await page.keyboard.press('End');
  const steps = await page.evaluate(() => window.page.diagram.trace.steps.length);
  assert.equal(await at(), steps);
  await page.keyboard.press('Home');
  assert.equal(await at(), 0);
  // A pixel read travels from the picture to its invocation, an atomicAdd from the
  // invocation to its bin: a token drawn where it arrives, flying in from where it
  // left. Where motion is reduced none is made: the bin added to is framed.
  const stepTo = (act) => page.evaluate((act) => {
    const s = document.querySelector('.sd-scrub');
    s.value = window.page.diagram.trace.steps.findIndex((step) => step.act === act) + 1;
    s.dispatchEvent(new Event('input'));
    const t = document.querySelector('.sd-token');
    return { touched: document.querySelectorAll('.sd-touched').length, token: t && { dx: parseFloat(t.style.getPropertyValue('--dx')), dy: parseFloat(t.style.getPropertyValue('--dy')), fill: t.getAttribute('fill'), animation: getComputedStyle(t).animationName } };
  }, act);
  assert.deepEqual(await stepTo('add'), { touched: 1, token: null }, 'still: the bin framed, no token');
  await page.evaluate(() => { window.motionAllowed = true; });
  for (const act of ['pixel', 'add']) {
    const { token } = await stepTo(act);
    assert.ok(token && Math.hypot(token.dx, token.dy) > 20, `${act}: ${JSON.stringify(token)}`);
    assert.match(token.fill, /^rgb\(/, 'in its pixel\'s colour');
    // The page's CSS is not asked to reduce motion (only its script is, above).
    assert.equal(token.animation, 'sd-fly');
  }
  await page.evaluate(() => { window.motionAllowed = false; });
  // Space plays, and the diagram moves on; Space again pauses.
  const from = await at();
  await page.keyboard.press(' ');
  await page.waitForFunction((from) => window.page.diagram.at > from, from);
  await page.keyboard.press(' ');
  const paused = await at();
  assert.equal(await page.evaluate(() => window.page.diagram.playing), false);
  await presented(page);
  assert.equal(await at(), paused);
  // The buttons do the same by Tab and Enter.
  await page.focus(`.sd-controls button[aria-label="${message('en', 'diagram-forward')}"]`);
  await page.keyboard.press('Enter');
  assert.equal(await at(), paused + 1);
  // Mid-play screenshots, at both sizes.
  for (const [width, height] of [[1400, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => { const s = document.querySelector('.sd-scrub'); s.value = Math.floor(s.max / 2); s.dispatchEvent(new Event('input')); });
    await page.screenshot({ path: join(shots, `diagram-atomic-${width}.png`), fullPage: true });
  }
  assert.deepEqual(page.errors, []);
});

test('chunks + reduce: every pass is named and timed, or the page says it cannot be', async () => {
  const page = await browser.open('/www/chunks-reduce.html');
  const passes = await page.evaluate(() => JSON.parse(window.page.outcome.passes()));
  assert.deepEqual(passes.map((p) => p.pass.replace(/\d+$/, 'N')),
    ['chunks', ...passes.slice(1, -1).map(() => 'reduce:N'), 'sum']);
  const table = await page.textContent('#passes');
  if (engine === 'chromium') {
    assert.ok(passes.some((p) => p.ms > 0), 'timestamps in Chromium');
    assert.match(table, pattern`chunks[^]*${messagePattern('en', 'pass-name-stride', { kernel: 'reduce', stride: '1' })}[^]*sum`);
  } else {
    assert.match(table, pattern`${messagePattern('en', 'passes-caption')}|${messagePattern('en', 'passes-untimed', { count: passes.length })}`);
  }
  // The dispatches said are the run's own, for this picture.
  const said = await page.textContent('[data-fact="dispatch"]');
  const chunks = messagePattern('en', 'facts-dispatch', { pass: 'chunks', workgroups: '2,400', workgroupCount: 2400, invocations: '256', invocationCount: 256 });
  assert.match(said, pattern`dispatchWorkgroups\(4, 600\) ${chunks}`);
  assert.match(await page.textContent('[data-fact="steps"]'), /^12$/);
  assert.deepEqual(page.errors, []);
});

test('the article\'s figures are set beside the visitor\'s only for a picture of their size', async () => {
  const page = await browser.open('/www/cpu.html');
  assert.equal(await page.locator('#article-beside').count(), 0, '960x600: no figures beside');
  assert.match(await page.textContent('.published'), messagePattern('en', 'published-article-size', { size: '2448×1505' }));
  await page.evaluate(() => { document.body.dataset.state = 'picking'; });
  await page.click(`text=${message('en', 'published-size-button', { size: '2448×1505', whose: 'article' })}`);
  await waitState(page, 'done');
  const table = await page.textContent('#article-beside');
  assert.match(table, pattern`${messagePattern('en', 'published-article-machine', { machine: 'M1 Mac' })}3`);
  assert.match(table, messagePattern('en', 'published-here-loop'));
  assert.match(await page.textContent('#simple-beside'), messagePattern('en', 'readout-same-bins'));
  assert.deepEqual(page.errors, []);
});

test('introduction: each pixel says where it is counted, each bar shows its pixels and stands as tall as its count', async () => {
  const page = await browser.open('/www/intro.html');
  assert.deepEqual(await page.evaluate(() => window.page.counts), LUMINANCE);
  const first = '.intro-row:first-child .intro-pixel:first-child';
  await page.hover(first);
  await textMatching(page, '#pixel-now', messagePattern('en', 'intro-pixel-now', {
    x: 0, y: 0, colour: message('en', 'intro-colour-blue'), rgb: '34, 51, 255', luminance: '0.244', bin: 0, others: 17,
  }));
  await page.focus(first);
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('#pixel-now'), messagePattern('en', 'intro-pixel-now', { x: 1, y: 0, colour: message('en', 'intro-colour-yellow'), bin: 2 }));
  await page.press('.intro-bar:nth-child(2)', 'Enter');
  assert.equal(await page.locator('.intro-pixel.in-bin').count(), 16);
  for (const [width, height] of [[1400, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    // Each bar as tall as its count, as drawn: heights in the counts' proportions.
    const heights = await page.$$eval('.intro-bar-fill', (fills) => fills.map((f) => f.getBoundingClientRect().height));
    const tallest = Math.max(...LUMINANCE);
    LUMINANCE.forEach((count, bin) => assert.ok(Math.abs(heights[bin] / Math.max(...heights) - count / tallest) < 0.02,
      `${width} px: bin ${bin}'s bar is ${heights.map((h) => h.toFixed(0)).join(', ')} px for ${LUMINANCE.join(', ')} pixels`));
    await page.screenshot({ path: join(shots, `intro-${width}.png`), fullPage: true });
  }
  assert.deepEqual(page.errors, []);
});
