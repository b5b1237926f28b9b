export {
  dismissAllToasts,
  dismissToast,
  showToast,
  toast,
  TOAST_DEFAULTS,
  type Toast,
  type ToastOptions,
  type ToastStyle,
  type ToastType,
} from './toast-store';
export { Toaster } from './toaster';
