import { useEffect, useRef, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, toastStore, type ToastItem } from '../data/toasts';

/** Announced politely to screen readers; errors assertively. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  const ref = useRef<HTMLDivElement>(null);
  const newest = toasts[toasts.length - 1]?.id;
  // A manual popover lives in the top layer: a toast must show above a modal dialog (the phone's order sheet)
  // instead of under its backdrop. Shown again for each new toast, so it sits above dialogs opened since.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    // Shown from the start (an empty live region is announced from its first toast on); raised per new toast.
    if (newest === undefined && el.matches(':popover-open')) return;
    if (el.matches(':popover-open')) el.hidePopover();
    el.showPopover();
  }, [newest]);
  return (
    <div ref={ref} className="toaster" aria-live="polite" popover="manual">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} />
      ))}
    </div>
  );
}

function Toast({ toast }: { toast: ToastItem }) {
  // Timed from the frame that first paints it, not from mount: work later in the same task (another effect,
  // the toaster's raise into the top layer) would otherwise eat into its 2500 ms on screen.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => toastStore.dismiss(toast.id), TOAST_DURATION_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [toast.id]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      {toast.message}
    </div>
  );
}
