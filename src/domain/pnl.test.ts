import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { averageCost, pnlDirection, pnlTotals, realisedPnl, withUnexplained, type PnlFill } from './pnl';

const DAY = 86_400_000;
const WINDOW = { start: 10 * DAY, end: 17 * DAY };

let nextId = 1;
/** A BTCUSDT fill; `value` defaults to price × qty, the fee to none (in the quote coin). */
function fill(side: 'Buy' | 'Sell', time: number, price: string, qty: string, extra: Partial<PnlFill> = {}): PnlFill {
  const value = extra.value ?? new Decimal(price).times(qty).toFixed();
  return { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side, time, price, qty, value, fee: '0', feeCoin: 'USDT', tradeId: String(nextId++), ...extra };
}
const inWindow = (n: number) => WINDOW.start + n * 1000;

describe('realisedPnl', () => {
  it('answers nothing for no fills', () => {
    expect(realisedPnl([], WINDOW)).toEqual({ pairs: [], totals: [], skipped: 0 });
  });

  it('realises a sell against the average cost of the buys, with volumes and trade count', () => {
    const report = realisedPnl([fill('Buy', inWindow(1), '100', '1'), fill('Buy', inWindow(2), '200', '1'), fill('Sell', inWindow(3), '180', '1')], WINDOW);
    expect(report.pairs).toEqual([
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', buyVolume: '300', sellVolume: '180', fees: '0', trades: 3, realisedPnl: '30', unexplainedQty: '0' },
    ]);
    expect(report.totals).toEqual([{ quote: 'USDT', buyVolume: '300', sellVolume: '180', fees: '0', trades: 3, realisedPnl: '30' }]);
  });

  it('a buy fee in the base coin shortens the holding (raising the average); it is valued at the fill price', () => {
    // 1 BTC bought for 100 with 0.01 BTC fee: 0.99 BTC held at 100 → avg 101.0101…; sell 0.99 at 110.
    const report = realisedPnl([fill('Buy', inWindow(1), '100', '1', { fee: '0.01', feeCoin: 'BTC' }), fill('Sell', inWindow(2), '110', '0.99')], WINDOW);
    const pair = report.pairs[0]!;
    expect(pair.fees).toBe('1');
    expect(pair.realisedPnl).toBe('8.9');
    expect(pair.unexplainedQty).toBe('0');
  });

  it('a buy fee in the quote coin adds to the cost; a sell fee in the quote coin comes off the proceeds', () => {
    const report = realisedPnl(
      [fill('Buy', inWindow(1), '100', '2', { fee: '0.2' }), fill('Sell', inWindow(2), '120', '1', { fee: '0.12' })],
      WINDOW,
    );
    // cost 200.2 for 2 → 100.1 each; proceeds 120 − 0.12 = 119.88.
    expect(report.pairs[0]).toMatchObject({ fees: '0.32', realisedPnl: '19.78' });
  });

  it('partial sells take coins out at the same average, leaving the rest at it', () => {
    const report = realisedPnl(
      [fill('Buy', inWindow(1), '100', '3'), fill('Sell', inWindow(2), '110', '1'), fill('Buy', inWindow(3), '130', '2'), fill('Sell', inWindow(4), '140', '2')],
      WINDOW,
    );
    // after the first sell: 2 at 100; then 4 at (200 + 260) / 4 = 115; sell 2 at 140 → 50; plus 10 before.
    expect(report.pairs[0]).toMatchObject({ realisedPnl: '60', trades: 4, buyVolume: '560', sellVolume: '390' });
  });

  it('a sell with no buy before it realises nothing and reports the quantity it could not explain', () => {
    const report = realisedPnl([fill('Sell', inWindow(1), '100', '0.5')], WINDOW);
    expect(report.pairs[0]).toMatchObject({ sellVolume: '50', trades: 1, realisedPnl: '0', unexplainedQty: '0.5' });
  });

  it('a sell larger than the holding realises only the explained share of its proceeds', () => {
    // 1 held at 100; sell 3 at 120 (fee 0.36): only 1/3 of (360 − 0.36) counts.
    const report = realisedPnl([fill('Buy', inWindow(1), '100', '1'), fill('Sell', inWindow(2), '120', '3', { fee: '0.36' })], WINDOW);
    expect(report.pairs[0]).toMatchObject({ realisedPnl: '19.88', unexplainedQty: '2' });
  });

  it('fills before the window set the cost basis but count nowhere else; fills after it are ignored', () => {
    const report = realisedPnl(
      [
        fill('Buy', WINDOW.start - DAY, '50', '2', { fee: '0.1' }),
        fill('Sell', WINDOW.start - 1, '60', '1'),
        fill('Sell', inWindow(1), '80', '1'),
        fill('Buy', WINDOW.end + 1, '10', '5'),
        fill('Sell', WINDOW.end + 2, '90', '5'),
      ],
      WINDOW,
    );
    // cost 100.1 for 2; the early sell takes half (50.05) out; the window's sell: 80 − 50.05.
    expect(report.pairs).toEqual([
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', buyVolume: '0', sellVolume: '80', fees: '0', trades: 1, realisedPnl: '29.95', unexplainedQty: '0' },
    ]);
  });

  it('a pair whose fills are all outside the window has no row', () => {
    expect(realisedPnl([fill('Buy', WINDOW.start - 1, '1', '1'), fill('Sell', WINDOW.end + 1, '2', '1')], WINDOW).pairs).toEqual([]);
  });

  it('includes fills exactly at both ends of the window', () => {
    const report = realisedPnl([fill('Buy', WINDOW.start, '100', '1'), fill('Sell', WINDOW.end, '101', '1')], WINDOW);
    expect(report.pairs[0]).toMatchObject({ trades: 2, realisedPnl: '1' });
  });

  it('walks oldest first whatever order the fills come in, breaking same-millisecond ties by trade id', () => {
    const buy = fill('Buy', inWindow(1), '100', '1', { tradeId: '9' });
    const sell = fill('Sell', inWindow(1), '110', '1', { tradeId: '10' });
    expect(realisedPnl([sell, buy], WINDOW).pairs[0]).toMatchObject({ realisedPnl: '10', unexplainedQty: '0' });
  });

  it('keeps pairs apart and totals each quote coin on its own (USDT and USDC never added)', () => {
    const eth = { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT' };
    const usdc = { symbol: 'BTCUSDC', base: 'BTC', quote: 'USDC' };
    const report = realisedPnl(
      [
        fill('Buy', inWindow(1), '100', '1'),
        fill('Sell', inWindow(2), '90', '1'),
        fill('Buy', inWindow(3), '10', '2', eth),
        fill('Sell', inWindow(4), '15', '2', { ...eth, fee: '0.03' }),
        fill('Buy', inWindow(5), '100', '1', { ...usdc, fee: '0.001', feeCoin: 'BTC' }),
        fill('Sell', inWindow(6), '200', '0.5', usdc),
      ],
      WINDOW,
    );
    expect(report.pairs.map((p) => [p.symbol, p.realisedPnl])).toEqual([
      ['BTCUSDC', '49.94994994994994995'],
      ['BTCUSDT', '-10'],
      ['ETHUSDT', '9.97'],
    ]);
    expect(report.totals).toEqual([
      { quote: 'USDC', buyVolume: '100', sellVolume: '100', fees: '0.1', trades: 2, realisedPnl: '49.94994994994994995' },
      { quote: 'USDT', buyVolume: '120', sellVolume: '120', fees: '0.03', trades: 4, realisedPnl: '-0.03' },
    ]);
  });

  it('skips damaged fills without throwing and counts them', () => {
    const report = realisedPnl(
      [
        fill('Buy', inWindow(1), '100', '1'),
        fill('Buy', inWindow(2), 'abc', '1', { value: '100' }),
        fill('Buy', inWindow(3), '100', 'NaN', { value: '100' }),
        fill('Buy', inWindow(4), '100', '1', { value: '-100' }),
        fill('Buy', inWindow(5), '100', '1', { fee: '1e3' }),
        { ...fill('Buy', inWindow(6), '100', '1'), side: 'Hold' as 'Buy' },
        { ...fill('Buy', inWindow(7), '100', '1'), time: Number.NaN },
        { ...fill('Buy', inWindow(8), '100', '1'), qty: undefined as unknown as string },
        fill('Sell', inWindow(9), '150', '1'),
      ],
      WINDOW,
    );
    expect(report.skipped).toBe(7);
    expect(report.pairs[0]).toMatchObject({ trades: 2, realisedPnl: '50', unexplainedQty: '0' });
  });

  it('never answers "-0" and keeps at most 18 decimals', () => {
    // 1/3 each; sold for 0.333…3 (18 places): a loss of 3e-19, which rounds to nothing.
    const tiny = realisedPnl([fill('Buy', inWindow(1), '1', '3', { value: '1' }), fill('Sell', inWindow(2), '1', '1', { value: '0.333333333333333333' })], WINDOW);
    expect(tiny.pairs[0]!.realisedPnl).toBe('0');
    const third = realisedPnl([fill('Buy', inWindow(1), '1', '3', { value: '1' }), fill('Sell', inWindow(2), '1', '1', { value: '1' })], WINDOW);
    expect(third.pairs[0]!.realisedPnl).toBe('0.666666666666666667');
  });
});

describe('pnlTotals', () => {
  it('adds up the pairs given (e.g. only the one shown) per quote coin', () => {
    const row = { buyVolume: '1.5', sellVolume: '2', fees: '0.1', trades: 2, realisedPnl: '-0.5' };
    expect(pnlTotals([{ ...row, quote: 'USDT' }, { ...row, quote: 'USDT', realisedPnl: '1' }])).toEqual([
      { quote: 'USDT', buyVolume: '3', sellVolume: '4', fees: '0.2', trades: 4, realisedPnl: '0.5' },
    ]);
    expect(pnlTotals([])).toEqual([]);
  });
});

describe('pnlDirection', () => {
  it('gains are up, losses down, zero and unreadable flat', () => {
    expect(['1.5', '-0.01', '0', '0.000', 'x'].map(pnlDirection)).toEqual(['up', 'down', 'flat', 'flat', 'flat']);
  });
});

describe('withUnexplained', () => {
  it('keeps the pairs that sold more than their fills explain', () => {
    expect(withUnexplained([{ unexplainedQty: '0' }, { unexplainedQty: '0.5' }])).toEqual([{ unexplainedQty: '0.5' }]);
  });
});

describe('averageCost (a position\'s entry price)', () => {
  it('walks buys and sells oldest first by the same rule as the realised P&L', () => {
    const fills: PnlFill[] = [
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'Sell', time: 3, price: '120', qty: '1', value: '120', fee: '0', feeCoin: 'USDT' },
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'Buy', time: 1, price: '100', qty: '2', value: '200', fee: '0', feeCoin: 'BTC' },
      { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', side: 'Buy', time: 2, price: '130', qty: '1', value: '130', fee: '0.001', feeCoin: 'BTC' },
      { symbol: 'ETHUSDT', base: 'ETH', quote: 'USDT', side: 'Buy', time: 1, price: '10', qty: '1', value: '10', fee: '0', feeCoin: 'ETH' },
    ];
    // 2 at 100 + 0.999 for 130 = 330 for 2.999; one sold at the average leaves 1.999 costing 330 × 1.999 / 2.999.
    const result = averageCost(fills, 'BTCUSDT');
    expect(result.held).toBe('1.999');
    expect(Number(result.avgCost)).toBeCloseTo(330 / 2.999, 12);
    expect(averageCost(fills, 'SOLUSDT')).toEqual({ held: '0', avgCost: '0' });
  });
});
