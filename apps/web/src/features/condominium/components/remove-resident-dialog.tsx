import type { Resident } from '@toque/contracts/condominium';
import { msg } from '@toque/contracts/messages';
import { condoUi } from '@toque/contracts/admin-ui';
import { ConfirmDialog, useConfirmedAction } from '../../../components/ui/confirm-dialog';
import { useDeleteMember } from '../api/delete-member';

interface RemoveResidentDialogProps {
  condoCode: string;
  unitNumber: string;
  /** The Morador to remove; null when the dialog is closed. */
  resident: Resident | null;
  onClose: () => void;
}

/** CONDO-04: removing a Morador asks first; a failure is said inside the modal, after the catalogue prefix. */
export function RemoveResidentDialog({ condoCode, unitNumber, resident, onClose }: RemoveResidentDialogProps) {
  const remove = useDeleteMember(condoCode);
  const { failure, close, run } = useConfirmedAction(onClose, msg.removeMemberFailurePrefix);
  const confirm = () =>
    resident
      ? run(async () => {
          await remove.mutateAsync({ memberId: resident.member_id, unit_number: unitNumber });
          return condoUi.removed;
        })
      : undefined;
  return (
    <ConfirmDialog
      open={resident !== null}
      title={condoUi.removeTitle}
      confirmLabel={condoUi.removeConfirm}
      cancelLabel={condoUi.cancel}
      busy={remove.isPending}
      failure={failure}
      danger
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <p>{resident ? condoUi.removeText(resident.user.first_name) : null}</p>
    </ConfirmDialog>
  );
}
