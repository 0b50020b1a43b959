import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LIST_REFRESH_MS } from '@toque/contracts/constants';
import { useDelayedRefresh } from './use-delayed-refresh';

describe('delayed list refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('[ADM-03] the list reloads 3 s after a change, not before', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => useDelayedRefresh(refresh));
    act(() => {
      result.current();
    });
    act(() => {
      vi.advanceTimersByTime(LIST_REFRESH_MS - 1);
    });
    expect(refresh).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('[ADM-03] changes in a row cost one reload, 3 s after the last', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => useDelayedRefresh(refresh));
    act(() => {
      result.current();
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => {
      result.current();
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(refresh).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('[ADM-03] leaving the page cancels the pending reload', () => {
    const refresh = vi.fn();
    const { result, unmount } = renderHook(() => useDelayedRefresh(refresh));
    act(() => {
      result.current();
    });
    unmount();
    vi.advanceTimersByTime(LIST_REFRESH_MS * 2);
    expect(refresh).not.toHaveBeenCalled();
  });
});
