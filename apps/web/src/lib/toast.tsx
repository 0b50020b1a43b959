import { toast, type CloseButtonProps, type Id, type ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';

/**
 * The library's close button (same classes and icon), announced in Portuguese: the library's own
 * is labelled 'close' and is not exported to be relabelled.
 */
function PortugueseCloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={ui.toasts.close}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** API-05: top-right, 5 s, drag to dismiss at 80 %; the region and close button named in Portuguese. */
export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggable: true,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  theme: 'light',
  closeButton: PortugueseCloseButton,
  'aria-label': ui.toasts.region,
} satisfies ToastContainerProps;

/** The error toasts raised since the last success: a success closes them (an old failure is over). */
const openErrors = new Set<Id>();

function dismissErrors(): void {
  for (const id of openErrors) toast.dismiss(id);
  openErrors.clear();
}

/**
 * The message doubles as the toast id: the same message is never stacked twice
 * (a double click shows one error, not two identical ones). A success first closes the errors
 * still shown, so a failed attempt's toast does not stand beside the next attempt's success.
 */
export const notify = {
  success: (message: string) => {
    dismissErrors();
    void toast.success(message, { toastId: message });
  },
  error: (message: string) => {
    openErrors.add(toast.error(message, { toastId: message }));
  },
  /** `toastId`: two events with the same words (two scans of one tag) are two toasts. */
  info: (message: string, toastId: string = message) => void toast.info(message, { toastId }),
};

export type Notify = typeof notify;
