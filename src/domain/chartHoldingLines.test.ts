import { describe, expect, it } from 'vitest';
import { gridLines, positionLine } from './chartHoldingLines';

const positions = [
  { coin: 'BTC', size: '0.5', avgEntryPrice: '60123.45' },
  { coin: 'USDT', size: '1000', avgEntryPrice: '0' },
  { coin: 'ETH', size: '2', avgEntryPrice: '0' },
];
const bot = (over: Partial<{ botId: string; symbol: string; status: string; minPrice: string; maxPrice: string; gridNumber: number }> = {}) => ({
  botId: 'b1', symbol: 'BTCUSDT', status: 'RUNNING', minPrice: '58000', maxPrice: '64000', gridNumber: 20, ...over,
});

describe('position line', () => {
  it('the base coin held at its average entry price', () => {
    expect(positionLine(true, positions, 'BTC')).toEqual({ id: 'position:BTC', side: 'Buy', price: 60123.45, kind: 'position', size: '0.5' });
  });

  it('none when off, not held, or held without an entry price', () => {
    expect(positionLine(false, positions, 'BTC')).toBeNull();
    expect(positionLine(true, positions, 'SOL')).toBeNull();
    expect(positionLine(true, positions, 'ETH')).toBeNull();
    expect(positionLine(true, [{ coin: 'BTC', size: '0', avgEntryPrice: '60000' }], 'BTC')).toBeNull();
    expect(positionLine(true, [{ coin: 'BTC', size: '1', avgEntryPrice: 'x' }], 'BTC')).toBeNull();
  });
});

describe('grid lines', () => {
  it('upper and lower price of each running bot on the pair', () => {
    expect(gridLines(true, [bot(), bot({ botId: 'b2', minPrice: '50000', maxPrice: '70000' })], 'BTCUSDT').map((l) => [l.id, l.price, l.side])).toEqual([
      ['grid:b1:upper', 64000, 'Sell'],
      ['grid:b1:lower', 58000, 'Buy'],
      ['grid:b2:upper', 70000, 'Sell'],
      ['grid:b2:lower', 50000, 'Buy'],
    ]);
  });

  it('leaves out other pairs, bots not running, bad ranges, and everything when off', () => {
    expect(gridLines(true, [bot({ symbol: 'ETHUSDT' }), bot({ status: 'COMPLETED' }), bot({ minPrice: '70000' }), bot({ maxPrice: 'NaN' })], 'BTCUSDT')).toEqual([]);
    expect(gridLines(false, [bot()], 'BTCUSDT')).toEqual([]);
  });
});
