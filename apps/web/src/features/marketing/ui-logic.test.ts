import { describe, expect, it } from 'vitest';
import { visibleWindow, wrapIndex } from './carousel';
import { toggleOpenItem } from './menu';

describe('wrapIndex', () => {
  it('[PUB-03] wraps past both ends', () => {
    expect(wrapIndex(6, 6)).toBe(0);
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(-7, 6)).toBe(5);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});

describe('visibleWindow', () => {
  it('[PUB-03] shows three items, continuing from the start after the last', () => {
    expect(visibleWindow(['a', 'b', 'c', 'd'], 3, 3)).toEqual(['d', 'a', 'b']);
    expect(visibleWindow(['a', 'b'], 0, 3)).toEqual(['a', 'b']);
  });
});

describe('toggleOpenItem', () => {
  it('[NAV-03] opens one item at a time and closes the open one when toggled', () => {
    let open = toggleOpenItem(null, 'contato');
    expect(open).toBe('contato');
    open = toggleOpenItem(open, 'menu');
    expect(open).toBe('menu');
    expect(toggleOpenItem(open, 'menu')).toBeNull();
  });
});
