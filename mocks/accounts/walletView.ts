/**
 * The unified wallet as both the getUnifiedAsset call and the
 * user.unify.uta.wallet push give it (spec 2 §3 "Wallet balance"): one
 * builder, so a push never disagrees with the call the page refetches.
 */
import { formatAmount, type Amount, type Exchange } from '../exchange';
import { usdtValue, walletValue, type SpotMarginDesk } from './margin';

export interface Holding {
  token: string;
  free: Amount;
  locked: Amount;
}

/** The user's coins: every ledger line plus coins owed but no longer held, by name. */
export function holdings(exchange: Exchange, margin: SpotMarginDesk, userId: string): Holding[] {
  const lines = new Map(exchange.balances(userId).map((l) => [l.token, { token: l.token, free: l.free, locked: l.locked }]));
  for (const token of Object.keys(margin.loans(userId))) if (!lines.has(token)) lines.set(token, { token, free: 0n, locked: 0n });
  return [...lines.values()].sort((a, b) => (a.token < b.token ? -1 : 1));
}

/** A coin's line, zero when the user never held it. */
export function holdingOf(exchange: Exchange, userId: string, token: string): Holding {
  const line = exchange.ledger.line(userId, token);
  return { token, free: line.free, locked: line.locked };
}

/** The unified wallet's leverage: assets over equity, 2 decimals cut; null when equity is gone. */
export function actualLeverageRatio(exchange: Exchange, margin: SpotMarginDesk, userId: string): string | null {
  const equity = margin.equity(userId);
  if (equity <= 0n) return null;
  const ratio = (walletValue(exchange, userId) * 100n) / equity;
  return `${ratio / 100n}.${String(ratio % 100n).padStart(2, '0')}`;
}

/** coinList entries with the spec's fields; `occAssetUSDTValue` is what open orders hold, in USDT. */
export function unifiedCoinList(exchange: Exchange, margin: SpotMarginDesk, userId: string, coins: readonly Holding[]) {
  return coins.map((h) => ({
    tokenId: h.token,
    spotAvailableBalance: formatAmount(h.free),
    spotMarginAvailableBalance: formatAmount(h.free + margin.borrowable(userId, h.token), 8),
    walletBalance: formatAmount(h.free + h.locked),
    borrowSize: formatAmount(margin.borrowSize(userId, h.token)),
    occAssetUSDTValue: formatAmount(usdtValue(exchange, h.token, h.locked), 2, true),
  }));
}

/**
 * A classic account's balance line with the spec's fields (spec 1 §5), as
 * both the balance call and the classic wallet push give it: transferLimit is
 * free less what is borrowed of the coin (loans can be traded, not moved out).
 */
export function classicBalanceLine(margin: SpotMarginDesk, userId: string, h: Holding) {
  const transferable = h.free - margin.borrowSize(userId, h.token);
  return {
    tokenId: h.token,
    free: formatAmount(h.free),
    spotAvailableBalance: formatAmount(h.free),
    transferLimit: formatAmount(transferable > 0n ? transferable : 0n),
    locked: formatAmount(h.locked),
    total: formatAmount(h.free + h.locked),
  };
}

/** The whole unified wallet of a user. */
export function unifiedWallet(exchange: Exchange, margin: SpotMarginDesk, userId: string) {
  return {
    coinList: unifiedCoinList(exchange, margin, userId, holdings(exchange, margin, userId)),
    actualLeverageRatio: actualLeverageRatio(exchange, margin, userId),
  };
}
