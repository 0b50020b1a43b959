import type { Product } from '@toque/contracts/products';
import { condoUi } from '@toque/contracts/admin-ui';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
import { useLeaveTag } from '../api/leave-tag';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';

interface LeaveTagDialogProps {
  /** The shared tag (or plate) to leave; null when the dialog is closed. */
  tag: Pick<Product, 'code' | 'name' | 'product_id'> | null;
  onClose: () => void;
}

/** CONDO-09: leaving a tag shared with me, or my units under a plate, asks first. */
export function LeaveTagDialog({ tag, onClose }: LeaveTagDialogProps) {
  const leave = useLeaveTag();
  // CONDO-11: leaving a plate is leaving one's unit.
  const plate = tag?.product_id === CONDOMINIUM_PRODUCT_ID;
  const { failure, close, run } = useConfirmedAction(onClose, condoUi.leaveFailure);
  const confirm = () => (tag ? run(async () => (await leave.mutateAsync({ code: tag.code })).message || condoUi.left) : undefined);
  return (
    <ConfirmDialog
      open={tag !== null}
      title={plate ? condoUi.residentView.leaveTitle : condoUi.leaveTitle}
      confirmLabel={condoUi.leaveConfirm}
      cancelLabel={condoUi.cancel}
      busy={leave.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{tag ? (plate ? condoUi.residentView.leaveText : condoUi.leaveText(tag.name)) : null}</p>
    </ConfirmDialog>
  );
}
