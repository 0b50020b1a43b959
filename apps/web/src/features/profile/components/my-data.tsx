import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMsg, accountUi, confirmPasswordBody, type ConfirmPasswordBody } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { isApiError, statusOf } from '../../../lib/api-client';
import { messageForStatus } from '../../../lib/error-message';
import { session } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';

const labels = accountUi.privacy;
const dialog = accountUi.deleteDialog;

/** Saves `data` as a JSON file through a temporary link (the browser's own download). */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 401 is the wrong password; 409 the server's reason to refuse a deletion (a síndico, an admin). */
function failureOf(error: unknown, fallback: string) {
  if (statusOf(error) === 409 && isApiError(error)) return error.message;
  return messageForStatus(error, { 401: msg.profileWrongPassword }, fallback);
}

/** ACC-03: 'Baixar meus dados' and 'Excluir minha conta', each confirmed by the password. */
export function MyData() {
  const exportData = useExportData();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmPasswordBody>({ resolver: zodResolver(confirmPasswordBody), defaultValues: { password: '' } });
  const [deleting, setDeleting] = useState(false);

  const onDownload = handleSubmit(async ({ password }) => {
    let data;
    try {
      data = await exportData.mutateAsync(password);
    } catch (error) {
      notify.error(failureOf(error, accountMsg.exportError));
      return;
    }
    saveJson(data, labels.fileName);
    reset({ password: '' });
    notify.success(accountMsg.exportReady);
  });

  return (
    <section aria-labelledby="my-data-title" className="space-y-4">
      <h2 id="my-data-title" className="text-xl font-bold text-slate-900">
        {labels.heading}
      </h2>
      <p className="text-slate-700">{labels.intro}</p>
      <form noValidate onSubmit={(event) => void onDownload(event)} className="space-y-4">
        <TextField
          label={labels.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" variant="secondary" busy={isSubmitting}>
          {labels.download}
        </Button>
      </form>
      <div className="border-t border-slate-200 pt-4">
        <Button variant="danger" aria-haspopup="dialog" onClick={() => setDeleting(true)}>
          {labels.delete}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ConfirmPasswordBody>({ resolver: zodResolver(confirmPasswordBody), defaultValues: { password: '' } });

  const close = () => {
    reset({ password: '' });
    setFailure(null);
    onClose();
  };

  const onConfirm = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await remove.mutateAsync(password);
    } catch (error) {
      setFailure(failureOf(error, accountMsg.deleteError));
      return;
    }
    // The account is gone: nothing of it stays in this tab, and the dashboard's guard leads home.
    session.forget();
    notify.success(accountMsg.deleted);
  });

  return (
    <ConfirmDialog
      open={open}
      title={dialog.title}
      confirmLabel={dialog.confirm}
      cancelLabel={dialog.cancel}
      onConfirm={() => void onConfirm()}
      onClose={close}
      busy={remove.isPending}
      failure={failure}
      danger
    >
      <p>{dialog.body}</p>
      <form noValidate onSubmit={(event) => void onConfirm(event)} className="mt-4">
        <TextField
          label={dialog.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
    </ConfirmDialog>
  );
}
