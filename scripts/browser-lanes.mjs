// The browser suites of both engines as one queue: every test file once in
// Chromium and once in Firefox (the soak's rules, which open no browser, in
// Chromium's only), each file its own `node --test` run, LANES of them at a time
// (2 on the 2-core machine), the longest first. Two fixed lanes, one per
// engine, ended minutes apart (docs/TESTING.md); a queue taken longest first
// leaves them within about one file's time of each other. Each file's report is
// printed whole when it ends; every file runs whatever another's outcome, and the
// run fails if any failed. The seconds each file took go to
// test-output/lane-seconds.json; tests/browser/lane-seconds.json, a copy of one
// such run, orders the queue (a file it lacks goes first).
//   node scripts/browser-lanes.mjs [FILE...]   (default: tests/browser/*.test.mjs)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const LANES = Number(process.env.LANES ?? 2);
const ENGINES = (process.env.ENGINES ?? 'chromium firefox').split(' ');
const SEEN = 'tests/browser/lane-seconds.json';
const OUT = 'test-output/lane-seconds.json';

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync('tests/browser').filter((f) => f.endsWith('.test.mjs')).map((f) => `tests/browser/${f}`);
const seen = existsSync(SEEN) ? JSON.parse(readFileSync(SEEN, 'utf8')) : {};
const jobs = ENGINES.flatMap((engine) => files
  .filter((file) => engine === 'chromium' || !file.includes('/soak'))
  .map((file) => ({ engine, file, key: `${engine} ${file}` })));
jobs.sort((a, b) => (seen[b.key] ?? Infinity) - (seen[a.key] ?? Infinity));

const took = {};
const failed = [];
const begun = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);

function run({ engine, file, key }) {
  return new Promise((done) => {
    const start = Date.now();
    // TIMED=later: the test that times the page runs alone after (make test-timed).
    const child = spawn(process.execPath, ['--test', '--test-reporter=tap', file], {
      env: { ...process.env, ENGINE: engine, TIMED: 'later' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) => {
      took[key] = seconds(start);
      if (code !== 0) failed.push(key);
      const verdict = code === 0 ? 'passed' : `FAILED (status ${code})`;
      process.stdout.write(`== ${key}: ${verdict} in ${took[key]} s, at ${seconds(begun)} s\n`);
      process.stdout.write(Buffer.concat(out));
      done();
    });
  });
}

const queue = [...jobs];
await Promise.all(Array.from({ length: LANES }, async () => {
  while (queue.length) await run(queue.shift());
}));

mkdirSync('test-output', { recursive: true });
writeFileSync(OUT, `${JSON.stringify(Object.fromEntries(
  Object.entries(took).sort(([, a], [, b]) => b - a)), null, 1)}\n`);
for (const engine of ENGINES) {
  const sum = Object.entries(took).filter(([k]) => k.startsWith(`${engine} `)).reduce((s, [, t]) => s + t, 0);
  console.log(`== ${engine}: ${sum} s of test files`);
}
console.log(`== the browsers: ${jobs.length} files in ${LANES} lanes, ${seconds(begun)} s`);
if (failed.length) {
  console.log(`== FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
