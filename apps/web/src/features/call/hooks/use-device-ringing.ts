import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client';
import { SERVICE_WORKER_URL, subscribeToPush, type PushOutcome } from '../../../lib/push';
import { deviceRinging, isIos, type DeviceFacts, type DeviceRinging } from '../device-ringing';

async function readFacts(): Promise<DeviceFacts> {
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // Old WebViews (and jsdom) have no matchMedia: then only iOS's own flag can say "added to the Home Screen".
  const standalone =
    (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  let subscribed = false;
  if (supported) {
    try {
      const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
      subscribed = Boolean(await registration?.pushManager.getSubscription());
    } catch {
      subscribed = false;
    }
  }
  return {
    supported,
    permission: supported ? Notification.permission : null,
    subscribed,
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    standalone,
  };
}

/** CALL-16: this device's state (null while it is read) and the tap that turns notifications on. */
export function useDeviceRinging() {
  const [state, setState] = useState<DeviceRinging | null>(null);
  const refresh = useCallback(async () => {
    setState(deviceRinging(await readFacts()));
  }, []);
  useEffect(() => {
    let live = true;
    void readFacts().then((facts) => {
      if (live) setState(deviceRinging(facts));
    });
    return () => {
      live = false;
    };
  }, []);
  const enable = useCallback(async (): Promise<PushOutcome> => {
    const outcome = await subscribeToPush(apiClient, true);
    await refresh();
    return outcome;
  }, [refresh]);
  return { state, enable };
}
