// The timings page: every cell of this machine's rows gets a number, a file picked
// during a run is timed next, `?kind=` times the benchmark's images.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { suite, shots, waitState, holdGpu } from './harness.mjs';
import { message, messagePattern, pattern } from './messages.mjs';

// A timings cell: a number, or where this device has no subgroups, that step's words.
const NUMBER = pattern`^\d+(\.\d+)?$|${messagePattern('en', 'timings-not-here', {}, { whole: true })}`;
/** The table's end: its medians of one run, on `subject` (its words' text or pattern). */
const done = (subject) => messagePattern('en', 'timings-done', { runs: 1, runsShown: '1', subject });

const { browser, fixtures } = suite({ fixtures: true });

test('timings: ?kind= times the benchmark images of histogram bench; an unknown kind says so', async () => {
  const page = await browser.open('/www/timings.html?runs=1&kind=noise&width=96&height=64', { timeout: 300_000 });
  const cells = await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent));
  for (const c of cells) assert.match(c, NUMBER);
  assert.match(await page.textContent('main'), done(message('en', 'timings-subject-bench', { kind: 'noise', size: '96×64' })));
  const bad = await browser.open('/www/timings.html?runs=1&kind=plaid&width=96&height=64', { state: 'error' });
  // (Why: the core's words.)
  assert.match(await bad.textContent('main'), messagePattern('en', 'page-could-not-start', { why: "no benchmark image of kind 'plaid'" }));
});

test('timings: a file picked during a run is timed next; one that cannot be read says so and the previous image is timed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'histogram-timings-'));
  const bad = join(dir, 'trunc.png');
  writeFileSync(bad, 'not a picture at all');
  // The GPU's read-backs held, so that the run is surely going when the file comes
  // (a fast machine finished the whole table first: Firefox, run of 2026-12-01).
  const page = await browser.open('/www/timings.html?runs=1&width=320&height=200', { state: 'running', init: holdGpu });
  // A small picture: what is tested is which picture is timed, not how long it takes.
  await page.setInputFiles('#file', fixtures.path('icc-profile-64x48.png'));
  // The page reads the file before it says so: wait for its words, not a moment.
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]').textContent),
    messagePattern('en', 'timings-next-file', { name: 'icc-profile-64x48.png' }).source);
  await page.evaluate(() => window.releaseGpu());
  await waitState(page, 'done');
  const main = () => page.textContent('main');
  assert.match(await main(), done(messagePattern('en', 'timings-subject-file', { name: 'icc-profile-64x48.png', size: '64×48' })));
  const numbers = async () => {
    for (const c of await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent))) assert.match(c, NUMBER);
  };
  await numbers();
  // A bad file while idle: the reason, and no "Reading" left behind.
  await page.setInputFiles('#file', bad);
  const kept = messagePattern('en', 'timings-image-kept');
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('main').textContent), kept.source);
  assert.doesNotMatch(await page.textContent('[role=status]'), messagePattern('en', 'timings-reading'));
  // A bad file during a run: the previous image is timed whole, and the page says why.
  await page.evaluate(() => { document.body.dataset.state = 'picking'; window.holdGpu(); });
  await page.click(`text=${message('en', 'timings-run-again')}`);
  await waitState(page, 'running');
  await page.setInputFiles('#file', bad);
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[role=status]').textContent),
    messagePattern('en', 'timings-next-file', { name: 'trunc.png' }).source);
  await page.evaluate(() => window.releaseGpu());
  await waitState(page, 'done');
  assert.match(await main(), kept);
  assert.match(await main(), done(messagePattern('en', 'timings-subject-file', { name: 'icc-profile-64x48.png' })));
  await numbers();
  assert.deepEqual(page.errors, []);
  rmSync(dir, { recursive: true, force: true });
});

test('timings: every cell of this machine\'s rows gets a number', async () => {
  const page = await browser.open('/www/timings.html?runs=1&width=320&height=200', { timeout: 300_000 });
  const cells = await page.$$eval('td[data-cell]', (tds) => tds.map((td) => td.textContent));
  assert.equal(cells.length, 16);
  for (const c of cells) assert.match(c, NUMBER);
  // Only the subgroups step may be out of this device's reach.
  const others = await page.$$eval('td[data-cell]:not([data-cell$="-subgroups"])', (tds) => tds.map((td) => td.textContent));
  for (const c of others) assert.match(c, /^\d+(\.\d+)?$/);
  // The CPU column measured over enough time for a coarse clock: never 0.
  const js = await page.$$eval('td[data-cell$="-cpu"]', (tds) => tds.map((td) => Number(td.textContent)));
  assert.ok(js.length > 0 && js.every((ms) => ms > 0), `js times ${js}`);
  assert.match(await page.textContent('main'), pattern`${messagePattern('en', 'timings-how-timestamps')}|${messagePattern('en', 'timings-how-wall')}`);
  await page.screenshot({ path: join(shots, 'timings.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
});
