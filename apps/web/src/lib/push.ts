import { callsApi } from '@toque/contracts/calls';
import { pushSubscribeBody, type PushSubscribeBody } from '@toque/contracts/push';
import type { ApiClient } from './api-client';

/** Where the service worker lives: the site's root, so its scope is every page (CALL-03). */
export const SERVICE_WORKER_URL = '/sw.js';
const LOGIN_WAIT_MS = 1500;

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

let registering: Promise<ServiceWorkerRegistration> | null = null;

/** Registers the service worker once per page; it shows a call's push as a notification. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!supported()) return null;
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER_URL).catch((error: unknown) => {
    registering = null;
    throw error;
  });
  return registering;
}

function withTimeout<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms)),
  ]);
}

function subscriptionBody(subscription: PushSubscription): PushSubscribeBody | null {
  const parsed = pushSubscribeBody.safeParse(subscription.toJSON());
  return parsed.success ? parsed.data : null;
}

/**
 * The login `token` (CALL-03): this browser's current push subscription as JSON, or '' when there
 * is none yet. Never asks for permission and never holds the login up for long.
 */
export async function loginPushToken(): Promise<string> {
  if (!supported() || Notification.permission !== 'granted') return '';
  const lookup = async () => {
    const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
    const subscription = await registration?.pushManager.getSubscription();
    const body = subscription ? subscriptionBody(subscription) : null;
    return body ? JSON.stringify(body) : '';
  };
  return withTimeout(lookup(), LOGIN_WAIT_MS, '');
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export type PushOutcome = 'enabled' | 'denied' | 'unsupported' | 'failed';

/**
 * Subscribes this browser to Web Push and tells the server (POST /api/push/subscribe). With
 * `ask`, asks for the notification permission first (it must come from a tap); without it, only
 * refreshes a subscription the user already allowed — what every logged-in page does after login.
 */
export async function subscribeToPush(client: Pick<ApiClient, 'get' | 'post'>, ask: boolean): Promise<PushOutcome> {
  if (!supported()) return 'unsupported';
  let permission = Notification.permission;
  if (permission === 'default' && ask) permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'failed';
  try {
    const registration = await registerServiceWorker();
    if (!registration) return 'unsupported';
    await navigator.serviceWorker.ready;
    let subscription = await registration.pushManager.getSubscription();
    if (!subscription) {
      const { publicKey } = await client.get<{ publicKey: string }>(callsApi.vapidPublicKey);
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(publicKey),
      });
    }
    const body = subscriptionBody(subscription);
    if (!body) return 'failed';
    await client.post(callsApi.pushSubscribe, body);
    return 'enabled';
  } catch (error) {
    console.warn('Toque: push subscription failed', error);
    return 'failed';
  }
}
