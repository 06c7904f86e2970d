import { describe, expect, it } from 'vitest';
import { MalformedResponseError } from '../http';
import { parseLiabilities } from './liabilities';

describe('parseLiabilities', () => {
  it('reads the loans as decimal strings', () => {
    expect(parseLiabilities({ list: [{ coin: 'BTC', borrowSize: '0.5', interest: '0', availableToBorrow: '12.3' }] })).toEqual([
      { coin: 'BTC', borrowSize: '0.5', interest: '0', availableToBorrow: '12.3' },
    ]);
  });

  it('refuses an answer it cannot read rather than showing a wrong loan', () => {
    expect(() => parseLiabilities({ list: [{ coin: 'BTC', borrowSize: '-1', interest: '0', availableToBorrow: '0' }] })).toThrow(MalformedResponseError);
    expect(() => parseLiabilities({ list: 'x' })).toThrow(MalformedResponseError);
  });
});
