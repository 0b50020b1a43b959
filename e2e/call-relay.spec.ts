import { devices, request as playwrightRequest, type Page } from '@playwright/test';
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
import { startCoturn, turnserverPath, TURNSERVER_NEEDED, type Coturn } from './support/turn';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

/** Every ICE candidate line a page sent or received over the signalling socket (offer/answer SDP and trickled). */
function recordSignalledCandidates(page: Page): string[] {
  const seen: string[] = [];
  const collect = (payload: string | Buffer) => {
    // A Socket.IO event: `42`, an optional ack id, then the JSON array [event, data].
    const frame = typeof payload === 'string' ? /^42\d*(\[.*)$/s.exec(payload) : null;
    if (!frame) return;
    const [event, message] = JSON.parse(frame[1]!) as [string, { payload?: { candidate?: string; sdp?: string } }];
    if (event === 'ice-candidate' && message.payload?.candidate) seen.push(message.payload.candidate);
    if ((event === 'offer' || event === 'answer') && message.payload?.sdp) {
      seen.push(...message.payload.sdp.split(/\r?\n/).filter((l) => l.startsWith('a=candidate:')));
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => collect(f.payload));
    ws.on('framereceived', (f) => collect(f.payload));
  });
  return seen;
}

interface PeerView {
  policy: string | undefined;
  pairState: string | undefined;
  local: { type: string; port: number } | undefined;
  remote: { type: string; port: number } | undefined;
  candidateTypes: string[];
}

/** The page's newest peer connection: its policy, the selected candidate pair, and every candidate it knows. */
function peerView(page: Page): Promise<PeerView> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    const pc = peers[peers.length - 1]!;
    const reports = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((r: Record<string, unknown>) => reports.set(r.id as string, r));
    const all = [...reports.values()];
    const transport = all.find((r) => r.type === 'transport');
    const pair = reports.get(transport?.selectedCandidatePairId as string);
    const candidate = (id: unknown) => {
      const c = reports.get(id as string);
      return c ? { type: c.candidateType as string, port: c.port as number } : undefined;
    };
    return {
      policy: pc.getConfiguration().iceTransportPolicy,
      pairState: pair?.state as string | undefined,
      local: candidate(pair?.localCandidateId),
      remote: candidate(pair?.remoteCandidateId),
      candidateTypes: all
        .filter((r) => r.type === 'local-candidate' || r.type === 'remote-candidate')
        .map((r) => `${r.type as string}:${r.candidateType as string}`),
    };
  });
}

test('[SEC-07] [CALL-10] through a real coturn, the finder and the owner talk relay-only: no host or reflexive candidate is used or even signalled', async ({
  browser,
}) => {
  test.setTimeout(270_000);
  const binary = turnserverPath();
  expect(binary, TURNSERVER_NEEDED).not.toBeNull();
  let coturn: Coturn | undefined;
  let server: AppServer | undefined;
  try {
    coturn = await startCoturn(binary!);
    server = await startAppServer({ env: { TURN_URLS: coturn.url, TURN_SECRET: coturn.secret } });
    const api = await playwrightRequest.newContext({ baseURL: server.url });
    let ownerSignalled: string[] = [];
    let finderSignalled: string[] = [];
    const owner = await openOwner(browser, api, {
      tag: { name: 'Coleira do Thor' },
      server: { url: server.url, cli: server.cli },
      init: async (page) => void (ownerSignalled = recordSignalledCandidates(page)),
    });
    const finder = await openFinder(browser, {
      context: { ...devices['Pixel 7'], baseURL: server.url, geolocation: { latitude: -19.92, longitude: -43.94 } },
      init: async (page) => void (finderSignalled = recordSignalledCandidates(page)),
    });
    await answeredCall(owner, finder);
    // CALL-14: Atender sends the microphone only; the owner's camera goes out once turned on.
    await owner.page.getByRole('button', { name: callUi.owner.cameraOn }).click();

    // Video flows both ways.
    for (const [page, label] of [
      [owner.page, callUi.owner.remoteVideo],
      [finder.page, callUi.finder.remoteView],
    ] as const) {
      const video = page.getByLabel(label);
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 45_000 })
        .toBeGreaterThan(0);
      const before = await inboundVideoBytes(page);
      await expect.poll(() => inboundVideoBytes(page), { timeout: 15_000 }).toBeGreaterThan(before);
    }

    // Both connections were built relay-only, and the pair carrying the call is relay on both ends,
    // on ports of this coturn's relay range: the media went through it.
    const inRange = (port: number | undefined) =>
      port !== undefined && port >= coturn!.relayPorts.min && port <= coturn!.relayPorts.max;
    for (const [side, page] of [
      ['finder', finder.page],
      ['owner', owner.page],
    ] as const) {
      // Media flows while the selected pair's own checks may still be finishing: wait for them.
      await expect
        .poll(async () => (await peerView(page)).pairState, { message: `${side}: selected pair`, timeout: 15_000 })
        .toBe('succeeded');
      const view = await peerView(page);
      expect(view.policy, `${side}: iceTransportPolicy`).toBe('relay');
      expect(view.local?.type, `${side}: local candidate of the selected pair`).toBe('relay');
      expect(view.remote?.type, `${side}: remote candidate of the selected pair`).toBe('relay');
      expect(
        inRange(view.local?.port) && inRange(view.remote?.port),
        `${side}: ports ${view.local?.port}, ${view.remote?.port}`,
      ).toBe(true);
      expect(view.candidateTypes.length, `${side}: candidates known`).toBeGreaterThan(0);
      expect(
        view.candidateTypes.filter((t) => /:(host|srflx|prflx)$/.test(t)),
        `${side}: candidates other than relay`,
      ).toEqual([]);
    }

    // What each side could read about the other: every candidate on the wire is the relay's, and its
    // related address (the client's own address as coturn saw it) is blanked.
    for (const [side, lines] of [
      ['finder', finderSignalled],
      ['owner', ownerSignalled],
    ] as const) {
      expect(lines.length, `${side}: candidates signalled`).toBeGreaterThan(0);
      expect(
        lines.filter((l) => !/ typ relay( |$)/.test(l)),
        `${side}: non-relay candidates signalled`,
      ).toEqual([]);
      expect(
        lines.filter((l) => / raddr (?!0\.0\.0\.0 )/.test(l)),
        `${side}: related addresses signalled`,
      ).toEqual([]);
    }

    await finder.page.getByRole('button', { name: callUi.finder.hangUp }).click();
    await expect(owner.page.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
    await Promise.all([owner.close(), finder.close(), api.dispose()]);
  } catch (error) {
    if (coturn) console.log(`coturn log:\n${coturn.log().slice(-4000)}`);
    throw error;
  } finally {
    await server?.close();
    await coturn?.close();
  }
});
