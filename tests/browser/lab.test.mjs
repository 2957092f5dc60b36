// The kernel lab (issue #62) under a chapter's kernel, in both engines: the step's
// own kernels run exact; an edit that miscounts is shown not exact with the bins it
// got wrong, checked against the file's histogram made outside the browser; a
// compile error is shown at its line; a loop that never ends is stopped and the
// page counts on; a shared link brings the text back; an edit plays in the
// step-through diagram, beside the GPU's run of the same text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { suite, shots, pickFile } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

const { browser, fixtures } = suite({ fixtures: true });
const FILE = 'rgb16-193x67.png';

// The lab's verdicts, by their messages: exact, not exact (counts in the wrong
// bins, or too many or few), not run, stopped, or could not run.
const VERDICT = pattern`^(?:${['lab-exact', 'lab-not-exact-placed', 'lab-not-exact-counted', 'lab-refused', 'lab-does-not-compile',
  'lab-stopped-before', 'lab-stopped-late', 'lab-halted-pressed', 'lab-halted-budget', 'lab-guard-stopped', 'lab-could-not-run']
  .map((id) => messagePattern('en', id, id.startsWith('lab-not-exact') ? { count: ['one', 'other'] } : {}).source).join('|')})`;
const EXACT = pattern`^${messagePattern('en', 'lab-exact')}`;
/** Not exact, either way, with `args` (its figures). */
const notExact = (args) => pattern`^(?:${messagePattern('en', 'lab-not-exact-placed', args)}|${messagePattern('en', 'lab-not-exact-counted', args)})`;

const verdict = async (page) => {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-status').textContent), VERDICT.source);
  return page.textContent('.lab-status');
};
const run = async (page, text) => {
  if (text !== undefined) await page.evaluate((t) => window.page.lab.set(t), text);
  await page.evaluate(() => { document.querySelector('.lab-status').textContent = ''; });
  await page.click('.lab-run');
  return verdict(page);
};
const openLab = async (page) => {
  await page.click('details.lab > summary');
  await page.waitForFunction(() => window.page.lab?.text()?.startsWith('// ---- '));
  return page.evaluate(() => window.page.lab.text());
};
/** `lines` first in the body of the entry point cs. */
const inCs = (text, lines) => {
  const body = text.indexOf('{\n', text.indexOf('fn cs(')) + 2;
  return text.slice(0, body) + lines + text.slice(body);
};

test('lab: the step’s kernels are exact; an edit that counts twice is not, each wrong bin shown', async () => {
  const page = await browser.open('/www/atomic.html');
  await pickFile(page, fixtures.path(FILE));
  const own = await openLab(page);
  assert.match(await run(page), messagePattern('en', 'lab-exact', { pixels: '12,931' }, { whole: true }));
  const exact = await page.evaluate(() => window.page.lab.report);
  assert.ok(exact.runs >= 1 && exact.original.passes.length === 1 && exact.edited.passes[0][0] === 'atomic');
  assert.equal(await page.locator('.lab-times tbody tr').count(), 2);

  assert.match(await run(page, own.replace(', 1u);', ', 2u);')), notExact({ wrong: /\d+/, count: 'other' }));
  const report = await page.evaluate(() => window.page.lab.report);
  const rows = fixtures.rows(FILE, 1);
  const filled = rows.map((r, bin) => [bin, r[0]]).filter(([, n]) => n > 0);
  assert.deepEqual(report.wrong.map((w) => [w.bin, w.expected, w.counted]), filled.map(([bin, n]) => [bin, n, 2 * n]));
  assert.equal(report.counted, 2 * 193 * 67);
  assert.equal(await page.locator('.lab-wrong-bins tbody tr').count(), Math.min(12, filled.length));
  assert.ok(await page.evaluate(() => document.querySelector('canvas.lab-wrong').getBoundingClientRect().height > 20));
  writeFileSync(join(shots, 'lab-wrong.png'), await page.locator('details.lab').screenshot());
  assert.deepEqual(page.errors, []);
});

