import { useTranslation } from 'react-i18next';
import type { DepthRatio } from '../../domain/orderbookRows';

/** Share of buy and sell amount in the levels shown (spec 1 §3 depth ratio); the split follows each book push without sliding (see orderbook.css). */
export function DepthRatioBar({ ratio }: { ratio: DepthRatio | null }) {
  const { t } = useTranslation('orderbook');
  // An empty book has no ratio: the bar keeps its place but shows no split rather than a made-up 50/50.
  if (!ratio) return <div className="ob-ratio ob-ratio--empty" aria-hidden="true" />;
  return (
    <div className="ob-ratio" role="img" aria-label={t('ratioLabel', { buy: ratio.buyRatio, sell: ratio.sellRatio })} data-testid="depth-ratio">
      <span className="ob-ratio__label ob-ratio__label--buy" dir="ltr">{t('ratioBuy')} {ratio.buyRatio}%</span>
      <div className="ob-ratio__track">
        <div className="ob-ratio__buy" style={{ inlineSize: `${ratio.buyRatio}%` }} />
        <div className="ob-ratio__sell" />
      </div>
      <span className="ob-ratio__label ob-ratio__label--sell" dir="ltr">{ratio.sellRatio}% {t('ratioSell')}</span>
    </div>
  );
}
