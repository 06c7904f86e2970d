/**
 * Spec 1 §2.2: the EU USDT tips banner shows when the compliance configuration
 * enables it and the symbol involves USDT as its base or quote token.
 */
export function euUsdtTipsVisible({ siteEuUsdtTips, base, quote }: { siteEuUsdtTips: boolean; base: string; quote: string }): boolean {
  if (!siteEuUsdtTips) return false;
  const involves = (token: string) => token.trim().toUpperCase() === 'USDT';
  return involves(base) || involves(quote);
}
