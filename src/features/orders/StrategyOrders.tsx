import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_IN_PAGE } from '../../data/backendKind';
import type { AlgoKind } from '../../domain/order-entry/algoOrder';
import type { StrategyOrder, StrategyStatus } from '../../data/api/strategyOrders';
import { useCancelStrategyOrder, useStrategyOrders } from '../../data/strategyOrders';
import { toastStore } from '../../data/toasts';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
import { placeFailure } from '../order-entry';
import { ConfirmCancelAll } from './CancelAllButton';
import { ListState, LoadMore } from './ListState';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { useOrderFormat, type OrderFormat } from './useOrderFormat';

type StrategyView = 'running' | 'finished';
const STATUS_OF: Record<StrategyView, StrategyStatus> = { running: 2, finished: 3 };

/**
 * One strategy tab of the order-list area (spec 2 §2 iceberg / twap / chase;
 * §7 strategy list query): the running ones (status 2, up to 80) or the
 * finished ones (status 3, the last 20), of the page's pair or every pair;
 * a running one can be cancelled, all of them at once too.
 */
export function StrategyOrders({ kind }: { kind: AlgoKind }) {
  const { t } = useTranslation('trade');
  const [view, setView] = useState<StrategyView>('running');
  const { symbolId } = usePairFilter();
  const query = useStrategyOrders(STATUS_OF[view], kind, symbolId);
  const prefix = `strategy-${kind}`;
  const running = view === 'running';
  return (
    <div className="orders">
      <div className="orders__bar">
        <Tabs<StrategyView>
          items={[
            { value: 'running', label: t('strategyRunning') },
            { value: 'finished', label: t('strategyFinished') },
          ]}
          value={view}
          onChange={setView}
          label={t(`tool_${kind}`)}
          idPrefix={prefix}
        />
        <div className="orders__tools">
          <AllPairsSwitch />
          {running && <CancelAllStrategies rows={query.data ?? []} kind={kind} />}
        </div>
      </div>
      <div id={`${prefix}-panel`} role="tabpanel" aria-labelledby={`${prefix}-tab-${view}`} className="orders__list">
        {EXCHANGE_IN_PAGE && running && <p className="orders__note">{t('strategyInPageNote')}</p>}
        <ListState query={query} emptyText={t(running ? 'strategyNoneRunning' : 'strategyNoneFinished', { kind: t(`tool_${kind}`) })}>
          {(rows) => <StrategyTable rows={rows} kind={kind} running={running} />}
        </ListState>
        <LoadMore query={query} />
      </div>
    </div>
  );
}

/** The kind's own settings, as one line. */
function settingsOf(row: StrategyOrder, t: ReturnType<typeof useTranslation>['t'], format: OrderFormat): string {
  const price = (value: string) => format.price(row.symbol, value);
  switch (row.strategyType) {
    case 'twap': {
      const minutes = Math.round((row.durationSec ?? 0) / 60);
      const base = t('strategyTwapSettings', { minutes, seconds: row.intervalSec ?? 0 });
      return row.priceLimit ? `${base} · ${t('strategyLimit', { price: price(row.priceLimit) })}` : base;
    }
    case 'iceberg':
      return t('strategyIcebergSettings', { price: row.price ? price(row.price) : '—', visible: row.visibleSize ? format.qty(row.symbol, row.visibleSize) : '—' });
    case 'chase': {
      const base = t('strategyChaseSettings', { percent: ((row.chasePercentE4 ?? 0) / 10_000).toString() });
      return row.maxChasePrice ? `${base} · ${t('strategyLimit', { price: price(row.maxChasePrice) })}` : base;
    }
  }
}

function StrategyTable({ rows, kind, running }: { rows: readonly StrategyOrder[]; kind: AlgoKind; running: boolean }) {
  const { t } = useTranslation('trade');
  const format = useOrderFormat();
  const cancel = useCancelStrategyOrder();
  const cancelOne = (row: StrategyOrder) =>
    cancel.mutate(row.strategyId, {
      onSuccess: () => toastStore.show(t('strategyCancelled', { kind: t(`tool_${kind}`) }), 'success'),
      onError: (error) => toastStore.show(placeFailure(error, t).text, 'error'),
    });
  return (
    <table className="orders__table" aria-label={t(running ? 'strategyRunningLabel' : 'strategyFinishedLabel', { kind: t(`tool_${kind}`) })}>
      <thead>
        <tr>
          <th scope="col">{t('colPair')}</th>
          <th scope="col">{t('colSide')}</th>
          <th scope="col">{t('strategySettings')}</th>
          <th scope="col" className="orders__num">{t('colQty')}</th>
          <th scope="col" className="orders__num">{t('colFilled')}</th>
          <th scope="col" className="orders__num">{t('colAvgPrice')}</th>
          <th scope="col">{t('colStatus')}</th>
          <th scope="col">{t('colTime')}</th>
          {running && <th scope="col"><span className="visually-hidden">{t('colAction')}</span></th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.strategyId} data-strategy-id={row.strategyId}>
            <td>{format.pair(row.symbol)}</td>
            <td className={row.side === 'Buy' ? 'orders__buy' : 'orders__sell'}>{t(`side_${row.side}`)}</td>
            <td>{settingsOf(row, t, format)}</td>
            <td className="orders__num" dir="ltr">{format.qty(row.symbol, row.size)}</td>
            <td className="orders__num" dir="ltr">{format.qty(row.symbol, row.executedSize)}</td>
            <td className="orders__num" dir="ltr">{Number(row.avgPrice) > 0 ? format.price(row.symbol, row.avgPrice) : '—'}</td>
            <td>{running ? t('strategyStatusRunning') : t('strategyEnded', { reason: row.endReason ? t(`strategyEnd_${row.endReason}`, { defaultValue: row.endReason }) : '—' })}</td>
            <td>{format.time(running ? row.createdTime : row.updatedTime)}</td>
            {running && (
              <td>
                <Button className="orders__cancel" aria-label={t('strategyCancelNamed', { kind: t(`tool_${kind}`), pair: format.pair(row.symbol) })} disabled={cancel.isPending} onClick={() => cancelOne(row)}>
                  {t('cancel')}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Cancels every running strategy the list shows, one call each, after asking. */
function CancelAllStrategies({ rows, kind }: { rows: readonly StrategyOrder[]; kind: AlgoKind }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  const cancel = useCancelStrategyOrder();
  const confirm = async () => {
    setOpen(false);
    let done = 0;
    for (const row of rows) {
      try {
        await cancel.mutateAsync(row.strategyId);
        done += 1;
      } catch (error) {
        toastStore.show(placeFailure(error, t).text, 'error');
        return;
      }
    }
    toastStore.show(t('strategyCancelledAll', { count: done, kind: t(`tool_${kind}`) }), 'success');
  };
  return (
    <>
      <Button className="orders__cancel-all" disabled={rows.length === 0 || cancel.isPending} onClick={() => setOpen(true)}>
        {t('cancelAll')}
      </Button>
      <ConfirmCancelAll open={open} text={t('strategyCancelAllText', { count: rows.length, kind: t(`tool_${kind}`) })} onClose={() => setOpen(false)} onConfirm={() => void confirm()} />
    </>
  );
}
