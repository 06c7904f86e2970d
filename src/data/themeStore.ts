import { readTheme, systemLightQuery, writeTheme, type Theme } from './preferences';

let theme: Theme = readTheme();
const listeners = new Set<() => void>();

// Until the user picks a theme, the page follows the system's light / dark switch as it happens
// (once a choice is stored, readTheme returns it and the switch changes nothing).
systemLightQuery()?.addEventListener('change', () => {
  const next = readTheme();
  if (next === theme) return;
  theme = next;
  listeners.forEach((l) => l());
});

/** The page's theme: the user's choice, else the system's; pages that force one (the LT detail page) do not change it. */
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
