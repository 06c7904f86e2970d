import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FooterSymbol } from './useFooterSymbols';

interface SymbolStripProps {
  title: string;
  emptyTitle: string;
  emptyHint: string;
  items: FooterSymbol[];
  ready: boolean;
  onSelect: (item: FooterSymbol) => void;
}

/** One strip of symbols with their 24 h change; it scrolls sideways on its own, the page never does. */
export function SymbolStrip({ title, emptyTitle, emptyHint, items, ready, onSelect }: SymbolStripProps) {
  const { t } = useTranslation('footer');
  const titleId = useId();
  return (
    <section className="footer-strip" aria-labelledby={titleId}>
      <h2 id={titleId} className="footer-strip__title">
        {title}
      </h2>
      {items.length === 0 ? (
        ready && (
          <p className="footer-strip__empty">
            <span>{emptyTitle}</span> <span className="footer-strip__hint">{emptyHint}</span>
          </p>
        )
      ) : (
        <ul className="footer-strip__list">
          {items.map((item) => (
            <li key={item.symbolId}>
              <button
                type="button"
                className="footer-symbol"
                aria-current={item.current ? 'page' : undefined}
                onClick={() => onSelect(item)}
              >
                <span className="footer-symbol__name" dir="ltr">
                  {item.base}/{item.quote}
                </span>
                <span className={`footer-symbol__change footer-symbol__change--${item.direction}`} dir="ltr">
                  {item.change ?? <span aria-label={t('changeUnknown')}>—</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
