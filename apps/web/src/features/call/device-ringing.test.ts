import { describe, expect, test } from 'vitest';
import { deviceRinging, isIos, type DeviceFacts } from './device-ringing';

const chrome: DeviceFacts = { supported: true, permission: 'granted', subscribed: true, ios: false, standalone: false };

describe('whether this device rings with the tab closed', () => {
  test('[CALL-16] on only with the permission granted and a subscription held', () => {
    expect(deviceRinging(chrome)).toBe('on');
    expect(deviceRinging({ ...chrome, subscribed: false })).toBe('off');
    expect(deviceRinging({ ...chrome, permission: 'default' })).toBe('off');
    expect(deviceRinging({ ...chrome, permission: 'denied', subscribed: false })).toBe('denied');
    expect(deviceRinging({ ...chrome, supported: false, permission: null, subscribed: false })).toBe('unsupported');
  });

  test('[CALL-16] [ACC-05] an iPhone in a Safari tab is told to add the site to the Home Screen; from there it is like any browser', () => {
    const safariTab = { supported: false, permission: null, subscribed: false, ios: true, standalone: false };
    expect(deviceRinging(safariTab)).toBe('ios-install');
    expect(deviceRinging({ ...safariTab, supported: true, permission: 'default', standalone: true })).toBe('off');
    expect(deviceRinging({ ...chrome, ios: true, standalone: true })).toBe('on');
  });

  test('[CALL-16] iPhone and iPad (which says it is a Mac) are iOS; Android and a desktop Mac are not', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(isIos(iphone, 'iPhone', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 'MacIntel', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', 'MacIntel', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36', 'Linux armv8l', 5)).toBe(false);
  });
});
