import { useRef, useState } from 'react';
import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../lib/toast';
import { useDisableQrCode } from '../api/disable-qr-code';
import { tagCopy } from '../copy';

const labels = dashboardUi.deleteTag;

interface DeleteTagDialogProps {
  /** The tag to delete; null when the dialog is closed. */
  tag: Pick<Product, 'code' | 'name'> | null;
  onClose: () => void;
}

/** TAG-04: deleting (disabling) a tag is irreversible, so it asks first. Cancel has the focus. */
export function DeleteTagDialog({ tag, onClose }: DeleteTagDialogProps) {
  const disable = useDisableQrCode();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (!tag) return;
    setFailure(null);
    try {
      await disable.mutateAsync({ code: tag.code });
      notify.success(dashboardUi.toasts.deleted);
      close();
    } catch (error) {
      setFailure(tagCopy.deleteFailure + (error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <Modal open={tag !== null} onClose={close} title={labels.title} role="alertdialog" initialFocusRef={cancelRef}>
      <p className="text-slate-700">{tag ? tagCopy.deleteText(tag.name) : null}</p>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-2">
        <Button ref={cancelRef} variant="ghost" onClick={close}>
          {labels.cancel}
        </Button>
        <Button variant="danger" busy={disable.isPending} onClick={() => void confirm()}>
          {labels.confirm}
        </Button>
      </div>
    </Modal>
  );
}
