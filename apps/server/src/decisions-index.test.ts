import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * DEV-06: docs/decisions/README.md indexes every decision record with the status the record states,
 * and names every number the sequence skips.
 */
const dir = fileURLToPath(new URL('../../../docs/decisions/', import.meta.url));

interface Record {
  file: string;
  text: string;
}

/** The status a record states: a "Superseded by" line at its top, else its `Status:` line's first word. */
function statusOf(text: string): string {
  const superseded = text.match(/\*\*Superseded by \[(\d{4})\]/);
  if (superseded) return `superseded by ${superseded[1]}`;
  return text.match(/(?:^|\s)Status:\s*([a-z]+)/m)?.[1] ?? 'not stated';
}

/** What is wrong with an index of these records (nothing: an empty list). */
function indexProblems(index: string, records: Record[]): string[] {
  const rows = new Map(
    [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/gm)].map((m) => [m[2]!, { number: m[1]!, title: m[3]!, status: m[4]! }]),
  );
  const problems: string[] = [];
  for (const { file, text } of records) {
    const row = rows.get(file);
    const heading = text.match(/^# (\d{4}) — (.+)$/m);
    if (!row) problems.push(`${file}: not in the index`);
    else {
      if (row.number !== file.slice(0, 4)) problems.push(`${file}: listed as ${row.number}`);
      if (heading && row.title !== heading[2]) problems.push(`${file}: title "${row.title}", the record says "${heading[2]}"`);
      if (row.status !== statusOf(text)) problems.push(`${file}: status "${row.status}", the record states "${statusOf(text)}"`);
    }
  }
  for (const file of rows.keys()) if (!records.some((r) => r.file === file)) problems.push(`${file}: in the index, no such file`);
  // Every number the sequence skips is explained.
  const numbers = records.map((r) => Number(r.file.slice(0, 4)));
  for (let n = 1; n < Math.max(0, ...numbers); n++) {
    const id = String(n).padStart(4, '0');
    if (!numbers.includes(n) && !new RegExp(`\\*\\*${id} is missing\\*\\*`).test(index)) problems.push(`${id}: skipped, and the index does not say why`);
  }
  return problems;
}

describe('docs/decisions/README.md', () => {
  test('[DEV-06] the index check finds a record left out, a wrong status, a wrong title, a stale row and an unexplained gap', () => {
    const records = [
      { file: '0001-a.md', text: '# 0001 — A\n\nDate: 2026-11-28. Status: accepted.\n' },
      { file: '0002-b.md', text: '# 0002 — B\n\n**Superseded by [0004](0004-d.md):** …\n' },
      { file: '0004-d.md', text: '# 0004 — D\n\nSupersedes 0002.\n' },
    ];
    const good =
      '**0003 is missing**: never written.\n\n| [0001](0001-a.md) | A | accepted |\n| [0002](0002-b.md) | B | superseded by 0004 |\n| [0004](0004-d.md) | D | not stated |\n';
    expect(indexProblems(good, records)).toEqual([]);
    const bad =
      '| [0001](0001-a.md) | A | not stated |\n| [0002](0002-b.md) | Bee | superseded by 0004 |\n| [0005](0005-e.md) | E | accepted |\n';
    expect(indexProblems(bad, records)).toEqual([
      '0001-a.md: status "not stated", the record states "accepted"',
      '0002-b.md: title "Bee", the record says "B"',
      '0004-d.md: not in the index',
      '0005-e.md: in the index, no such file',
      '0003: skipped, and the index does not say why',
    ]);
  });

  test('[DEV-06] it lists exactly the records present, each with its title and the status it states; a skipped number is explained', () => {
    const records = readdirSync(dir)
      .filter((f) => /^\d{4}-.+\.md$/.test(f))
      .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
    expect(records.length).toBeGreaterThan(40);
    expect(indexProblems(readFileSync(join(dir, 'README.md'), 'utf8'), records)).toEqual([]);
  });
});
