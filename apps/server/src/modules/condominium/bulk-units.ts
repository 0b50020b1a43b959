import Papa from 'papaparse';
import { countCells, countLines, guessDelimiter } from '../../lib/csv-text';
import { z } from 'zod';
import { MEMBERS_PER_UNIT, UNIT_NAME_MAX } from '@toque/contracts/constants';
import { hasInvisible, normalizeName } from '@toque/contracts/text-input';
import { unitKey } from '@toque/contracts/unit-key';

export { unitKey };
import {
  BLOCK_NAME_MAX,
  BULK_COLUMNS_MAX,
  BULK_LINES_MAX,
  BULK_UNITS_MAX,
  bulkMsg,
  FORMULA_START,
  type BulkRefusal,
} from '@toque/contracts/units-bulk';
import { BadRequest, HttpError } from '../../errors';

/**
 * CONDO-12: the units a síndico asked for, read from a pasted list or a CSV file — pure, so the
 * preview and the confirmation read the same input the same way (docs/decisions/0038).
 *
 * SEC-09: the work is bounded before it is done. The lines are counted before anything is parsed
 * (a 413 past BULK_LINES_MAX); a range's units are counted before it is expanded, and the list stops
 * with a 400 as soon as its ranges would make more than BULK_UNITS_MAX units, or its units number
 * more. So a request costs at most its 100 kB of text (or 2,000 CSV rows) plus 1,000 units.
 * SEC-10: the input is read in Unicode NFKC; a name or block with an invisible or control character
 * is refused with its line.
 */

interface PlannedUnit {
  block: string | null;
  name: string;
  emails: string[];
  /** The input's line, for a refusal found later (a unit that already exists). */
  line: number;
  text: string;
}

export interface UnitPlan {
  units: PlannedUnit[];
  refused: BulkRefusal[];
}

/** 'Apto 101–104', '101-110', '01–10': a prefix, then a numeric range (hyphen, en or em dash). */
const RANGE = /^(.*?)(\d{1,6})\s*[-–—]\s*(\d{1,6})$/;
const email = z.string().email();
const shown = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

function nameProblem(name: string): string | null {
  if (name === '') return bulkMsg.nameEmpty;
  if (hasInvisible(name)) return bulkMsg.invisibleChars;
  if (FORMULA_START.test(name)) return bulkMsg.formula;
  if (name.length > UNIT_NAME_MAX) return bulkMsg.nameTooLong;
  return null;
}

function blockProblem(block: string): string | null {
  if (hasInvisible(block)) return bulkMsg.invisibleChars;
  if (FORMULA_START.test(block)) return bulkMsg.formula;
  if (block.length > BLOCK_NAME_MAX) return bulkMsg.blockTooLong;
  return null;
}

function emailsProblem(emails: string[]): string | null {
  if (emails.length > MEMBERS_PER_UNIT) return bulkMsg.tooManyEmails;
  for (const e of emails) if (!email.safeParse(e).success || e.length > 254) return bulkMsg.emailInvalid(e);
  if (new Set(emails).size !== emails.length) return bulkMsg.emailRepeated;
  return null;
}

/**
 * Spaces, tabs and line ends around a cell — not String.prototype.trim, which would silently drop a
 * U+FEFF or U+2028 that SEC-10 refuses. After NFKC every other Unicode space is a plain space.
 */
const trimSpace = (text: string) => text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');

/** The bound of SEC-09, past which nothing more is read. */
const tooManyUnits = () => new BadRequest(bulkMsg.tooManyUnits);

/** Lines are counted before anything is split or parsed; then the text is read in NFKC. */
function boundedText(text: string): string {
  if (countLines(text) > BULK_LINES_MAX) throw new HttpError(413, bulkMsg.tooManyLines);
  return normalizeName(text);
}

/**
 * '101–104' as a range (keeping zero padding: '01–03' → 01, 02, 03), not yet expanded: its size is
 * known first, so the planner can refuse it before making a single name. null for a plain name.
 */
function readRange(token: string): { size: number; names: () => string[] } | { problem: string } | null {
  const m = RANGE.exec(token);
  if (!m) return null;
  const [, prefix = '', from = '', to = ''] = m;
  const start = Number(from);
  const end = Number(to);
  if (end < start) return { problem: bulkMsg.rangeBackwards };
  const size = end - start + 1;
  if (size > BULK_UNITS_MAX) return { problem: bulkMsg.rangeTooBig };
  const width = from.startsWith('0') ? from.length : 0;
  return {
    size,
    names: () => {
      const names: string[] = [];
      for (let n = start; n <= end; n++) names.push(`${prefix}${String(n).padStart(width, '0')}`.trim());
      return names;
    },
  };
}

