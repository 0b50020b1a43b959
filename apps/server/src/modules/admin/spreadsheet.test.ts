import { describe, expect, test } from 'vitest';
import { safeCell } from './spreadsheet';

describe('safeCell', () => {
  test('[ADM-04] cells that start with = + - @ tab or CR are written as text behind a quote', () => {
    for (const dangerous of ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(safeCell(dangerous)).toBe(`'${dangerous}`);
    }
    for (const plain of ['Maria', '52998224725', 'a=b', ' =1', '', "'já citado"]) expect(safeCell(plain)).toBe(plain);
  });
});
