import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_STYLES, type ChartStyle } from '../../../domain/chartModel';
import { ChartStyleIcon, ChevronIcon } from './icons';
import { usePopover } from './usePopover';
import './toolbar.css';

export interface ChartStyleMenuProps {
  value: ChartStyle;
  onChange: (style: ChartStyle) => void;
}

/**
 * The chart-type dropdown (spec 1 §2.3): a menu button with the 7 styles as
 * radio items; arrows, Home/End move, Enter/Space pick, Escape closes.
 */
export function ChartStyleMenu({ value, onChange }: ChartStyleMenuProps) {
  const { t } = useTranslation('chart');
  const popover = usePopover();
  const itemsRef = useRef<Array<HTMLButtonElement | null>>([]);
  const current = CHART_STYLES.includes(value) ? value : 'candle';

  useEffect(() => {
    if (popover.open) itemsRef.current[CHART_STYLES.indexOf(current)]?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening: refocusing on every render would fight the arrow keys
  }, [popover.open]);

  const pick = (style: ChartStyle) => {
    onChange(style);
    popover.close(true);
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const items = itemsRef.current;
    const at = items.findIndex((el) => el === document.activeElement);
    const last = CHART_STYLES.length - 1;
    const moves: Record<string, number> = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      items[moves[event.key] as number]?.focus();
    } else if (event.key === 'Tab') {
      popover.close(false);
    } else {
      popover.panelProps.onKeyDown(event);
    }
  };

  const currentName = t(`toolbar.style_${current}`);
  return (
    <div className="ct-popover-wrap" {...popover.wrapProps}>
      <button
        type="button"
        className="ct-button"
        aria-haspopup="menu"
        aria-label={t('toolbar.chartTypeCurrent', { style: currentName })}
        title={currentName}
        {...popover.triggerProps}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            popover.setOpen(true);
          }
        }}
      >
        <ChartStyleIcon style={current} />
        <ChevronIcon direction="down" />
      </button>
      {popover.open && (
        <div className="ct-popover ct-menu" role="menu" aria-label={t('toolbar.chartType')} {...popover.panelProps} onKeyDown={onMenuKey}>
          {CHART_STYLES.map((style, i) => (
            <button
              key={style}
              ref={(el) => {
                itemsRef.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={style === current}
              tabIndex={style === current ? 0 : -1}
              className="ct-menu__item"
              onClick={() => pick(style)}
            >
              <ChartStyleIcon style={style} />
              <span>{t(`toolbar.style_${style}`)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
