// Every page, loaded once and looked at every way a visitor's window has it
// (issue #59 and the layouts before it): at 1920, 1400, 1280 and 1024 pixels wide
// and on a phone both ways, nothing wider than the window, no table cut off in its
// box (the studio's statistics lost their Luminance column in a 1400-pixel
// window) and nothing over anything else; and axe-core finds no violation of any
// of its rules (WCAG 2.2 A and AA, and its best practices) at 1400x900 and on a
// phone, drawn with every <details> opened, in the engine the
// suite runs in; a page that plays the project's video, playing too (its
// transport shown).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, shots, axeViolations, presented } from './harness.mjs';
import { message } from './messages.mjs';
import { examples } from '../../www/examples.js';

const { browser } = suite();

const paths = ['/index.html', '/www/studio.html', ...examples.filter((e) => e.ready && e.id !== 'studio').map((e) => `/www/${e.id}.html`)];
const SIZES = [[1920, 1080], [1400, 900], [1280, 800], [1024, 768], [390, 844], [844, 390]];
/** The sizes axe audits, and the ones kept as screenshots (test-output/layouts/). */
const AUDITED = [1400, 390];

/** What does not fit the window as the page stands: one line each. */
function misfits() {
  const out = [];
  const over = document.documentElement.scrollWidth - window.innerWidth;
  if (over > 0) out.push(`${over}px wider than the window`);
  for (const wrap of document.querySelectorAll('.table-wrap')) {
    if (wrap.scrollWidth > wrap.clientWidth + 1) out.push(`a table cut off by ${wrap.scrollWidth - wrap.clientWidth}px`);
  }
  // Nothing drawn over anything else, but what is made to lie over a picture
  // (the play button, the video's timings, labels, the region).
  const parts = [...document.querySelectorAll('h1, h2, h3, p, li, label, button, select, input, summary, '
    + 'figcaption, caption, th, td, canvas, video, img, pre, legend')].filter((e) => {
    if (e.closest('.overlay, .play, .half-label, .region-box, .bin-cursor')) return false;
    // Hidden for the eye, kept for screen readers: in a 1-pixel box.
    for (let box = e; box; box = box.parentElement) {
      const r = box.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) return false;
    }
    return e.checkVisibility({ visibilityProperty: true });
  });
  const boxes = parts.map((e) => e.getBoundingClientRect());
  const name = (e) => `${e.localName}${e.id ? `#${e.id}` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
      const [a, b] = [boxes[i], boxes[j]];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 2 && h > 2) out.push(`${name(parts[i])} and ${name(parts[j])} overlap by ${Math.round(w)}x${Math.round(h)}px`);
    }
  }
  return out;
}

for (const path of paths) {
  test(`${path}: fits every window from 1920 pixels to a phone; no accessibility violation, its details opened, at 1400x900 and 390x844`, async () => {
    const page = await browser.open(path, { state: null, viewport: { width: 1280, height: 800 } });
    // Drawn: every page says so; the timings page is checked while it times.
    const drawn = ['done', 'ready', 'playing', 'error', ...(path.endsWith('timings.html') ? ['running'] : [])];
    await page.waitForFunction((states) => states.includes(document.body.dataset.state), drawn, { timeout: 180_000 });
    const problems = [];
    // Every chapter of a kernel shows what it does, drawn.
    const chapter = await page.evaluate(() => document.querySelector('main[data-method]')?.dataset.method);
    if (chapter && !(await page.$('figure.diagram svg, figure.step-diagram svg'))) problems.push(`no diagram of ${chapter}`);
    const name = path.replace(/^.*\//, '').replace('.html', '');
    // One load, then each size in turn: the page reflows as a window would.
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      // Laid out again, and the page's own resize handlers run (two frames later).
      await presented(page);
      for (const f of await page.evaluate(misfits)) problems.push(`${width}x${height}: ${f}`);
      // A box that scrolls sideways fades its right edge while more of it lies there.
      for (const f of await page.evaluate(() => [...document.querySelectorAll('.diagram-scroll')]
        .filter((b) => (b.scrollLeft + b.clientWidth < b.scrollWidth - 1) !== b.classList.contains('more-right'))
        .map((b) => (b.classList.contains('more-right') ? 'a sideways box marked with nothing more to show' : 'a sideways box with more to the right unmarked')))) {
        problems.push(`${width}x${height}: ${f}`);
      }
      if (!AUDITED.includes(width)) continue;
      // Each page on a desktop and a phone, to look at (Firefox's under firefox/).
      await page.screenshot({ path: join(shots, 'layouts', `${name}-${width}x${height}.png`), fullPage: true });
      if (width === 390 && name === 'timings') await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
      // axe once, every <details> opened: what the page shows with them closed is
      // still shown, and what they hold besides.
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
      for (const v of await axeViolations(page)) problems.push(`${width}x${height}, details open: ${v}`);
      // On a phone a box to tick is a finger's target: 24 px a side (WCAG 2.5.8).
      if (width === 390) {
        for (const f of await page.evaluate(() => [...document.querySelectorAll('input[type=checkbox], input[type=radio]')]
          .filter((i) => i.offsetParent).map((i) => [i.id || i.name, i.getBoundingClientRect()])
          .filter(([, r]) => r.width < 23.5 || r.height < 23.5).map(([id, r]) => `${id}: a box to tick of ${Math.round(r.width)}x${Math.round(r.height)} px`))) {
          problems.push(`${width}x${height}: ${f}`);
        }
      }
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = false; });
    }
    // A page that plays the project's video is audited playing too: its transport shown
    // (its button a chapter's or a scope page's).
    const names = [message('en', 'chapter-play-video'), message('en', 'scope-page-play-video')];
    const play = await page.evaluate((n) => [...document.querySelectorAll('button')].find((b) => n.includes(b.textContent) && !b.disabled && b.offsetParent)?.textContent, names);
    if (play) {
      await page.getByRole('button', { name: play, exact: true }).click();
      await page.waitForFunction(() => document.querySelector('.transport:not([hidden])')?.dataset.state === 'playing');
      for (const [width, height] of [[1400, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        for (const v of await axeViolations(page)) problems.push(`${width}x${height}, playing: ${v}`);
      }
    }
    assert.deepEqual([...new Set(problems)], []);
  });
}
