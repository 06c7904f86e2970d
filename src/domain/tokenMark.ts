/**
 * The current symbol's thumbnail (spec 1 §2.4): the coin's icon where the
 * page ships one, otherwise a letter mark — the coin's first letter on a
 * colour of its own, the same for a coin on every visit and device.
 */

/** Coins whose icon ships with the page (public/token-icons/{coin}.svg); a test keeps this list and the folder in step. */
export const TOKEN_ICON_COINS: readonly string[] = ['BTC', 'DOGE', 'ETH', 'SOL', 'USDC', 'USDT', 'XRP'];

export function tokenIconPath(coin: string): string | null {
  return TOKEN_ICON_COINS.includes(coin) ? `/token-icons/${coin}.svg` : null;
}

export interface LetterMark {
  letter: string;
  /** 0–359, from the coin's name */
  hue: number;
}

export function letterMark(coin: string): LetterMark {
  const letter = [...coin.toUpperCase()].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? '?';
  let hash = 0;
  for (const c of coin.toUpperCase()) hash = (hash * 31 + (c.codePointAt(0) ?? 0)) >>> 0;
  return { letter, hue: hash % 360 };
}