test('lab: a compile error is shown at its line, in the list and in the editor', async () => {
  const page = await browser.open('/www/chunks-reduce.html');
  const own = await openLab(page);
  // A line of the second kernel, numbered in the whole text.
  const lines = own.split('\n');
  const at = lines.findIndex((l) => l.includes('---- reduce.wgsl')) + 6;
  lines.splice(at, 0, 'const broken: u32 = 1.5;');
  const said = await run(page, lines.join('\n'));
  assert.match(said, pattern`^${messagePattern('en', 'lab-does-not-compile', { kernel: 'reduce', line: String(at + 1) })}`);
  assert.match(await page.textContent('.lab-messages li.error'),
    pattern`^${messagePattern('en', 'lab-message', { kernel: 'reduce', line: String(at + 1), column: /\d+/, severity: 'error' })}`);
  // The message takes the cursor to its line, which the editor marks (CodeMirror
  // draws the lines in view, in the lab's shadow root).
  await page.click('.lab-messages li.error button');
  await page.waitForFunction(() => document.querySelector('.lab-editor').shadowRoot.querySelector('.cm-lintRange-error'));
  writeFileSync(join(shots, 'lab-error.png'), await page.locator('details.lab').screenshot());
  // Firefox logs the module it refused to the console itself; nothing else may be there.
  assert.deepEqual(page.errors.filter((e) => !/shader module|parsing error/.test(e)), []);
});

test('lab: a kernel that never ends is stopped, the page counts on, Reset brings the step’s back, a barrier after a loop stays valid', async () => {
  const page = await browser.open('/www/privatized.html');
  const own = await openLab(page);
  const spin = '  var spin = 1u;\n  while (spin > 0u) { spin = spin | 1u; }\n';
  assert.match(await run(page, inCs(own, spin)), pattern`^${messagePattern('en', 'lab-guard-stopped', { bounds: /privatized: [\d,]+/ })}`);
  // The same device counts the page's picture again, exactly as before.
  const before = await page.evaluate(() => window.page.counted);
  await page.evaluate((name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name).click(), message('en', 'chapter-run-again'));
  await page.waitForFunction((n) => window.page.counted > n && document.body.dataset.state === 'done', before);
  await page.click('.lab-reset');
  assert.equal(await page.evaluate(() => window.page.lab.text()), own);
  assert.match(await run(page), EXACT);
  // A barrier inside a loop and after it (a tiling loop): valid, and still valid
  // guarded, since each loop's counter is its own uniform variable.
  assert.match(await run(page, inCs(own, '  for (var t = 0u; t < 2u; t++) { workgroupBarrier(); }\n  workgroupBarrier();\n')), EXACT);
  // The guard's own names cannot be taken to switch it off (why not: the core's words).
  assert.match(await run(page, inCs(own, '  let labMaxRounds = 4000000000u;\n' + spin)),
    messagePattern('en', 'lab-refused', { why: 'it uses the name labMaxRounds, which the lab\'s loop guard adds: choose another' }, { whole: true }));
  // The picture cannot be declared writable: the pipelines' layouts are the run's.
  const writable = own.replace('var ourTexture: texture_2d<f32>;', 'var ourTexture: texture_storage_2d<rgba8unorm, write>;');
  assert.notEqual(writable, own);
  assert.match(await run(page, inCs(writable.replace(/textureLoad\(ourTexture, [^;]*, 0\)/g, 'vec4f(0)'), '  textureStore(ourTexture, vec2u(0u), vec4f(1));\n')),
    pattern`^${messagePattern('en', 'lab-refused', { why: /it compiles, but not with the step's bindings[^]*/ })}`);
  // Stop and Run pressed in one task, so that neither races the run: Stop ends
  // it after its first dispatch; pressed while the page counts its picture, the
  // run never starts. The next run is exact.
  const stopped = (id, args = {}) => messagePattern('en', id, args, { whole: true });
  const press = (names) => page.evaluate((names) => {
    document.querySelector('.lab-status').textContent = '';
    const buttons = [...document.querySelectorAll('button')];
    for (const name of names) buttons.find((b) => b.textContent === name || b.matches(name)).click();
  }, names);
  await page.evaluate((t) => window.page.lab.set(t), own);
  await press(['.lab-run', '.lab-stop']);
  assert.match(await verdict(page), stopped('lab-halted-pressed', { after: /[\d.,]+\s[µm]?s/ }));
  await press([message('en', 'chapter-run-again'), '.lab-run', '.lab-stop']);
  assert.match(await verdict(page), stopped('lab-stopped-before'));
  assert.equal(await page.isHidden('.lab-stop'), true);
  // Stop pressed as the count's guard words come back (the second read of a "lab
  // guard read" buffer, after the step's own measuring run's: the test's hand on
  // it, before the run goes on): the count stands, said so, and none was timed.
  await page.evaluate(() => {
    document.querySelector('.lab-status').textContent = '';
    const map = GPUBuffer.prototype.mapAsync;
    let reads = 0;
    GPUBuffer.prototype.mapAsync = function (...args) {
      const mapped = map.apply(this, args);
      if (this.label !== 'lab guard read' || ++reads < 2) return mapped;
      GPUBuffer.prototype.mapAsync = map;
      return mapped.then((v) => { document.querySelector('.lab-stop').click(); return v; });
    };
    document.querySelector('.lab-run').click();
  });
  assert.match(await verdict(page), stopped('lab-stopped-late', { verdict: messagePattern('en', 'lab-exact', { pixels: /[\d,]+/ }), timed: 'no' }));
  assert.match(await run(page, own), EXACT);
  assert.deepEqual(page.errors.filter((e) => !/pipeline|layout|Invalid/i.test(e)), []);
});

