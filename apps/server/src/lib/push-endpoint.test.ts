import { describe, expect, test } from 'vitest';
import { callMsg } from '@toque/contracts/messages';
import { pushEndpointRefusal } from './push-endpoint';

const hosts = ['fcm.googleapis.com', '*.push.services.mozilla.com', 'http://127.0.0.1:9000'];

describe('pushEndpointRefusal', () => {
  test('[SEC-06] exact hosts and subdomains of wildcard entries over https pass; an origin entry allows only itself', () => {
    for (const ok of ['https://fcm.googleapis.com/fcm/send/x', 'https://updates.push.services.mozilla.com/wpush/v2/x', 'https://FCM.googleapis.com/x', 'http://127.0.0.1:9000/push/x']) {
      expect([ok, pushEndpointRefusal(ok, hosts)]).toEqual([ok, null]);
    }
  });

  test('[SEC-06] plain http, other ports, user info, look-alike hosts and the wildcard\'s own apex are refused', () => {
    const refused: [string, string][] = [
      ['http://fcm.googleapis.com/x', callMsg.pushEndpointInsecure],
      ['http://127.0.0.1:9001/x', callMsg.pushEndpointInsecure],
      ['https://fcm.googleapis.com:444/x', callMsg.pushEndpointNotAllowed],
      ['https://a:b@fcm.googleapis.com/x', callMsg.pushEndpointNotAllowed],
      ['https://fcm.googleapis.com.evil.example/x', callMsg.pushEndpointNotAllowed],
      ['https://xpush.services.mozilla.com/x', callMsg.pushEndpointNotAllowed],
      ['https://push.services.mozilla.com/x', callMsg.pushEndpointNotAllowed],
      ['not a url', callMsg.pushEndpointNotAllowed],
    ];
    for (const [endpoint, message] of refused) expect([endpoint, pushEndpointRefusal(endpoint, hosts)]).toEqual([endpoint, message]);
  });
});
