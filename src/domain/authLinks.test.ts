import { describe, expect, it } from 'vitest';
import { authLinks } from './authLinks';

describe('auth links', () => {
  it('send the visitor back to the page they were on', () => {
    expect(authLinks('/en/trade/spot/ETH/USDT?x=1')).toEqual({
      login: '/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT%3Fx%3D1',
      signUp: '/register?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT%3Fx%3D1',
    });
  });
});
