import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { resetPasswordForm } from '@toque/contracts/auth';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';

type Values = z.input<typeof resetPasswordForm>;
type Parsed = z.output<typeof resetPasswordForm>;

/** AUTH-12: what each answer of POST /auth/reset-password means to the user. */
const failures = {
  401: msg.resetInvalidCode,
  404: msg.resetUserNotFound,
  409: msg.resetPasswordsDontMatch,
};

/** AUTH-12 */
export function ResetPasswordForm({ initialEmail }: { initialEmail: string }) {
  const resetPassword = useResetPassword();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { email: initialEmail, code: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync(values);
    } catch (error) {
      notify.error(messageForStatus(error, failures, msg.resetError));
      return;
    }
    notify.success(msg.resetSuccess);
    void navigate(paths.resetPasswordSuccess, { replace: true });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={ui.fields.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={ui.fields.resetCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register('code')}
      />
      <TextField
        label={ui.fields.newPassword}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={ui.fields.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
        {ui.buttons.resetPassword}
      </Button>
    </form>
  );
}
