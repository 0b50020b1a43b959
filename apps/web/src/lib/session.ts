import { msg } from '@toque/contracts/messages';
import { api } from '@toque/contracts/routes';
import { apiClient, isApiError, type ApiClient } from './api-client';
import { queryClient } from './query-client';
import { tokenStorage, type TokenStorage } from './storage';
import { notify, type Notify } from './toast';

export interface SessionState {
  token: string | null;
  userName: string | null;
  /** null while unknown: the admin guard waits for it before deciding (ADM-01). */
  isToqueAdmin: boolean | null;
  /** The user (name and admin flag) is being loaded. */
  loading: boolean;
  error: string | null;
  /** The last session ended by the user's own logout: there is no page to return to after login. */
  endedByLogout: boolean;
  /** ACC-03: the session ended because the account was deleted — the protected pages lead home. */
  endedByDeletion: boolean;
}

export interface SessionDeps {
  storage: Pick<TokenStorage, 'read' | 'write' | 'clear'>;
  client: Pick<ApiClient, 'get'>;
  notify: Pick<Notify, 'success' | 'error'>;
  warn: (message: string, detail?: unknown) => void;
  /** Drops cached server state of the previous user. */
  onEnd?: () => void;
}

/**
 * The session (AUTH-05/06): the token in localStorage decides whether the user is logged in;
 * becoming logged in loads the user name and the admin flag. A plain store (no React) so the
 * rules are testable on their own; `use-session.ts` binds it to components.
 */
export function createSessionStore(deps: SessionDeps) {
  const initialToken = deps.storage.read();
  let state: SessionState = {
    token: initialToken,
    userName: null,
    isToqueAdmin: null,
    loading: initialToken !== null,
    error: null,
    endedByLogout: false,
    endedByDeletion: false,
  };
  const listeners = new Set<() => void>();
  /** Token whose user is loading or loaded: each token is loaded once. */
  let userRequestedFor: string | null = null;

  function set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function end(patch: Partial<SessionState> = {}) {
    deps.storage.clear();
    userRequestedFor = null;
    set({ token: null, userName: null, isToqueAdmin: null, loading: false, ...patch });
    deps.onEnd?.();
  }

  async function loadUser(token: string): Promise<void> {
    userRequestedFor = token;
    set({ loading: true, error: null });
    const [name, admin] = await Promise.allSettled([
      deps.client.get<{ userName: string }>(api.userName),
      deps.client.get<{ toqueAdmin: boolean }>(api.isToqueAdmin),
    ]);
    // The session changed meanwhile (logout, another login): this answer is about someone else.
    if (state.token !== token) return;
    if (name.status === 'rejected') {
      // Status 0: the request got no answer (the client's network error).
      if (!isApiError(name.reason) || name.reason.status === 0) {
        // No answer at all (the page is being left, or the network dropped): that says nothing
        // about the token, so the session stays and the next load asks again.
        userRequestedFor = null;
        set({ loading: false, error: msg.loadUserError });
        deps.warn('Toque: user load got no answer', name.reason);
        return;
      }
      // AUTH-05: the server refused the token; without a user name it is worthless, so log out.
      end({ error: msg.loadUserError });
      deps.notify.error(msg.loadUserError);
      return;
    }
    if (admin.status === 'rejected') deps.warn('Toque: admin check failed', admin.reason);
    set({
      userName: name.value.userName,
      isToqueAdmin: admin.status === 'fulfilled' ? admin.value.toqueAdmin === true : false,
      loading: false,
    });
  }

  function login(token: string): Promise<void> {
    deps.storage.write(token);
    userRequestedFor = null;
    set({ token, userName: null, isToqueAdmin: null, error: null, endedByLogout: false, endedByDeletion: false });
    return loadUser(token);
  }

  return {
    getState: (): SessionState => state,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads the user of the current token unless that is already done or under way. */
    ensureUser(): Promise<void> {
      const { token } = state;
      if (!token || userRequestedFor === token) return Promise.resolve();
      return loadUser(token);
    },

    /** Becomes logged in with a token from login, registration or onboarding. */
    login,

    /** A password change issues a new token for the same user (ACC-02): nothing to reload. */
    replaceToken(token: string): void {
      deps.storage.write(token);
      userRequestedFor = token;
      set({ token });
    },

    setUserName(userName: string): void {
      set({ userName });
    },

    /** AUTH-06: removes the token and the user and says so. Navigation is the caller's. */
    logout(): void {
      end({ error: null, endedByLogout: true });
      deps.notify.success(msg.logoutSuccess);
    },

    /** ACC-03: the account was deleted — the session ends quietly; the caller says why. */
    forget(): void {
      end({ error: null, endedByLogout: true, endedByDeletion: true });
    },

    /** Another tab logged in or out: follow it. */
    syncFromStorage(): void {
      const stored = deps.storage.read();
      if (stored === state.token) return;
      if (stored) void login(stored);
      else end();
    },
  };
}

export const session = createSessionStore({
  storage: tokenStorage,
  client: apiClient,
  notify,
  warn: (message, detail) => console.warn(message, detail),
  onEnd: () => queryClient.clear(),
});