/**
 * Adds units, refusing a repeated one (same block and name, whatever the case) — unless only one of
 * the two carries e-mails: '101–104' then '101; ana@x.com' gives unit 101 its e-mail.
 */
class Planner {
  readonly plan: UnitPlan = { units: [], refused: [] };
  private readonly seen = new Map<string, PlannedUnit>();
  /** Units the list's ranges make, refused ones included: counted before each range is expanded. */
  private rangeUnits = 0;

  /** SEC-09: a range's units count before they exist; past the bound, the list is refused whole. */
  reserve(size: number) {
    this.rangeUnits += size;
    if (this.rangeUnits > BULK_UNITS_MAX) throw tooManyUnits();
  }

  refuse(line: number, text: string, reason: string) {
    this.plan.refused.push({ line, text: shown(text), reason });
  }

  add(unit: PlannedUnit) {
    const problem =
      nameProblem(unit.name) ?? (unit.block ? blockProblem(unit.block) : null) ?? emailsProblem(unit.emails);
    if (problem) return this.refuse(unit.line, unit.text, problem);
    const key = unitKey(unit.block, unit.name);
    const earlier = this.seen.get(key);
    if (earlier) {
      if (earlier.emails.length > 0 && unit.emails.length > 0)
        return this.refuse(unit.line, unit.text, bulkMsg.duplicateInList);
      if (earlier.emails.length === 0 && unit.emails.length === 0)
        return this.refuse(unit.line, unit.text, bulkMsg.duplicateInList);
      if (unit.emails.length > 0) earlier.emails = unit.emails;
      return;
    }
    this.seen.set(key, unit);
    this.plan.units.push(unit);
    if (this.plan.units.length > BULK_UNITS_MAX) throw tooManyUnits();
  }
}

/**
 * A pasted list: every line holds names or ranges separated by commas or semicolons
 * ('101–110, 201–210'), or one unit followed by up to 3 e-mails ('1204; ana@x.com; bia@y.com').
 * `block` (already validated) applies to every unit.
 */
export function planFromText(input: string, block: string): UnitPlan {
  const text = boundedText(input);
  const planner = new Planner();
  const blockName = trimSpace(normalizeName(block)) || null;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const tokens = raw
      .split(/[,;\t]/)
      .map(trimSpace)
      .filter(Boolean);
    if (tokens.length === 0) return;
    const emails = tokens.filter((t) => t.includes('@')).map((t) => t.toLowerCase());
    const names = tokens.filter((t) => !t.includes('@'));
    if (emails.length > 0) {
      const range = names.length === 1 && RANGE.test(names[0]!);
      if (names.length !== 1 || range)
        return planner.refuse(line, raw.trim(), names.length === 0 ? bulkMsg.nameEmpty : bulkMsg.emailsNeedOneUnit);
      return planner.add({ block: blockName, name: names[0]!, emails, line, text: raw.trim() });
    }
    for (const token of names) {
      const range = readRange(token);
      if (range && 'problem' in range) planner.refuse(line, token, range.problem);
      else if (range) {
        planner.reserve(range.size);
        for (const name of range.names()) planner.add({ block: blockName, name, emails: [], line, text: token });
      } else planner.add({ block: blockName, name: token, emails: [], line, text: token });
    }
  });
  return planner.plan;
}

const HEADER = /^(bloco|block|torre|unidade|unit|apto|apartamento)$/i;

/**
 * A CSV: block; unit; up to 3 e-mails (a row whose second cell is an e-mail has no block column).
 * Comma or semicolon (Excel in Portuguese writes ';'), quotes as RFC 4180; an optional header row.
 */
export function planFromCsv(input: string): UnitPlan {
  const text = boundedText(input);
  const planner = new Planner();
  const delimiter = guessDelimiter(text);
  if (countCells(text, delimiter) > Math.max(1, countLines(text)) * BULK_COLUMNS_MAX)
    throw new HttpError(413, bulkMsg.tooManyCells);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  parsed.data.forEach((row, index) => {
    const cells = row.map((c) => trimSpace(c ?? ''));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length === 0) return;
    const line = index + 1;
    const raw = cells.join('; ');
    if (index === 0 && cells.every((c) => HEADER.test(c) || /^e-?mail\s*\d?$/i.test(c))) return;
    const hasBlock = cells.length >= 2 && !cells[1]!.includes('@');
    const block = hasBlock ? cells[0]! : '';
    const name = hasBlock ? cells[1]! : cells[0]!;
    const emails = cells
      .slice(hasBlock ? 2 : 1)
      .filter(Boolean)
      .map((e) => e.toLowerCase());
    if (emails.length > MEMBERS_PER_UNIT) return planner.refuse(line, raw, bulkMsg.tooManyColumns);
    planner.add({ block: block || null, name, emails, line, text: raw });
  });
  return planner.plan;
}
