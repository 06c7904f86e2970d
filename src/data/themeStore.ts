import { readTheme, writeTheme, type Theme } from './preferences';

let theme: Theme = readTheme();
const listeners = new Set<() => void>();

/** The user's chosen theme; pages that force one (the LT detail page) do not change it. */
export const themeStore = {
  get: () => theme,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: Theme) {
    if (next === theme) return;
    theme = next;
    writeTheme(next);
    listeners.forEach((l) => l());
  },
};
