// The suites' clock for `make test`: each suite marks its start and end in
// test-output/suite-times.tsv, and `report` prints every suite's minutes and warns
// past the budget (docs/TESTING.md: 40 minutes on a fresh clone of this 2-core
// machine). A warning, not a failure: a loaded machine is slower, and CI's own
// limit (90 minutes) is what stops a run.
//   node scripts/suite-clock.mjs reset | start NAME | end NAME | report
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'test-output/suite-times.tsv';
const BUDGET_MINUTES = 40;
const [verb, name] = process.argv.slice(2);
const now = () => Date.now() / 1000;

mkdirSync('test-output', { recursive: true });
if (verb === 'reset') writeFileSync(FILE, `make test\tstart\t${now()}\n`);
else if (verb === 'start' || verb === 'end') appendFileSync(FILE, `${name}\t${verb}\t${now()}\n`);
else if (verb === 'report') report();
else {
  console.error('usage: suite-clock.mjs reset | start NAME | end NAME | report');
  process.exit(2);
}

function report() {
  const marks = readFileSync(FILE, 'utf8').trim().split('\n').map((l) => l.split('\t'));
  const begun = Number(marks[0][2]);
  // A suite run more than once (the set-up check, in each make below) sums its runs.
  const suites = new Map();
  for (const [suite, what, at] of marks.slice(1)) {
    const s = suites.get(suite) ?? { first: Number(at), took: 0, open: null };
    if (what === 'start') s.open = Number(at);
    else if (s.open !== null) {
      s.took += Number(at) - s.open;
      s.open = null;
    }
    suites.set(suite, s);
  }
  const minutes = (s) => (s / 60).toFixed(1).padStart(5);
  console.log('== the suites: minutes from the start of make test, and minutes taken (those side by side overlap)');
  for (const [suite, { first, took, open }] of suites) {
    console.log(`  ${minutes(first - begun)}  ${open === null ? minutes(took) : '    ?'}  ${suite}`);
  }
  const total = (now() - begun) / 60;
  console.log(`== make test: ${total.toFixed(1)} minutes in all (budget ${BUDGET_MINUTES})`);
  if (total > BUDGET_MINUTES) {
    console.log(`== WARNING: make test took ${total.toFixed(1)} minutes, past its budget of ${BUDGET_MINUTES}: see docs/TESTING.md for where the time goes`);
  }
}
