import { useTranslation } from 'react-i18next';
import { useTradeHistory } from '../../data/orders';
import { ListState } from './ListState';
import { useOrderFormat } from './useOrderFormat';
import { FullListLinks } from './FullListLinks';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { ExportCsvButton } from './ExportCsvButton';
import { fillsTable } from './csvTables';

/** The user's fills of every pair (the exchange keeps 90 days, spec 2 §9), newest first. */
export function TradeHistory() {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
  const query = useTradeHistory();
  const { matches } = usePairFilter();
  const shown = (query.data ?? []).filter(matches);
  return (
    <div className="orders orders__list">
      <div className="orders__bar">
        <div className="orders__tools">
          <AllPairsSwitch />
          <FullListLinks tab="trades" />
          <ExportCsvButton list="trades" disabled={shown.length === 0} table={() => fillsTable(shown, t, format)} />
        </div>
      </div>
      <ListState query={query} emptyText={t('noTrades')} select={() => shown}>
        {(fills) => (
          <table className="orders__table" aria-label={t('tradeHistoryLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('colPair')}</th>
                <th scope="col">{t('colTime')}</th>
                <th scope="col">{t('colSide')}</th>
                <th scope="col" className="orders__num">{t('colPrice')}</th>
                <th scope="col" className="orders__num">{t('colQty')}</th>
                <th scope="col" className="orders__num">{t('colValue')}</th>
                <th scope="col" className="orders__num">{t('colFee')}</th>
                <th scope="col">{t('colRole')}</th>
              </tr>
            </thead>
            <tbody>
              {fills.map((f) => (
                <tr key={f.tradeId}>
                  <td>{format.pair(f.symbolId)}</td>
                  <td dir="ltr" className="orders__time">{format.time(f.matchTime)}</td>
                  <td className={f.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${f.side}`)}</td>
                  <td dir="ltr" className="orders__num">{format.price(f.symbolId, f.price)}</td>
                  <td dir="ltr" className="orders__num">{format.qty(f.symbolId, f.quantity)}</td>
                  <td dir="ltr" className="orders__num">{format.amount(f.symbolId, f.amount)}</td>
                  {/* The fee is in its own coin (base for buys, quote for sells): shown exactly as charged. */}
                  <td dir="ltr" className="orders__num">{`${f.tokenFee} ${f.feeTokenId}`}</td>
                  <td>{t(f.isMaker ? 'roleMaker' : 'roleTaker')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListState>
    </div>
  );
}
