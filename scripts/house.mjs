// Checks the house's rules that a reader relies on (make lint runs it):
// - every source file is named in docs/ARCHITECTURE.md's table of where each file
//   is: by its path, by a glob such as `www/*.html`, or by its folder and its
//   name in one row;
// - no two source files share a name in different folders (a crate's lib.rs,
//   main.rs and a folder's mod.rs aside), so a name says which file;
// - no source file is over 600 lines.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';

const LONGEST = 600;
const ROOTS = ['src/', 'page/src/', 'engine/src/', 'python/src/', 'python/imagehistogram/', 'shaders/', 'www/', 'examples/', 'scripts/'];
const SOURCE = new Set(['.rs', '.wgsl', '.js', '.mjs', '.html', '.css', '.py', '.sh']);
const SHARED_NAMES = new Set(['lib.rs', 'main.rs', 'mod.rs']);

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n')
  .filter((f) => ROOTS.some((r) => f.startsWith(r)) && SOURCE.has(extname(f)));

const doc = readFileSync('docs/ARCHITECTURE.md', 'utf8');
const table = doc.slice(doc.indexOf('## Where each file is'));
const rows = table.split('\n').filter((l) => l.startsWith('|'));
const named = (file) => rows.some((row) => {
  const cells = [...row.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
  if (cells.includes(file)) return true;
  if (cells.some((c) => c.includes('*') && dirname(c) === dirname(file) && file.endsWith(c.slice(c.indexOf('*') + 1)))) return true;
  // `folder/*/`: any file one folder down (a step's folder).
  if (cells.some((c) => c.endsWith('/*/') && dirname(dirname(file)) === c.slice(0, -3))) return true;
  return cells.includes(`${dirname(file)}/`) && cells.includes(basename(file));
});

const problems = [];
for (const file of files) {
  if (!named(file)) problems.push(`${file}: not named in docs/ARCHITECTURE.md's table`);
  const lines = readFileSync(file, 'utf8').split('\n').length - 1;
  if (lines > LONGEST && !file.endsWith('.html') && !file.endsWith('.css')) problems.push(`${file}: ${lines} lines, over ${LONGEST}`);
}
const byName = new Map();
for (const file of files.filter((f) => !SHARED_NAMES.has(basename(f)) && !f.endsWith('.html'))) {
  byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
}
for (const [name, where] of byName) if (where.length > 1) problems.push(`${name}: ${where.length} files of that name (${where.join(', ')})`);

for (const p of problems) console.error(p);
if (problems.length) process.exit(1);
console.log(`house: ${files.length} source files named in docs/ARCHITECTURE.md, each name once, none over ${LONGEST} lines`);
