import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restingBuyPrice } from '../../mocks/http/orders/orderCallKit';
import { STRATEGY_PATHS } from '../../mocks/http/strategyOrders';
import { startRuntime, type ContractRuntime } from '../../mocks/runtime/contractKit';
import { toastStore } from '../../src/data/toasts';
import { OrdersPanel } from '../../src/features/orders';

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
  toastStore.get().forEach((t) => toastStore.dismiss(t.id));
  await running?.close();
  running = null;
});

let token: string | null = null;

/** The panel of the BTC/USDT page against the embedded exchange (msw/node), signed in as `userId`. */
async function showPanel(userId: string) {
  token = null;
  const rt = await startRuntime('msw/node', { tokenOf: () => token });
  running = rt;
  token = await rt.signIn(userId);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/en/trade/spot/BTC/USDT']}>
        <OrdersPanel base="BTC" quote="USDT" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return rt;
}

/** The panel's tab labels as they are now (the profile answers after the first render: wait for the expected ones). */
const tabNames = () => within(screen.getByRole('tablist', { name: 'myOrders' })).getAllByRole('tab').map((tab) => tab.textContent);

describe('order-list tabs per account (spec 2 §2, §6)', () => {
  it('a compliant unified account sees every tab in the spec order; a classic one only its own', async () => {
    await showPanel('u-uta');
    const unified = ['tabCurrentOrders', 'tabTrailingStop', 'tool_iceberg', 'tool_twap', 'tool_chase', 'tabBorrowing', 'tabAssets', 'tabOpenOrder', 'tabPositions', 'tabOrderHistory', 'tabTradeHistory', 'tabLtRecords', 'tabPnl'];
    await waitFor(() => expect(tabNames()).toEqual(unified));
    cleanup();
    await running?.close();
    await showPanel('u-standard');
    await waitFor(() => expect(tabNames()).toEqual(['tabCurrentOrders', 'tabAssets', 'tabOrderHistory', 'tabTradeHistory', 'tabLtRecords', 'tabPnl']));
  });
});

describe('trailing stop tab', () => {
  it('lists a trailing stop apart from conditional orders, and edits its distance in the row', async () => {
    const rt = await showPanel('u-uta');
    const placed = await rt.call('/mock/api/exchange/orders', {
      body: { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Sell', orderType: 'Market', qty: '0.01', planType: 4, activationPrice: '900000', trailingPercentage: '1.5' },
    });
    const id = (placed.result as { orderId: string }).orderId;
    fireEvent.click(await screen.findByRole('tab', { name: 'tabTrailingStop' }));
    const table = await screen.findByRole('table', { name: 'openTrailingOrdersLabel' }, { timeout: 5000 });
    const row = table.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
    expect(row.textContent).toContain('900,000.00');
    expect(row.textContent).toContain('1.50%');

    fireEvent.click(within(row).getByRole('button', { name: /^editOrderNamed/ }));
    const distance = await screen.findByRole('textbox', { name: /"field":"colTrailing"/ });
    // Out of the exchange's range: refused before sending, with the range.
    fireEvent.change(distance, { target: { value: '25' } });
    fireEvent.keyDown(distance, { key: 'Enter' });
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('trailingPercentRange {"min":"0.1","max":"20"}'));
    fireEvent.change(distance, { target: { value: '2.5' } });
    fireEvent.keyDown(distance, { key: 'Enter' });
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain('orderSuccessful'));
    await waitFor(() => expect((table.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement).textContent).toContain('2.50%'));

    // The conditional sub-tab of current orders no longer lists it.
    fireEvent.click(screen.getByRole('tab', { name: 'tabCurrentOrders' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'kindConditional' }));
    expect(await screen.findByText('noOpenOrders')).toBeTruthy();
  });
});

describe('open order and positions tabs (integrated lists)', () => {
  it('the open-order tab lists ordinary and plan orders together with their market; positions value the holdings', async () => {
    const rt = await showPanel('u-uta');
    const limit = await rt.call('/mock/api/exchange/orders', { body: { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' } });
    const plan = await rt.call('/mock/api/exchange/orders', {
      body: { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000', planType: 1, triggerPrice: '1000' },
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'tabOpenOrder' }));
    const table = await screen.findByRole('table', { name: 'integratedOrdersLabel' }, { timeout: 5000 });
    for (const answer of [limit, plan]) {
      const row = table.querySelector(`tr[data-order-id="${(answer.result as { orderId: string }).orderId}"]`) as HTMLElement;
      expect(row.textContent).toContain('market_spot');
    }

    fireEvent.click(screen.getByRole('tab', { name: 'tabPositions' }));
    const positions = await screen.findByRole('table', { name: 'positionsLabel' }, { timeout: 5000 });
    const btc = positions.querySelector('tr[data-coin="BTC"]') as HTMLElement;
    // u-uta starts with BTC no fill explains: no entry price rather than a made-up one.
    expect(within(btc).getAllByRole('cell')[3]!.textContent).toBe('—');
    expect(positions.querySelector('tr[data-coin="USDT"]')).toBeNull();
  });
});

describe('strategy order tabs', () => {
  it('list a kind\'s finished strategies 20 at a time, newest first, with Load more for the rest', async () => {
    const rt = await showPanel('u-uta');
    const price = restingBuyPrice(rt, 'BTCUSDT');
    for (let i = 0; i < 22; i++) {
      const made = await rt.call(STRATEGY_PATHS.create, { token: token!, body: { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '0.002', price, visibleSize: '0.001' } });
      expect(made.code).toBe(0);
      await rt.call(STRATEGY_PATHS.cancel, { token: token!, body: { strategyId: (made.result as { strategyId: string }).strategyId } });
    }
    fireEvent.click(await screen.findByRole('tab', { name: 'tool_iceberg' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'strategyFinished' }));
    const table = await screen.findByRole('table', { name: /^strategyFinishedLabel/ }, { timeout: 5000 });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'loadMore' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(22));
    expect(screen.queryByRole('button', { name: 'loadMore' })).toBeNull();
    const ids = [...table.querySelectorAll('tbody tr')].map((row) => row.getAttribute('data-strategy-id')!);
    expect([...ids].sort().reverse()).toEqual(ids);
  });
});
