import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readString, STORAGE_KEYS, writeString } from '../../data/storage';

/** The page's pair, and whether the order lists show it only or every pair ("Show all pairs", spec 2 §2). */
export interface PairFilter {
  /** the page's pair; null: no pair to narrow to (every pair shows) */
  pair: { base: string; quote: string } | null;
  allPairs: boolean;
  setAllPairs: (all: boolean) => void;
}

const PairFilterContext = createContext<PairFilter>({ pair: null, allPairs: true, setAllPairs: () => undefined });

/** The choice is this device's, kept across reloads; every pair by default. */
export function PairFilterProvider({ base, quote, children }: { base?: string; quote?: string; children: ReactNode }) {
  const [allPairs, setAll] = useState(() => readString(STORAGE_KEYS.ordersAllPairs) !== '0');
  const setAllPairs = (all: boolean) => {
    writeString(STORAGE_KEYS.ordersAllPairs, all ? '1' : '0');
    setAll(all);
  };
  const pair = base && quote ? { base, quote } : null;
  return <PairFilterContext.Provider value={{ pair, allPairs: allPairs || pair === null, setAllPairs }}>{children}</PairFilterContext.Provider>;
}

export function usePairFilter(): PairFilter & { matches: (o: { baseTokenName?: string; quoteTokenName?: string; symbolId: string }) => boolean; symbolId: string | null } {
  const filter = useContext(PairFilterContext);
  const symbolId = filter.allPairs || !filter.pair ? null : `${filter.pair.base}${filter.pair.quote}`;
  const matches = (o: { symbolId: string }) => symbolId === null || o.symbolId === symbolId;
  return { ...filter, matches, symbolId };
}

/** The "Show all pairs" switch beside a list's tools; absent when the panel has no pair of its own. */
export function AllPairsSwitch() {
  const { t } = useTranslation('trade');
  const { pair, allPairs, setAllPairs } = usePairFilter();
  if (!pair) return null;
  return (
    <label className="orders__all-pairs">
      <input type="checkbox" checked={allPairs} onChange={(e) => setAllPairs(e.target.checked)} />
      {t('showAllPairs')}
    </label>
  );
}
