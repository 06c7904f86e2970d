import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRADE_PREFERENCES,
  effectiveFlags,
  isTradePreferenceFlag,
  parseTradePreferences,
  TRADE_PREFERENCE_FLAGS,
  visiblePreferenceFlags,
  type PreferenceContext,
} from './tradePreferences';

const UTA: PreferenceContext = { isUnified: true, isDemo: false, compliant: true, leverageSelected: false, maxSlippageLimit: false };
const BASIC = ['showAvailableBalance', 'showMaxBuy', 'showBaseOrQuote'];

describe('defaults and stored data', () => {
  it('has the ten flags of spec 2 §3, all but the slippage cap on by default (each shows only where its rule offers it)', () => {
    expect(TRADE_PREFERENCE_FLAGS).toHaveLength(10);
    expect(TRADE_PREFERENCE_FLAGS.filter((f) => !DEFAULT_TRADE_PREFERENCES[f])).toEqual(['showMaxSlippageLimit']);
  });

  it('keeps stored booleans and replaces everything else by the default', () => {
    expect(parseTradePreferences({ showLeverage: true, showTpSl: false, showMaxBuy: 'no', showPostOnly: 0, extra: true })).toEqual({
      ...DEFAULT_TRADE_PREFERENCES,
      showLeverage: true,
      showTpSl: false,
    });
  });

  it('reads anything that is not an object as the defaults', () => {
    for (const raw of [undefined, null, true, 'showTpSl', 3, [true, false]]) expect(parseTradePreferences(raw)).toEqual(DEFAULT_TRADE_PREFERENCES);
  });

  it('knows exactly its flags', () => {
    expect(isTradePreferenceFlag('showTpSl')).toBe(true);
    for (const bad of ['showtpsl', 'constructor', '', 1, null]) expect(isTradePreferenceFlag(bad)).toBe(false);
  });
});

describe('visiblePreferenceFlags (spec 2 §5)', () => {
  it('a unified, compliant, live account without leverage', () => {
    expect(visiblePreferenceFlags(UTA)).toEqual(['showSpotMargin', 'showAvailableBalance', 'showMaxBuy', 'showTpSl', 'showPostOnly', 'showTimeInForce', 'showBaseOrQuote']);
  });

  it('spot margin needs a unified account and compliance', () => {
    expect(visiblePreferenceFlags({ ...UTA, compliant: false })).not.toContain('showSpotMargin');
    expect(visiblePreferenceFlags({ ...UTA, isUnified: false })).not.toContain('showSpotMargin');
  });

  it('leverage needs a selected leverage (or tool margin mode) and UTA; borrowed amount needs a selected leverage', () => {
    const leveraged = visiblePreferenceFlags({ ...UTA, leverageSelected: true });
    expect(leveraged).toContain('showLeverage');
    expect(leveraged).toContain('showBorrowedAmount');
    const classic = visiblePreferenceFlags({ ...UTA, isUnified: false, leverageSelected: true });
    expect(classic).not.toContain('showLeverage');
    expect(classic).toContain('showBorrowedAmount');
  });

  it('advanced functions need UTA and a live (non-demo) account', () => {
    const advanced = ['showTpSl', 'showPostOnly', 'showTimeInForce', 'showMaxSlippageLimit'];
    for (const ctx of [{ ...UTA, isDemo: true }, { ...UTA, isUnified: false }]) {
      const visible = visiblePreferenceFlags({ ...ctx, maxSlippageLimit: true });
      for (const flag of advanced) expect(visible).not.toContain(flag);
    }
  });

  it('slippage needs a max slippage limit', () => {
    expect(visiblePreferenceFlags(UTA)).not.toContain('showMaxSlippageLimit');
    expect(visiblePreferenceFlags({ ...UTA, maxSlippageLimit: true })).toContain('showMaxSlippageLimit');
  });

  it('a classic demo visitor-like context still offers the basic flags', () => {
    expect(visiblePreferenceFlags({ isUnified: false, isDemo: true, compliant: false, leverageSelected: false, maxSlippageLimit: true })).toEqual(BASIC);
  });
});

describe('effectiveFlags', () => {
  it('turns off what the rules hide and keeps the stored value of the rest', () => {
    const stored = { ...DEFAULT_TRADE_PREFERENCES, showLeverage: true, showMaxBuy: false };
    const effective = effectiveFlags(stored, ['showLeverage', 'showMaxBuy', 'showAvailableBalance']);
    expect(TRADE_PREFERENCE_FLAGS.filter((f) => effective[f])).toEqual(['showLeverage', 'showAvailableBalance']);
  });
});
