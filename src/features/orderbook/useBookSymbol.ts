import { useMemo } from 'react';
import { depthStepsOf, type DepthStep } from '../../domain/depthOptions';
import { precisionsOf, type Precisions } from '../../domain/format';
import { findSymbol } from '../../domain/symbol';
import { useSymbols } from '../../data/queries';

export interface BookSymbol {
  /** '' until the symbol list answered (nothing is subscribed then) */
  symbolId: string;
  precisions: Precisions;
  steps: readonly DepthStep[];
}

/** The page symbol's id, precisions (spec defaults when unknown) and merge steps. */
export function useBookSymbol(base: string, quote: string): BookSymbol {
  const symbols = useSymbols().data;
  return useMemo(() => {
    const symbol = symbols ? findSymbol(symbols, base, quote) : undefined;
    return { symbolId: symbol?.symbolId ?? '', precisions: precisionsOf(symbol), steps: depthStepsOf(symbol?.digitMerge) };
  }, [symbols, base, quote]);
}
