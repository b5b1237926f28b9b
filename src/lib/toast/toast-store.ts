/**
 * A tiny toast store: plain TypeScript, no dependency, usable from anywhere (event handlers,
 * query callbacks). The <Toaster /> in the shell renders what it holds.
 *
 * Defaults of spec §9: top-center, auto-close 5000 ms, no progress bar, close on click, pause on
 * hover, draggable, coloured theme; styles `pill` (default) and `glass`.
 */
export type ToastType = 'default' | 'info' | 'success' | 'warning' | 'error';
export type ToastStyle = 'pill' | 'glass';

export interface ToastOptions {
  type?: ToastType;
  style?: ToastStyle;
  /** Milliseconds before it closes itself; false keeps it until the user closes it. */
  autoClose?: number | false;
  closeOnClick?: boolean;
  pauseOnHover?: boolean;
  draggable?: boolean;
}

export interface Toast extends Required<ToastOptions> {
  id: number;
  message: string;
}

export const TOAST_DEFAULTS: Required<ToastOptions> = {
  type: 'default',
  style: 'pill',
  autoClose: 5000, // spec §9: auto-close 5000 ms
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
};

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(message: string, options: ToastOptions = {}): number {
  const toast: Toast = { ...TOAST_DEFAULTS, ...options, id: nextId++, message };
  emit([...toasts, toast]);
  return toast.id;
}

export function dismissToast(id: number) {
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function dismissAllToasts() {
  if (toasts.length) emit([]);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `toast('Saved')`, `toast.success('Saved')`, `toast.error('Failed', { autoClose: false })`. */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => showToast(message, options),
  {
    info: (message: string, options?: ToastOptions) =>
      showToast(message, { ...options, type: 'info' }),
    success: (message: string, options?: ToastOptions) =>
      showToast(message, { ...options, type: 'success' }),
    warning: (message: string, options?: ToastOptions) =>
      showToast(message, { ...options, type: 'warning' }),
    error: (message: string, options?: ToastOptions) =>
      showToast(message, { ...options, type: 'error' }),
    dismiss: dismissToast,
  },
);
