import { hash } from 'node:crypto';
import Papa from 'papaparse';
import { STATEMENT_COLUMNS_MAX, STATEMENT_LINES_MAX, statementWords } from '@toque/contracts/billing';
import { normalizeName, withoutInvisible } from '@toque/contracts/text-input';
import { countCells, countLines, guessDelimiter } from '../../lib/csv-text';
import { HttpError } from '../../errors';

/**
 * FIN-04: a bank statement as the big Brazilian banks export it (CSV: date; description; amount —
 * the column names and order vary by bank), read line by line for Pix credits: the amount in
 * reais ('29,90', 'R$ 1.234,56', '29.90'), the end-to-end id when the bank prints it ('E…', 32
 * characters), and every 25-character token that could be a charge's txid.
 */
export interface StatementLine {
  line: number;
  text: string;
  /** Credits only (positive); null when no amount could be read. */
  cents: number | null;
  endToEndId: string | null;
  /** Tokens of the line shaped like our txids (25 letters and digits). */
  txids: string[];
  /** Stands in for the end-to-end id when the bank does not print it: the same line twice is one payment. */
  lineId: string;
}

const BR_AMOUNT = /^(-)?\s*(?:R\$\s*)?(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})$/;
const DOT_AMOUNT = /^(-)?\s*(?:R\$\s*)?(\d+)\.(\d{2})$/;
const END_TO_END = /\bE[0-9A-Za-z]{31}\b/;
const TXID = /\b[A-Za-z0-9]{25}\b/g;

export function amountCents(cell: string): number | null {
  const text = cell.trim();
  const m = BR_AMOUNT.exec(text) ?? DOT_AMOUNT.exec(text);
  if (!m) return null;
  const [, minus, reais = '0', cents = '00'] = m;
  const value = Number(reais.replace(/\./g, '')) * 100 + Number(cents);
  return minus ? -value : value;
}

/**
 * SEC-09: the lines are counted before anything is parsed (a 413 past STATEMENT_LINES_MAX).
 * SEC-10: the text is read in NFKC (full-width digits are digits) and a cell's invisible and control
 * characters are dropped, so what is matched is what the administrator is shown.
 */
export function readStatement(input: string): StatementLine[] {
  if (countLines(input) > STATEMENT_LINES_MAX) throw new HttpError(413, statementWords.tooManyLines);
  const text = normalizeName(input);
  const delimiter = guessDelimiter(text);
  if (countCells(text, delimiter) > Math.max(1, countLines(text)) * STATEMENT_COLUMNS_MAX)
    throw new HttpError(413, statementWords.tooManyCells);
  const rows = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' }).data;
  return rows.flatMap((row, index) => {
    const cells = row.map((c) => withoutInvisible(c ?? '').trim());
    const joined = cells.filter(Boolean).join(' | ');
    if (!joined) return [];
    // The last cell that reads as an amount: banks put the balance after the amount, so prefer the first.
    const amounts = cells.map(amountCents).filter((v): v is number => v !== null);
    const cents = amounts.length > 0 ? amounts[0]! : null;
    return [
      {
        line: index + 1,
        text: joined.length > 160 ? `${joined.slice(0, 159)}…` : joined,
        cents: cents !== null && cents > 0 ? cents : null,
        endToEndId: END_TO_END.exec(joined)?.[0] ?? null,
        txids: joined.match(TXID) ?? [],
        // One-shot hashing: a third of createHash's cost, over up to 10,000 lines.
        lineId: `S${hash('sha256', joined, 'hex').slice(0, 31)}`,
      },
    ];
  });
}
