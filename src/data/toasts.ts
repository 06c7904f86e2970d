/** Toasts live outside React so data-layer callbacks can raise them too. */
export type ToastKind = 'info' | 'success' | 'error';

export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}

/** Spec: toast duration 2500 ms, counted from when the toast is on screen (the Toaster times it). */
export const TOAST_DURATION_MS = 2500;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const toastStore = {
  get: () => items,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(message: string, kind: ToastKind = 'info'): number {
    const id = nextId++;
    items = [...items, { id, message, kind }];
    emit();
    return id;
  },
  dismiss(id: number) {
    const next = items.filter((t) => t.id !== id);
    if (next.length === items.length) return;
    items = next;
    emit();
  },
};
