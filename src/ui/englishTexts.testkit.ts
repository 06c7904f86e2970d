import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * An i18next instance with the given English namespaces, ready at once
 * (no loading, no suspense), for component tests that read the real texts.
 * The first namespace is the default one.
 */
export function englishTexts(namespaces: Record<string, Record<string, unknown>>): I18n {
  const i18n = createInstance();
  const ns = Object.keys(namespaces);
  void i18n.use(initReactI18next).init({
    lng: 'en', ns, defaultNS: ns[0], resources: { en: namespaces },
    initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false },
  });
  return i18n;
}
