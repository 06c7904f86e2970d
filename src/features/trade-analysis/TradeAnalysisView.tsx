import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { clockTimeOf } from '../../domain/timeFormat';
import { FLOW_PERIODS, LARGE_TRADE_MULTIPLE, type FlowPeriod } from '../../domain/tradeAnalysis';
import { FlowSummary } from './FlowSummary';
import { LargeTradesList } from './LargeTradesList';
import { NetInflowChart } from './NetInflowChart';
import type { TradeAnalysisModel } from './useTradeAnalysis';
import './tradeAnalysis.css';

interface ViewProps {
  model: TradeAnalysisModel;
  period: FlowPeriod;
  onPeriod: (period: FlowPeriod) => void;
  base: string;
  quote: string;
}

/** Local HH:mm of an exchange time (the browser's offset at that instant). */
const localClock = (ms: number) => clockTimeOf(ms, -new Date(ms).getTimezoneOffset());

export function TradeAnalysisView({ model, period, onPeriod, base, quote }: ViewProps) {
  const { t, i18n } = useTranslation('chart');
  const locale = i18n.language;
  return (
    <section className="flow" aria-label={t('analysis.title')} data-symbol={`${base}${quote}`}>
      <div className="flow__head">
        <div className="flow__periods" role="group" aria-label={t('analysis.periods')}>
          {FLOW_PERIODS.map((p) => (
            <button key={p} type="button" className="flow__period" aria-pressed={p === period} onClick={() => onPeriod(p)}>
              {t(`analysis.period_${p}`)}
            </button>
          ))}
        </div>
        {model.status === 'ready' && model.since !== null && (
          <p className="flow__since">{t('analysis.since', { time: localClock(model.since).slice(0, 5) })}</p>
        )}
      </div>
      {model.status === 'loading' && <SkeletonRows rows={8} label={t('analysis.loading')} />}
      {model.status === 'error' && (
        <div className="flow__message" role="alert">
          <p>{t('analysis.error')}</p>
          <Button onClick={model.retry}>{t('analysis.retry')}</Button>
        </div>
      )}
      {model.status === 'empty' && <p className="flow__message">{t('analysis.empty')}</p>}
      {model.status === 'ready' && (
        <>
          <FlowSummary totals={model.totals} share={model.share} precisions={model.precisions} base={base} quote={quote} locale={locale} />
          <NetInflowChart bars={model.bars} period={period} quote={quote} decimals={model.precisions.price} locale={locale} />
          <section className="flow__large" aria-labelledby="flow-large-title">
            <h3 id="flow-large-title" className="flow__title">{t('analysis.largeTrades')}</h3>
            <p className="flow__hint">{t('analysis.largeRule', { multiple: LARGE_TRADE_MULTIPLE })}</p>
            <LargeTradesList trades={model.large} precisions={model.precisions} base={base} quote={quote} locale={locale} />
          </section>
        </>
      )}
    </section>
  );
}
