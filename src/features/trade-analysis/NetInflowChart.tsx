import { useTranslation } from 'react-i18next';
import { flowAmount, type FlowBar, type FlowPeriod } from '../../domain/tradeAnalysis';

interface NetInflowChartProps {
  bars: readonly FlowBar[];
  period: FlowPeriod;
  quote: string;
  decimals: number;
  locale: string;
}

/**
 * Net inflow per bar: inflow rises above the middle line in the up colour,
 * outflow hangs below it in the down colour, heights relative to the
 * biggest bar. Screen readers get one summary instead of the bars.
 */
export function NetInflowChart({ bars, period, quote, decimals, locale }: NetInflowChartProps) {
  const { t } = useTranslation('chart');
  const biggest = bars.reduce((m, b) => Math.max(m, Math.abs(b.netInflow)), 0);
  const inflow = bars.filter((b) => b.netInflow > 0);
  const outflow = bars.filter((b) => b.netInflow < 0);
  const max = inflow.reduce((m, b) => Math.max(m, b.netInflow), 0);
  const min = outflow.reduce((m, b) => Math.min(m, b.netInflow), 0);
  const summary = t('analysis.chartSummary', {
    bars: bars.length,
    inflow: inflow.length,
    outflow: outflow.length,
    max: flowAmount(max, decimals, locale),
    min: flowAmount(min, decimals, locale),
    unit: quote,
  });
  return (
    <figure className="flow__chart-box">
      <figcaption className="flow__title">{t(`analysis.chartTitle_${period}`)}</figcaption>
      <div className="flow__chart" role="img" aria-label={summary} data-testid="flow-chart">
        {bars.map((bar) => {
          const height = biggest > 0 ? (Math.abs(bar.netInflow) / biggest) * 50 : 0;
          const side = bar.netInflow > 0 ? 'up' : 'down';
          return (
            <span key={bar.t} className="flow__column">
              {bar.netInflow !== 0 && <span className={`flow__bar flow__bar--${side}`} style={{ blockSize: `${height}%` }} />}
            </span>
          );
        })}
      </div>
    </figure>
  );
}
