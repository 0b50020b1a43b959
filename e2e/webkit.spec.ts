import { callUi } from '@toque/contracts/call-ui';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { ownedTag } from './support';
import { expect, probeErrors, test } from './support/webkit';

// BRW-02: WebKit through Debian's WebKitGTK and its WebDriver. What this engine can show here, and
// what it cannot (its WebRTC, an iPhone), is in docs/decisions/0029-browsers.md.

test('[BRW-02] [SEC-04] WebKit (WebKitGTK): the finder page renders what was found and hydrates, and home and login run, with no script error and no CSP violation', async ({
  request,
  webkit,
}) => {
  test.setTimeout(90_000);
  const { code } = await ownedTag(request, 3, { name: 'Coleira do Thor', importantInfo: 'Não pode comer chocolate' });

  const { session, origin } = webkit;
  // As narrow as MiniBrowser's window goes (its toolbar keeps it a little wider than 390 px).
  await session.command('POST', '/window/rect', { width: 390, height: 844 });
  const enabled = (name: string) =>
    Array.from(document.querySelectorAll('button')).some(
      (button) => button.textContent?.trim() === name && !button.matches(':disabled'),
    );

  // The finder page: what was found, the owner's note, and the call button once the page is live.
  await session.go(`${origin}${paths.finder(code)}`);
  await session.until('the call button enabled (the page hydrated)', enabled, [callUi.finder.call]);
  const text = await session.run(() => document.body.innerText);
  expect(text).toContain(callUi.finder.heading);
  expect(text).toContain('Coleira do Thor');
  expect(text).toContain('Não pode comer chocolate');
  expect(await session.run(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await probeErrors(session), `errors on ${paths.finder(code)}`).toEqual([]);
  const engine = await session.run(() => ({
    width: window.innerWidth,
    peerConnection: typeof RTCPeerConnection,
    getUserMedia: typeof navigator.mediaDevices?.getUserMedia,
  }));
  test.info().annotations.push({ type: 'WebKitGTK', description: JSON.stringify(engine) });

  // Home (prerendered, then hydrated) and login (the forms' Zod schemas load there).
  await session.go(`${origin}${paths.home}`);
  await session.until('home hydrated', (path: string) => document.documentElement.dataset.pageReady === path, [
    paths.home,
  ]);
  expect(await probeErrors(session), `errors on ${paths.home}`).toEqual([]);
  await session.go(`${origin}${paths.login}`);
  await session.until('the login form live', enabled, [ui.buttons.login]);
  expect(await probeErrors(session), `errors on ${paths.login}`).toEqual([]);

  // The probe does see a violation in this engine: an injected inline script is blocked and reported.
  await session.run(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await session.until(
    'the violation reported',
    () => ((window as unknown as { __errors: string[] }).__errors ?? []).some((e) => e.startsWith('CSP violation')),
    [],
  );
  expect(await session.run(() => (window as unknown as { __injected?: boolean }).__injected ?? null)).toBeNull();
});
