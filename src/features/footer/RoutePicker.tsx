import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoutePicker, type RouteOption } from './useRoutePicker';

function LatencyBadge({ option }: { option: RouteOption }) {
  const { t } = useTranslation('footer');
  return (
    <span className="route-latency" data-level={option.level ?? 'unknown'}>
      <span className="route-latency__dot" aria-hidden="true" />
      <span dir="ltr" className="route-latency__ms">
        {option.latencyMs === null ? t('measuring') : t('latencyMs', { ms: option.latencyMs })}
      </span>
    </span>
  );
}

function OptionName({ option }: { option: RouteOption }) {
  const { t } = useTranslation('footer');
  if (option.number !== null) return <>{t('routeN', { n: option.number })}</>;
  return (
    <>
      {t('auto')}
      {option.picked !== null && <span className="route-option__picked"> · {t('routeN', { n: option.picked })}</span>}
    </>
  );
}

/**
 * Route (server line) picker (spec 1 §2.7): a button with the current choice
 * and its latency; the list opens upwards (the footer is at the bottom),
 * re-measures every line, and is driven by arrows, Home/End, Enter and Escape.
 */
export function RoutePicker() {
  const { t } = useTranslation('footer');
  const { options, current, choose, reprobe } = useRoutePicker();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;

  const openList = () => {
    setActive(Math.max(0, options.findIndex((o) => o.selected)));
    setOpen(true);
    reprobe();
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };
  const pick = (option: RouteOption) => {
    choose(option.choice);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onListKey = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: active >= last ? 0 : active + 1, ArrowUp: active <= 0 ? last : active - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] as number);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const option = options[active];
      if (option) pick(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  // Pointer events are handled on the listbox (it owns the keyboard too): the option under the pointer by its index.
  const indexOf = (target: EventTarget) => Number((target as Element).closest('[role="option"]')?.getAttribute('data-index') ?? -1);
  const optionAt = (target: EventTarget, then: (option: RouteOption) => void) => {
    const option = options[indexOf(target)];
    if (option) then(option);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openList();
    }
  };

  return (
    <div className="route-picker" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="footer-button route-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={onButtonKey}
      >
        <span className="visually-hidden">{t('routeButton')}: </span>
        <OptionName option={current} />
        <LatencyBadge option={current} />
      </button>
      {open && (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          className="route-picker__list"
          aria-label={t('routeListLabel')}
          aria-activedescendant={optionId(active)}
          onKeyDown={onListKey}
          onClick={(event) => optionAt(event.target, pick)}
          onPointerMove={(event) => optionAt(event.target, () => setActive(indexOf(event.target)))}
        >
          {options.map((option, i) => (
            <div
              key={option.key}
              id={optionId(i)}
              role="option"
              aria-selected={option.selected}
              className={`route-option${i === active ? ' route-option--active' : ''}`}
              data-index={i}
            >
              <span className="route-option__name">
                <OptionName option={option} />
              </span>
              <LatencyBadge option={option} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
