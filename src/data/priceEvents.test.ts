// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastBookPrice, publishBookPrice, subscribeBookPrice, useLastBookPrice } from './priceEvents';

describe('book price events', () => {
  it('delivers each published price to every listener until it unsubscribes', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeBookPrice(a);
    const offB = subscribeBookPrice(b);
    publishBookPrice({ symbolId: 'BTCUSDT', price: '61140.5', side: 'sell' });
    offA();
    publishBookPrice({ symbolId: 'BTCUSDT', price: '61139', side: 'buy' });
    offB();
    expect(a.mock.calls).toEqual([[{ symbolId: 'BTCUSDT', price: '61140.5', side: 'sell' }]]);
    expect(b).toHaveBeenCalledTimes(2);
    expect(lastBookPrice()).toEqual({ symbolId: 'BTCUSDT', price: '61139', side: 'buy' });
  });

  it('keeps calling the others when one listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const good = vi.fn();
    const offBad = subscribeBookPrice(() => {
      throw new Error('broken');
    });
    const offGood = subscribeBookPrice(good);
    expect(() => publishBookPrice({ symbolId: 'ETHUSDT', price: '3000', side: 'buy' })).not.toThrow();
    expect(good).toHaveBeenCalledOnce();
    expect(error).toHaveBeenCalledOnce();
    offBad();
    offGood();
    error.mockRestore();
  });

  it('gives a hook the last price and re-renders it on the next one', () => {
    const { result } = renderHook(() => useLastBookPrice());
    act(() => publishBookPrice({ symbolId: 'SOLUSDT', price: '150.12', side: 'sell' }));
    expect(result.current).toEqual({ symbolId: 'SOLUSDT', price: '150.12', side: 'sell' });
  });
});
