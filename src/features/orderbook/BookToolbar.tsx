import { useTranslation } from 'react-i18next';
import type { DepthStep } from '../../domain/depthOptions';
import { BOOK_LAYOUTS, type BookLayout } from '../../domain/orderbookRows';

/** Little pictures of each layout: green bids, red asks, grey the price column. */
function LayoutIcon({ layout }: { layout: BookLayout }) {
  const bar = (x: number, y: number, w: number, h: number, fill: string) => <rect x={x} y={y} width={w} height={h} rx={1} fill={fill} />;
  const up = 'var(--up)';
  const down = 'var(--down)';
  const muted = 'var(--muted)';
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {layout === 'stacked' && [bar(1, 1, 4, 14, muted), bar(7, 1, 8, 6, down), bar(7, 9, 8, 6, up)]}
      {layout === 'buy' && [bar(1, 1, 4, 14, muted), bar(7, 1, 8, 14, up)]}
      {layout === 'sell' && [bar(1, 1, 4, 14, muted), bar(7, 1, 8, 14, down)]}
      {layout === 'split' && [bar(1, 1, 6.5, 14, up), bar(8.5, 1, 6.5, 14, down)]}
    </svg>
  );
}

interface BookToolbarProps {
  layout: BookLayout;
  onLayout: (layout: BookLayout) => void;
  steps: readonly DepthStep[];
  step: DepthStep | undefined;
  onStep: (step: string) => void;
  /** hovering froze the rows */
  paused: boolean;
}

export function BookToolbar({ layout, onLayout, steps, step, onStep, paused }: BookToolbarProps) {
  const { t } = useTranslation('orderbook');
  return (
    <div className="ob-toolbar">
      <div className="ob-layouts" role="group" aria-label={t('layoutGroup')}>
        {BOOK_LAYOUTS.map((item) => (
          <button
            key={item}
            type="button"
            className="ob-layouts__button"
            aria-pressed={item === layout}
            aria-label={t(`layout_${item}`)}
            title={t(`layout_${item}`)}
            onClick={() => onLayout(item)}
          >
            <LayoutIcon layout={item} />
          </button>
        ))}
      </div>
      {paused && (
        <span className="ob-paused" data-testid="orderbook-paused" title={t('pausedHint')}>
          {t('paused')}
        </span>
      )}
      <label className="ob-step">
        <span className="visually-hidden">{t('mergeStep')}</span>
        <select value={step?.step ?? ''} disabled={steps.length === 0} onChange={(event) => onStep(event.target.value)} dir="ltr">
          {steps.map((s) => (
            <option key={s.step} value={s.step}>{s.step}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
