import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@toque/contracts/constants';
import { callDataFromQuery, callDataStorage, callUrl } from './call-data';

afterEach(() => window.sessionStorage.clear());

describe('call data (CALL-04)', () => {
  it('[CALL-04] is stored as {roomId, latitude, longitude} under callData and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = callDataStorage.subscribe(listener);
    callDataStorage.write({ roomId: 'r1', latitude: -19.9, longitude: -43.9 });
    expect(JSON.parse(window.sessionStorage.getItem(storageKeys.callData)!)).toEqual({
      roomId: 'r1',
      latitude: -19.9,
      longitude: -43.9,
    });
    expect(callDataStorage.read()).toBe(callDataStorage.read());
    expect(callDataStorage.read()).toEqual({ roomId: 'r1', latitude: -19.9, longitude: -43.9 });
    callDataStorage.clear();
    expect(callDataStorage.read()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('[CALL-04] ignores stored text that is not call data', () => {
    window.sessionStorage.setItem(storageKeys.callData, '{"roomId":1}');
    expect(callDataStorage.read()).toBeNull();
    window.sessionStorage.setItem(storageKeys.callData, 'not json');
    expect(callDataStorage.read()).toBeNull();
  });

  it('[CALL-03] a notification URL round-trips the call data, without location when there is none', () => {
    const located = { roomId: 'abc_-1', latitude: -19.92, longitude: -43.94 };
    expect(callDataFromQuery(new URL(callUrl(located), 'http://x').search)).toEqual(located);
    const unlocated = { roomId: 'abc', latitude: null, longitude: null };
    expect(callUrl(unlocated)).toBe('/call?roomId=abc');
    expect(callDataFromQuery('?roomId=abc')).toEqual(unlocated);
    expect(callDataFromQuery('?lat=1&lng=2')).toBeNull();
    expect(callDataFromQuery('?roomId=a&lat=200&lng=2')).toEqual({ roomId: 'a', latitude: null, longitude: null });
    expect(callDataFromQuery('?roomId=a&lat=1')).toEqual({ roomId: 'a', latitude: null, longitude: null });
  });
});
