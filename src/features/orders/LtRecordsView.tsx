import { useTranslation } from 'react-i18next';
import { formatAsGiven } from '../../domain/format';
import { ltFailReasonKey } from '../../domain/lt/ltOrderNotice';
import { LT_RECORD_TABS, type LtRecordTab } from '../../domain/ordersPanelTabs';
import type { LtOrder } from '../../data/ltOrders';
import { Tabs } from '../../ui/Tabs';
import { ListState, LoadMore } from './ListState';
import { RangePicker } from './RangePicker';
import type { LtRecordsModel } from './useLtRecords';

type Translate = ReturnType<typeof useTranslation>['t'];

const TAB_KEYS: Record<LtRecordTab, string> = { subscription: 'ltTabSubscription', redemption: 'ltTabRedemption' };
const EMPTY_KEYS: Record<LtRecordTab, string> = { subscription: 'ltNoSubscriptions', redemption: 'ltNoRedemptions' };

/** Spec 2 §4 status in words: in progress, done, or failed with the exchange's reason. */
function statusText(order: LtOrder, t: Translate): string {
  switch (order.status) {
    case 1:
      return t('ltStatusDone');
    case 2:
      return t('ltStatusInProgress');
    case 3:
      return t('ltStatusFailed', { reason: t(ltFailReasonKey(order.failReason)) });
  }
}

/**
 * The records' two sub-tabs, each with the 7 / 30 / 180-day range, its link
 * out to the site's full list, and the rows a page at a time. The numbers
 * are shown with the exchange's own decimals: they are already on the
 * token's or the quote's step, which the spot pair's precisions may not match.
 */
export function LtRecordsView({ model }: { model: LtRecordsModel }) {
  const { t } = useTranslation('trade');
  const { tab, days, records } = model;
  const prefix = 'lt-records';
  const amount = (value: string | null, coin: string) => (value === null ? '—' : `${formatAsGiven(value, model.locale)} ${coin}`);
  const subscription = tab === 'subscription';
  return (
    <div className="orders">
      <div className="orders__bar">
        <Tabs<LtRecordTab>
          items={LT_RECORD_TABS.map((value) => ({ value, label: t(TAB_KEYS[value]) }))}
          value={tab}
          onChange={model.onTab}
          label={t('ltRecordKinds')}
          idPrefix={prefix}
        />
        <div className="orders__tools">
          <span className="orders__links">
            <a className="orders__link" href={model.link} target="_blank" rel="noopener">
              {t('viewAll')}
            </a>
          </span>
          <RangePicker days={days} onDays={model.onDays} />
        </div>
      </div>
      <div id={`${prefix}-panel`} role="tabpanel" aria-labelledby={`${prefix}-tab-${tab}`} className="orders__list">
        <ListState query={records} emptyText={t(EMPTY_KEYS[tab], { count: days })}>
          {(rows) => (
            <table className="orders__table" aria-label={t(TAB_KEYS[tab])}>
              <thead>
                <tr>
                  <th scope="col">{t('colTime')}</th>
                  <th scope="col">{t('ltColToken')}</th>
                  <th scope="col" className="orders__num">{t('ltColAmount')}</th>
                  <th scope="col" className="orders__num">{t('ltColNav')}</th>
                  <th scope="col" className="orders__num">{t('colFee')}</th>
                  <th scope="col" className="orders__num">{t('ltColReceived')}</th>
                  <th scope="col">{t('colStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr key={o.orderId} data-lt-order-id={o.orderId} data-lt-status={o.status}>
                    <td dir="ltr" className="orders__time">{model.time(o.createdTime)}</td>
                    <td>{o.token}</td>
                    {/* A subscription pays quote and receives tokens; a redemption the other way round. */}
                    <td dir="ltr" className="orders__num">{amount(o.orderQuantity, subscription ? o.quote : o.token)}</td>
                    <td dir="ltr" className="orders__num">{o.nav === null ? '—' : formatAsGiven(o.nav, model.locale)}</td>
                    <td dir="ltr" className="orders__num">{amount(o.fee, o.quote)}</td>
                    <td dir="ltr" className="orders__num">{amount(o.fillQuantity, subscription ? o.token : o.quote)}</td>
                    <td className={o.status === 3 ? 'orders__sell' : undefined}>{statusText(o, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ListState>
        <LoadMore query={records} />
      </div>
    </div>
  );
}
