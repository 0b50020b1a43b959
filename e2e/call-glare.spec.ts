import type { Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import {
  allow,
  expect,
  expectOwnerSeesVideo,
  expectPath,
  GEOCODER_DOWN,
  recordMediaAndOffers,
  test,
  type Probe,
} from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

/** Socket.IO's frames: the server's connect answer names the socket, a join's ack says ok. */
const CONNECTED = /^40\{"sid":"([^"]+)"/;
const JOIN_OK = /^43\d+\[\{"ok":true/;
const JOIN = /^42\d+\["join","([^"]+)"\]/;

/**
 * The finder's sockets, seen between the page and the server: the id of the newest one the server let
 * into the call's room.
 */
function finderSockets() {
  const seen = { joined: undefined as string | undefined };
  return {
    seen,
    install: (page: Page) =>
      page.routeWebSocket(/\/socket\.io\//, (ws) => {
        const upstream = ws.connectToServer();
        let sid: string | undefined;
        ws.onMessage((message) => upstream.send(message));
        upstream.onMessage((message) => {
          const text = String(message);
          sid = CONNECTED.exec(text)?.[1] ?? sid;
          if (JOIN_OK.test(text)) seen.joined = sid;
          ws.send(message);
        });
      }),
  };
}

/**
 * The owner's sockets, with what two server processes can do to a call (the Redis adapter delivers a
 * process's `user-joined` a moment later): when the owner's join is let in, the owner is also told the
 * finder joined — so the owner offers to the finder while the finder, told the owner joined, offers too.
 */
function ownerToldFinderJoined(finderId: () => string | undefined) {
  return (page: Page) =>
    page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const upstream = ws.connectToServer();
      let roomId: string | undefined;
      ws.onMessage((message) => {
        roomId = JOIN.exec(String(message))?.[1] ?? roomId;
        upstream.send(message);
      });
      upstream.onMessage((message) => {
        ws.send(message);
        const id = finderId();
        if (roomId && id && JOIN_OK.test(String(message)))
          ws.send(`42${JSON.stringify(['user-joined', { roomId, id, role: 'caller' }])}`);
      });
    });
}

const sockets = finderSockets();
// A repeated or retried test starts with no finder socket seen (the owner must never be told an old one).
test.beforeEach(() => {
  sockets.seen.joined = undefined;
});

test.use({
  finderOptions: { init: async (page) => (await recordMediaAndOffers(page), await sockets.install(page)) },
  ownerOptions: {
    init: async (page) => (
      await recordMediaAndOffers(page),
      await ownerToldFinderJoined(() => sockets.seen.joined)(page)
    ),
  },
});

test("[CALL-12] [CALL-05] glare: the owner and the finder both offer at once (as two server processes can make them), and the call still connects with the finder's video on the owner's screen", async ({
  owner,
  finder,
}) => {
  test.setTimeout(120_000);
  await finder.page.goto(paths.finder(owner.code));
  await finder.page.getByRole('button', { name: callUi.finder.call }).click();
  await expectPath(owner.page, paths.call);
  await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  // The finder's page is in the call's room before the owner answers.
  await expect.poll(() => sockets.seen.joined, { timeout: 30_000 }).toBeDefined();
  await owner.page.getByRole('button', { name: callUi.owner.answer }).click();

  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.connected })).toBeVisible({
    timeout: 30_000,
  });
  await expectOwnerSeesVideo(owner.page);
  const offers = (page: Page) => page.evaluate(() => (window as unknown as Probe).__offers);
  // Both sides offered: the glare happened, and one offer was dropped by the rule both sides share.
  expect({ owner: await offers(owner.page), finder: await offers(finder.page) }).toEqual({ owner: 1, finder: 1 });
  for (const side of [owner.page, finder.page]) {
    const states = await side.evaluate(() => (window as unknown as Probe).__peers.map((pc) => pc.connectionState));
    expect(states.at(-1)).toBe('connected');
  }
});
