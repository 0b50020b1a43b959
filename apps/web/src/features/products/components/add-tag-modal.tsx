import { useRef, useState, type ChangeEvent, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { msg } from '@toque/contracts/messages';
import { codeBody } from '@toque/contracts/products';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../lib/toast';
import { useAssociateQrCode } from '../api/associate-qr-code';
import { sanitizePasted, sanitizeTyped, type CodeEdit } from '../code-input';
import { tagCopy } from '../copy';

type Values = z.input<typeof codeBody>;
type Parsed = z.output<typeof codeBody>;

const labels = dashboardUi.addTag;

interface AddTagModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * TAG-02 / CONDO-06: the add-tag modal, shared by the dashboard pages. The code field keeps only
 * letters and digits, while typing and on paste; the server decides what the code is (an
 * unclaimed tag, a unit's association code) and its refusal is shown after the catalogue prefix.
 * TAG-12: no maxlength on the field — a keyboard's clipboard chip or autofill inserts ' abcd-efgh ' in one
 * go (no paste event), and the browser would cut it at 8 characters before the cleaning counts them.
 */
export function AddTagModal({ open, onClose }: AddTagModalProps) {
  const associate = useAssociateQrCode();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(codeBody), defaultValues: { code: '' } });
  const { ref, onChange, ...field } = register('code');

  const close = () => {
    reset();
    setFailure(null);
    associate.reset();
    onClose();
  };

  const apply = (input: HTMLInputElement, edit: CodeEdit) => {
    setValue('code', edit.value, { shouldValidate: isSubmitted });
    input.setSelectionRange(edit.caret, edit.caret);
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const edit = sanitizeTyped(input.value, input.selectionStart);
    input.value = edit.value;
    input.setSelectionRange(edit.caret, edit.caret);
    setFailure(null);
    void onChange(event);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    setFailure(null);
    apply(input, sanitizePasted(input.value, input.selectionStart, input.selectionEnd, pasted));
  };

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const result = await associate.mutateAsync({ code });
      notify.success(result.kind === 'unit' ? dashboardUi.toasts.joinedUnit : dashboardUi.toasts.addedTag);
      close();
    } catch (error) {
      setFailure(msg.addTagFailurePrefix + (error instanceof Error ? error.message : String(error)));
    }
  });

  return (
    <Modal open={open} onClose={close} title={labels.title} initialFocusRef={inputRef}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-slate-700">{tagCopy.addTagIntro}</p>
        <TextField
          label={labels.field}
          hint={tagCopy.addTagHint}
          error={errors.code?.message}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono tracking-widest uppercase"
          ref={(el) => {
            ref(el);
            inputRef.current = el;
          }}
          onChange={onType}
          onPaste={onPaste}
          {...field}
        />
        {failure ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {labels.cancel}
          </Button>
          <Button type="submit" busy={isSubmitting}>
            {labels.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
