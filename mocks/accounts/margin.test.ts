import { describe, expect, it } from 'vitest';
import { amount, harness } from '../exchange/testKit';
import { BORROW_LIMIT_CODE, createMarginDesk, DEFAULT_LEVERAGE, pairPrice, usdtPrice, walletValue } from './margin';

const U = 'u1';

/** u1: 100,000 USDT and 2 BTC on a BTCUSDT market whose last trade is 60,000 (wallet 220,000 USDT). */
function market() {
  const h = harness();
  h.snapshot([['59999', '1']], [['60001', '1']]);
  h.trade('60000', '0.1', true);
  h.ex.addAccount({ userId: 'classic', kind: 'CLASSIC', demo: false }, { USDT: amount('1000') });
  const desk = createMarginDesk(h.ex);
  return { h, desk };
}

describe('valuation', () => {
  it('prices coins in USDT: the last trade, the book middle before one, USDC at par, unknown coins null', () => {
    const h = harness();
    expect(pairPrice(h.ex, 'BTCUSDT')).toBeNull();
    h.snapshot([['59999', '1']], [['60003', '1']]);
    expect(pairPrice(h.ex, 'BTCUSDT')).toBe(amount('60001'));
    h.trade('60002.5', '0.1', true);
    expect(usdtPrice(h.ex, 'BTC')).toBe(amount('60002.5'));
    expect(usdtPrice(h.ex, 'USDT')).toBe(amount('1'));
    expect(usdtPrice(h.ex, 'USDC')).toBe(amount('1'));
    expect(usdtPrice(h.ex, 'ETH')).toBeNull();
    expect(walletValue(h.ex, U)).toBe(amount('220005'));
  });
});

