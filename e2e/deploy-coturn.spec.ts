import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect as tlsConnect } from 'node:tls';
import { devices, request as playwrightRequest } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import {
  allow,
  answeredCall,
  expect,
  inboundVideoBytes,
  openFinder,
  openOwner,
  startAppServer,
  test,
  GEOCODER_DOWN,
  type AppServer,
} from './support';
import { startShippedCoturn, turnserverPath, TURNSERVER_NEEDED, type ShippedCoturn } from './support/turn';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const UCLIENT = '/usr/bin/turnutils_uclient';

let clients = 0;

/**
 * turnutils_uclient (coturn's own test client) asks the relay to reach `peer`; its output. A user
 * of its own each time: the config's user-quota counts allocations per username.
 */
function relayTo(coturn: ShippedCoturn, peer: string): Promise<string> {
  clients += 1;
  return new Promise((resolve) => {
    execFile(
      UCLIENT,
      // The TURN REST API credentials the server hands out: the shared secret signs a username.
      ['-W', coturn.secret, '-u', `${Math.floor(Date.now() / 1000) + 600}:test${clients}`, '-e', peer, '-r', '3480', '-p', String(coturn.port), '-n', '1', '-m', '1', '-X', '127.0.0.1'],
      { timeout: 25_000 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
}

test('[OPS-06] the shipped coturn config refuses to relay to loopback and private addresses (403 Forbidden IP), speaks TLS on its TLS port, and a relay-only call through it connects', async ({
  browser,
}) => {
  test.setTimeout(270_000);
  const binary = turnserverPath();
  expect(binary, TURNSERVER_NEEDED).not.toBeNull();
  expect(existsSync(UCLIENT), `${TURNSERVER_NEEDED} (turnutils_uclient comes with it)`).toBe(true);
  let coturn: ShippedCoturn | undefined;
  let server: AppServer | undefined;
  try {
    coturn = await startShippedCoturn(binary!);

    // SSRF through the relay: another loopback address, private, carrier-grade and link-local ones.
    for (const peer of ['127.0.0.2', '10.1.2.3', '172.16.5.4', '192.168.1.10', '100.64.0.1', '169.254.10.10']) {
      expect(await relayTo(coturn, peer), `relay to ${peer}`).toContain('403 (Forbidden IP)');
    }
    // The server's own relay address (the test's explicit allowance) is not refused.
    expect(await relayTo(coturn, '127.0.0.1')).not.toContain('Forbidden IP');

    // TURN over TLS: the TLS port completes a handshake with the configured certificate.
    const protocol = await new Promise<string | null>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: coturn!.tlsPort, rejectUnauthorized: false }, () => {
        resolve(socket.getProtocol());
        socket.end();
      });
      socket.once('error', reject);
    });
    expect(protocol).toMatch(/^TLSv1\.[23]$/);

    // A relay-only call between two browsers through this coturn (as e2e/call-relay.spec.ts).
    server = await startAppServer({ env: { TURN_URLS: coturn.url, TURN_SECRET: coturn.secret } });
    const api = await playwrightRequest.newContext({ baseURL: server.url });
    const owner = await openOwner(browser, api, { tag: { name: 'Coleira do Pipoca' }, server: { url: server.url, cli: server.cli } });
    const finder = await openFinder(browser, {
      context: { ...devices['Pixel 7'], baseURL: server.url, geolocation: { latitude: -19.92, longitude: -43.94 } },
    });
    await answeredCall(owner, finder);
    // CALL-14: Atender sends the microphone only; the owner's camera goes out once turned on.
    await owner.page.getByRole('button', { name: callUi.owner.cameraOn }).click();

    for (const [page, label] of [
      [owner.page, callUi.owner.remoteVideo],
      [finder.page, callUi.finder.remoteView],
    ] as const) {
      const video = page.getByLabel(label);
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 45_000 }).toBeGreaterThan(0);
      const before = await inboundVideoBytes(page);
      await expect.poll(() => inboundVideoBytes(page), { timeout: 15_000 }).toBeGreaterThan(before);
      // Relay-only: the media that flows went through this coturn.
      expect(
        await page.evaluate(() => {
          const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
          return peers[peers.length - 1]!.getConfiguration().iceTransportPolicy;
        }),
      ).toBe('relay');
    }
    expect(coturn.log()).not.toContain('Forbidden IP: 127.0.0.1');
    await Promise.all([owner.close(), finder.close(), api.dispose()]);
  } finally {
    await server?.close();
    await coturn?.close();
  }
});
