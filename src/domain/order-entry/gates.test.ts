import { describe, expect, it } from 'vitest';
import { GATE_ORDER, gatesFor, isGateId, nextGate, type GateId, type GateInput, type GateSymbol } from './gates';

const sym = (base: string, quote = 'USDT', mark: string[] = []): GateSymbol => ({ baseTokenName: base, quoteTokenName: quote, mark });
const input = (symbol: GateSymbol, patch: Partial<Omit<GateInput, 'symbol'>> = {}): GateInput => ({
  symbol,
  upgradeTag: null,
  riskState: 'normal',
  accepted: new Set<GateId>(),
  ...patch,
});

describe('which symbol carries which gate', () => {
  it.each([
    ['SUI as base', sym('SUI'), ['suiTerms']],
    ['SUI as quote', sym('ETH', 'SUI'), ['suiTerms']],
    ['a leveraged token', sym('BTC3L', 'USDT', ['leveraged']), ['ltRiskTest']],
    ['MNT as base', sym('MNT'), ['mntDisclaimer']],
    ['MNT as quote', sym('ETH', 'MNT'), ['mntDisclaimer']],
    ['BIT as base', sym('BIT'), ['bitDisclaimer']],
    ['BIT as quote', sym('ETH', 'BIT'), ['bitDisclaimer']],
    ['the innovation zone', sym('PEPE', 'USDT', ['innovation']), ['innovationRisk']],
    ['the adventure zone', sym('WIF', 'USDT', ['adventure']), ['adventureRisk']],
    ['a plain pair', sym('BTC'), []],
  ])('%s', (_name, symbol, gates) => {
    expect(gatesFor(symbol)).toEqual(gates);
  });

  it('matches whole token names only (BITCOIN, SUIX and MNTA are other tokens)', () => {
    expect(gatesFor(sym('BITCOIN'))).toEqual([]);
    expect(gatesFor(sym('SUIX'))).toEqual([]);
    expect(gatesFor(sym('MNTA'))).toEqual([]);
  });

  it('lists several gates in the spec order', () => {
    expect(gatesFor(sym('MNT', 'SUI', ['adventure', 'innovation', 'leveraged']))).toEqual([
      'suiTerms', 'ltRiskTest', 'mntDisclaimer', 'innovationRisk', 'adventureRisk',
    ]);
    expect(gatesFor(sym('BIT', 'USDT', ['adventure']))).toEqual(['bitDisclaimer', 'adventureRisk']);
  });
});

describe('nextGate', () => {
  it('passes a plain pair on a healthy account', () => {
    expect(nextGate(input(sym('BTC')))).toEqual({ kind: 'pass' });
    expect(nextGate(input(sym('BTC'), { riskState: null, upgradeTag: 'SUCCESS' }))).toEqual({ kind: 'pass' });
  });

  it('blocks an account being upgraded before anything else', () => {
    const everything = sym('SUI', 'USDT', ['leveraged']);
    expect(nextGate(input(everything, { upgradeTag: 'PROCESS', riskState: 'liquidation' }))).toEqual({ kind: 'block', messageKey: 'web2_will_update' });
    for (const tag of ['FAIL', 'SUCCESS', null]) expect(nextGate(input(sym('BTC'), { upgradeTag: tag })).kind).toBe('pass');
  });

  it('asks for each gate of the symbol in order, then passes', () => {
    const symbol = sym('MNT', 'SUI', ['leveraged', 'innovation', 'adventure']);
    const accepted = new Set<GateId>();
    const asked: GateId[] = [];
    let step = nextGate(input(symbol, { accepted }));
    while (step.kind === 'accept' && asked.length < 10) {
      asked.push(step.gate);
      accepted.add(step.gate);
      step = nextGate(input(symbol, { accepted }));
    }
    expect(asked).toEqual(['suiTerms', 'ltRiskTest', 'mntDisclaimer', 'innovationRisk', 'adventureRisk']);
    expect(step).toEqual({ kind: 'pass' });
  });

  it('skips a gate accepted before and ignores acceptances of gates the symbol does not carry', () => {
    expect(nextGate(input(sym('SUI'), { accepted: new Set(['suiTerms']) }))).toEqual({ kind: 'pass' });
    expect(nextGate(input(sym('WIF', 'USDT', ['adventure']), { accepted: new Set(['innovationRisk', 'suiTerms']) }))).toEqual({ kind: 'accept', gate: 'adventureRisk' });
  });

  it.each([
    ['SUIUSDT', sym('SUI'), 'suiTerms'],
    ['BTC3LUSDT', sym('BTC3L', 'USDT', ['leveraged']), 'ltRiskTest'],
    ['MNTUSDT', sym('MNT'), 'mntDisclaimer'],
    ['BITUSDT', sym('BIT'), 'bitDisclaimer'],
    ['PEPEUSDT', sym('PEPE', 'USDT', ['innovation']), 'innovationRisk'],
    ['WIFUSDT', sym('WIF', 'USDT', ['adventure']), 'adventureRisk'],
  ] as const)('%s asks for %s', (_name, symbol, gate) => {
    expect(nextGate(input(symbol))).toEqual({ kind: 'accept', gate });
  });

  it('checks the margin account after the notices: liquidation, then overrun', () => {
    expect(nextGate(input(sym('SUI'), { riskState: 'liquidation' }))).toEqual({ kind: 'accept', gate: 'suiTerms' });
    const accepted = new Set<GateId>(['suiTerms']);
    expect(nextGate(input(sym('SUI'), { riskState: 'liquidation', accepted }))).toEqual({ kind: 'block', messageKey: 'liquidationErrorInfo' });
    expect(nextGate(input(sym('BTC'), { riskState: 'overrun' }))).toEqual({ kind: 'block', messageKey: 'overrunErrorInfo' });
  });
});

describe('isGateId', () => {
  it('knows exactly the six gates', () => {
    for (const gate of GATE_ORDER) expect(isGateId(gate)).toBe(true);
    for (const bad of ['', 'SUITERMS', 'toString', 1, null, undefined, ['suiTerms']]) expect(isGateId(bad)).toBe(false);
  });
});
