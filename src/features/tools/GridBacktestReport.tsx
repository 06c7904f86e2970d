import { useTranslation } from 'react-i18next';
import { chartDateTime } from '../../domain/chartTime';
import { formatDecimal } from '../../domain/format';
import { decimalsOf } from '../../domain/units';
import type { GridBacktest } from '../../data/api/gridBot';

const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * What the bot would have done over the recorded session so far (issue 21
 * "backtest before you start"): the window it was run over, its fills and
 * round trips, the grid and total profit and their APR — or why it would
 * not have run.
 */
export function GridBacktestReport({ report, quoteCoin, tick }: { report: GridBacktest; quoteCoin: string; tick: string }) {
  const { t, i18n } = useTranslation('trade');
  const locale = i18n.language;
  const money = (value: string) => `${formatDecimal(value, decimalsOf(tick), locale) ?? value} ${quoteCoin}`;
  const pct = (value: string) => `${formatDecimal(value, 2, locale) ?? value} %`;
  const hours = report.spanMs / 3_600_000;
  const span = hours >= 1 ? t('gridBacktestHours', { count: Math.round(hours * 10) / 10 }) : t('gridBacktestMinutes', { count: Math.max(1, Math.round(report.spanMs / 60_000)) });
  if (report.status === 'NO_TRADES' || report.status === 'NOT_STARTED') {
    return (
      <section className="grid-form__report" aria-label={t('gridBacktestTitle')}>
        <p role="status">{t(report.status === 'NO_TRADES' ? 'gridBacktestNoTrades' : 'gridBacktestNotStarted', { span })}</p>
      </section>
    );
  }
  return (
    <section className="grid-form__report" aria-label={t('gridBacktestTitle')}>
      <p role="status">
        {t('gridBacktestWindow', { span, from: report.from === null ? '—' : chartDateTime(report.from, LOCAL_ZONE), to: report.to === null ? '—' : chartDateTime(report.to, LOCAL_ZONE) })}
      </p>
      <dl className="order-facts__list">
        <div className="order-facts__row">
          <dt>{t('gridBacktestFills')}</dt>
          <dd dir="ltr">
            {report.fills} / {report.roundTrips}
          </dd>
        </div>
        <div className="order-facts__row">
          <dt>{t('gridColGridProfit')}</dt>
          <dd dir="ltr">{money(report.gridProfit)}</dd>
        </div>
        <div className="order-facts__row">
          <dt>{t('gridColProfit')}</dt>
          <dd dir="ltr">{money(report.totalProfit)}</dd>
        </div>
        <div className="order-facts__row">
          <dt>{t('gridColApr')}</dt>
          <dd dir="ltr">
            {pct(report.gridApr)} / {pct(report.totalApr)}
          </dd>
        </div>
      </dl>
      {report.closeReason && <p>{t('gridBacktestClosed', { reason: t(`gridReason_${report.closeReason.replace(/ /g, '_')}`, { defaultValue: report.closeReason }) })}</p>}
    </section>
  );
}
