import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AVG_LINE_DAYS,
  AVG_LINE_DAYS_KEY,
  avgLineDaysLabel,
  isAvgLineDays,
  type AvgLineDays,
  type DisplayOptionId,
} from '../../../domain/chartDisplay';
import type { ChartDisplaySettings } from '../../../domain/chartModel';
import './display.css';

export interface SyncAppControl {
  on: boolean;
  /** never opened on this device: a dot on the button and the item */
  unread: boolean;
  onToggle: () => void;
  /** the menu showing the option with its dot was opened: it counts as seen */
  onSeen: () => void;
}

export interface DisplayOptionsMenuProps {
  settings: ChartDisplaySettings;
  onChange: (patch: Partial<ChartDisplaySettings>) => void;
  /** what this viewer is offered (visibleDisplayOptions) */
  items: readonly DisplayOptionId[];
  /** null when sync to app is not offered */
  syncApp: SyncAppControl | null;
}

/**
 * The chart's display-options dropdown (spec 1 §2.3): a button that opens a
 * panel of checkboxes, day selectors for the average lines and the sync-to-app
 * switch. Native controls, so Tab/Space/arrows work as everywhere; Escape or a
 * click outside closes it and focus goes back to the button.
 */
export function DisplayOptionsMenu({ settings, onChange, items, syncApp }: DisplayOptionsMenuProps) {
  const { t } = useTranslation('chart');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  // "30 days", "1 year", "3 years" (spec 1 §9: 365 or more shown as years); a string, as <option> holds text only.
  const daysText = (days: AvgLineDays): string => {
    const { unit, count } = avgLineDaysLabel(days);
    if (unit === 'days') return t('display.days', { count });
    return count === 1 ? t('display.oneYear') : t('display.years', { count });
  };
  const showsSync = syncApp !== null && items.includes('syncApp');
  const dot = showsSync && syncApp.unread;

  // The item keeps its dot for the opening that shows it; opening counts as seen, so the button's dot goes.
  const [itemDot, setItemDot] = useState(false);

  const openMenu = () => {
    setItemDot(dot);
    if (dot) syncApp.onSeen();
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !wrapRef.current?.contains(event.target as Node)) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  if (items.length === 0) return null;

  const checkbox = (id: Exclude<DisplayOptionId, 'syncApp'>) => (
    <label className="chart-display__item">
      <input type="checkbox" checked={settings[id]} onChange={(event) => onChange({ [id]: event.target.checked })} />
      <span>{t(`display.${id}`)}</span>
    </label>
  );

  return (
    <div className="chart-display" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--ghost chart-display__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? setOpen(false) : openMenu())}
      >
        {t('display.button')}
        {dot && <span className="chart-display__dot" aria-label={t('display.new')} role="img" />}
      </button>
      {open && (
        <div id={panelId} ref={panelRef} className="chart-display__panel" role="group" aria-label={t('display.button')}>
          {items.map((id) => {
            if (id === 'syncApp') {
              if (!syncApp) return null;
              return (
                <div key={id} className="chart-display__row chart-display__row--sync" title={t('display.syncAppHint')}>
                  <label className="chart-display__item">
                    <input type="checkbox" role="switch" aria-checked={syncApp.on} checked={syncApp.on} onChange={syncApp.onToggle} />
                    <span>{t('display.syncApp')}</span>
                  </label>
                  {itemDot && <span className="chart-display__dot" aria-label={t('display.new')} role="img" />}
                </div>
              );
            }
            if (id === 'avgBuyLine' || id === 'avgSellLine') {
              const daysKey = AVG_LINE_DAYS_KEY[id];
              return (
                <div key={id} className="chart-display__row">
                  {checkbox(id)}
                  <select
                    className="chart-display__days"
                    aria-label={t(`display.${daysKey}`)}
                    value={settings[daysKey]}
                    onChange={(event) => {
                      const days = Number(event.target.value);
                      if (isAvgLineDays(days)) onChange({ [daysKey]: days });
                    }}
                  >
                    {AVG_LINE_DAYS.map((days) => (
                      <option key={days} value={days}>
                        {daysText(days)}
                      </option>
                    ))}
                  </select>
                </div>
              );
            }
            return <div key={id}>{checkbox(id)}</div>;
          })}
        </div>
      )}
    </div>
  );
}
