import { describe, expect, test } from 'vitest';
import { countLines, decodeCsv, guessDelimiter } from './csv-text';

describe('CSV text as Brazilian spreadsheets and banks write it', () => {
  test("[SEC-10] [CONDO-12] Windows-1252 is decoded as Windows-1252: Excel's curly quotes, dashes, euro and ellipsis are those characters, not C1 controls", () => {
    // “Torre A” – Sala 1 — R$/€ … ‘x’ ™ in Windows-1252; 0x93 is not valid UTF-8, so the fallback runs.
    const bytes = Uint8Array.from([
      0x93, ...Buffer.from('Torre A', 'latin1'), 0x94, 0x20, 0x96, ...Buffer.from(' Sala 1 ', 'latin1'),
      0x97, 0x20, 0x80, 0x85, 0x91, 0x78, 0x92, 0x99, 0x3b, 0xea, 0x0d, 0x0a,
    ]);
    expect(decodeCsv(bytes)).toBe('“Torre A” – Sala 1 — €…‘x’™;ê\r\n');
    // Many curly quotes are text, not junk: a spreadsheet full of them is not refused as binary.
    const quoted = Buffer.concat(Array.from({ length: 50 }, () => Buffer.from([0x93, 0x41, 0x94, 0x3b, 0x31, 0x0a])));
    expect(decodeCsv(quoted)).toBe('“A”;1\n'.repeat(50));
  });

  test('[SEC-09] lines are counted without splitting the text: \\r\\n, \\r and \\n each end one line', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\r\nb\rc\nd')).toBe(4);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('\n\n')).toBe(2);
  });

  test('[CONDO-12] [FIN-04] the most frequent separator wins', () => {
    expect(guessDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(guessDelimiter('a,b,c\n1,2,3')).toBe(',');
    expect(guessDelimiter('a\tb\tc')).toBe('\t');
    expect(guessDelimiter('abc')).toBe(';');
  });
});
