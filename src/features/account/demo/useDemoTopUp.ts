import { useCallback, useEffect, useRef, useState } from 'react';
import { findSymbol } from '../../../domain/symbol';
import { autoPrompt, demoBalanceEmpty, rechargeOutcome, type EmptyBalance, type RechargeOutcome } from '../../../domain/demoRecharge';
import { useBalances, useDemoRecharge, useDemoWalletValue } from '../../../data/assets';
import { useProfile, useSymbols } from '../../../data/queries';

export interface DemoTopUp {
  /** a demo account: the control and the modal exist */
  available: boolean;
  open: boolean;
  /** opened by itself because the wallet, or the pair's quote coin, ran out (the modal says which) */
  empty: EmptyBalance;
  quote: string;
  pending: boolean;
  /** the last answer of this opening; null before the first top-up */
  outcome: RechargeOutcome | { kind: 'network' } | null;
  show: () => void;
  close: () => void;
  topUp: () => void;
}

/**
 * The demo recharge modal's logic (spec 2 §2, §4, §6–§8): it opens from the
 * "Top up demo funds" control, and by itself once each time the demo
 * balance runs out; the top-up asks for the spot-trade scene and the
 * balances reload after it (data/assets).
 */
export function useDemoTopUp(base: string, quote: string): DemoTopUp {
  const profile = useProfile().data;
  const isDemo = (profile?.loggedIn ?? false) && (profile?.isDemo ?? false);
  const balances = useBalances();
  const wb = useDemoWalletValue(isDemo);
  const recharge = useDemoRecharge();
  const [open, setOpen] = useState(false);
  const [empty, setEmpty] = useState<EmptyBalance>(null);
  const [outcome, setOutcome] = useState<DemoTopUp['outcome']>(null);

  // Unknown until the balances answered; a coin the account never held has no line and did not
  // "run out" (a pair quoted in it must not greet a demo trader with a top-up that may not even add it).
  const quoteTotal = balances.data?.find((b) => b.tokenId === quote)?.total ?? null;
  const symbols = useSymbols().data;
  const minOrderValue = (symbols && findSymbol(symbols, base, quote)?.minTradeAmount) ?? null;
  const ranOut = demoBalanceEmpty({ isDemo, wb, quoteTotal, minOrderValue });
  const prompted = useRef(false);
  useEffect(() => {
    const next = autoPrompt(prompted.current, ranOut !== null);
    prompted.current = next.prompted;
    if (next.open) {
      setOutcome(null);
      setEmpty(ranOut);
      setOpen(true);
    }
  }, [ranOut]);

  const show = useCallback(() => {
    setOutcome(null);
    setEmpty(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const { mutate } = recharge;
  const topUp = useCallback(
    () =>
      mutate(undefined, {
        onSuccess: (answer) => setOutcome(rechargeOutcome(answer)),
        onError: () => setOutcome({ kind: 'network' }),
      }),
    [mutate],
  );

  return { available: isDemo, open: open && isDemo, empty, quote, pending: recharge.isPending, outcome, show, close, topUp };
}
