import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { TERMS_VERSION } from '@toque/contracts/account';
import { registerForm } from '@toque/contracts/auth';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { loginBodyOf, useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useStartSession } from '../hooks/use-start-session';
import { AccountFields } from './account-fields';
import { TermsConsent } from './terms-consent';

type Values = z.input<typeof registerForm>;
type Parsed = z.output<typeof registerForm>;

const empty: Values = {
  name: '',
  email: '',
  phone: '',
  cpfOrCnpj: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** AUTH-07/08: register, then log in automatically. */
export function SignUpForm() {
  const registerAccount = useRegister();
  const login = useLogin();
  const startSession = useStartSession();
  const navigate = useNavigate();
  // AUTH-02: where a protected page sent the visitor, kept through login → sign-up → login.
  const location = useLocation();
  const state = location.state as unknown;
  // TAG-11: an invitation's link brings the invited e-mail (`/sign-up?email=…`): the account it joins.
  const invited = new URLSearchParams(location.search).get('email') ?? '';
  // The page is prerendered (PERF-03): nothing may be typed or sent before the form's handlers exist
  // (text typed before would be lost when they take the fields, and a submit would be a GET with the password).
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(registerForm), defaultValues: { ...empty, email: invited.slice(0, 254) } });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, acceptTerms: _accepted, ...account }) => {
    try {
      // ACC-03: the ticked box is the consent to this version of the texts.
      await registerAccount.mutateAsync({ ...account, termsVersion: TERMS_VERSION });
    } catch (error) {
      notify.error(messageForStatus(error, { 409: msg.registerConflict }, msg.registerError));
      return;
    }
    notify.success(msg.registerSuccess);

    let token: string | null = null;
    try {
      token = await login.mutateAsync(loginBodyOf(account));
    } catch {
      token = null;
    }
    if (!token) {
      notify.error(msg.registerAutoLoginFailure);
      void navigate(paths.login, { replace: true, state });
      return;
    }
    startSession(token);
  });

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <AccountFields field={(name) => ({ ...register(name), disabled: !hydrated })} errors={errors} />
        <TermsConsent field={{ ...register('acceptTerms'), disabled: !hydrated }} error={errors.acceptTerms?.message} />
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting} disabled={!hydrated}>
          {ui.buttons.signUp}
        </Button>
      </form>
      <p className="text-center text-sm text-slate-700">
        <Link to={paths.login} state={state} className="tap-target font-semibold text-brand-700 underline underline-offset-4">
          {ui.links.login}
        </Link>
      </p>
    </div>
  );
}
