import { useMemo } from 'react';
import {
  DEFAULT_TRADE_PREFERENCES, TRADE_PREFERENCE_FLAGS, visiblePreferenceFlags, type PreferenceContext, type TradePreferenceFlag, type TradePreferences,
} from '../../domain/order-entry/tradePreferences';
import type { Profile } from '../../data/api/profile';
import { useTradePreferences } from '../../data/tradePreferences';
import { useLeverageSettings } from '../../data/spotMargin';
import { leverageOn } from '../../domain/order-entry/leverage';

/**
 * The trade-preference flags the form applies. A flag the rules of spec 2 §5
 * do not offer this account keeps its default: the rules decide what a user
 * may change, not what the form may show (a demo account still chooses its
 * time in force).
 */
export function useOrderPreferences(profile: Profile | null): { prefs: TradePreferences; context: PreferenceContext } {
  const stored = useTradePreferences(profile?.loggedIn ? profile.userId : null).flags;
  const selected = leverageOn(useLeverageSettings().settings);
  const context = useMemo<PreferenceContext>(
    () => ({
      isUnified: profile?.accountType === 'UTA',
      isDemo: profile?.isDemo ?? false,
      compliant: !(profile?.eaaRestricted ?? false),
      leverageSelected: selected,
      // Every pair takes a slippage cap on market orders (REFERENCE.md "Order types").
      maxSlippageLimit: true,
    }),
    [profile, selected],
  );
  const prefs = useMemo(() => {
    const visible = new Set<TradePreferenceFlag>(visiblePreferenceFlags(context));
    const out = {} as Record<TradePreferenceFlag, boolean>;
    for (const flag of TRADE_PREFERENCE_FLAGS) out[flag] = visible.has(flag) ? stored[flag] : DEFAULT_TRADE_PREFERENCES[flag];
    return out;
  }, [context, stored]);
  return { prefs, context };
}
