import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { generateCodeBody } from '@toque/contracts/auth';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { messageForStatus } from '../../../lib/error-message';
import { notify } from '../../../lib/toast';
import { useGenerateCode } from '../api/generate-code';
import { withEmail } from '../hooks/use-email-param';

type Values = z.input<typeof generateCodeBody>;
type Parsed = z.output<typeof generateCodeBody>;

/** AUTH-11 */
export function ForgotPasswordForm() {
  const generateCode = useGenerateCode();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(generateCodeBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await generateCode.mutateAsync(values);
    } catch (error) {
      notify.error(messageForStatus(error, { 404: msg.forgotUserNotFound }, msg.forgotError));
      return;
    }
    void navigate(withEmail(paths.forgotPasswordSuccess, values.email));
  });

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField
          label={ui.fields.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" className="w-full" busy={isSubmitting}>
          {ui.buttons.sendCode}
        </Button>
      </form>
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to={paths.resetPassword} className="tap-target font-semibold text-brand-700 underline underline-offset-4">
          {ui.links.goToReset}
        </Link>
        <Link to={paths.login} className="tap-target font-semibold text-brand-700 underline underline-offset-4">
          {ui.links.goToLogin}
        </Link>
      </p>
    </div>
  );
}
