// Every page audited by axe-core (issue #59): no violation of any of its rules
// (WCAG 2.2 A and AA, and its best practices), at 1400x900 and on a phone, once
// drawn and again with every <details> opened, in the engine the suite runs in; a
// page that plays the project's video, playing too (its transport shown).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, repo } from './harness.mjs';
import { examples } from '../../www/examples.js';

const AXE = readFileSync(join(repo, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const { browser } = suite();

const paths = ['/index.html', '/www/studio.html', ...examples.filter((e) => e.ready && e.id !== 'studio').map((e) => `/www/${e.id}.html`)];

/** axe's violations on the page as it stands, one line each: rule, impact, where. */
async function audit(page) {
  await page.evaluate((source) => { if (!window.axe) (0, eval)(source); }, AXE);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  return found;
}

for (const path of paths) {
  test(`${path}: no accessibility violation, drawn and opened, at 1400x900 and 390x844`, async () => {
    const page = await browser.open(path, { state: null, viewport: { width: 1400, height: 900 } });
    // Drawn: every page says so; the timings page is audited while it times.
    const drawn = ['done', 'ready', 'playing', 'error', ...(path.endsWith('timings.html') ? ['running'] : [])];
    await page.waitForFunction((states) => states.includes(document.body.dataset.state), drawn, { timeout: 180_000 });
    const problems = [];
    for (const [width, height] of [[1400, 900], [390, 844]]) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      for (const v of await audit(page)) problems.push(`${width}x${height}: ${v}`);
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
      for (const v of await audit(page)) problems.push(`${width}x${height}, details open: ${v}`);
      await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = false; });
    }
    // A page that plays the project's video is audited playing too: its transport shown.
    const play = page.getByRole('button', { name: 'Play the video', exact: true });
    if (await page.evaluate(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Play the video' && !b.disabled && b.offsetParent))) {
      await play.click();
      await page.waitForFunction(() => document.querySelector('.transport:not([hidden])')?.dataset.state === 'playing', null, { timeout: 60_000 });
      for (const [width, height] of [[1400, 900], [390, 844]]) {
        await page.setViewportSize({ width, height });
        for (const v of await audit(page)) problems.push(`${width}x${height}, playing: ${v}`);
      }
    }
    assert.deepEqual([...new Set(problems)], []);
  });
}
