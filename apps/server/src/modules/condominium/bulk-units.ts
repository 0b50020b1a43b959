import Papa from 'papaparse';
import { guessDelimiter } from '../../lib/csv-text';
import { z } from 'zod';
import { MEMBERS_PER_UNIT, UNIT_NAME_MAX } from '@toque/contracts/constants';
import { BLOCK_NAME_MAX, BULK_UNITS_MAX, bulkMsg, FORMULA_START, type BulkRefusal } from '@toque/contracts/units-bulk';

/**
 * CONDO-12: the units a síndico asked for, read from a pasted list or a CSV file — pure, so the
 * preview and the confirmation read the same input the same way (docs/decisions/0038).
 */

export interface PlannedUnit {
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
  if (FORMULA_START.test(name)) return bulkMsg.formula;
  if (name.length > UNIT_NAME_MAX) return bulkMsg.nameTooLong;
  return null;
}

function blockProblem(block: string): string | null {
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

/** Expands '101–104' (keeping zero padding: '01–03' → 01, 02, 03); null when the token is a plain name. */
function expandRange(token: string): { names: string[] } | { problem: string } | null {
  const m = RANGE.exec(token);
  if (!m) return null;
  const [, prefix = '', from = '', to = ''] = m;
  const start = Number(from);
  const end = Number(to);
  if (end < start) return { problem: bulkMsg.rangeBackwards };
  if (end - start + 1 > BULK_UNITS_MAX) return { problem: bulkMsg.rangeTooBig };
  const width = from.startsWith('0') ? from.length : 0;
  const names: string[] = [];
  for (let n = start; n <= end; n++) names.push(`${prefix}${String(n).padStart(width, '0')}`.trim());
  return { names };
}

/**
 * Adds units, refusing a repeated one (same block and name, whatever the case) — unless only one of
 * the two carries e-mails: '101–104' then '101; ana@x.com' gives unit 101 its e-mail.
 */
class Planner {
  readonly plan: UnitPlan = { units: [], refused: [] };
  private readonly seen = new Map<string, PlannedUnit>();

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
  }
}

/** A unit's identity in its condominium: block and name, case and spacing aside. */
export function unitKey(block: string | null, name: string): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return `${norm(block ?? '')}\u0000${norm(name)}`;
}

/**
 * A pasted list: every line holds names or ranges separated by commas or semicolons
 * ('101–110, 201–210'), or one unit followed by up to 3 e-mails ('1204; ana@x.com; bia@y.com').
 * `block` (already validated) applies to every unit.
 */
export function planFromText(text: string, block: string): UnitPlan {
  const planner = new Planner();
  const blockName = block.trim() || null;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const tokens = raw
      .split(/[,;\t]/)
      .map((t) => t.trim())
      .filter(Boolean);
    if (tokens.length === 0) return;
    const emails = tokens.filter((t) => t.includes('@')).map((t) => t.toLowerCase());
    const names = tokens.filter((t) => !t.includes('@'));
    if (emails.length > 0) {
      const range = names.length === 1 ? expandRange(names[0]!) : null;
      if (names.length !== 1 || range)
        return planner.refuse(line, raw.trim(), names.length === 0 ? bulkMsg.nameEmpty : bulkMsg.emailsNeedOneUnit);
      return planner.add({ block: blockName, name: names[0]!, emails, line, text: raw.trim() });
    }
    for (const token of names) {
      const range = expandRange(token);
      if (range && 'problem' in range) planner.refuse(line, token, range.problem);
      else
        for (const name of range ? range.names : [token])
          planner.add({ block: blockName, name, emails: [], line, text: token });
    }
  });
  return planner.plan;
}

const HEADER = /^(bloco|block|torre|unidade|unit|apto|apartamento)$/i;

/**
 * A CSV: block; unit; up to 3 e-mails (a row whose second cell is an e-mail has no block column).
 * Comma or semicolon (Excel in Portuguese writes ';'), quotes as RFC 4180; an optional header row.
 */
export function planFromCsv(text: string): UnitPlan {
  const planner = new Planner();
  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: 'greedy' });
  parsed.data.forEach((row, index) => {
    const cells = row.map((c) => (c ?? '').trim());
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
