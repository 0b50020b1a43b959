import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { tagOffReason } from '@toque/contracts/admin';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';

const labels = adminUi.switchOff;
const form = z.object({ reason: tagOffReason });
type Values = z.input<typeof form>;
type Parsed = z.output<typeof form>;

function ReasonForm({ onClose, onConfirm }: { onClose: () => void; onConfirm: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(form), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <p className="text-slate-700">{labels.text}</p>
      <TextAreaField label={labels.reason} rows={3} error={errors.reason?.message} {...register('reason')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {labels.cancel}
        </Button>
        <Button type="submit" variant="danger">
          {labels.confirm}
        </Button>
      </div>
    </form>
  );
}

/**
 * ADM-10: switching a tag off says what it does, asks why (3 to 300 characters: the owner reads it
 * in an e-mail, the log keeps it) and is confirmed; Cancelar leaves the tag on.
 */
export function SwitchOffDialog({
  code,
  onClose,
  onConfirm,
}: {
  code: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}) {
  return (
    <Modal open={code !== null} onClose={onClose} title={code ? labels.title(code) : labels.confirm}>
      {code ? <ReasonForm key={code} onClose={onClose} onConfirm={onConfirm} /> : null}
    </Modal>
  );
}
