import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderHistoryRange } from '../../domain/orderStatus';
import { pnlDirection, pnlTotals, withUnexplained } from '../../domain/pnl';
import { usePnl, type PairPnl, type QuoteTotal } from '../../data/pnl';
import { FullListLinks } from './FullListLinks';
import { AllPairsSwitch, usePairFilter } from './pairFilter';
import { ExportCsvButton } from './ExportCsvButton';
import { ListState } from './ListState';
import { RangePicker } from './RangePicker';
import { pnlTable } from './pnlCsv';
import { useOrderFormat, type OrderFormat } from './useOrderFormat';

const DIRECTION_CLASS = { up: 'orders__buy', down: 'orders__sell', flat: undefined } as const;

/** A P&L with its sign, in the gain or loss colour. */
function PnlCell({ value, text }: { value: string; text: string }) {
  const direction = pnlDirection(value);
  const className = ['orders__num', DIRECTION_CLASS[direction]].filter(Boolean).join(' ');
  return (
    <td dir="ltr" className={className} data-direction={direction}>
      {direction === 'up' ? `+${text}` : text}
    </td>
  );
}

interface PnlTableProps {
  pairs: readonly PairPnl[];
  totals: readonly QuoteTotal[];
  format: OrderFormat;
}

function PnlTable({ pairs, totals, format }: PnlTableProps) {
  const { t } = useTranslation('pnl');
  // A total has no pair of its own: it is shown at the decimals of the first pair of its quote coin.
  const symbolOf = (quote: string) => pairs.find((p) => p.quote === quote)?.symbol ?? '';
  return (
    <table className="orders__table" aria-label={t('pnlLabel')}>
      <thead>
        <tr>
          <th scope="col">{t('colPair')}</th>
          <th scope="col" className="orders__num">{t('colTrades')}</th>
          <th scope="col" className="orders__num">{t('colBuyVolume')}</th>
          <th scope="col" className="orders__num">{t('colSellVolume')}</th>
          <th scope="col" className="orders__num">{t('colFees')}</th>
          <th scope="col" className="orders__num">{t('colRealisedPnl')}</th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((p) => (
          <tr key={p.symbol} data-symbol={p.symbol}>
            <td>{`${p.base}/${p.quote}`}</td>
            <td dir="ltr" className="orders__num">{p.trades}</td>
            <td dir="ltr" className="orders__num">{format.amount(p.symbol, p.buyVolume)}</td>
            <td dir="ltr" className="orders__num">{format.amount(p.symbol, p.sellVolume)}</td>
            <td dir="ltr" className="orders__num">{format.amount(p.symbol, p.fees)}</td>
            <PnlCell value={p.realisedPnl} text={format.amount(p.symbol, p.realisedPnl)} />
          </tr>
        ))}
      </tbody>
      <tfoot>
        {totals.map((q) => (
          <tr key={q.quote} data-quote={q.quote}>
            <th scope="row">{t('totalRow', { quote: q.quote })}</th>
            <td dir="ltr" className="orders__num">{q.trades}</td>
            <td dir="ltr" className="orders__num">{format.amount(symbolOf(q.quote), q.buyVolume)}</td>
            <td dir="ltr" className="orders__num">{format.amount(symbolOf(q.quote), q.sellVolume)}</td>
            <td dir="ltr" className="orders__num">{format.amount(symbolOf(q.quote), q.fees)}</td>
            <PnlCell value={q.realisedPnl} text={format.amount(symbolOf(q.quote), q.realisedPnl)} />
          </tr>
        ))}
      </tfoot>
    </table>
  );
}

/** What the numbers leave out: coins sold that no fill explains, and fills the exchange could not read. */
function PnlNotes({ pairs, skipped, format }: { pairs: readonly PairPnl[]; skipped: number; format: OrderFormat }) {
  const { t } = useTranslation('pnl');
  return (
    <>
      <p className="orders__note">{t('methodNote')}</p>
      {withUnexplained(pairs).map((p) => (
        <p key={p.symbol} className="orders__note">
          {t('unexplainedNote', { pair: `${p.base}/${p.quote}`, qty: format.qty(p.symbol, p.unexplainedQty), base: p.base })}
        </p>
      ))}
      {skipped > 0 && <p className="orders__note">{t('skippedNote', { count: skipped })}</p>}
    </>
  );
}

/**
 * Realised P&L per pair over the last 7, 30 or 180 days (spec 2 §2 P&L tab),
 * with a total per quote coin. The numbers are the exchange's; the totals of
 * the pairs shown (one pair or all) are added up by the domain's rule.
 */
export function PnlList() {
  const { t } = useTranslation('pnl');
  const [days, setDays] = useState<OrderHistoryRange>(7);
  const query = usePnl(days);
  const { matches } = usePairFilter();
  const format = useOrderFormat();
  const shown = (query.data?.pairs ?? []).filter((p) => matches({ symbolId: p.symbol }));
  const totals = pnlTotals(shown);
  const list = { data: query.data?.pairs, isError: query.isError, refetch: query.refetch };
  return (
    <div className="orders orders__list">
      <div className="orders__bar">
        <div className="orders__tools">
          <AllPairsSwitch />
          <FullListLinks tab="pnl" />
          <ExportCsvButton list="pnl" disabled={shown.length === 0} table={() => pnlTable(shown, totals, t)} />
          <RangePicker days={days} onDays={setDays} />
        </div>
      </div>
      <ListState query={list} emptyText={t('noPnl', { count: days })} select={() => shown}>
        {(pairs) => (
          <>
            <PnlTable pairs={pairs} totals={totals} format={format} />
            <PnlNotes pairs={pairs} skipped={query.data?.skipped ?? 0} format={format} />
          </>
        )}
      </ListState>
    </div>
  );
}
