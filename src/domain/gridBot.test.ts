import { describe, expect, it } from 'vitest';
import { gridCreateBody, gridErrors, gridLevels, gridSummary, initialGrid, reduceGrid, shownApr, type GridInputs } from './gridBot';
import { BTC_RULES } from './order-entry/testKit';

const grid: GridInputs = { ...initialGrid(), minPrice: '50000', maxPrice: '60000', gridNumber: '10', quoteInvestment: '10000' };
const account = { quoteFree: '100000', baseFree: '1' };
const keys = (inputs: GridInputs, free = account, last: string | null = '55000') => gridErrors(inputs, BTC_RULES, last, '0.001', free).map((e) => e.key);

describe('gridLevels', () => {
  it('cuts the range into equal steps (arithmetic), both ends included', () => {
    expect(gridLevels('50000', '60000', '4', 'arithmetic', '0.01')).toEqual(['50000.00', '52500.00', '55000.00', '57500.00', '60000.00']);
  });

  it('or equal ratios (geometric), each level on the tick', () => {
    // 100 → 400 in 2 grids: ratio 2, levels 100, 200, 400.
    expect(gridLevels('100', '400', '2', 'geometric', '0.01')).toEqual(['100.00', '200.00', '400.00']);
    const levels = gridLevels('50000', '60000', '3', 'geometric', '0.01');
    expect(levels[0]).toBe('50000.00');
    expect(levels[3]).toBe('60000.00');
    // ratio = 1.2^(1/3): 50000 × ratio = 53132.928…, × ratio² = 56462.161…
    expect(levels.slice(1, 3)).toEqual(['53132.93', '56462.16']);
  });

  it('gives nothing for a range that is not one', () => {
    expect(gridLevels('60000', '50000', '4', 'arithmetic', '0.01')).toEqual([]);
    expect(gridLevels('50000', '60000', '1', 'arithmetic', '0.01')).toEqual([]);
    expect(gridLevels('', '60000', '4', 'arithmetic', '0.01')).toEqual([]);
  });
});

describe('gridSummary', () => {
  it('profit per grid after both fees, at the bottom and the top of the range; quantity per grid from the investment', () => {
    const s = gridSummary(grid, BTC_RULES, '55000', '0.001');
    // Steps of 1,000: 1000/50000 − 0.002 = 0.018 at the bottom; 1000/59000 − 0.002 ≈ 0.014949 at the top.
    expect(s.profitPerGrid).toEqual({ low: '0.014949', high: '0.018' });
    expect(s.totalInvestment).toBe('10000');
    // 10,000 over 10 grids at the levels' average price of 55,000: 0.018181… cut to the lot.
    expect(s.qtyPerGrid).toBe('0.018181');
  });

  it('values base funding at the last price', () => {
    const s = gridSummary({ ...grid, funding: 'both', baseInvestment: '0.1' }, BTC_RULES, '55000', '0.001');
    expect(s.totalInvestment).toBe('15500');
  });
});

describe('gridErrors (in order)', () => {
  it('wants the range and a number of grids from 2 to 200', () => {
    expect(keys({ ...grid, minPrice: '', maxPrice: '', gridNumber: '1' })).toEqual(['gridMinPriceMissing', 'gridMaxPriceMissing', 'gridNumberRange']);
    expect(keys({ ...grid, gridNumber: '201' })).toEqual(['gridNumberRange']);
    expect(keys({ ...grid, maxPrice: '50000' })).toEqual(['gridRangeInvalid']);
  });

  it('refuses grids under one tick apart, or that lose money after fees', () => {
    expect(keys({ ...grid, minPrice: '100', maxPrice: '100.05', gridNumber: '10' })).toEqual(['gridTooNarrow']);
    expect(keys({ ...grid, minPrice: '50000', maxPrice: '50100', gridNumber: '10' })).toEqual(['gridNoProfit']);
  });

  it('wants the investment in the funding coins, within the balance, enough for each order', () => {
    expect(keys({ ...grid, quoteInvestment: '' })).toEqual(['gridInvestmentMissing']);
    expect(keys({ ...grid, funding: 'both', baseInvestment: '' })).toEqual(['gridInvestmentMissing']);
    expect(keys({ ...grid, quoteInvestment: '200000' })).toEqual(['balanceNotEnough']);
    expect(keys({ ...grid, quoteInvestment: '10', gridNumber: '20' })).toEqual(['gridInvestmentTooSmall']);
  });

  it('stop-loss under the range, take-profit over it, trailing with 5 grids or more', () => {
    expect(keys({ ...grid, stopLoss: '51000', takeProfit: '59000' })).toEqual(['gridStopLossBelowRange', 'gridTakeProfitAboveRange']);
    expect(keys({ ...grid, stopLoss: '45000', takeProfit: '65000', entryPrice: '52000' })).toEqual([]);
    expect(keys({ ...grid, gridNumber: '4', trailing: true })).toEqual(['gridTrailingNeedsGrids']);
  });
});

describe('reduceGrid', () => {
  it('cuts prices to the tick, grids to whole numbers; keeps the field on text', () => {
    expect(reduceGrid(grid, { type: 'field', field: 'minPrice', text: '50000.123', rules: BTC_RULES }).minPrice).toBe('50000.12');
    expect(reduceGrid(grid, { type: 'field', field: 'gridNumber', text: '12.7', rules: BTC_RULES }).gridNumber).toBe('12');
    expect(reduceGrid(grid, { type: 'field', field: 'maxPrice', text: 'x', rules: BTC_RULES }).maxPrice).toBe('60000');
    expect(reduceGrid(grid, { type: 'trailing', on: true }).trailing).toBe(true);
  });
});

describe('shownApr', () => {
  it('shows no APR before the bot has run an hour, then the exchange figure', () => {
    expect(shownApr('-459368.46', 1_000, null, 61_000)).toBeNull();
    expect(shownApr('12.50', 0, null, 3_600_000)).toBe('12.50');
    expect(shownApr('12.50', 0, 1_800_000, 9_999_999_999)).toBeNull();
    expect(shownApr('12.50', null, null, 9_999_999_999)).toBeNull();
  });
});

describe('gridCreateBody', () => {
  it('sends the investment the funding names and only the optional prices given', () => {
    expect(gridCreateBody(grid, 'BTCUSDT')).toEqual({ symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '60000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '10000' });
    expect(gridCreateBody({ ...grid, funding: 'both', baseInvestment: '0.1', stopLoss: ' 49000 ', trailing: true }, 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '60000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '10000', baseInvestment: '0.1', stopLossPrice: '49000', trailing: true,
    });
    expect(gridCreateBody({ ...grid, funding: 'base', baseInvestment: '0.2' }, 'BTCUSDT')).not.toHaveProperty('quoteInvestment');
  });
});