describe('margin desk', () => {
  it('starts off at the default leverage and takes leverage 2 to 10 only', () => {
    const { desk } = market();
    const fresh = { spotMargin: false, leverage: DEFAULT_LEVERAGE, confirmed: false, quizPassed: false, marginMode: 'REGULAR_MARGIN' };
    expect(desk.settings(U)).toEqual(fresh);
    expect(desk.setSettings(U, { spotMargin: true, leverage: 3 })).toMatchObject({ spotMargin: true, leverage: 3 });
    for (const bad of [1, 11, 2.5, Number.NaN]) expect(() => desk.setSettings(U, { leverage: bad })).toThrow(RangeError);
    expect(desk.settings(U)).toMatchObject({ spotMargin: true, leverage: 3 });
    expect(desk.settings('someone-else')).toEqual(fresh);
    // Isolated margin mode offers no spot margin: switching to it turns it off.
    expect(desk.setSettings(U, { marginMode: 'ISOLATED_MARGIN' })).toMatchObject({ spotMargin: false, marginMode: 'ISOLATED_MARGIN' });
  });

  it('refuses loans while spot margin is off, and to a classic account', () => {
    const { desk } = market();
    expect(desk.borrow(U, 'USDT', amount('1'), 0)).toMatchObject({ ok: false, code: 170227 });
    expect(desk.borrowable(U, 'USDT')).toBe(0n);
    desk.setSettings('classic', { spotMargin: true });
    expect(desk.borrow('classic', 'USDT', amount('1'), 0)).toMatchObject({ ok: false, code: 170227 });
  });

  it('lends up to equity × (leverage − 1), credits the free balance and records the loan', () => {
    const { h, desk } = market();
    desk.setSettings(U, { spotMargin: true, leverage: 2 });
    expect(desk.borrowable(U, 'USDT')).toBe(amount('220000'));
    expect(desk.borrowable(U, 'BTC')).toBe(amount('220000') / 60000n);
    expect(desk.borrow(U, 'USDT', amount('200000'), 0)).toEqual({ ok: true });
    expect(h.ex.ledger.line(U, 'USDT').free).toBe(amount('300000'));
    expect(desk.borrowSize(U, 'USDT')).toBe(amount('200000'));
    // A loan adds to the wallet and the debt alike: equity stays, the room shrinks by the loan.
    expect(desk.equity(U)).toBe(amount('220000'));
    expect(desk.borrowable(U, 'USDT')).toBe(amount('20000'));
    const refused = desk.borrow(U, 'BTC', amount('0.5'), 0);
    expect(refused).toMatchObject({ ok: false, code: BORROW_LIMIT_CODE });
    expect(refused.ok ? '' : refused.message).toContain('exceeds the borrow limit');
    expect(desk.borrowSize(U, 'BTC')).toBe(0n);
    expect(desk.borrow(U, 'BTC', amount('0.3'), 0)).toEqual({ ok: true });
    expect(desk.loans(U)).toEqual({ USDT: amount('200000'), BTC: amount('0.3') });
    expect(desk.liabilityValue(U)).toBe(amount('218000'));
    // A higher leverage makes more room at once.
    desk.setSettings(U, { leverage: 3 });
    expect(desk.borrowable(U, 'USDT')).toBe(amount('222000'));
  });

  it('is generous with nothing: a zero shortfall is no loan', () => {
    const { desk } = market();
    expect(desk.borrow(U, 'USDT', 0n, 0)).toEqual({ ok: true });
    expect(desk.loans(U)).toEqual({});
  });

  it('repays out of the free balance: part, the rest, and refuses when free is short', () => {
    const { h, desk } = market();
    desk.setSettings(U, { spotMargin: true });
    desk.borrow(U, 'BTC', amount('1'), 0);
    expect(desk.repay(U, 'BTC', amount('0.25'), 0)).toEqual({ ok: true, repaid: amount('0.25') });
    expect(desk.borrowSize(U, 'BTC')).toBe(amount('0.75'));
    expect(h.ex.ledger.line(U, 'BTC').free).toBe(amount('2.75'));
    // Lock all the BTC in a resting sell: nothing free to repay with.
    const sell = h.ex.create(U, { symbol: 'BTCUSDT', side: 'Sell', orderType: 'Limit', qty: '2.75', price: '61000' }, h.t);
    expect(sell.ok).toBe(true);
    h.step(10);
    expect(desk.repay(U, 'BTC', null, 0)).toMatchObject({ ok: false, code: 170131 });
    expect(desk.borrowSize(U, 'BTC')).toBe(amount('0.75'));
    h.ex.cancel(U, { orderId: sell.ok ? sell.value.orderId : '' }, h.t);
    expect(desk.repay(U, 'BTC', amount('5'), 0)).toEqual({ ok: true, repaid: amount('0.75') });
    expect(desk.loans(U)).toEqual({});
    expect(h.ex.ledger.line(U, 'BTC').free).toBe(amount('2'));
    expect(desk.repay(U, 'BTC', null, 0)).toEqual({ ok: true, repaid: 0n });
  });

  it('sends a balance event when a repayment takes from the ledger', () => {
    const { h, desk } = market();
    desk.setSettings(U, { spotMargin: true });
    desk.borrow(U, 'USDT', amount('10'), 0);
    h.events.length = 0;
    desk.repay(U, 'USDT', null, 0);
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'balance', userId: U, line: expect.objectContaining({ token: 'USDT', free: amount('100000') }) }));
  });

  it('serialises per user, restores, tells listeners, and forgets a user on clear', () => {
    const { h, desk } = market();
    const seen: string[] = [];
    desk.onChange((userId) => seen.push(userId));
    desk.setSettings(U, { spotMargin: true, leverage: 4, confirmed: true, quizPassed: true });
    desk.borrow(U, 'BTC', amount('0.123456789'), 0);
    const state = JSON.parse(JSON.stringify(desk.toJSON())) as unknown;
    const settings = { spotMargin: true, leverage: 4, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN' };
    expect(state).toEqual({ u1: { ...settings, borrowed: { BTC: '0.123456789' }, interest: {}, accruedAt: { BTC: 0 } } });
    const restored = createMarginDesk(h.ex, { state });
    expect(restored.settings(U)).toEqual(settings);
    expect(restored.borrowSize(U, 'BTC')).toBe(amount('0.123456789'));
    restored.fromJSON({ u1: { spotMargin: 'yes', leverage: 4 }, u2: { spotMargin: false, leverage: 99 }, u3: { spotMargin: true, leverage: 5, borrowed: { ETH: 'x', USDT: '12.5' } } });
    // A state saved before the confirmation and the quiz existed: spot margin on means both were done.
    expect(restored.toJSON()).toEqual({ u3: { spotMargin: true, leverage: 5, confirmed: true, quizPassed: true, marginMode: 'REGULAR_MARGIN', borrowed: { USDT: '12.5' }, interest: {}, accruedAt: {} } });
    restored.fromJSON('not a state');
    expect(restored.toJSON()).toEqual({});
    desk.clear(U);
    expect(desk.loans(U)).toEqual({});
    expect(desk.settings(U).spotMargin).toBe(false);
    expect(seen).toEqual([U, U, U]);
  });

  it('charges each whole hour of a loan its coin rate, pays interest before the loan, and keeps it across a restore', () => {
    const { h, desk } = market();
    const HOUR = 3_600_000;
    desk.setSettings(U, { spotMargin: true, leverage: 3 });
    desk.borrow(U, 'USDT', amount('10000'), 0);
    desk.borrow(U, 'BTC', amount('1'), 0);
    // Nothing before the first whole hour; then 0.001 % an hour on USDT, 0.0005 % on BTC.
    expect(desk.interest(U, 'USDT', HOUR - 1)).toBe(0n);
    expect(desk.interest(U, 'USDT', HOUR)).toBe(amount('0.1'));
    expect(desk.interest(U, 'USDT', 2.5 * HOUR)).toBe(amount('0.2'));
    expect(desk.interest(U, 'BTC', 2 * HOUR)).toBe(amount('0.00001'));
    // A further loan settles what the first ran up; the hour already begun keeps counting for both.
    desk.borrow(U, 'USDT', amount('10000'), 2.5 * HOUR);
    expect(desk.interest(U, 'USDT', 2.5 * HOUR)).toBe(amount('0.2'));
    expect(desk.interest(U, 'USDT', 3 * HOUR)).toBe(amount('0.4'));
    // It counts against the borrow limit once settled.
    expect(desk.liabilityValue(U)).toBe(amount('20000') + amount('0.2') + amount('60000'));

    const restored = createMarginDesk(h.ex, { state: JSON.parse(JSON.stringify(desk.toJSON())) as unknown });
    expect(restored.interest(U, 'USDT', 3 * HOUR)).toBe(amount('0.4'));

    // A part repayment pays the interest first; the rest, the loan.
    expect(desk.repay(U, 'USDT', amount('0.3'), 3 * HOUR)).toEqual({ ok: true, repaid: amount('0.3') });
    expect(desk.interest(U, 'USDT', 3 * HOUR)).toBe(amount('0.1'));
    expect(desk.borrowSize(U, 'USDT')).toBe(amount('20000'));
    expect(desk.repay(U, 'USDT', null, 3 * HOUR)).toEqual({ ok: true, repaid: amount('20000.1') });
    expect(desk.borrowSize(U, 'USDT')).toBe(0n);
    expect(desk.interest(U, 'USDT', 10 * HOUR)).toBe(0n);
    // The interest left the wallet: 100,000 + 20,000 borrowed − 20,000.4 repaid in all.
    expect(h.ex.ledger.line(U, 'USDT').free).toBe(amount('99999.6'));
  });

  it('a replay seek back in time charges nothing for the hours it undoes', () => {
    const { desk } = market();
    const HOUR = 3_600_000;
    desk.setSettings(U, { spotMargin: true, leverage: 3 });
    desk.borrow(U, 'USDT', amount('10000'), 5 * HOUR);
    expect(desk.interest(U, 'USDT', HOUR)).toBe(0n);
    desk.borrow(U, 'USDT', amount('10000'), HOUR);
    expect(desk.interest(U, 'USDT', 2 * HOUR)).toBe(amount('0.2'));
  });
});
