import { useEffect, useRef, useState } from 'react';
import { dismissToast, type Toast } from './toast-store';
import classes from './toast.module.css';

/** How far (px) a toast must be dragged sideways to be dismissed. */
const DRAG_DISMISS_PX = 80;

/** The visible toasts at the top centre of the viewport (spec §9). Loaded on the first toast
 * (toaster.tsx), so the first load of a page carries none of it. */
export default function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <section className={classes.region} aria-label="Notifications">
      <ol className={classes.list}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [dragX, setDragX] = useState(0);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);
  // Time left, so pausing on hover resumes where it stopped instead of starting over.
  const remaining = useRef(toast.autoClose === false ? Infinity : toast.autoClose);

  useEffect(() => {
    if (toast.autoClose === false || paused || dragX !== 0) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [toast.autoClose, toast.id, paused, dragX]);

  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    // Click-to-close and drag-to-dismiss are pointer conveniences (spec §9); keyboard and screen
    // reader users have the Close button inside, so the item itself needs no key handler.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <li
      className={classes.toast}
      data-type={toast.type}
      data-style={toast.style}
      role={urgent ? 'alert' : undefined}
      style={
        dragX
          ? { transform: `translateX(${dragX}px)`, opacity: 1 - Math.abs(dragX) / 200 }
          : undefined
      }
      onMouseEnter={() => toast.pauseOnHover && setPaused(true)}
      onMouseLeave={() => toast.pauseOnHover && setPaused(false)}
      onPointerDown={(event) => {
        if (!toast.draggable) return;
        drag.current = { startX: event.clientX, pointerId: event.pointerId };
      }}
      onPointerMove={(event) => {
        if (drag.current?.pointerId !== event.pointerId) return;
        setDragX(event.clientX - drag.current.startX);
      }}
      onPointerUp={() => {
        if (!drag.current) return;
        drag.current = null;
        if (Math.abs(dragX) >= DRAG_DISMISS_PX) dismissToast(toast.id);
        else setDragX(0);
      }}
      onPointerCancel={() => {
        drag.current = null;
        setDragX(0);
      }}
      onClick={() => {
        // A drag that ends over the toast is not a click to close.
        if (toast.closeOnClick && dragX === 0) dismissToast(toast.id);
      }}
    >
      <span className={classes.message}>{toast.message}</span>
      <button
        type="button"
        className={classes.close}
        aria-label="Close notification"
        onClick={(event) => {
          event.stopPropagation();
          dismissToast(toast.id);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
