import { createInstance, type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { netFetch } from '../data/network/netFetch';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '../domain/locale';

/** Namespaces are loaded on demand: a widget's `useTranslation(ns)` fetches its file. */
export const NAMESPACES = ['common', 'trade', 'lt', 'replay', 'market', 'orderbook', 'footer', 'notice', 'chart', 'signin', 'pnl', 'upgrade', 'banner', 'demo', 'network'] as const;

const i18next = createInstance();

/** Translation files the build has (vite.config.ts); a language without its file falls back to English. */
const AVAILABLE = new Set(
  Object.entries(BUILD_LOCALE_NAMESPACES).flatMap(([lng, names]) => names.split(',').map((ns) => `/locales/${lng}/${ns}.json`)),
);

/**
 * Asking for a file the build does not have would get a 404, or from a static
 * host the HTML shell: answer an empty namespace instead and let i18next fall back.
 */
function fetchTranslation(url: string, init: RequestInit): Promise<Response> {
  const path = new URL(url, window.location.origin).pathname;
  if (!AVAILABLE.has(path)) {
    return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
  }
  // Through the network layer so translations count in the quality statistics; the page's own files stay on its origin.
  return netFetch({ path, routedPath: path, init, originOnly: true, originBase: '' });
}

export async function initI18n(locale: Locale): Promise<I18n> {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      // Region tags are real languages here (zh-TW, ar-SA): never load a bare "zh" or "ar" for them.
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json', alternateFetch: fetchTranslation },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return i18next;
}

/** URLs of the translation files this page has loaded, so the worker can keep them for offline use. */
export function loadedLocaleUrls(): string[] {
  const store = i18next.store?.data ?? {};
  return Object.entries(store).flatMap(([lng, namespaces]) =>
    Object.keys(namespaces).map((ns) => `/locales/${lng}/${ns}.json`),
  );
}
