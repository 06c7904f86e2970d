import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import demoEn from '../../../../locales/en/demo.json';
import tradeEn from '../../../../locales/en/trade.json';
import type { RechargeAnswer } from '../../../domain/demoRecharge';
import { DemoTopUp } from './DemoTopUp';
import { englishTexts } from '../../../ui/englishTexts.testkit';

/**
 * The demo recharge modal against stubbed data hooks: it opens by itself at
 * zero (once per empty spell) and from the control, and words each answer
 * of spec 2 §8. The exchange side runs in tests/e2e/demo-notices.spec.ts.
 */
const state = vi.hoisted(() => ({
  isDemo: true,
  wb: '1000' as string | null,
  usdt: '500',
  answer: null as unknown as () => Promise<RechargeAnswer>,
}));

vi.mock('../../../data/queries', () => ({
  useProfile: () => ({ data: { loggedIn: true, isDemo: state.isDemo } }),
  useSymbols: () => ({ data: [{ baseTokenName: 'BTC', quoteTokenName: 'USDT', minTradeAmount: '1' }] }),
}));
vi.mock('../../../data/assets', () => ({
  useBalances: () => ({ data: [{ tokenId: 'USDT', free: state.usdt, locked: '0', total: state.usdt }] }),
  useDemoWalletValue: () => state.wb,
  useDemoRecharge: () => ({
    isPending: false,
    mutate: (_coin: unknown, handlers: { onSuccess: (a: RechargeAnswer) => void; onError: () => void }) => {
      state.answer().then(handlers.onSuccess, handlers.onError);
    },
  }),
}));


beforeEach(() => {
  state.isDemo = true;
  state.wb = '1000';
  state.usdt = '500';
  state.answer = async () => ({ code: 0, resultCode: 0, credited: [{ coin: 'USDT', amount: '100000' }, { coin: 'BTC', amount: '15' }] });
});
afterEach(cleanup);

function show() {
  const i18n = englishTexts({ demo: demoEn, trade: tradeEn });
  const ui = () => (
    <I18nextProvider i18n={i18n}>
      <DemoTopUp base="BTC" quote="USDT" />
    </I18nextProvider>
  );
  const view = render(ui());
  return { rerender: () => view.rerender(ui()) };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Top up demo funds' });
const topUp = async () => {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Top up' })));
};

describe('demo recharge modal', () => {
  it('is offered to demo accounts only', () => {
    state.isDemo = false;
    show();
    expect(screen.queryByRole('button', { name: 'Top up demo funds' })).toBeNull();
  });

  it('opens from the control, tops up and says what was added', async () => {
    show();
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Top up demo funds' }));
    expect(dialog()).not.toBeNull();
    expect(screen.queryByText('Your demo balance has run out.')).toBeNull();
    await topUp();
    expect(screen.getByRole('status').textContent).toContain('Demo funds added.');
    expect(screen.getByRole('status').textContent).toContain('Added: 100,000 USDT and 15 BTC');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog()).toBeNull();
  });

  it('opens by itself when the quote coin or the wallet value reaches zero, once per empty spell', () => {
    const view = show();
    // dust below the 1 USDT minimum order value: nothing a buy could use
    state.usdt = '0.35';
    view.rerender();
    expect(dialog()).not.toBeNull();
    expect(screen.getByText('You have no USDT left to trade with.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    view.rerender();
    expect(dialog()).toBeNull();
    // refilled, then the wallet is empty again
    state.usdt = '10';
    view.rerender();
    state.wb = '0.00';
    view.rerender();
    expect(dialog()).not.toBeNull();
    expect(screen.getByText('Your demo balance has run out.')).toBeTruthy();
  });

  it('words the rate limit with its wait, 3410020, other result codes and refusals (spec 2 §8)', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Top up demo funds' }));
    const cases: Array<[RechargeAnswer, string]> = [
      [{ code: 10006, message: 'Too many requests', retryAfterMs: 42_500 }, 'A demo top-up is allowed once per minute: try again in 43 s.'],
      [{ code: 0, resultCode: 3410020 }, 'That top-up is above the demo limit.'],
      [{ code: 0, resultCode: 3410021 }, 'The demo top-up did not work. Try again.'],
      [{ code: 10005, message: 'Operation not supported for this account' }, 'Operation not supported for this account'],
    ];
    for (const [answer, text] of cases) {
      state.answer = async () => answer;
      await topUp();
      expect(screen.getByRole('alert').textContent).toContain(text);
    }
    state.answer = () => Promise.reject(new Error('offline'));
    await topUp();
    expect(screen.getByRole('alert').textContent).toContain('The demo top-up did not work. Try again.');
  });
});
