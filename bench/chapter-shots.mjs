// Every chapter at 1400x900 and 390x844, its diagram stopped mid-animation, as a
// full-page screenshot in test-output/chapters/ (ENGINE=firefox: in Firefox), and
// the step-through diagram alone beside it (`-diagram`), to be looked at. `node bench/chapter-shots.mjs [page ...]` (default: every chapter
// of parts 1 and 2 and the introduction; SITE=folder: a copy of dist/ to serve).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, repo, engine } from '../tests/browser/harness.mjs';

const PAGES = ['intro', 'cpu', 'single', 'race', 'atomic', 'chunks-sum', 'chunks-reduce',
  '4ch-cpu', '4ch-single', '4ch-chunks-reduce', '4ch-gpu-draw', 'video', 'privatized', 'packed', 'fragment', 'subgroups'];
const pages = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;
const out = join(repo, 'test-output', 'chapters', engine);
mkdirSync(out, { recursive: true });
const browser = await start([], { video: 'site', root: process.env.SITE || 'dist' });
try {
  for (const id of pages) {
    for (const [width, height] of [[1400, 900], [390, 844]]) {
      const page = await browser.open(`/www/${id}.html`, { viewport: { width, height }, state: id === 'video' ? null : 'done' });
      if (id === 'video') await page.waitForTimeout(4000);
      // The diagram stopped at 40% of its instructions.
      await page.evaluate(() => {
        const figure = document.querySelector('.step-diagram');
        if (!figure) return;
        if (window.page.diagram.playing) figure.querySelector('.sd-play').click();
        const scrub = figure.querySelector('.sd-scrub');
        scrub.value = Math.floor(scrub.max * 0.4);
        scrub.dispatchEvent(new Event('input'));
      });
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `${id}-${width}.png`), fullPage: true });
      if (await page.locator('.step-diagram').count()) writeFileSync(join(out, `${id}-${width}-diagram.png`), await page.locator('.step-diagram').screenshot());
      console.log(`${id} ${width}x${height}: ${page.errors.length ? page.errors.join('; ') : 'no errors'}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
