import iconv from 'iconv-lite';

/**
 * CSV files as Brazilian spreadsheets and banks write them (CONDO-12's units, FIN-04's bank
 * statements): the bytes' encoding, the lines, and the separator — each read without building
 * anything as big as the file (SEC-09).
 */

/**
 * Bytes as text: UTF-8 (with or without BOM), else Excel's Windows-1252 from a Brazilian machine;
 * null for junk. Windows-1252 goes through iconv-lite: Node 20's `TextDecoder('windows-1252')`
 * decodes Latin-1, turning Excel's curly quotes, dashes and euro (0x80–0x9F) into C1 controls.
 */
export function decodeCsv(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) become U+FFFD.
    text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'windows-1252');
  }
  // A text file has no NUL and few control characters; a binary or random file has many.
  // eslint-disable-next-line no-control-regex -- counting control characters is the point
  const controls = text.match(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g)?.length ?? 0;
  if (text.includes('\u0000') || controls > Math.max(2, text.length / 100)) return null;
  return text;
}

/** Lines of a text ('\r\n', '\r' and '\n' each end one; a last line without an end counts), without splitting it. */
export function countLines(text: string): number {
  let lines = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) lines++;
    else if (c === 13) {
      lines++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && last !== 10 && last !== 13 ? lines + 1 : lines;
}

/**
 * Excel in Portuguese writes ';', elsewhere ','; the most frequent wins (Papa's own guess needs every
 * row to have as many columns). Counted in one pass, not by splitting the text three times.
 */
export function guessDelimiter(text: string): string {
  const counts = { ';': 0, ',': 0, '\t': 0 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ';' || c === ',' || c === '\t') counts[c]++;
  }
  return ([';', ',', '\t'] as const).reduce((best, d) => (counts[d] > counts[best] ? d : best));
}

/**
 * The cells a CSV can hold at most: one per line plus one per delimiter (quoted delimiters counted
 * too: an upper bound, in one pass). SEC-09: a 1 MB line of `0-999,` is 170,000 cells, and Papa's
 * parse plus the per-cell work held the event loop ~200 ms; a bank's or a síndico's file has a
 * handful of columns, so a bound per line, checked before parsing, costs nothing real.
 */
export function countCells(text: string, delimiter: string): number {
  const d = delimiter.charCodeAt(0);
  let cells = countLines(text);
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === d) cells++;
  return cells;
}
