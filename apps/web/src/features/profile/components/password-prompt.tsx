import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountUi } from '@toque/contracts/account';
import { updateUserBody } from '@toque/contracts/profile';
import { ui } from '@toque/contracts/ui';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/field';

/** The current password, required ('Você precisa informar sua senha atual', ACC-01). */
const promptBody = updateUserBody.pick({ password: true });
type PromptValues = { password: string };

interface PasswordPromptProps {
  open: boolean;
  /** What the password confirms: 'Salvar alterações', 'Baixar meus dados'… */
  title: string;
  intro: string;
  confirmLabel: string;
  /** Runs the change with the password; resolves to the failure to show inside the prompt, or null when done. */
  onConfirm: (password: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * ACC-07: the one place my account asks for the current password — once per change, when the
 * change is made, instead of a 'Senha atual' field under every form of the page. The password is
 * never kept: the prompt forgets it when it closes.
 */
export function PasswordPrompt({ open, title, intro, confirmLabel, onConfirm, onClose }: PasswordPromptProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PromptValues>({ resolver: zodResolver(promptBody), defaultValues: { password: '' } });

  const close = () => {
    reset({ password: '' });
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const failed = await onConfirm(password);
    if (failed) {
      setFailure(failed);
      return;
    }
    reset({ password: '' });
    onClose();
  });

  return (
    <Modal open={open} onClose={close} title={title}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-slate-700">{intro}</p>
        <TextField
          label={ui.fields.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {accountUi.passwordPrompt.cancel}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
