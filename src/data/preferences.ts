import { matchSupportedLocale, type Locale } from '../domain/locale';
import { STORAGE_KEYS, readString, writeString } from './storage';

export type Theme = 'dark' | 'light';

/** Dark by default (UI guide); anything unreadable in storage means dark. */
export function readTheme(): Theme {
  return readString(STORAGE_KEYS.theme) === 'light' ? 'light' : 'dark';
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
