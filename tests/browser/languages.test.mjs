// Every page in every language (issue #75; each language in one engine): its <html lang>, its versions for
// search engines (each language and x-default, whole URLs once loaded), a switch
// naming each language in its own script that keeps the page; in Korean and
// Japanese no English left outside code, nothing wider than the window or over
// anything else and no axe violation at 1400x900 and on a phone; two chapters'
// count, diagram and kernel lab run through in Korean, with the core's notes,
// reasons and pass names (src/words.rs) worded in Korean too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, repo, shots, waitState, pickFile, png, engine, presented } from './harness.mjs';
import { examples } from '../../www/examples.js';
import { languages, SOURCE } from '../../www/languages.js';
import { message, messagePattern } from './messages.mjs';

const AXE = readFileSync(join(repo, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const { browser } = suite();
mkdirSync(join(shots, 'languages'), { recursive: true });
const pages = ['index.html', ...examples.filter((e) => e.ready).map((e) => `www/${e.id}.html`)];
const DRAWN = ['done', 'ready', 'playing', 'error', 'running'];

/**
 * English left on the page: two lowercase Latin words in a row, in what a reader
 * sees or hears (text, labels, titles), outside code, the editor and what is
 * marked English (the switch's "English").
 */
function english() {
  const found = [];
  const skip = (node) => node.closest?.('code, pre, script, style, [lang="en"], .cm-editor, [hidden], template');
  const look = (text, where) => {
    const m = text.match(/\b[A-Za-z][a-z]+['’]?[a-z]*\s+[a-z]{2,}\b/);
    if (m) found.push(`${where}: "${m[0]}" in "${text.slice(Math.max(0, m.index - 30), m.index + 50).trim()}"`);
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (!skip(node.parentElement) && node.parentElement.checkVisibility()) look(node.textContent, node.parentElement.localName);
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (skip(e)) continue;
    for (const a of ['aria-label', 'title', 'alt', 'placeholder']) if (e.hasAttribute(a)) look(e.getAttribute(a), `${e.localName}[${a}]`);
  }
  look(document.title, 'title');
  return found;
}

async function audit(page) {
  await page.evaluate((source) => { if (!window.axe) (0, eval)(source); }, AXE);
  return page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`));
}

const over = () => {
  const out = [];
  const wider = document.documentElement.scrollWidth - window.innerWidth;
  if (wider > 0) out.push(`${wider}px wider than the window`);
  for (const wrap of document.querySelectorAll('.table-wrap')) if (wrap.scrollWidth > wrap.clientWidth + 1) out.push('a table cut off');
  // A heading or paragraph whose words run out of its box.
  for (const e of document.querySelectorAll('h1, h2, p, li, th, td, figcaption, summary')) {
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'visible' && !e.closest('.table-wrap, pre')) out.push(`${e.localName} "${e.textContent.trim().slice(0, 30)}" overflows`);
  }
  // A group of controls wider than the column it stands in (a fieldset is as wide
  // as its widest item: Japanese words beside a select outgrew a phone's column).
  for (const f of document.querySelectorAll('fieldset')) {
    const over = f.getBoundingClientRect().right - f.parentElement.getBoundingClientRect().right;
    if (over > 1 && f.checkVisibility()) out.push(`fieldset "${f.querySelector('legend')?.textContent ?? ''}" ${Math.round(over)}px past its column`);
  }
  return out;
};

// Each translation's sweep in one engine (Korean in Chromium, Japanese in Firefox,
// and so on in turn): the words and the switch are the same in both, and both
// engines lay out a CJK page; the sweep in both took 11 minutes of the suite.
const swept = languages.filter((l) => l.code !== SOURCE).filter((_, i) => i % 2 === (engine === 'chromium' ? 0 : 1));
for (const { code } of swept) {
  for (const path of pages) {
    test(`/${code}/${path}: in ${code} only, its versions and switch right, fits 1400x900 and a phone, no axe violation`, async () => {
      const page = await browser.open(`/${code}/${path}`, { state: null, viewport: { width: 1400, height: 900 } });
      await page.waitForFunction((states) => states.includes(document.body.dataset.state), DRAWN, { timeout: 180_000 });
      const problems = [];
      const head = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.hreflang, l.getAttribute('href')]),
        switch: [...document.querySelectorAll('nav.pager .languages a')].map((a) => [a.lang, a.hreflang, a.textContent, a.href, a.getAttribute('aria-current')]),
      }));
      assert.equal(head.lang, code);
      const origin = new URL(page.url()).origin;
      const at = (lang) => `${origin}/${lang === SOURCE ? '' : `${lang}/`}${path}`;
      assert.deepEqual(head.alternates, [...languages.map((l) => [l.code, at(l.code)]), ['x-default', at(SOURCE)]]);
      assert.deepEqual(head.switch, languages.map((l) => [l.code, l.code, l.name, at(l.code), l.code === code ? 'page' : null]));
      for (const [width, height] of [[1400, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await presented(page);
        for (const f of await page.evaluate(english)) problems.push(`English: ${f}`);
        for (const f of await page.evaluate(over)) problems.push(`${width}x${height}: ${f}`);
        // axe once a page (its rules read the document, not the layout; audit.test.mjs runs them at both sizes in English).
        if (width === 1400) for (const v of await audit(page)) problems.push(`${width}x${height}: ${v}`);
        await page.screenshot({ path: join(shots, 'languages', `${code}-${path.replace(/^www\//, '').replace('.html', '')}-${width}.png`), fullPage: true });
      }
      assert.deepEqual([...new Set(problems)], []);
      assert.deepEqual(page.errors, []);
    });
  }
}

test('the switch keeps the page: English, Korean and Japanese versions of a chapter link each other', async () => {
  const page = await browser.open('/www/atomic.html');
  await page.click('nav.pager .languages a[lang="ko"]');
  await page.waitForURL(/\/ko\/www\/atomic\.html$/);
  await waitState(page, 'done');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ko');
  await page.click('nav.pager .languages a[lang="ja"]');
  await page.waitForURL(/\/ja\/www\/atomic\.html$/);
  await page.click('nav.pager .languages a[lang="en"]');
  // (English is at the root: /ja/www/atomic.html ends as it does.)
  await page.waitForURL(/:\d+\/www\/atomic\.html$/);
  await waitState(page, 'done');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
});

/** A chapter's flow in Korean: its count, three steps of its diagram, its kernel lab run; every word Korean. */
async function koreanFlow(id) {
  const page = await browser.open(`/ko/www/${id}.html`);
  await waitState(page, 'done');
  const hangul = /[\uac00-\ud7a3]/;
  // The count: its check in Korean, as the catalogue words it.
  assert.match(await page.textContent('dl.stats'), hangul);
  await page.evaluate(() => document.querySelector('.step-diagram').scrollIntoView());
  await page.focus('.step-diagram');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  const now = await page.textContent('.sd-now');
  assert.match(now, hangul, now);
  await page.click('details.lab > summary');
  await page.waitForFunction(() => window.page.lab?.text()?.startsWith('// ---- '));
  await page.click('.lab-run');
  // Its verdict, said (the status before the run was Korean too).
  await page.waitForFunction(() => document.querySelector('details.lab').dataset.verdict
    && /[\uac00-\ud7a3]/.test(document.querySelector('.lab-status').textContent));
  assert.deepEqual(await page.evaluate(english), []);
  await page.screenshot({ path: join(shots, 'languages', `ko-${id}-flow.png`), fullPage: true });
  return page;
}

test('in Korean: chunks + reduce counts, names each reduce pass, narrates and runs its lab, every word Korean', async () => {
  const page = await koreanFlow('chunks-reduce');
  // Its passes, the core's identifiers ("reduce:1") worded by the page.
  assert.match(await page.textContent('#passes'), messagePattern('ko', 'pass-name-stride', { kernel: 'reduce', stride: '1' }));
  assert.deepEqual(page.errors, []);
});

test('in Korean: atomicAdd counts, narrates and runs its lab; the core\'s notes and reasons in Korean', async () => {
  const page = await koreanFlow('atomic');
  // The core's notes (src/words.rs) in Korean too, none left English: a thin
  // 16-bit picture, laid out anew for the GPU and counted at 8 bits.
  const thin = join(shots, 'languages', 'thin-16-bit-1x4099.png');
  writeFileSync(thin, png(1, 4099, (y) => Buffer.from([y >> 8, y & 255, 0, 0, 255, 255]), 16));
  await pickFile(page, thin);
  const notes = await page.textContent('p.note');
  assert.match(notes, messagePattern('ko', 'note-sixteen-eight'), notes);
  assert.match(notes, messagePattern('ko', 'note-reshaped', { size: '1x4099', rest: '3' }), notes);
  assert.deepEqual(await page.evaluate(english), []);
  assert.equal(await page.$$eval('p.note [lang]', (marked) => marked.length), 0, 'no words marked as another language');
  await page.locator('p.note').first().screenshot({ path: join(shots, 'languages', 'ko-atomic-notes.png') });
  // And why a file cannot be read: a PNG cut short.
  const cut = join(shots, 'languages', 'cut.png');
  const whole = png(40, 30, (y) => Buffer.alloc(120, y));
  writeFileSync(cut, whole.subarray(0, whole.length - 20));
  await pickFile(page, cut, 'error');
  const why = message('ko', 'decode-damaged', { why: message('ko', 'damage-ends-early') });
  assert.match(await page.textContent('[role=alert]'), messagePattern('ko', 'input-cannot-read', { name: 'cut.png', why }));
  await page.screenshot({ path: join(shots, 'languages', 'ko-atomic-refused.png') });
  assert.deepEqual(page.errors, []);
  // The readers' words are the catalogue's: the home page's WebGPU line, by its message.
  const home = await browser.open('/ko/index.html');
  const timestamps = await home.evaluate(async () => ((await navigator.gpu.requestAdapter()).features.has('timestamp-query') ? 'yes' : 'no'));
  assert.match(await home.textContent('#webgpu'), messagePattern('ko', 'home-webgpu-yes', { timestamps }));
});
