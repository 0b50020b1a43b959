// Which requirement IDs of docs/requirements.md are named, as [ID], in a test title of the project.
//   npm run trace            the summary and the IDs not yet traced
//   npm run trace -- --all   every ID with the test files that name it
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/setup.mjs';

const catalogue = readFileSync(join(root, 'docs/requirements.md'), 'utf8');
const ids = [...catalogue.matchAll(/^- ([A-Z0-9]+-[0-9]+)/gm)].map((m) => m[1]);
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /(\.test|\.spec|\.e2e)\.(ts|tsx|js|mjs)$|(^|\/)(e2e|bench)\//.test(f));
const texts = new Map(files.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
const all = process.argv.includes('--all');
const missing = [];
for (const id of ids) {
  const where = [...texts].filter(([, text]) => text.includes(`[${id}]`)).map(([f]) => f);
  if (where.length === 0) missing.push(id);
  if (all) console.log(`${id}  ${where.join(' ') || '-'}`);
}
console.log(`not traced: ${missing.join(' ') || 'none'}`);
console.log(`${ids.length - missing.length} of ${ids.length} requirements traced by a test title`);
