import { findSymbol, type SpotSymbol } from '../../domain/symbol';
import { isLeveragedToken } from '../../domain/lt/token';
import { useLtInfo, useLtSymbolInfo } from '../../data/lt';
import { useSymbols } from '../../data/queries';

export interface LtToken {
  /** the listed pair, undefined while the list loads or when it is not listed */
  symbol: SpotSymbol | undefined;
  /** true once the list says the pair is a leveraged token */
  isLt: boolean;
  /** null while the symbol list is unknown; false when the pair is not listed */
  listed: boolean | null;
  symbolId: string;
  /** the token (base) and the quote coin, in the list's spelling */
  token: string;
  quote: string;
  symbolInfo: ReturnType<typeof useLtSymbolInfo>;
  info: ReturnType<typeof useLtInfo>;
}

/**
 * A pair as a leveraged token: the listed symbol, its LT limits and its
 * live info. The LT calls are made only once the list says the pair is one,
 * so an ordinary pair's page never asks for them.
 */
export function useLtToken(base: string, quote: string): LtToken {
  const symbols = useSymbols();
  const symbol = symbols.data ? findSymbol(symbols.data, base, quote) : undefined;
  const isLt = isLeveragedToken(symbol);
  const symbolId = symbol?.symbolId ?? `${base}${quote}`.toUpperCase();
  const symbolInfo = useLtSymbolInfo(symbolId, isLt);
  const info = useLtInfo(symbolId, isLt);
  return {
    symbol,
    isLt,
    listed: symbols.data ? symbol !== undefined : null,
    symbolId,
    token: symbol?.baseTokenName ?? base.toUpperCase(),
    quote: symbol?.quoteTokenName ?? quote.toUpperCase(),
    symbolInfo,
    info,
  };
}
