import { useEffect } from 'react';
import { findSymbol } from '../domain/symbol';
import { useSymbols } from '../data/queries';
import { recordRecentVisit } from '../data/recents';

/** A listed symbol the user opens becomes the first of the footer's recents. */
export function useRecordVisit(base: string, quote: string): void {
  const symbols = useSymbols().data;
  const symbolId = symbols ? findSymbol(symbols, base, quote)?.symbolId : undefined;
  useEffect(() => {
    if (symbolId) void recordRecentVisit(symbolId, Date.now());
  }, [symbolId]);
}
