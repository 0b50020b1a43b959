import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GOOGLE_FROM_KEY, GOOGLE_OUTCOME_PARAM, googleMsg, googleOutcomeOf } from '@toque/contracts/google-sign-in';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { buttonClasses } from '../../../components/ui/button';
import { authCopy } from '../../../content/pages';
import { messageForStatus } from '../../../lib/error-message';
import { originOf } from '../../../lib/redirect';
import { notify } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { usePublicConfig } from '../../../lib/public-config';
import { collectGoogleSession, googleStartUrl } from '../api/google';
import { useStartSession } from '../hooks/use-start-session';

/** sessionStorage can throw (privacy modes): the sign-in then lands on the home page. */
function remember(value: unknown) {
  try {
    window.sessionStorage.setItem(GOOGLE_FROM_KEY, JSON.stringify(value ?? null));
  } catch {
    // Nothing to keep.
  }
}

/** The page a protected route had sent the visitor from before the trip to Google (AUTH-02), once. */
function recall(): string | null {
  try {
    const stored = window.sessionStorage.getItem(GOOGLE_FROM_KEY);
    window.sessionStorage.removeItem(GOOGLE_FROM_KEY);
    return stored ? originOf(JSON.parse(stored)) : null;
  } catch {
    return null;
  }
}

/**
 * AUTH-16: "Entrar com Google", only when the server has Google sign-in configured (GET /api/config);
 * otherwise nothing at all, not even the "ou" divider — never a button that does nothing (AUTH-15's
 * placeholder is gone). A plain link: the server's start URL sends the browser on to the provider.
 */
export function GoogleButton() {
  const config = usePublicConfig();
  const state = useLocation().state as unknown;
  if (!config.data?.googleSignIn) return null;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {authCopy.or}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <a href={googleStartUrl} className={buttonClasses('secondary', 'md', 'w-full')} onClick={() => remember(state)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
          <path
            fill="#EA4335"
            d="M12 10.2v3.9h5.4c-.2 1.3-1.6 3.8-5.4 3.8-3.3 0-5.9-2.7-5.9-6s2.6-6 5.9-6c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.3 14.6 2.4 12 2.4 6.7 2.4 2.4 6.7 2.4 12s4.3 9.6 9.6 9.6c5.5 0 9.2-3.9 9.2-9.4 0-.6-.1-1.1-.2-1.6H12z"
          />
        </svg>
        {ui.buttons.google}
      </a>
      <p className="text-center text-xs text-slate-600">{googleMsg.consent}</p>
    </div>
  );
}

/**
 * AUTH-16: the login page's side of the return from Google. The server sends the browser back with
 * `?google=<outcome>`. On `ok` the session waits in an httpOnly cookie and is collected once
 * (POST /api/auth/google/session), then the visitor lands where a password login lands. Any other
 * outcome is its Portuguese message, which this returns for the page to show (once hydrated: the
 * prerendered page has none).
 */
export function useGoogleReturn(): { failure: string | null; busy: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const hydrated = useHydrated();
  const [sessionFailure, setSessionFailure] = useState<string | null>(null);
  // The session cookie is single use: StrictMode's second run of the effect must not spend it twice.
  const collecting = useRef(false);
  const outcome = googleOutcomeOf(new URLSearchParams(location.search).get(GOOGLE_OUTCOME_PARAM));

  useEffect(() => {
    if (outcome !== 'ok' || collecting.current) return;
    collecting.current = true;
    const from = recall();
    collectGoogleSession()
      .then((token) => {
        if (!token) throw new Error('no token in the answer');
        notify.success(msg.loginSuccess);
        startSession(token, from);
      })
      .catch((error: unknown) => {
        setSessionFailure(messageForStatus(error, { 401: googleMsg.noSession }, googleMsg.failed));
        // A reload must not try the spent cookie again.
        void navigate(paths.login, { replace: true });
      });
  }, [outcome, navigate, startSession]);

  if (sessionFailure) return { failure: sessionFailure, busy: false };
  if (!hydrated || !outcome) return { failure: null, busy: false };
  return outcome === 'ok' ? { failure: null, busy: true } : { failure: googleMsg[outcome], busy: false };
}
