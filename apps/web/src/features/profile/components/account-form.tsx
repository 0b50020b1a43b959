import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { msg } from '@toque/contracts/messages';
import { updateUserBody } from '@toque/contracts/profile';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { accountCopy } from '../../../content/pages';
import { messageForStatus } from '../../../lib/error-message';
import { session } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useUpdateUser } from '../api/update-user';

type Values = z.input<typeof updateUserBody>;
type Parsed = z.output<typeof updateUserBody>;

/** ACC-01/02: change the name and, optionally, the password; the current password authorises it. */
export function AccountForm() {
  const { userName } = useSession();
  const updateUser = useUpdateUser();
  // The name arrives after the page when the session is still loading: the form follows it,
  // without overwriting what the user already typed.
  const values = useMemo<Values>(() => ({ name: userName ?? '', password: '', newPassword: '' }), [userName]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(updateUserBody),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit(async ({ name, password, newPassword }) => {
    let result;
    try {
      result = await updateUser.mutateAsync({ name, password, ...(newPassword ? { newPassword } : {}) });
    } catch (error) {
      notify.error(messageForStatus(error, { 401: msg.profileWrongPassword }, msg.profileError));
      return;
    }
    if (result.token) session.replaceToken(result.token);
    session.setUserName(name);
    reset({ name, password: '', newPassword: '' });
    notify.success(msg.profileSuccess);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField label={ui.fields.accountName} autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label={ui.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={ui.fields.accountNewPassword}
        type="password"
        autoComplete="new-password"
        hint={accountCopy.newPasswordHint}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <Button type="submit" size="lg" busy={isSubmitting}>
        {ui.buttons.saveProfile}
      </Button>
    </form>
  );
}
