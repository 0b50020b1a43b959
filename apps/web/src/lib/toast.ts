import { toast, type ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@toque/contracts/constants';

/** API-05: top-right, 5 s, drag to dismiss at 80 %. */
export const toastContainerProps = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  draggable: true,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
  newestOnTop: true,
  closeOnClick: false,
  pauseOnFocusLoss: true,
  theme: 'light',
} satisfies ToastContainerProps;

/**
 * The message doubles as the toast id: the same message is never stacked twice
 * (a double click shows one error, not two identical ones).
 */
export const notify = {
  success: (message: string) => void toast.success(message, { toastId: message }),
  error: (message: string) => void toast.error(message, { toastId: message }),
  info: (message: string) => void toast.info(message, { toastId: message }),
};

export type Notify = typeof notify;
