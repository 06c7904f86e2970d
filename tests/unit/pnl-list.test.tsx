import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaultPlan, parseFaults } from '../../mocks/faults';
import { startRuntime, type ContractRuntime } from '../../mocks/runtime/contractKit';
import { callerFor, marketableBuyPrice, place, touchOf, type Caller } from '../../mocks/http/orders/orderCallKit';
import { ORDER_PATHS } from '../../mocks/http/orders/paths';
import { formatDecimal, precisionsOf } from '../../src/domain/format';
import { fetchSymbols } from '../../src/data/api/symbols';
import { parsePnl } from '../../src/data/api/pnl';
import { MalformedResponseError } from '../../src/data/http';
import { PairFilterProvider } from '../../src/features/orders/pairFilter';
import { PnlList } from '../../src/features/orders/PnlList';
import { pnlTable } from '../../src/features/orders/pnlCsv';

// Texts are keys plus their values (no i18n instance): the test is about behaviour, not wording.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

let running: ContractRuntime | null = null;
afterEach(async () => {
  cleanup();
  await running?.close();
  running = null;
});

let token: string | null = null;

/** The embedded exchange (msw/node); the page's calls carry the session the backend reads through tokenOf. */
async function exchangeFor(userId: string, faults?: string) {
  token = null;
  const rt = await startRuntime('msw/node', { tokenOf: () => token, faults: new FaultPlan(parseFaults(faults)) });
  running = rt;
  token = await rt.signIn(userId);
  return { rt, trader: await callerFor(rt, userId) };
}

function showList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/en/trade/spot/BTC/USDT']}>
        <PairFilterProvider base="BTC" quote="USDT">
          <PnlList />
        </PairFilterProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Buys then sells part of it back across the spread: a loss of the spread and the fees. */
async function roundTrip(rt: ContractRuntime, trader: Caller, symbol: string, buyQty: string, sellQty: string) {
  await place(trader, { symbol_id: symbol, side: 'Buy', type: 'limit', price: marketableBuyPrice(rt, symbol), quantity: buyQty });
  const t = touchOf(rt, symbol);
  await place(trader, { symbol_id: symbol, side: 'Sell', type: 'limit', price: t.price(t.bid * 0.99), quantity: sellQty });
}

