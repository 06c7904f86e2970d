import { useSyncExternalStore, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOCALE_NATIVE_NAMES, SUPPORTED_LOCALES, matchSupportedLocale, type Locale } from '../../domain/locale';
import { switchLocaleInPath } from '../../domain/routes';
import { writeStoredLocale } from '../../data/preferences';
import { themeStore } from '../../data/themeStore';
import { Button } from '../../ui/Button';

interface SettingsBarProps {
  locale: Locale;
  /** Present on the desktop page only, where there is a layout to reset. */
  onResetLayout?: () => void;
  /** Extra tools the page adds (the replay panel of a simulated exchange). */
  tools?: ReactNode;
}

/** Language and global settings bar (spec 1 §2.2). */
export function SettingsBar({ locale, onResetLayout, tools }: SettingsBarProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get);

  const changeLanguage = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = matchSupportedLocale(event.target.value);
    if (!next || next === locale) return;
    writeStoredLocale(next);
    navigate(switchLocaleInPath(location.pathname, next) + location.search + location.hash);
  };

  return (
    <header className="settings-bar">
      <span className="settings-bar__brand">{t('appName')}</span>
      <div className="settings-bar__controls">
        <label className="settings-bar__field">
          <span className="visually-hidden">{t('language')}</span>
          <select value={locale} onChange={changeLanguage} aria-label={t('language')} data-testid="language-picker">
            {SUPPORTED_LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NATIVE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="ghost"
          onClick={() => themeStore.set(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? t('themeLight') : t('themeDark')}
        </Button>
        {tools}
        {onResetLayout && (
          <Button variant="ghost" onClick={onResetLayout}>
            {t('resetLayout')}
          </Button>
        )}
      </div>
    </header>
  );
}
