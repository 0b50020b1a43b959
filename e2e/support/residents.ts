import type { Browser, BrowserContextOptions } from '@playwright/test';
import { paths } from '@toque/contracts/routes';
import { loginAs } from './accounts';
import { openSide, watchCallSocket, type CallSide } from './calls';

/**
 * Someone who already has an account (a building's resident, a síndico) logged in with `token`
 * on `path` (the dashboard by default), camera and microphone granted, its call socket accepted:
 * the `openOwner` of a user made another way (plateWithResident, buildingWith).
 */
export async function openSession(
  browser: Browser,
  token: string,
  options: { path?: string; context?: BrowserContextOptions } = {},
): Promise<CallSide & { socket: ReturnType<typeof watchCallSocket> }> {
  const side = await openSide(browser, { permissions: ['camera', 'microphone'], ...options.context });
  const socket = watchCallSocket(side.page);
  await loginAs(side.page, token);
  await side.page.goto(options.path ?? paths.dashboard);
  await socket.connected();
  return { ...side, socket };
}
