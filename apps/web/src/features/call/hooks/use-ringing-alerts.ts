import { useEffect, useRef } from 'react';
import { msg } from '@toque/contracts/messages';
import { callUi } from '@toque/contracts/call-ui';
import { ringToneUrl } from '../ring-tone';
import { useTitleBlink } from './use-title-blink';

const notificationTag = (roomId: string) => `call-${roomId}`;

/** A notification when the user allowed them: through the service worker when there is one (Android has no `new Notification`). */
async function notify(roomId: string, body: string): Promise<() => void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return () => undefined;
  const options = { body, tag: notificationTag(roomId), data: { roomId }, requireInteraction: true };
  const registration = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (registration) {
    await registration.showNotification(callUi.owner.notificationTitle, options);
    return () => {
      void registration.getNotifications({ tag: options.tag }).then((list) => list.forEach((n) => n.close()));
    };
  }
  const notification = new Notification(callUi.owner.notificationTitle, options);
  return () => notification.close();
}

/**
 * CALL-04 while a call rings: the title blinks, the ring loops (the returned ref goes on an
 * `<audio loop>`) and a notification shows if permitted. All three stop when ringing stops.
 */
export function useRingingAlerts(roomId: string | null, body: string) {
  const audio = useRef<HTMLAudioElement>(null);
  const ringing = roomId !== null;
  useTitleBlink(msg.callIncoming, ringing);

  useEffect(() => {
    const element = audio.current;
    if (!roomId || !element) return;
    element.src = ringToneUrl();
    element.loop = true;
    // Browsers refuse sound before the user has interacted with the page: the title and the notification still ring.
    element.play().catch(() => undefined);
    let closeNotification: () => void = () => undefined;
    let stopped = false;
    notify(roomId, body)
      .then((close) => (stopped ? close() : (closeNotification = close)))
      .catch((error: unknown) => console.warn('Toque: notification failed', error));
    return () => {
      stopped = true;
      element.pause();
      element.currentTime = 0;
      closeNotification();
    };
  }, [roomId, body]);

  return audio;
}
