import type { Product } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
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
  const { failure, close, run } = useConfirmedAction(onClose, tagCopy.deleteFailure);
  const confirm = () =>
    tag
      ? run(async () => {
          await disable.mutateAsync({ code: tag.code });
          return dashboardUi.toasts.deleted;
        })
      : undefined;

  return (
    <ConfirmDialog
      open={tag !== null}
      title={labels.title}
      confirmLabel={labels.confirm}
      cancelLabel={labels.cancel}
      busy={disable.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{tag ? tagCopy.deleteText(tag.name) : null}</p>
    </ConfirmDialog>
  );
}
