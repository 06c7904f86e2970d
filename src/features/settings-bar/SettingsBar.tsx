import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOCALE_NATIVE_NAMES, SUPPORTED_LOCALES, matchSupportedLocale, type Locale } from '../../domain/locale';
import { switchLocaleInPath } from '../../domain/routes';
import { writeStoredLocale } from '../../data/preferences';
import { themeStore } from '../../data/themeStore';
import { Button } from '../../ui/Button';
import { MenuIcon } from '../../ui/icons';

interface SettingsBarProps {
  locale: Locale;
  /** Present on the desktop page only, where there is a layout to reset. */
  onResetLayout?: () => void;
  /** Extra tools the page adds (the replay panel of a simulated exchange). */
  tools?: ReactNode;
  /** The phone page: the controls fold into a menu under one button, so the bar never runs off the screen. */
  compact?: boolean;
}

/** Language and global settings bar (spec 1 §2.2). */
export function SettingsBar({ locale, onResetLayout, tools, compact = false }: SettingsBarProps) {
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

  const controls = (
    <>
      <label className="settings-bar__field">
        <span className="visually-hidden">{t('language')}</span>
        <select className="language-picker" value={locale} onChange={changeLanguage} aria-label={t('language')} data-testid="language-picker">
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
    </>
  );

  return (
    <header className={compact ? 'settings-bar settings-bar--compact' : 'settings-bar'}>
      <span className="settings-bar__brand">{t('appName')}</span>
      {compact ? <SettingsMenu label={t('settingsMenu')}>{controls}</SettingsMenu> : <div className="settings-bar__controls">{controls}</div>}
    </header>
  );
}

/**
 * The phone's settings: a disclosure button and the same controls in a
 * panel under the bar. Escape closes it and gives the focus back; the panel
 * stays in the DOM while closed so a dialog a control opened keeps living.
 */
function SettingsMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      // A dialog a control opened handles its own Escape.
      if (event.key !== 'Escape' || !wrapRef.current?.contains(document.activeElement)) return;
      event.preventDefault();
      setOpen(false);
      document.getElementById(`${id}-button`)?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, id]);
  return (
    <div className="settings-menu" ref={wrapRef}>
      <button type="button" id={`${id}-button`} className="btn btn--ghost settings-menu__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <MenuIcon className="settings-menu__icon" /> {label}
      </button>
      <div id={id} className="settings-bar__controls settings-menu__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
