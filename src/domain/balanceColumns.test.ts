import { describe, expect, it } from 'vitest';
import { balanceCell, balanceColumns } from './balanceColumns';

describe('Assets columns by account type', () => {
  it('a classic account shows what can be transferred, a unified one the USDT value in orders', () => {
    expect(balanceColumns('CLASSIC')).toEqual(['total', 'available', 'inOrders', 'transferable']);
    expect(balanceColumns('UTA')).toEqual(['total', 'available', 'inOrders', 'inOrdersUsdt']);
  });

  it('reads the spec fields, falling back to free for available, and leaves a missing field empty', () => {
    const classic = { total: '10', free: '8', locked: '2', spotAvailableBalance: '8', transferLimit: '5' };
    expect(balanceColumns('CLASSIC').map((c) => balanceCell(classic, c))).toEqual(['10', '8', '2', '5']);
    const unified = { total: '10', free: '8', locked: '2', spotAvailableBalance: '8', occAssetUSDTValue: '123.45' };
    expect(balanceColumns('UTA').map((c) => balanceCell(unified, c))).toEqual(['10', '8', '2', '123.45']);
    expect(balanceCell({ total: '1', free: '1', locked: '0' }, 'available')).toBe('1');
    expect(balanceCell({ total: '1', free: '1', locked: '0' }, 'transferable')).toBeNull();
  });
});
