/**
 * CSV files as Brazilian spreadsheets and banks write them (CONDO-12's units, FIN-04's bank
 * statements): the bytes' encoding, and the separator.
 */

/** Bytes as text: UTF-8 (with or without BOM), else Excel's Windows-1252 from a Brazilian machine; null for junk. */
export function decodeCsv(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // A text file has no NUL and few control characters; a binary or random file has many.
  // eslint-disable-next-line no-control-regex -- counting control characters is the point
  const controls = text.match(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g)?.length ?? 0;
  if (text.includes('\u0000') || controls > Math.max(2, text.length / 100)) return null;
  return text;
}

/** Excel in Portuguese writes ';', elsewhere ','; the most frequent wins (Papa's own guess needs every row to have as many columns). */
export function guessDelimiter(text: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, text.split(d).length] as const).sort((a, b) => b[1] - a[1]);
  return counts[0]![0];
}
