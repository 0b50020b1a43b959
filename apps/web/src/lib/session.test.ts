import { describe, expect, it, vi } from 'vitest';
import { msg } from '@toque/contracts/messages';
import { storageKeys } from '@toque/contracts/constants';
import { createApiClient } from './api-client';
import { createSessionStore } from './session';
import { tokenStorage } from './storage';

type Routes = Record<string, { status: number; body: unknown }>;

/** A session store on the real API client, with the network answered by `routes`. */
function setup(routes: Routes) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const route = routes[url.replace(/^\/api/, '')];
    if (!route) return new Response(JSON.stringify({ message: 'Rota não encontrada.' }), { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status });
  });
  const client = createApiClient({ fetch, spacingMs: 0 });
  const notify = { success: vi.fn(), error: vi.fn() };
  const warn = vi.fn();
  const onEnd = vi.fn();
  const store = createSessionStore({ storage: tokenStorage, client, notify, warn, onEnd });
  return { store, fetch, notify, warn, onEnd };
}

const okUser: Routes = {
  '/profile/userName': { status: 200, body: { userName: 'Maria Cliente' } },
  '/profile/isToqueAdmin': { status: 200, body: { toqueAdmin: true } },
};

describe('session store', () => {
  it('[AUTH-05] login stores the token and loads the user name and admin flag with the Bearer token', async () => {
    const { store, fetch } = setup(okUser);
    expect(store.getState().token).toBeNull();

    await store.login('tok-1');

    expect(window.localStorage.getItem(storageKeys.authToken)).toBe('tok-1');
    expect(store.getState()).toMatchObject({
      token: 'tok-1',
      userName: 'Maria Cliente',
      isToqueAdmin: true,
      loading: false,
    });
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['/api/profile/isToqueAdmin', '/api/profile/userName']);
    for (const [, init] of fetch.mock.calls) expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1' });
  });

  it('[AUTH-05] a stored token means logged in; its user is loaded once', async () => {
    window.localStorage.setItem(storageKeys.authToken, 'stored');
    const { store, fetch } = setup(okUser);
    expect(store.getState()).toMatchObject({ token: 'stored', loading: true, userName: null });

    await Promise.all([store.ensureUser(), store.ensureUser()]);
    expect(store.getState().userName).toBe('Maria Cliente');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('[AUTH-05] a user load that gets no answer (page left, network down) keeps the session', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch, spacingMs: 0 });
    const notify = { success: vi.fn(), error: vi.fn() };
    const store = createSessionStore({ storage: tokenStorage, client, notify, warn: vi.fn(), onEnd: vi.fn() });

    await store.login('tok-offline');

    expect(window.localStorage.getItem(storageKeys.authToken)).toBe('tok-offline');
    expect(store.getState()).toMatchObject({ token: 'tok-offline', loading: false });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('[AUTH-05] a failed user name load logs the user out with the catalogue message', async () => {
    const { store, notify, onEnd } = setup({
      '/profile/userName': { status: 401, body: { message: 'Sessão inválida ou expirada.' } },
      '/profile/isToqueAdmin': { status: 401, body: { message: 'Sessão inválida ou expirada.' } },
    });

    await store.login('expired');

    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, userName: null, loading: false, error: msg.loadUserError });
    expect(notify.error).toHaveBeenCalledWith(msg.loadUserError);
    expect(onEnd).toHaveBeenCalled();
  });

  it('[AUTH-05] a failed admin check is only logged: the user stays logged in, not admin', async () => {
    const { store, notify, warn } = setup({
      '/profile/userName': { status: 200, body: { userName: 'Maria' } },
      '/profile/isToqueAdmin': { status: 500, body: { message: 'Erro interno.' } },
    });

    await store.login('tok');

    expect(store.getState()).toMatchObject({ token: 'tok', userName: 'Maria', isToqueAdmin: false });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('[AUTH-06] logout removes the token and the user and toasts the catalogue message', async () => {
    const { store, notify, onEnd } = setup(okUser);
    await store.login('tok');
    const listener = vi.fn();
    store.subscribe(listener);

    store.logout();

    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, userName: null, isToqueAdmin: null, endedByLogout: true });
    expect(notify.success).toHaveBeenCalledWith(msg.logoutSuccess);
    expect(onEnd).toHaveBeenCalled();
    expect(listener).toHaveBeenCalled();
  });

  it('[AUTH-06] an answer arriving after logout does not bring the user back', async () => {
    const { store } = setup(okUser);
    const loading = store.login('tok');
    store.logout();
    await loading;
    expect(store.getState()).toMatchObject({ token: null, userName: null });
  });

  it('[ACC-02] a replaced token is stored without reloading the user', async () => {
    const { store, fetch } = setup(okUser);
    await store.login('old');
    store.replaceToken('new');
    await store.ensureUser();
    expect(window.localStorage.getItem(storageKeys.authToken)).toBe('new');
    expect(store.getState()).toMatchObject({ token: 'new', userName: 'Maria Cliente' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
