/** Whether the network-error overlay is up; raised by whatever finds the exchange unreachable. */
let shown = false;
const listeners = new Set<() => void>();

export const netErrorStore = {
  get: () => shown,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show() {
    if (shown) return;
    shown = true;
    listeners.forEach((l) => l());
  },
};
