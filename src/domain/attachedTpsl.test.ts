import { describe, expect, it } from 'vitest';
import { attachedTpslNote } from './attachedTpsl';

const info = (over: Partial<Parameters<typeof attachedTpslNote>[0] & object> = {}) => ({
  takeProfit: '65000',
  stopLoss: '55000',
  state: 'waiting' as const,
  refusalCode: 0,
  ...over,
});

describe('attachedTpslNote', () => {
  it('says nothing without a TP/SL, or when the order ended with nothing to close', () => {
    expect(attachedTpslNote(null)).toBeNull();
    expect(attachedTpslNote(info({ takeProfit: '', stopLoss: '' }))).toBeNull();
    expect(attachedTpslNote(info({ state: 'dropped' }))).toBeNull();
  });

  it('shows the prices while waiting and once placed; an unset price is null', () => {
    expect(attachedTpslNote(info())).toMatchObject({ key: 'tpslWaiting', takeProfit: '65000', stopLoss: '55000' });
    expect(attachedTpslNote(info({ state: 'placed', takeProfit: '' }))).toMatchObject({ key: 'tpslPlaced', takeProfit: null, stopLoss: '55000' });
  });

  it('explains a refusal by what it means to the trader', () => {
    const refused = (refusalCode: number) => attachedTpslNote(info({ state: 'refused', refusalCode }))?.key;
    expect(refused(170130)).toBe('tpslRefusedPassed');
    expect(refused(170140)).toBe('tpslRefusedSize');
    expect(refused(170136)).toBe('tpslRefusedSize');
    expect(refused(170131)).toBe('tpslRefusedBalance');
    expect(refused(99999)).toBe('tpslRefusedOther');
  });
});
