import type { Product } from '@toque/contracts/products';
import { condoUi } from '@toque/contracts/admin-ui';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
import { useLeaveTag } from '../api/leave-tag';

interface LeaveTagDialogProps {
  /** The shared tag (or plate) to leave; null when the dialog is closed. */
  tag: Pick<Product, 'code' | 'name'> | null;
  onClose: () => void;
}

/** CONDO-09: leaving a tag shared with me, or my units under a plate, asks first. */
export function LeaveTagDialog({ tag, onClose }: LeaveTagDialogProps) {
  const leave = useLeaveTag();
  const { failure, close, run } = useConfirmedAction(onClose, condoUi.leaveFailure);
  const confirm = () => (tag ? run(async () => (await leave.mutateAsync({ code: tag.code })).message || condoUi.left) : undefined);
  return (
    <ConfirmDialog
      open={tag !== null}
      title={condoUi.leaveTitle}
      confirmLabel={condoUi.leaveConfirm}
      cancelLabel={condoUi.cancel}
      busy={leave.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{tag ? condoUi.leaveText(tag.name) : null}</p>
    </ConfirmDialog>
  );
}
