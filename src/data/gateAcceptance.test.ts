import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptGate, parseAcceptedGates, readAcceptedGates, reloadAcceptedGates, useAcceptedGates } from './gateAcceptance';
import { STORAGE_KEYS } from './storage';

const KEY = STORAGE_KEYS.gateAccepted;
const storedJson = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  reloadAcceptedGates();
});

describe('parseAcceptedGates', () => {
  it('keeps known gates once, in the spec order', () => {
    expect(parseAcceptedGates(['adventureRisk', 'suiTerms', 'nope', 3, 'suiTerms'])).toEqual(['suiTerms', 'adventureRisk']);
  });

  it('drops a user whose entry is not a list', () => {
    for (const raw of [null, 'suiTerms', { suiTerms: true }, 1]) expect(parseAcceptedGates(raw)).toBeNull();
  });
});

describe('accepted gates per user', () => {
  it('uses the versioned key', () => {
    expect(KEY).toBe('SPOT_gate_accepted_v1');
  });

  it('stores an acceptance per user and gate, durable before it reads as accepted', () => {
    expect(readAcceptedGates('u-uta').size).toBe(0);
    expect(acceptGate('u-uta', 'ltRiskTest')).toBe(true);
    expect(acceptGate('u-uta', 'suiTerms')).toBe(true);
    expect(acceptGate('u-demo', 'mntDisclaimer')).toBe(true);
    expect(storedJson()).toEqual({ 'u-demo': ['mntDisclaimer'], 'u-uta': ['suiTerms', 'ltRiskTest'] });
    reloadAcceptedGates();
    expect([...readAcceptedGates('u-uta')]).toEqual(['suiTerms', 'ltRiskTest']);
    expect([...readAcceptedGates('u-demo')]).toEqual(['mntDisclaimer']);
    expect(readAcceptedGates('u-standard').size).toBe(0);
  });

  it('reads bad stored data as nothing accepted, never a crash', () => {
    for (const raw of ['{not json', '"text"', '[1,2]', 'null', '{"u-uta":"suiTerms"}', '{"bad id!":["suiTerms"]}']) {
      localStorage.setItem(KEY, raw);
      reloadAcceptedGates();
      expect(readAcceptedGates('u-uta').size, raw).toBe(0);
      expect(readAcceptedGates('bad id!').size, raw).toBe(0);
    }
    localStorage.setItem(KEY, '{"u-uta":["bitDisclaimer","??"],"u-demo":7}');
    reloadAcceptedGates();
    expect([...readAcceptedGates('u-uta')]).toEqual(['bitDisclaimer']);
    expect(acceptGate('u-demo', 'suiTerms')).toBe(true);
    expect(storedJson()).toEqual({ 'u-demo': ['suiTerms'], 'u-uta': ['bitDisclaimer'] });
  });

  it('leaves the gate open when storage refuses the write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(acceptGate('u-uta', 'suiTerms')).toBe(false);
    expect(readAcceptedGates('u-uta').has('suiTerms')).toBe(false);
  });

  it('merges with what another tab stored meanwhile', () => {
    expect(readAcceptedGates('u-uta').size).toBe(0); // cached as empty
    localStorage.setItem(KEY, JSON.stringify({ 'u-uta': ['innovationRisk'] }));
    expect(acceptGate('u-uta', 'adventureRisk')).toBe(true);
    expect(storedJson()).toEqual({ 'u-uta': ['innovationRisk', 'adventureRisk'] });
  });
});

describe('useAcceptedGates', () => {
  it('re-renders on accept and on another tab\'s change; a visitor cannot accept', () => {
    const { result, rerender } = renderHook(({ user }: { user: string | null }) => useAcceptedGates(user), { initialProps: { user: 'u-uta' as string | null } });
    expect(result.current.accepted.size).toBe(0);
    let ok = false;
    act(() => {
      ok = result.current.accept('suiTerms');
    });
    expect(ok).toBe(true);
    expect([...result.current.accepted]).toEqual(['suiTerms']);

    act(() => {
      localStorage.setItem(KEY, JSON.stringify({ 'u-uta': ['suiTerms', 'bitDisclaimer'] }));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect([...result.current.accepted]).toEqual(['suiTerms', 'bitDisclaimer']);

    rerender({ user: null });
    expect(result.current.accepted.size).toBe(0);
    act(() => {
      ok = result.current.accept('suiTerms');
    });
    expect(ok).toBe(false);
  });

  it('keeps the same set between renders while nothing changes', () => {
    const { result, rerender } = renderHook(() => useAcceptedGates('u-uta'));
    const first = result.current.accepted;
    rerender();
    expect(result.current.accepted).toBe(first);
  });
});
