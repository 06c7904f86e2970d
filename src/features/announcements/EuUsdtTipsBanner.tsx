/** EU USDT tips banner (spec 1 §2.2). Filled in by the announcements work of issue 5. */
export function EuUsdtTipsBanner({ base, quote }: { base: string; quote: string }) {
  return <div data-symbol={`${base}${quote}`} hidden />;
}
