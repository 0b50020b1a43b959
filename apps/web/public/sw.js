/* global self */
/*
 * Toque's service worker (CALL-03): a Web Push `{ type: 'incoming-call', call }` becomes a
 * notification, even with every tab of the site closed; a click on it opens (or focuses) a window
 * on /call with the call data in the query, which /call moves into sessionStorage.
 * FIND-01: `{ type: 'tag-scanned', scan, text, url }` shows the server's text ('Seu Toque … foi
 * escaneado') and a click opens the history at `url` — never the call screen.
 * CALL-16: `{ type: 'test-call', test, text }` — the owner's test call — shows `text` under the
 * same tag the open page's card uses (`call-<id>`, so one notification, not two); a click focuses
 * a window of the site or opens the dashboard. No call exists, so nothing else happens.
 * FIND-06: `{ type: 'conversation-message', conversationId, text, url }` shows `text`; a click opens `url`.
 *
 * Plain JavaScript served as is from the site's root (its scope is the whole site). The text
 * matches the catalogue's 'está te chamando...' (packages/contracts, msg.callIncoming); the
 * browser test compares them.
 */
const CALL_PATH = '/call';
const RINGING = 'está te chamando...';

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Pages opened before the worker existed are controlled at once, so a click can navigate them.
  event.waitUntil(self.clients.claim());
});

function callUrl(data) {
  const params = new URLSearchParams({ roomId: String(data.roomId) });
  if (typeof data.latitude === 'number') params.set('lat', String(data.latitude));
  if (typeof data.longitude === 'number') params.set('lng', String(data.longitude));
  return new URL(`${CALL_PATH}?${params.toString()}`, self.location.origin).href;
}

function showCall(payload) {
  const call = payload && payload.type === 'incoming-call' ? payload.call : null;
  if (!call || typeof call.roomId !== 'string') return Promise.resolve();
  const where = call.unitName ? `${call.tagName} (${call.unitName})` : call.tagName;
  return self.registration.showNotification('Toque', {
    body: where ? `${where}: ${RINGING}` : RINGING,
    tag: `call-${call.roomId}`,
    renotify: true,
    requireInteraction: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    vibrate: [400, 200, 400, 200, 400],
    data: { roomId: call.roomId, latitude: call.latitude ?? null, longitude: call.longitude ?? null },
  });
}

function showScan(payload) {
  const scan = payload.scan;
  if (!scan || typeof scan.id !== 'number' || typeof payload.text !== 'string') return Promise.resolve();
  // Only a path of this site: a push cannot send the click anywhere else.
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') && !payload.url.startsWith('//') ? payload.url : '/';
  return self.registration.showNotification('Toque', {
    body: payload.text,
    tag: `scan-${scan.id}`,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { scanUrl: url },
  });
}

/** FIND-06: a finder wrote in a conversation; a click opens it (the scan's click path: a path of this site only). */
function showConversation(payload) {
  if (typeof payload.conversationId !== 'string' || typeof payload.text !== 'string') return Promise.resolve();
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') && !payload.url.startsWith('//') ? payload.url : '/';
  return self.registration.showNotification('Toque', {
    body: payload.text,
    tag: `conversation-${payload.conversationId}`,
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { scanUrl: url },
  });
}

function showTest(payload) {
  const test = payload.test;
  if (!test || typeof test.id !== 'string' || typeof payload.text !== 'string') return Promise.resolve();
  return self.registration.showNotification('Toque', {
    body: payload.text,
    tag: `call-${test.id}`,
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    vibrate: [400, 200, 400, 200, 400],
    data: { testCall: true },
  });
}

/** CONDO-15: a delivery at the door shows the server's text; a click opens the unit's page at `url`. */
function showDelivery(payload) {
  const delivery = payload.delivery;
  if (!delivery || typeof delivery.id !== 'number' || typeof payload.text !== 'string') return Promise.resolve();
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') && !payload.url.startsWith('//') ? payload.url : '/';
  return self.registration.showNotification('Toque', {
    body: payload.text,
    tag: `delivery-${delivery.id}`,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { scanUrl: url },
  });
}

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  const type = payload && payload.type;
  event.waitUntil(
    type === 'tag-scanned'
      ? showScan(payload)
      : type === 'delivery'
        ? showDelivery(payload)
        : type === 'test-call'
          ? showTest(payload)
          : type === 'conversation-message'
            ? showConversation(payload)
            : showCall(payload),
  );
});

/**
 * Takes a window of this site to `url`: an open window we control is focused and navigated,
 * otherwise a new one opens.
 */
async function showInWindow(url) {
  const windows = await self.clients.matchAll({ type: 'window' });
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    try {
      await ours.focus();
    } catch {
      // Focusing needs the click's user activation; the navigation below does not.
    }
    try {
      await ours.navigate(url);
      return;
    } catch {
      // Not ours to navigate after all: open a new window instead.
    }
  }
  await self.clients.openWindow(url);
}

/** FIND-01: a scan notification opens (or focuses) the history. */
async function openScanFromNotification(notification) {
  notification.close();
  const url = new URL(notification.data.scanUrl, self.location.origin).href;
  await showInWindow(url);
}
self.openScanFromNotification = openScanFromNotification;

/**
 * What a click on a call notification does: close it, then take a window of this site to /call
 * with the call data — an open window we control is focused and navigated, otherwise a new one
 * opens. Kept apart from the event so that it is the one piece of code a click runs.
 */
async function openCallFromNotification(notification) {
  notification.close();
  const data = notification.data;
  if (!data || typeof data.roomId !== 'string') return;
  const url = callUrl(data);
  await showInWindow(url);
}
self.openCallFromNotification = openCallFromNotification;

/** CALL-16: a test call's notification brings the site forward (an open window, else the dashboard). */
async function openTestFromNotification(notification) {
  notification.close();
  const windows = await self.clients.matchAll({ type: 'window' });
  const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (ours) {
    try {
      await ours.focus();
      return;
    } catch {
      // Focusing needs the click's user activation: open the dashboard instead.
    }
  }
  await self.clients.openWindow(new URL('/dashboard', self.location.origin).href);
}

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data;
  const open =
    data && typeof data.scanUrl === 'string'
      ? openScanFromNotification
      : data && data.testCall === true
        ? openTestFromNotification
        : openCallFromNotification;
  event.waitUntil(open(event.notification));
});
