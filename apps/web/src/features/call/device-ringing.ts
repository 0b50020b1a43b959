/**
 * CALL-16: will this device ring with the tab closed? What the browser can tell, as one state.
 * `ios-install`: an iPhone or iPad in a Safari tab — Web Push reaches only a site added to the
 * Home Screen there (iOS 16.4+), so the one useful step is to add it.
 */
export type DeviceRinging = 'on' | 'off' | 'denied' | 'unsupported' | 'ios-install';

export interface DeviceFacts {
  /** Service worker, PushManager and Notification all exist. */
  supported: boolean;
  permission: NotificationPermission | null;
  /** This browser holds a push subscription. */
  subscribed: boolean;
  ios: boolean;
  /** Opened from the Home Screen (display-mode standalone, or Safari's navigator.standalone). */
  standalone: boolean;
}

export function deviceRinging(facts: DeviceFacts): DeviceRinging {
  if (facts.ios && !facts.standalone) return 'ios-install';
  if (!facts.supported) return 'unsupported';
  if (facts.permission === 'denied') return 'denied';
  return facts.permission === 'granted' && facts.subscribed ? 'on' : 'off';
}

/** iPhone, iPod, or an iPad (which says it is a Mac, but has a touch screen). */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}