/** How the page shows an amount: the pair's amount precision, grouped. */
async function amountFormat() {
  const symbols = await fetchSymbols();
  return (symbol: string, value: string) => formatDecimal(value, precisionsOf(symbols.find((s) => s.symbolId === symbol)).amount, 'en')!;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('PnlList', () => {
  // Trades on a replayed market take a few seconds alone, more beside the suite's other workers.
  it('shows each pair’s realised P&L from fills made on the exchange, a total per quote coin, and narrows to the page’s pair', async () => {
    const { rt, trader } = await exchangeFor('u-uta');
    await roundTrip(rt, trader, 'BTCUSDT', '0.002', '0.001');
    await roundTrip(rt, trader, 'ETHUSDT', '0.1', '0.05');
    await rt.scheduler.advance(1000);
    const answer = parsePnl((await trader(ORDER_PATHS.pnl)).result);
    const btc = answer.pairs.find((p) => p.symbol === 'BTCUSDT')!;
    const eth = answer.pairs.find((p) => p.symbol === 'ETHUSDT')!;
    expect(Number(btc.realisedPnl)).toBeLessThan(0);
    expect(Number(eth.realisedPnl)).toBeLessThan(0);

    const shownAmount = await amountFormat();
    showList();
    const table = await screen.findByRole('table', { name: 'pnlLabel' });
    const btcRow = table.querySelector('tr[data-symbol="BTCUSDT"]') as HTMLElement;
    expect(cells(btcRow)).toEqual([
      'BTC/USDT',
      String(btc.trades),
      shownAmount('BTCUSDT', btc.buyVolume),
      shownAmount('BTCUSDT', btc.sellVolume),
      shownAmount('BTCUSDT', btc.fees),
      shownAmount('BTCUSDT', btc.realisedPnl),
    ]);
    const pnlCell = within(btcRow).getAllByRole('cell').at(-1)!;
    expect(pnlCell.className).toContain('orders__sell');
    expect(pnlCell.getAttribute('dir')).toBe('ltr');
    expect(table.querySelector('tr[data-symbol="ETHUSDT"]')).not.toBeNull();

    // One total row for USDT: both pairs added up (the exchange's own total).
    const usdt = answer.totals.find((q) => q.quote === 'USDT')!;
    const totalRow = table.querySelector('tfoot tr[data-quote="USDT"]') as HTMLElement;
    expect(within(totalRow).getByRole('rowheader').textContent).toBe('totalRow {"quote":"USDT"}');
    expect(cells(totalRow)).toEqual([
      String(btc.trades + eth.trades),
      shownAmount('BTCUSDT', usdt.buyVolume),
      shownAmount('BTCUSDT', usdt.sellVolume),
      shownAmount('BTCUSDT', usdt.fees),
      shownAmount('BTCUSDT', usdt.realisedPnl),
    ]);

    // "Show all pairs" off: the page's pair alone, and the total is that pair's.
    fireEvent.click(screen.getByRole('checkbox', { name: 'showAllPairs' }));
    await waitFor(() => expect(table.querySelector('tr[data-symbol="ETHUSDT"]')).toBeNull());
    expect(cells(table.querySelector('tfoot tr[data-quote="USDT"]') as HTMLElement).at(-1)).toBe(shownAmount('BTCUSDT', btc.realisedPnl));
    expect(screen.getByRole('button', { name: 'exportCsv' }).hasAttribute('disabled')).toBe(false);
  }, 30_000);

  it('offers 7, 30 and 180 days; a user with no trades sees the empty text of the range', async () => {
    await exchangeFor('u-standard');
    showList();
    expect(await screen.findByText('noPnl {"count":7}')).toBeTruthy();
    const ranges = screen.getByRole('group', { name: 'timeRange' });
    expect(within(ranges).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['lastDays {"count":7}', 'true'],
      ['lastDays {"count":30}', 'false'],
      ['lastDays {"count":180}', 'false'],
    ]);
    fireEvent.click(within(ranges).getByRole('button', { name: 'lastDays {"count":180}' }));
    expect(await screen.findByText('noPnl {"count":180}')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'exportCsv' }).hasAttribute('disabled')).toBe(true);
  });

  it('a P&L that fails to load says so with a refresh that loads it', async () => {
    await exchangeFor('u-standard', `${ORDER_PATHS.pnl}:error:1`);
    showList();
    expect(await screen.findByText('failedToLoad')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByText('noPnl {"count":7}')).toBeTruthy();
  });
});

describe('the P&L answer and its CSV', () => {
  const pair = { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', buyVolume: '10', sellVolume: '5', fees: '0.01', trades: 2, realisedPnl: '-0.5', unexplainedQty: '0' };
  const total = { quote: 'USDT', buyVolume: '10', sellVolume: '5', fees: '0.01', trades: 2, realisedPnl: '-0.5' };
  const good = { startTime: 1, endTime: 2, pairs: [pair], totals: [total], skipped: 0 };

  it('reads a whole answer and refuses a damaged one', () => {
    expect(parsePnl(good)).toEqual(good);
    for (const bad of [
      { ...good, pairs: [{ ...pair, realisedPnl: 'lots' }] },
      { ...good, pairs: [{ ...pair, fees: '-1' }] },
      { ...good, pairs: [{ ...pair, trades: 1.5 }] },
      { ...good, totals: undefined },
      { ...good, skipped: -1 },
    ]) {
      expect(() => parsePnl(bad)).toThrow(MalformedResponseError);
    }
  });

  it('exports the rows as the exchange wrote them, then the totals', () => {
    const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as never;
    expect(pnlTable([pair], [total], t).rows).toEqual([
      ['BTC/USDT', 2, '10', '5', '0.01', '-0.5', 'USDT', '0'],
      ['totalRow {"quote":"USDT"}', 2, '10', '5', '0.01', '-0.5', 'USDT', ''],
    ]);
  });
});
