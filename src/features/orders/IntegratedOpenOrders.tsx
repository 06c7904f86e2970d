import { useTranslation } from 'react-i18next';
import { isPlanOrder } from '../../domain/orderStatus';
import { useIntegratedOpenOrders, type IntegratedOrder } from '../../data/integrated';
import { ExportCsvButton } from './ExportCsvButton';
import { ordersTable } from './csvTables';
import { ListState } from './ListState';
import { pairOf } from './OrderRow';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { useOrderFormat } from './useOrderFormat';

/**
 * "Open order" (spec 2 §2, §7 queryOpenOrders): a unified account's open
 * orders of every market type in one list, ordinary and plan together, with
 * the market each belongs to. Read only: cancel and modify live in the
 * per-kind tabs, where each order's own rules apply.
 */
export function IntegratedOpenOrders() {
  const { t } = useTranslation('trade');
  const query = useIntegratedOpenOrders();
  const { matches } = usePairFilter();
  const format = useOrderFormat();
  const list = query.data ? { ...query, data: query.data.orders } : { ...query, data: undefined };
  const shown = (rows: readonly IntegratedOrder[]) => rows.filter(matches);
  const rows = query.data ? shown(query.data.orders) : [];
  return (
    <div className="orders">
      <div className="orders__bar">
        <div className="orders__tools">
          <AllPairsSwitch />
          <ExportCsvButton list="orders-integrated" disabled={rows.length === 0} table={() => ordersTable(rows, t, format)} />
        </div>
      </div>
      <div className="orders__list">
        {query.data?.downgrading && <p className="orders__note" role="status">{t('integratedDowngrading')}</p>}
        <ListState query={list} emptyText={t('noOpenOrders')} select={shown}>
          {(orders) => (
            <table className="orders__table" aria-label={t('integratedOrdersLabel')}>
              <thead>
                <tr>
                  <th scope="col">{t('colMarket')}</th>
                  <th scope="col">{t('colPair')}</th>
                  <th scope="col">{t('colTime')}</th>
                  <th scope="col">{t('colSide')}</th>
                  <th scope="col">{t('colType')}</th>
                  <th scope="col" className="orders__num">{t('colTrigger')}</th>
                  <th scope="col" className="orders__num">{t('colPrice')}</th>
                  <th scope="col" className="orders__num">{t('colQty')}</th>
                  <th scope="col" className="orders__num">{t('colFilled')}</th>
                  <th scope="col">{t('colStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.orderId} data-order-id={o.orderId}>
                    <td>{t(`market_${o.marketType}`, { defaultValue: o.marketType })}</td>
                    <td>{pairOf(o)}</td>
                    <td dir="ltr" className="orders__time">{format.time(o.time)}</td>
                    <td className={o.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${o.side}`)}</td>
                    <td>{isPlanOrder(o.planType) ? t(`planType_${o.planType}`, { defaultValue: t('planType_1') }) : t(`orderType_${o.type}`)}</td>
                    <td dir="ltr" className="orders__num">{isPlanOrder(o.planType) && Number(o.triggerPrice) > 0 ? format.price(o.symbolId, o.triggerPrice) : '—'}</td>
                    <td dir="ltr" className="orders__num">{o.type === 'MARKET' ? t('marketPrice') : format.price(o.symbolId, o.price)}</td>
                    <td dir="ltr" className="orders__num">{format.qty(o.symbolId, o.qty)}</td>
                    <td dir="ltr" className="orders__num">{format.qty(o.symbolId, o.executedQty)}</td>
                    <td>{t(`status_${o.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListState>
      </div>
    </div>
  );
}