test('lab: a link holds the edited text and brings it back, without running it', async () => {
  const page = await browser.open('/www/atomic.html');
  const own = await openLab(page);
  const edited = own.replace(', 1u);', ', 3u); // three a pixel');
  await page.evaluate((t) => window.page.lab.set(t), edited);
  await page.click('.lab-share');
  await page.waitForFunction(() => location.hash.startsWith('#lab='));
  const url = await page.evaluate(() => location.pathname + location.hash);
  const again = await browser.open(url);
  await again.waitForFunction((t) => window.page.lab?.text() === t, edited);
  assert.equal(await again.textContent('.lab-status'), message('en', 'lab-from-link'));
  assert.equal(await again.evaluate(() => document.querySelector('details.lab').open), true);
  assert.match(await run(again), notExact({ count: ['one', 'other'] }));
  // A link cut short says so and keeps the step's own text.
  const cut = await browser.open(url.slice(0, url.indexOf('#lab=') + 12));
  const unread = messagePattern('en', 'lab-link-unread').source;
  await cut.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-status')?.textContent), unread);
  // A link that inflates past what the lab takes is refused, not read into memory.
  const bomb = await cut.evaluate(async () => {
    const big = new TextEncoder().encode('// '.padEnd(3 << 20, 'x'));
    const stream = new Blob([big]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  });
  const inflated = await browser.open(`${url.slice(0, url.indexOf('#lab='))}#lab=${bomb}`);
  await inflated.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-status')?.textContent), unread);
  assert.ok((await inflated.evaluate(() => window.page.lab.text())).startsWith('// ---- atomic.wgsl ----\n'));
  assert.deepEqual([...page.errors, ...again.errors, ...cut.errors, ...inflated.errors], []);
});

test('lab: an edit plays in the step-through diagram beside this GPU’s run of it; one it cannot play is refused in words', async () => {
  const page = await browser.open('/www/atomic.html');
  await page.waitForFunction(() => window.page?.diagram?.gpuBins);
  const own = await openLab(page);
  const diagram = () => page.evaluate(() => {
    const d = window.page.diagram;
    return { edited: d.edited, bins: d.trace.bins, gpu: d.gpuBins, equal: document.querySelector('.sd-result').dataset.equal, code: document.querySelector('.sd-code').textContent };
  });
  // Every pixel counted twice, on a line of the visitor's own: the diagram's
  // picture is the article's 6x7, whose 3 bins hold 18, 16 and 8 pixels.
  const twice = own.replace(', 1u);', ', 2u); // two a pixel');
  await page.evaluate((t) => window.page.lab.set(t), twice);
  await page.click('.lab-step');
  await page.waitForFunction(() => window.page.diagram.edited !== null && window.page.diagram.gpuBins);
  const played = await diagram();
  assert.deepEqual(played.bins, [36, 32, 16], 'the simulation of the edited text');
  assert.deepEqual(played.gpu, [36, 32, 16], 'the edited text on this GPU');
  assert.equal(played.equal, 'true');
  // Its lines numbered as the editor numbers them.
  const line = twice.split('\n').findIndex((l) => l.includes('two a pixel')) + 1;
  assert.match(played.code, new RegExp(`\\b${line} +atomicAdd\\(.*2u\\); // two a pixel`));
  assert.match(await page.textContent('.lab-status'), pattern`^${messagePattern('en', 'lab-stepping')}`);
  writeFileSync(join(shots, 'lab-diagram.png'), await page.locator('figure.step-diagram').screenshot());
  // Back to the step's own kernel, set beside the GPU's run of it again.
  await page.click('.sd-own');
  await page.waitForFunction(() => window.page.diagram.edited === null && window.page.diagram.gpuBins);
  assert.deepEqual((await diagram()).bins, [18, 16, 8]);
  // A loop that never ends is refused in words; the diagram keeps what it played.
  await page.evaluate((t) => window.page.lab.set(t), inCs(own, '  loop { }\n'));
  await page.click('.lab-step');
  // (Why: the core's words.)
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-status').textContent),
    pattern`^${messagePattern('en', 'lab-cannot-step', { why: /.*does not end/ })}`.source);
  assert.equal((await diagram()).edited, null);
  // Another workgroup shape: the edit is kept, its injected constants say the new one.
  await page.evaluate((t) => window.page.lab.set(t), twice);
  const shape = await page.evaluate(() => {
    const select = document.querySelector('#chunk');
    select.value = [...select.options].map((o) => o.value).find((v) => v !== select.value);
    select.dispatchEvent(new Event('change'));
    return select.value.split('x');
  });
  const kept = await page.evaluate(() => window.page.lab.text());
  assert.ok(kept.includes('// two a pixel'));
  assert.ok(kept.includes(`const chunkWidth = ${shape[0]}u;\nconst chunkHeight = ${shape[1]}u;`), kept.slice(0, 300));
  assert.match(await page.textContent('.lab-status'), pattern`^${messagePattern('en', 'lab-rebased')}`);
  await page.waitForFunction(() => document.body.dataset.state === 'done');
  assert.deepEqual(page.errors, []);
});

