import { useEffect, useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, toastStore, type ToastItem } from '../data/toasts';

/** Announced politely to screen readers; errors assertively. */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} />
      ))}
    </div>
  );
}

function Toast({ toast }: { toast: ToastItem }) {
  // Timed from mount, so a busy page still shows every toast for its full 2500 ms.
  useEffect(() => {
    const timer = setTimeout(() => toastStore.dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      {toast.message}
    </div>
  );
}
