import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaultPlan, parseFaults } from '../../mocks/faults';
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


/** The panel against the embedded exchange (msw/node), signed in by a session token the backend reads for every request. */
let running: ContractRuntime | null = null;
afterEach(async () => {
  cleanup();
  toastStore.get().forEach((t) => toastStore.dismiss(t.id));
  await running?.close();
  running = null;
});

let token: string | null = null;

async function showPanel(userId: string | null, faults?: string) {
  token = null;
  const rt = await startRuntime('msw/node', { tokenOf: () => token, faults: new FaultPlan(parseFaults(faults)) });
  running = rt;
  if (userId !== null) token = await rt.signIn(userId);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/en/trade/spot/BTC/USDT']}>
        <OrdersPanel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return rt;
}

/** A resting order placed through the exchange's control (it skips the margin checks, so any account can hold one). */
async function restingOrder(rt: ContractRuntime, userId: string): Promise<string> {
  const answer = await rt.call('/mock/api/exchange/orders', { body: { userId, symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' } });
  return (answer.result as { orderId: string }).orderId;
}

const toasts = () => toastStore.get().map((t) => [t.kind, t.message]);

describe('OrdersPanel', () => {
  it('a visitor gets the log-in prompt, never a list', async () => {
    await showPanel(null);
    expect(await screen.findByText('visitorOrders')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists an open order; its named cancel button cancels it with a toast; cancel-all is disabled when empty', async () => {
    const rt = await showPanel('u-uta');
    const id = await restingOrder(rt, 'u-uta');
    const table = await screen.findByRole('table', { name: 'openOrdersLabel' }, { timeout: 5000 });
    const row = table.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement;
    expect(row.textContent).toContain('BTC/USDT');
    expect(row.textContent).toContain('status_NEW');
    expect(within(row).getByText('side_Buy').className).toBe('orders__buy');
    const cancel = within(row).getByRole('button', { name: /^cancelOrderNamed .*"pair":"BTC\/USDT".*"price":"1,000\.00"/ });
    expect(screen.getByRole('button', { name: 'cancelAll' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(cancel);
    await waitFor(() => expect(toasts()).toContainEqual(['success', 'cancelSuccess']));
    expect(await screen.findByText('noOpenOrders')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'cancelAll' }).hasAttribute('disabled')).toBe(true);
  });

  it('cancel-all asks in a dialog first (spec 2 §5) and toasts operationSuccess', async () => {
    const rt = await showPanel('u-uta');
    await restingOrder(rt, 'u-uta');
    await restingOrder(rt, 'u-uta');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^cancelOrderNamed/ })).toHaveLength(2), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'cancelAll' }));
    expect(screen.getByText('cancelAllText {"count":2}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'confirmCancelAll', hidden: true }));
    await waitFor(() => expect(toasts()).toContainEqual(['success', 'operationSuccess']));
    expect(await screen.findByText('noOpenOrders')).toBeTruthy();
  });

  it('a cancel refused with 81001 shows the liquidation text (spec 2 §8); other refusals the server message', async () => {
    // An account in liquidation cannot hold new orders: the list is u-uta's, the cancels then come from other sessions.
    const rt = await showPanel('u-uta');
    const id = await restingOrder(rt, 'u-uta');
    const table = await screen.findByRole('table', { name: 'openOrdersLabel' }, { timeout: 5000 });
    const cancel = within(table.querySelector(`tr[data-order-id="${id}"]`) as HTMLElement).getByRole('button', { name: /^cancelOrderNamed/ });
    token = await rt.signIn('u-liquidation');
    fireEvent.click(cancel);
    await waitFor(() => expect(toasts()).toContainEqual(['error', 'liquidationErrorInfo']));
    // Back to the owner (the list comes back with the next poll), then a cancel from another user's session.
    token = await rt.signIn('u-uta');
    const again = await screen.findByRole('button', { name: /^cancelOrderNamed/ }, { timeout: 5000 });
    await waitFor(() => expect(again.hasAttribute('disabled')).toBe(false));
    token = await rt.signIn('u-standard');
    fireEvent.click(again);
    await waitFor(() => expect(toasts().some(([kind, text]) => kind === 'error' && text?.startsWith('operationFailReason') && text.includes('does not exist'))).toBe(true));
  });

  it('a list that fails to load says so with a refresh that loads it', async () => {
    await showPanel('u-uta', '/spot/api/order/open_orders:error:1');
    expect(await screen.findByText('failedToLoad')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'refresh' }));
    expect(await screen.findByText('noOpenOrders')).toBeTruthy();
  });

  it('the conditional sub-tab lists plan orders; history offers 7, 30 and 180 days', async () => {
    await showPanel('u-uta');
    fireEvent.click(await screen.findByRole('tab', { name: 'kindConditional' }));
    expect(await screen.findByText('noOpenOrders')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'tabOrderHistory' }));
    const ranges = await screen.findByRole('group', { name: 'timeRange' });
    expect(within(ranges).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['lastDays {"count":7}', 'true'],
      ['lastDays {"count":30}', 'false'],
      ['lastDays {"count":180}', 'false'],
    ]);
    fireEvent.click(within(ranges).getByRole('button', { name: 'lastDays {"count":180}' }));
    expect(await screen.findByText('noOrderHistory {"count":180}')).toBeTruthy();
  });
});