test('lab: a device lost while an edit runs is replaced; the page counts again and the text is kept', async () => {
  const trackDevices = () => {
    window.gpuDevices = [];
    const requestDevice = GPUAdapter.prototype.requestDevice;
    GPUAdapter.prototype.requestDevice = async function (...args) {
      const device = await requestDevice.apply(this, args);
      window.gpuDevices.push(device);
      return device;
    };
  };
  const page = await browser.open('/www/atomic.html', { init: trackDevices });
  const own = await openLab(page);
  const edited = own.replace(', 1u);', ', 1u); // kept through a device loss');
  await page.evaluate((t) => window.page.lab.set(t), edited);
  const before = await page.evaluate(() => window.page.counted);
  // Lost as the run starts, whatever the machine's speed: the click begins it (and
  // takes the device's loss promise) before the device goes.
  await page.evaluate(() => {
    document.querySelector('.lab-status').textContent = '';
    document.querySelector('.lab-run').click();
    window.gpuDevices.at(-1).destroy();
  });
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('.lab-status').textContent), pattern`^${messagePattern('en', 'lab-lost')}`.source);
  await page.waitForFunction((n) => window.page.counted > n && document.body.dataset.state === 'done', before);
  assert.equal(await page.evaluate(() => window.page.lab.text()), edited);
  assert.match(await run(page), EXACT);
  assert.equal(await page.evaluate(() => window.gpuDevices.length), 2);
  // The browsers' own console lines of the loss (Firefox: the module it could not compile on the lost device).
  assert.deepEqual(page.errors.filter((e) => !/destroyed|lost|shader module/i.test(e)), []);
});

test('lab: the subgroups kernel, guarded, is exact where the device has subgroups', async () => {
  const page = await browser.open('/www/subgroups.html');
  await openLab(page);
  const method = await page.evaluate(() => window.page.method);
  // Where the device lacks them the page counts with the privatized kernel, and the lab edits that.
  assert.match(await page.evaluate(() => window.page.lab.text()), new RegExp(`^// ---- ${method}\\.wgsl`));
  assert.match(await run(page), EXACT);
  assert.deepEqual(page.errors, []);
});
