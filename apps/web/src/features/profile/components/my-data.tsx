import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { accountMsg, accountUi, confirmPasswordBody, type ConfirmPasswordBody } from '@toque/contracts/account';
import { exportHtmlUi, renderExportHtml } from '@toque/contracts/account-export-html';
import { msg } from '@toque/contracts/messages';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { isApiError, statusOf } from '../../../lib/api-client';
import { messageForStatus } from '../../../lib/error-message';
import { session } from '../../../lib/session';
import { saveUrl } from '../../../lib/save-file';
import { notify } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useDeletePreview } from '../api/delete-preview';
import { DeletePreviewList } from './delete-preview-list';
import { useExportData } from '../api/export-data';
import { PasswordPrompt } from './password-prompt';

const labels = accountUi.privacy;
const dialog = accountUi.deleteDialog;
const prompt = accountUi.passwordPrompt;

/** Saves a blob URL as a file through a temporary link (the browser's own download). */
/** 401 is the wrong password; 409 the server's reason to refuse a deletion (a síndico, an admin). */
function failureOf(error: unknown, fallback: string) {
  if (statusOf(error) === 409 && isApiError(error)) return error.message;
  return messageForStatus(error, { 401: msg.profileWrongPassword }, fallback);
}

interface Files {
  html: string;
  json: string;
}

/**
 * ACC-03 / ACC-07: 'Baixar meus dados' — one password prompt, then both files are downloaded: the
 * readable document in Portuguese (HTML) and the same data in JSON; each again one tap away.
 * 'Excluir minha conta', confirmed by the password.
 */
export function MyData() {
  const exportData = useExportData();
  const [asking, setAsking] = useState(false);
  const [files, setFiles] = useState<Files | null>(null);
  const [deleting, setDeleting] = useState(false);

  // The files hold personal data: their URLs are released when the page goes.
  useEffect(
    () => () => {
      if (files) {
        URL.revokeObjectURL(files.html);
        URL.revokeObjectURL(files.json);
      }
    },
    [files],
  );

  const onExport = async (password: string): Promise<string | null> => {
    let data;
    try {
      data = await exportData.mutateAsync(password);
    } catch (error) {
      return failureOf(error, accountMsg.exportError);
    }
    const html = URL.createObjectURL(new Blob([renderExportHtml(data)], { type: 'text/html;charset=utf-8' }));
    const json = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    setFiles({ html, json });
    // ACC-07: both files, as the screen says: the readable document and the same data in JSON.
    saveUrl(html, exportHtmlUi.fileName);
    saveUrl(json, exportHtmlUi.jsonFileName);
    notify.success(accountMsg.exportReady);
    return null;
  };

  return (
    <section aria-labelledby="my-data-title" className="space-y-4">
      <h2 id="my-data-title" className="text-xl font-bold text-slate-900">
        {labels.heading}
      </h2>
      <p className="text-slate-700">{labels.intro}</p>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {labels.download}
      </Button>
      {files ? (
        <div role="status" className="space-y-3 rounded-xl bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">{labels.readyHeading}</p>
          <p className="text-slate-700">{labels.readyText}</p>
          <div className="flex flex-wrap gap-2">
            <a href={files.html} download={exportHtmlUi.fileName} className={buttonClasses('secondary', 'md')}>
              {labels.openHtml}
            </a>
            <a href={files.json} download={exportHtmlUi.jsonFileName} className={buttonClasses('secondary', 'md')}>
              {labels.downloadJson}
            </a>
          </div>
        </div>
      ) : null}
      <PasswordPrompt
        open={asking}
        title={prompt.exportTitle}
        intro={prompt.exportIntro}
        confirmLabel={prompt.exportConfirm}
        onConfirm={onExport}
        onClose={() => setAsking(false)}
      />
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
  const preview = useDeletePreview(open);
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
      {preview.isPending ? (
        <p role="status" className="mt-3 text-sm">
          {dialog.loading}
        </p>
      ) : preview.isError ? (
        <p className="mt-3 text-sm text-red-800">{dialog.loadError}</p>
      ) : (
        <>
          <DeletePreviewList preview={preview.data} />
          {preview.data.blocked ? (
            <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950">
              {preview.data.blocked}
            </p>
          ) : null}
        </>
      )}
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
