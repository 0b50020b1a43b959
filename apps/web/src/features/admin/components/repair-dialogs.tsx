import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { transferBody } from '@toque/contracts/admin';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useBlockUser, useReleaseTag, useTransferTag } from '../api/repair';

const labels = adminUi.clients;

interface DialogProps<T> {
  /** What the dialog acts on; null when closed. */
  target: T | null;
  onClose: () => void;
  onDone: () => void;
}

/** A repair: its toast on success, then the list is refreshed (`onDone`). */
function useRepair(onClose: () => void, onDone: () => void) {
  const { failure, close, run } = useConfirmedAction(onClose, labels.actionFailure);
  const repair = async (action: () => Promise<{ message: string }>) => {
    if (await run(async () => (await action()).message)) onDone();
  };
  return { failure, close, run: repair };
}

/** ADM-07: a tag back to unclaimed, its members removed — asked first. */
export function ReleaseDialog({ target, onClose, onDone }: DialogProps<string>) {
  const release = useReleaseTag();
  const { failure, close, run } = useRepair(onClose, onDone);
  const confirm = () => (target ? run(() => release.mutateAsync(target)) : Promise.resolve());
  return (
    <ConfirmDialog
      open={target !== null}
      title={labels.releaseTitle}
      confirmLabel={labels.releaseConfirm}
      cancelLabel={labels.cancel}
      busy={release.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{target ? labels.releaseText(target) : null}</p>
    </ConfirmDialog>
  );
}

const transferForm = transferBody;
type TransferValues = z.input<typeof transferForm>;
type TransferParsed = z.output<typeof transferForm>;

function TransferForm({ code, onClose, onDone }: { code: string; onClose: () => void; onDone: () => void }) {
  const transfer = useTransferTag();
  const { failure, run } = useRepair(onClose, onDone);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TransferValues, unknown, TransferParsed>({
    resolver: zodResolver(transferForm),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(({ email }) => run(() => transfer.mutateAsync({ code, email })));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <TextField
        label={labels.transferEmail}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {labels.cancel}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {labels.transferConfirm}
        </Button>
      </div>
    </form>
  );
}

/** ADM-07: a tag handed to another account, named by its e-mail. */
export function TransferDialog({ target, onClose, onDone }: DialogProps<string>) {
  return (
    <Modal open={target !== null} onClose={onClose} title={target ? labels.transferTitle(target) : labels.transfer}>
      {target ? <TransferForm key={target} code={target} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/** ADM-07: blocking ends the account's sessions at once, so it is asked first. */
export function BlockDialog({ target, onClose, onDone }: DialogProps<{ userId: string; name: string }>) {
  const block = useBlockUser();
  const { failure, close, run } = useRepair(onClose, onDone);
  const confirm = () =>
    target ? run(() => block.mutateAsync({ userId: target.userId, blocked: true })) : Promise.resolve();
  return (
    <ConfirmDialog
      open={target !== null}
      title={labels.blockTitle}
      confirmLabel={labels.blockConfirm}
      cancelLabel={labels.cancel}
      busy={block.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{target ? labels.blockText(target.name) : null}</p>
    </ConfirmDialog>
  );
}
