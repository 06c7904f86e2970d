import { matchSupportedLocale, type Locale } from '../domain/locale';
import { resolveTheme, type Theme } from '../domain/theme';
import { STORAGE_KEYS, readString, writeString } from './storage';

export type { Theme };

const SYSTEM_LIGHT = '(prefers-color-scheme: light)';

/** The system's colour-scheme preference as a media query list; null where there is none (tests, old browsers). */
export function systemLightQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_LIGHT) : null;
}

/** The stored choice, else the system's preference (src/domain/theme). */
export function readTheme(): Theme {
  return resolveTheme(readString(STORAGE_KEYS.theme), systemLightQuery()?.matches ?? false);
}

export function writeTheme(theme: Theme): void {
  writeString(STORAGE_KEYS.theme, theme);
}

export function readStoredLocale(): Locale | null {
  return matchSupportedLocale(readString(STORAGE_KEYS.locale));
}

export function writeStoredLocale(locale: Locale): void {
  writeString(STORAGE_KEYS.locale, locale);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
