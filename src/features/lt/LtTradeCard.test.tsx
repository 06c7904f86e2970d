import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ltEn from '../../../locales/en/lt.json';
import tradeEn from '../../../locales/en/trade.json';
import { acceptGate, reloadAcceptedGates } from '../../data/gateAcceptance';
import { ApiError } from '../../data/http';
import type { LtInfo, LtSymbolInfo } from '../../data/lt';
import { toastStore } from '../../data/toasts';
import { LtTradeCard } from './LtTradeCard';
import { englishTexts } from '../../ui/englishTexts.testkit';

/**
 * The card's behaviour against stubbed data hooks: what it shows before a
 * submit, the check chain's toast and marked field, the exchange's
 * refusals in the page's words, and success. The exchange side runs in
 * tests/e2e/lt.spec.ts.
 */
const SYMBOL_INFO: LtSymbolInfo = {
  symbolId: 'BTC3LUSDT', token: 'BTC3L', quote: 'USDT', underlying: 'BTCUSDT', direction: 'long',
  targetLeverage: '3', upperLeverage: '4', lowerLeverage: '2',
  minPurchase: '100', maxPurchase: '10000', dailyPurchaseCap: '200000', minRedeem: '20', maxRedeem: '2000',
  purchaseFeeRate: '0.0005', redeemFeeRate: '0.0005', managementFeeRate: '0.00005',
  tokenStep: '0.0001', quoteStep: '0.00000001', dailyPurchaseUsed: '0',
};
const INFO: LtInfo = {
  symbolId: 'BTC3LUSDT', time: 0, nav: '5.00000000', st: 1, riskState: 1, riskSwitchStatus: 1, diffNvRate: '0',
  underlyingPrice: '60000', realLeverage: '3', basket: { units: '0.00025', cash: '-10' }, lastRebalanceTime: null, nextResetTime: 0, rebalances: 0,
};

const state = vi.hoisted(() => ({
  info: null as unknown,
  mutate: null as unknown as (input: unknown) => Promise<unknown>,
  loggedIn: true,
  isDemo: false,
}));

vi.mock('../../data/queries', () => ({
  useSymbols: () => ({ data: [{ symbolId: 'BTC3LUSDT', baseTokenName: 'BTC3L', quoteTokenName: 'USDT', pricePrecision: 4, mark: ['leveraged'] }] }),
  useProfile: () => ({ data: { loggedIn: state.loggedIn, userId: state.loggedIn ? 'u-1' : null, isDemo: state.isDemo, memberTags: { UTA: null, UTA_INVERSE: null } } }),
}));
vi.mock('../../data/assets', () => ({
  useBalances: () => ({ data: [{ tokenId: 'USDT', free: '1000', locked: '0', total: '1000' }, { tokenId: 'BTC3L', free: '30', locked: '0', total: '30' }] }),
}));
vi.mock('../../data/lt', () => ({
  useLtSymbolInfo: () => ({ data: SYMBOL_INFO, isError: false }),
  useLtInfo: () => ({ data: state.info, isError: false }),
  useLtOrderMutation: () => ({ mutateAsync: (input: unknown) => state.mutate(input), isPending: false }),
}));


beforeEach(() => {
  reloadAcceptedGates();
  state.info = INFO;
  state.loggedIn = true;
  state.isDemo = false;
  state.mutate = vi.fn(async () => ({ orderId: 'lt-1', status: 2 }));
});
afterEach(() => {
  cleanup();
  toastStore.get().forEach((t) => toastStore.dismiss(t.id));
});

function show() {
  const i18n = englishTexts({ lt: ltEn, trade: tradeEn });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en/trade/spot/BTC3L/USDT']}>
        <LtTradeCard base="BTC3L" quote="USDT" placement="spot" locale="en" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const toasts = () => toastStore.get().map((t) => `${t.kind}: ${t.message}`);
const amount = () => screen.getByRole('textbox', { name: 'Amount' });
const subscribe = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe BTC3L' })));
};

