import { useRef, useState, type ReactNode } from 'react';
import { notify } from '../../lib/toast';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** Shown inside the dialog as an alert (the failure stays with the action that failed). */
  failure?: string | null;
  danger?: boolean;
  children: ReactNode;
}

/** A confirmation that interrupts the user (alertdialog); Cancel has the focus, so Enter does no harm. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy = false,
  failure = null,
  danger = false,
  children,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={onClose} title={title} role="alertdialog" initialFocusRef={cancelRef}>
      <div className="text-slate-700">{children}</div>
      {failure ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button ref={cancelRef} variant="ghost" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The confirm-then-act flow every such dialog shares: the action's success text as a toast and the
 * dialog closed, or the failure — after `failurePrefix` — said inside the dialog, which stays open.
 * Closing clears the failure. `run` resolves true when the action succeeded.
 */
export function useConfirmedAction(onClose: () => void, failurePrefix: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const run = async (action: () => Promise<string>): Promise<boolean> => {
    setFailure(null);
    try {
      notify.success(await action());
      close();
      return true;
    } catch (error) {
      setFailure(failurePrefix + (error instanceof Error ? error.message : String(error)));
      return false;
    }
  };
  return { failure, close, run };
}
