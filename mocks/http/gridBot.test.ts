import { describe, expect, it } from 'vitest';
import { readGridParams } from './gridBot';

const body = { symbol: 'BTCUSDT', minPrice: '50000', maxPrice: '60000', gridNumber: 10, type: 'arithmetic', quoteInvestment: '1000' };
const refused = (patch: Record<string, unknown>) => {
  try {
    readGridParams({ ...body, ...patch });
    return null;
  } catch (error) {
    return (error as { code: number; message: string }).message;
  }
};

describe('readGridParams (the create body, read strictly)', () => {
  it('reads a well-formed body, optional prices only when given', () => {
    expect(readGridParams({ ...body, stopLossPrice: '', trailing: true })).toEqual({ ...body, trailing: true });
    expect(readGridParams({ ...body, entryPrice: '52000' })).toMatchObject({ entryPrice: '52000' });
  });

  it('refuses each field of the wrong shape, naming it', () => {
    expect(refused({ symbol: 'btc/usdt' })).toBe('symbol must be a pair id');
    expect(refused({ gridNumber: '10' })).toBe('gridNumber must be a whole number');
    expect(refused({ gridNumber: 2.5 })).toBe('gridNumber must be a whole number');
    expect(refused({ type: 'fibonacci' })).toBe('type must be arithmetic or geometric');
    expect(refused({ minPrice: -5 })).toBe('minPrice must be a decimal string');
    expect(refused({ maxPrice: undefined })).toBe('minPrice and maxPrice are required');
    expect(refused({ quoteInvestment: '1e3' })).toBe('quoteInvestment must be a decimal string');
    expect(refused({ trailing: 'yes' })).toBe('trailing must be true or false');
  });
});