describe('LtTradeCard', () => {
  it('shows the fee and the estimated tokens before submit, and 25 % of the balance', () => {
    show();
    fireEvent.change(amount(), { target: { value: '150' } });
    expect(screen.getByTestId('lt-fee').textContent).toBe('0.075 USDT');
    // (150 − 0.075) ÷ 5 = 29.985
    expect(screen.getByTestId('lt-estimate').textContent).toBe('29.985 BTC3L');
    fireEvent.click(screen.getByRole('button', { name: '25%' }));
    expect(amount()).toHaveProperty('value', '250');
  });

  it('asks for the risk test before a first subscription; Accept sends it', async () => {
    show();
    fireEvent.change(amount(), { target: { value: '150' } });
    await subscribe();
    expect(screen.getByRole('dialog', { name: 'Leveraged token risk test' })).toBeTruthy();
    expect(state.mutate).not.toHaveBeenCalled();
  });

  it('a failed check is an error toast and marks the field; nothing is sent', async () => {
    acceptGate('u-1', 'ltRiskTest');
    show();
    fireEvent.change(amount(), { target: { value: '50' } });
    await subscribe();
    expect(toasts()).toEqual(['error: The minimum subscription amount is 100 USDT']);
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    expect(state.mutate).not.toHaveBeenCalled();
    // Typing again clears the mark.
    fireEvent.change(amount(), { target: { value: '500' } });
    expect(amount().getAttribute('aria-invalid')).toBeNull();
  });

  it('a rebalance (st 5) is refused with its own key', async () => {
    acceptGate('u-1', 'ltRiskTest');
    state.info = { ...INFO, st: 5 };
    show();
    expect(screen.getByText('Subscription is paused for this token right now.')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '150' } });
    await subscribe();
    expect(toasts()).toEqual(['error: The token is rebalancing: subscription is paused. Please try again shortly']);
  });

  it('success clears the form and says the subscription was submitted', async () => {
    acceptGate('u-1', 'ltRiskTest');
    show();
    fireEvent.change(amount(), { target: { value: '150' } });
    await subscribe();
    expect(state.mutate).toHaveBeenCalledWith({ kind: 'subscribe', symbolId: 'BTC3LUSDT', amount: '150.00000000' });
    expect(toasts()).toEqual(['success: Subscription submitted']);
    expect(amount()).toHaveProperty('value', '');
  });

  it('the exchange\'s refusals read as the page\'s own: 176009 the minimum, 176011 for a demo account', async () => {
    acceptGate('u-1', 'ltRiskTest');
    state.mutate = vi.fn(async () => {
      throw new ApiError(176009, 'below minPurchase');
    });
    show();
    fireEvent.change(amount(), { target: { value: '150' } });
    await subscribe();
    expect(toasts()).toEqual(['error: The minimum subscription amount is 100 USDT']);
    expect(amount().getAttribute('aria-invalid')).toBe('true');
    cleanup();
    toastStore.get().forEach((t) => toastStore.dismiss(t.id));

    state.isDemo = true;
    state.mutate = vi.fn(async () => {
      throw new ApiError(176011, 'operation unsupported for demo accounts');
    });
    show();
    fireEvent.change(amount(), { target: { value: '150' } });
    await subscribe();
    expect(toasts()).toEqual(['error: Operation unsupported in demo trading']);
  });

  it('redeeming more than held is refused without the risk test', async () => {
    show();
    fireEvent.click(screen.getByRole('tab', { name: 'Redeem' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '40' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Redeem BTC3L' })));
    expect(toasts()).toEqual(['error: Insufficient BTC3L balance']);
    expect(screen.queryByRole('dialog', { name: 'Leveraged token risk test' })).toBeNull();
  });

  it('a visitor gets Log in and Sign up back to this page instead of the submit', () => {
    state.loggedIn = false;
    show();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?redirect_url=${encodeURIComponent('/en/trade/spot/BTC3L/USDT')}`);
    expect(screen.queryByRole('button', { name: 'Subscribe BTC3L' })).toBeNull();
  });
});
