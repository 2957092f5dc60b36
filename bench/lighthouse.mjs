// Lighthouse (mobile preset: a slow phone and network, simulated) on the pages
// issue #59 names: the home page, a chapter, the studio and the video page (and the
// same in Korean and Japanese), served
// from dist/ by the project's own server, in Debian's Chromium with WebGPU on
// SwiftShader. A benchmark, not a test: each page's four scores and the metrics
// behind performance, to compare before and after a change on one machine.
//
// Lighthouse is installed apart from the tests (it is 186 MB):
//   npm ci --prefix bench/lighthouse   (once)
//   make dist && node bench/lighthouse.mjs [RUNS] [PAGE...] > bench/results/DATE-lighthouse.txt
// (PAGE: part of a path, privatized for example, to run only those pages)
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../scripts/serve.mjs';

const repo = resolve(fileURLToPath(new URL('..', import.meta.url)));
const lighthouse = join(repo, 'bench/lighthouse/node_modules/.bin/lighthouse');
const runs = Number(process.argv[2] ?? 1);
const pages = [
  ['home', '/index.html'],
  ['chapter (privatized)', '/www/privatized.html'],
  ['studio', '/www/studio.html'],
  ['video', '/www/video.html'],
  ['chapter with a step-through (chunks + sum)', '/www/chunks-sum.html'],
  ['subgroups', '/www/subgroups.html'],
  // Korean and Japanese (issue #75): a page of each kind in each.
  ...['ko', 'ja'].flatMap((lang) => [
    [`home (${lang})`, `/${lang}/index.html`],
    [`chapter (${lang}, privatized)`, `/${lang}/www/privatized.html`],
    [`studio (${lang})`, `/${lang}/www/studio.html`],
    [`video (${lang})`, `/${lang}/www/video.html`],
  ]),
].filter(([, path]) => process.argv.length < 4 || process.argv.slice(3).some((p) => path.includes(p)));
const metrics = [
  ['first-contentful-paint', 'FCP'], ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'], ['cumulative-layout-shift', 'CLS'], ['speed-index', 'SI'],
];

const server = await serve(0, { root: join(repo, 'dist') });
const { port } = server.address();
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const version = JSON.parse(readFileSync(join(repo, 'bench/lighthouse/node_modules/lighthouse/package.json'))).version;
console.log(`Lighthouse ${version}, mobile preset (simulated throttling), ${new Date().toISOString().slice(0, 10)}`);
console.log(`Chromium: ${execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim()}, headless, WebGPU on SwiftShader`);
console.log(`Machine: ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores; median of ${runs} run(s) a page\n`);
console.log(['page', 'perf', 'a11y', 'best', 'seo', ...metrics.map(([, short]) => short)].join('\t'));
try {
  for (const [name, path] of pages) {
    const reports = [];
    for (let i = 0; i < runs; i++) {
      const file = join(out, `${i}.json`);
      // Not execFileSync: the server answering the page runs in this process.
      await promisify(execFile)(lighthouse, [
        // A page that keeps drawing (a diagram, a video) never goes quiet: its
        // trace ends 30 s after the load at most.
        `http://127.0.0.1:${port}${path}`, '--quiet', '--output=json', `--output-path=${file}`, '--max-wait-for-load=30000',
        // WebGPU on SwiftShader, as the tests have it.
        '--chrome-flags=--headless=new --no-sandbox --enable-unsafe-webgpu --enable-features=Vulkan --use-vulkan=swiftshader --use-angle=vulkan',
      ], { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } });
      reports.push(JSON.parse(readFileSync(file)));
    }
    // The run of median performance, whole (its metrics belong together).
    reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const r = reports[Math.floor(reports.length / 2)];
    const score = (c) => Math.round(r.categories[c].score * 100);
    console.log([name, score('performance'), score('accessibility'), score('best-practices'), score('seo'),
      ...metrics.map(([id]) => r.audits[id].displayValue.replace(/\s/g, ' '))].join('\t'));
    const failing = Object.values(r.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    if (failing.length) console.log(`  below 90: ${failing.join('; ')}`);
    // What the largest paint was, to know what holds it back.
    const lcp = r.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    if (lcp) console.log(`  largest paint: ${lcp.snippet} (${lcp.nodeLabel ?? ''})`.slice(0, 300));
    // And what moved, where the layout shifted.
    for (const item of r.audits['layout-shifts']?.details?.items ?? []) {
      const node = item.node;
      if (node) console.log(`  shifted (${item.score.toFixed(3)}): ${node.snippet} (${node.nodeLabel ?? ''})`.slice(0, 300));
    }
  }
} finally {
  server.close();
  rmSync(out, { recursive: true, force: true });
}
