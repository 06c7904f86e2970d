import type { ReactNode } from 'react';

/** Shows the symbol's opening countdown instead of the chart (spec 1 §2.8, §4). Filled in by issue 5's countdown work. */
export function SymbolNoticeGate({ base, quote, children }: { base: string; quote: string; children: ReactNode }) {
  return <div data-symbol={`${base}${quote}`}>{children}</div>;
}
