import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTradePreferences } from '../../data/tradePreferences';
import { visiblePreferenceFlags, type PreferenceContext, type TradePreferenceFlag } from '../../domain/order-entry/tradePreferences';
import './TradePreferencesPopover.css';

export interface TradePreferencesPopoverProps {
  userId: string | null;
  context: PreferenceContext;
  /** further groups under the flags (the order-notification switches) */
  children?: ReactNode;
}

function GearIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.9 1h2.2l.35 1.8c.4.14.78.36 1.12.63l1.73-.6 1.1 1.9-1.38 1.2a4.3 4.3 0 0 1 0 1.3l1.38 1.2-1.1 1.9-1.73-.6c-.34.27-.72.49-1.12.63L9.1 15H6.9l-.35-1.8a4.3 4.3 0 0 1-1.12-.63l-1.73.6-1.1-1.9 1.38-1.2a4.3 4.3 0 0 1 0-1.3L2.6 5.57l1.1-1.9 1.73.6c.34-.27.72-.49 1.12-.63L6.9 1ZM8 5.6a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 0 0 0-4.8Z"
      />
    </svg>
  );
}

/**
 * The trade-preference popover (spec 2 §2, §3, §5): a gear button opening a
 * non-modal panel with the flags the rules allow here as checkboxes. A change
 * shows once it is stored; a visitor sees the defaults and a log-in hint.
 * Escape closes it (focus back on the button), as do a press outside and
 * tabbing out.
 */
export function TradePreferencesPopover({ userId, context, children }: TradePreferencesPopoverProps) {
  const { t } = useTranslation('trade');
  const { flags, set } = useTradePreferences(userId);
  const { isUnified, isDemo, compliant, leverageSelected, maxSlippageLimit } = context;
  const visible = useMemo(
    () => visiblePreferenceFlags({ isUnified, isDemo, compliant, leverageSelected, maxSlippageLimit }),
    [isUnified, isDemo, compliant, leverageSelected, maxSlippageLimit],
  );
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<TradePreferenceFlag | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const introId = useId();

  useEffect(() => {
    if (!open) return;
    // Focus goes into the panel, on the first checkbox (or the panel itself when a visitor cannot change anything).
    const first = panelRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)');
    (first ?? panelRef.current)?.focus();
    const outside = (target: EventTarget | null) => target instanceof Node && !wrapRef.current?.contains(target);
    const dismiss = (returnFocus: boolean) => {
      setOpen(false);
      setFailed(null);
      if (returnFocus) buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) dismiss(false);
    };
    // Tabbing out closes it, so no open panel is left behind the focus.
    const onFocusIn = (event: FocusEvent) => {
      if (outside(event.target)) dismiss(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || outside(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      dismiss(true);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = (flag: TradePreferenceFlag, on: boolean) => {
    setFailed(set(flag, on) ? null : flag);
  };

  return (
    <div className="trade-prefs" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="trade-prefs__button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setOpen(!open);
          setFailed(null);
        }}
      >
        <GearIcon />
        <span className="visually-hidden">{t('pref_button')}</span>
      </button>
      {open && (
        <div ref={panelRef} id={panelId} role="dialog" aria-label={t('pref_button')} aria-describedby={introId} tabIndex={-1} className="trade-prefs__panel">
          <p id={introId} className="trade-prefs__intro">{t('pref_intro')}</p>
          <ul className="trade-prefs__list">
            {visible.map((flag) => (
              <li key={flag}>
                <label className="trade-prefs__item">
                  <input type="checkbox" checked={flags[flag]} disabled={userId === null} onChange={(e) => toggle(flag, e.target.checked)} />
                  <span>{t(`pref_${flag}`)}</span>
                </label>
              </li>
            ))}
          </ul>
          {userId === null && <p className="trade-prefs__hint">{t('pref_loginHint')}</p>}
          {children}
          {failed && <p role="alert" className="trade-prefs__error">{t('pref_saveFailed')}</p>}
        </div>
      )}
    </div>
  );
}
