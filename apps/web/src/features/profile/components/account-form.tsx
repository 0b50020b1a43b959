import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { accountUi } from '@toque/contracts/account';
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
import { PasswordPrompt } from './password-prompt';

/** The form's part of the body; the current password is asked by the prompt (ACC-07: once per change). */
const profileForm = updateUserBody.omit({ password: true });
type Values = z.input<typeof profileForm>;
type Parsed = z.output<typeof profileForm>;

const prompt = accountUi.passwordPrompt;

/** ACC-01/02: change the name and, optionally, the password; the current password authorises it. */
export function AccountForm() {
  const { userName } = useSession();
  const updateUser = useUpdateUser();
  const [pending, setPending] = useState<Parsed | null>(null);
  // The name arrives after the page when the session is still loading: the form follows it,
  // without overwriting what the user already typed.
  const values = useMemo<Values>(() => ({ name: userName ?? '', newPassword: '' }), [userName]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(profileForm),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((parsed) => setPending(parsed));

  const save = async (password: string): Promise<string | null> => {
    if (!pending) return null;
    const { name, newPassword } = pending;
    let result;
    try {
      result = await updateUser.mutateAsync({ name, password, ...(newPassword ? { newPassword } : {}) });
    } catch (error) {
      return messageForStatus(error, { 401: msg.profileWrongPassword }, msg.profileError);
    }
    if (result.token) session.replaceToken(result.token);
    session.setUserName(name);
    reset({ name, newPassword: '' });
    notify.success(msg.profileSuccess);
    return null;
  };

  return (
    <>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <TextField label={ui.fields.accountName} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label={ui.fields.accountNewPassword}
          type="password"
          autoComplete="new-password"
          hint={accountCopy.newPasswordHint}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Button type="submit" size="lg" aria-haspopup="dialog">
          {ui.buttons.saveProfile}
        </Button>
      </form>
      <PasswordPrompt
        open={pending !== null}
        title={prompt.profileTitle}
        intro={prompt.profileIntro}
        confirmLabel={prompt.profileConfirm}
        onConfirm={save}
        onClose={() => setPending(null)}
      />
    </>
  );
}
