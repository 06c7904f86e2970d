import { useEffect } from 'react';
import { findSymbol } from '../domain/symbol';
import { useSymbols } from '../data/queries';
import { useRecordRecentVisit } from '../data/recents';

/** A listed symbol the user opens becomes the first of the footer's recents (server-side once signed in). */
export function useRecordVisit(base: string, quote: string): void {
  const symbols = useSymbols().data;
  const symbolId = symbols ? findSymbol(symbols, base, quote)?.symbolId : undefined;
  const record = useRecordRecentVisit();
  useEffect(() => {
    if (symbolId) record(symbolId, Date.now());
  }, [symbolId, record]);
}
