/**
 * The page's languages are the 27 chart locales of spec 1 §3, written as the
 * BCP-47 tags used in URLs. The chart's `ar` is the product's `ar-SA` and
 * `zh_TW` becomes `zh-TW`.
 */
export const SUPPORTED_LOCALES = [
  'en', 'ar-SA', 'pt', 'ca', 'cs', 'de', 'es', 'fa', 'fr', 'he', 'hu', 'id', 'it', 'ja',
  'ko', 'ms', 'pl', 'ru', 'sv', 'th', 'tr', 'vi', 'zh', 'zh-TW', 'el', 'nl', 'ro',
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Right-to-left languages: ar (the product uses ar-SA), fa and he. */
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he']);

/** Native names for the language picker, so a user can find their own language. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English', 'ar-SA': 'العربية', pt: 'Português', ca: 'Català', cs: 'Čeština',
  de: 'Deutsch', es: 'Español', fa: 'فارسی', fr: 'Français', he: 'עברית', hu: 'Magyar',
  id: 'Bahasa Indonesia', it: 'Italiano', ja: '日本語', ko: '한국어', ms: 'Bahasa Melayu',
  pl: 'Polski', ru: 'Русский', sv: 'Svenska', th: 'ไทย', tr: 'Türkçe', vi: 'Tiếng Việt',
  zh: '简体中文', 'zh-TW': '繁體中文', el: 'Ελληνικά', nl: 'Nederlands', ro: 'Română',
};

const BY_LOWER = new Map<string, Locale>(SUPPORTED_LOCALES.map((l) => [l.toLowerCase(), l]));

/** Chinese tags that mean traditional script map to zh-TW, everything else to zh. */
const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)(-|$)/;

/**
 * Exact match of a tag against the supported list, case- and separator-
 * insensitive (`zh_tw`, `ZH-TW`). Only exact URL prefixes are canonicalised;
 * region fallbacks belong to browser detection, not to URLs.
 */
export function matchSupportedLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  return BY_LOWER.get(lower) ?? (lower === 'ar' ? 'ar-SA' : null);
}

/** Best supported locale for one browser language tag (`pt-BR` → pt, `zh-HK` → zh-TW). */
export function localeForBrowserTag(tag: string): Locale | null {
  const exact = matchSupportedLocale(tag);
  if (exact) return exact;
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  const language = lower.split('-')[0] ?? '';
  if (language === 'zh') return TRADITIONAL_CHINESE.test(lower) ? 'zh-TW' : 'zh';
  if (language === 'ar') return 'ar-SA';
  if (language === 'iw') return 'he'; // legacy Hebrew code some browsers still send
  return BY_LOWER.get(language) ?? null;
}

/** First supported locale among the browser's preferred languages. */
export function detectLocale(browserLanguages: readonly string[]): Locale | null {
  for (const tag of browserLanguages) {
    const locale = localeForBrowserTag(tag);
    if (locale) return locale;
  }
  return null;
}

export interface LocaleSources {
  /** The locale the user chose before (local storage), possibly stale or garbage. */
  stored: string | null;
  /** navigator.languages */
  browser: readonly string[];
}

/** Spec 1 §2.1 / §5: stored → detected → en. */
export function resolveLocale(sources: LocaleSources): Locale {
  return matchSupportedLocale(sources.stored) ?? detectLocale(sources.browser) ?? DEFAULT_LOCALE;
}

export function isRtlLocale(locale: string): boolean {
  return RTL_LANGUAGES.has(locale.split('-')[0]?.toLowerCase() ?? '');
}

export function textDirection(locale: string): 'rtl' | 'ltr' {
  return isRtlLocale(locale) ? 'rtl' : 'ltr';
}
