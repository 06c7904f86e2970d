export type Theme = 'dark' | 'light';

/**
 * The page's theme: the user's own choice once made (the theme button stores
 * it); before that — a first visit — the system's preference; dark when the
 * stored value is unreadable and the system says nothing (the UI guide's
 * default). index.html's first-frame script applies the same rule.
 */
export function resolveTheme(stored: string | null, systemPrefersLight: boolean): Theme {
  if (isThemeChoice(stored)) return stored;
  return systemPrefersLight ? 'light' : 'dark';
}

/** Whether a stored value is the user's own choice (a system change then no longer moves the theme). */
export const isThemeChoice = (stored: string | null): stored is Theme => stored === 'light' || stored === 'dark';
