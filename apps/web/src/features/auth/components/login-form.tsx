import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { loginForm, type LoginForm as LoginValues } from '@toque/contracts/auth';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { authCopy } from '../../../content/pages';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useHydrated } from '../../../lib/use-hydrated';
import { loginBodyOf, useLogin } from '../api/login';
import { useStartSession } from '../hooks/use-start-session';
import { GoogleButton, useGoogleReturn } from './google-button';

/** AUTH-03/04 */
export function LoginForm() {
  const login = useLogin();
  const startSession = useStartSession();
  const google = useGoogleReturn();
  // AUTH-02: the origin a protected page gave travels on to the sign-up page too.
  const state = useLocation().state as unknown;
  // The page is prerendered (PERF-03): nothing may be typed or sent before the form's handlers exist.
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginForm), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    let token: string | null;
    try {
      // PERF-03: the push code (and the contracts it reads) loads on submit, not with the login page.
      // A push code that cannot load only means no push token: the login goes on.
      const pushToken = await import('../../../lib/push').then(
        (push) => push.loginPushToken(),
        () => '',
      );
      token = await login.mutateAsync(loginBodyOf(values, pushToken));
    } catch (error) {
      notify.error(messageForStatus(error, {}, msg.loginFailure));
      return;
    }
    if (!token) {
      notify.error(msg.loginNoToken);
      return;
    }
    notify.success(msg.loginSuccess);
    startSession(token);
  });

  return (
    <div className="space-y-6">
      {google.failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {google.failure}
        </p>
      ) : null}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          label={ui.fields.login}
          type="email"
          autoComplete="username"
          inputMode="email"
          disabled={!hydrated}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={ui.fields.password}
          type="password"
          autoComplete="current-password"
          disabled={!hydrated}
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="text-right text-sm">
          <Link to={paths.forgotPassword} className="tap-target font-medium text-brand-700 underline underline-offset-4">
            {ui.links.forgotPassword}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting || google.busy} disabled={!hydrated}>
          {ui.buttons.login}
        </Button>
      </form>
      <GoogleButton />
      <p className="text-center text-sm text-slate-700">
        {authCopy.noAccount}{' '}
        <Link to={paths.signUp} state={state} className="font-semibold text-brand-700 underline underline-offset-4">
          {ui.links.signUp}
        </Link>
      </p>
    </div>
  );
}
