import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './icons';
import { useToolbarScroll } from './useToolbarScroll';
import './toolbar.css';

export interface ScrollableToolbarProps {
  /** accessible name of the toolbar */
  label: string;
  children: ReactNode;
}

/**
 * A toolbar row that scrolls sideways when the chart is narrow: fades and
 * scroll buttons at the edges where more is hidden. The buttons stay in place
 * (disabled by aria at an edge) while the row overflows, so a focused button
 * never disappears under the keyboard.
 */
export function ScrollableToolbar({ label, children }: ScrollableToolbarProps) {
  const { t } = useTranslation('chart');
  const trackRef = useRef<HTMLDivElement>(null);
  const scroll = useToolbarScroll(trackRef);
  const overflowing = scroll.start || scroll.end;
  // Physical names: what the user sees the button do.
  const startName = scroll.rtl ? t('toolbar.scrollRight') : t('toolbar.scrollLeft');
  const endName = scroll.rtl ? t('toolbar.scrollLeft') : t('toolbar.scrollRight');

  return (
    <div className="ct-scroll" data-fade-start={scroll.start} data-fade-end={scroll.end}>
      {overflowing && <ScrollButton edge="start" name={startName} enabled={scroll.start} onScroll={scroll.scrollTowards} />}
      <div className="ct-scroll__track" ref={trackRef} role="group" aria-label={label}>
        <div className="ct-scroll__content">{children}</div>
      </div>
      {overflowing && <ScrollButton edge="end" name={endName} enabled={scroll.end} onScroll={scroll.scrollTowards} />}
    </div>
  );
}

/** A scroll button at one edge; it stays in place (marked disabled) at that edge so focus never vanishes. */
function ScrollButton({ edge, name, enabled, onScroll }: { edge: 'start' | 'end'; name: string; enabled: boolean; onScroll: (edge: 'start' | 'end') => void }) {
  return (
    <button type="button" className={`ct-scroll__button ct-scroll__button--${edge}`} aria-label={name} aria-disabled={!enabled} onClick={() => enabled && onScroll(edge)}>
      <ChevronIcon direction={edge} />
    </button>
  );
}
