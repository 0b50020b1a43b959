import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pagination', () => {
  it('[ADM-08] offers the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 20)).toEqual([1, 4, 5, 6, 7, 8, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 18, 19, 20]);
  });
});
