import { useTranslation } from 'react-i18next';
import { chartDateTime } from '../../../domain/chartTime';
import type { ExecutionMarker } from '../../../domain/executionMarkers';
import { formatAsGiven, formatDecimal } from '../../../domain/format';
import { useDealHistory } from '../../../data/chartTrades';
import type { Fill } from '../../../data/orders';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

interface DealHistoryDialogProps {
  open: boolean;
  symbolId: string;
  /** the mark it was opened from: its fills are highlighted */
  marker: ExecutionMarker | null;
  pricePrecision: number;
  timeZone: string;
  onClose: () => void;
}

const inMark = (f: Fill, m: ExecutionMarker | null) => m !== null && f.side === m.side && f.matchTime >= m.firstTime && f.matchTime <= m.lastTime;

/**
 * The deal history (spec 1: titled with the trade-info label; order type,
 * deal price, quantity, filled value, trading fee, transaction time): the
 * symbol's fills of the last 90 days, 100 at a time. A modal dialog, so it
 * shows above the chart in fullscreen too.
 */
export function DealHistoryDialog({ open, symbolId, marker, pricePrecision, timeZone, onClose }: DealHistoryDialogProps) {
  const { t, i18n } = useTranslation('chart');
  const deals = useDealHistory(symbolId, open);
  const locale = i18n.language;
  const body = (() => {
    if (deals.data) {
      if (deals.data.length === 0) return <p>{t('deals.empty')}</p>;
      return (
        <div className="deal-history">
          <table className="deal-history__table" aria-label={t('display.dealHistory')}>
            <thead>
              <tr>
                <th scope="col">{t('deals.orderType')}</th>
                <th scope="col">{t('deals.price')}</th>
                <th scope="col">{t('deals.qty')}</th>
                <th scope="col">{t('deals.value')}</th>
                <th scope="col">{t('deals.fee')}</th>
                <th scope="col">{t('deals.time')}</th>
              </tr>
            </thead>
            <tbody>
              {deals.data.map((f) => (
                <tr key={f.tradeId} data-trade-id={f.tradeId} className={inMark(f, marker) ? 'deal-history__row--marked' : undefined} aria-current={inMark(f, marker) || undefined}>
                  <td className={f.side === 'Buy' ? 'deal-history__buy' : 'deal-history__sell'}>
                    {t(`deals.side.${f.side}`)} · {f.orderType ? t(`deals.type.${f.orderType}`, { defaultValue: f.orderType }) : '—'}
                  </td>
                  <td dir="ltr">{formatDecimal(f.price, pricePrecision, locale) ?? f.price}</td>
                  <td dir="ltr">{formatAsGiven(f.quantity, locale)}</td>
                  <td dir="ltr">{formatAsGiven(f.amount, locale)}</td>
                  <td dir="ltr">{`${formatAsGiven(f.tokenFee, locale)} ${f.feeTokenId}`}</td>
                  <td dir="ltr">{chartDateTime(f.matchTime, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {deals.hasMore && (
            <Button disabled={deals.loadingMore} onClick={deals.loadMore}>
              {deals.loadingMore ? t('deals.loadingMore') : t('deals.loadMore')}
            </Button>
          )}
        </div>
      );
    }
    if (deals.isError) {
      return (
        <div role="alert">
          <p>{t('main.loadFailed')}</p>
          <Button onClick={() => void deals.refetch()}>{t('deals.retry')}</Button>
        </div>
      );
    }
    return <p>{t('main.loading')}</p>;
  })();
  return (
    <Dialog wide open={open} title={t('display.dealHistory')} onClose={onClose} actions={<Button onClick={onClose}>{t('deals.close')}</Button>}>
      {body}
    </Dialog>
  );
}
