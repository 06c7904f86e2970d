import type { MarketView } from '../types';
import type { RenderContext, Rendered, StreamRenderer } from './render';
import type { StreamSpec } from './streamSpec';

interface Entry {
  symbol: string;
  /** what makes the entry worth pushing again (times excluded: they move every tick) */
  signature: string;
  data: unknown;
}

type EntryOf = (market: MarketView, symbol: string) => Entry | null;

const realtimesEntry: EntryOf = (market, symbol) => {
  const t = market.ticker(symbol);
  if (!t) return null;
  const data = { t: t.t, s: symbol, sn: symbol, c: t.last, h: t.high, l: t.low, o: t.open, v: t.volume, qv: t.turnover, m: t.changeRatio };
  return { symbol, signature: `${t.last}|${t.high}|${t.low}|${t.open}|${t.volume}|${t.turnover}|${t.changeRatio}`, data };
};

const instrumentEntry: EntryOf = (market, symbol) => {
  const s = market.symbolStatus(symbol);
  return s ? { symbol, signature: `${s.tradeStatus}|${s.noticeVisible}|${s.isBanBuy}|${s.isBanSell}`, data: s } : null;
};

/**
 * realtimes and instrumentInfo: one entry per symbol; everything on
 * subscribe, then the entries that changed since the previous push.
 */
class PerSymbolRenderer implements StreamRenderer {
  private readonly pushed = new Map<string, string>();

  constructor(private readonly spec: StreamSpec, private readonly entryOf: EntryOf) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    const entries: Entry[] = [];
    for (const symbol of this.spec.symbols ?? ctx.market.symbols()) {
      const entry = this.entryOf(ctx.market, symbol);
      if (entry) entries.push(entry);
    }
    const changed = wantDelta ? entries.filter((e) => this.pushed.get(e.symbol) !== e.signature).map((e) => e.data) : [];
    for (const e of entries) this.pushed.set(e.symbol, e.signature);
    return { full: wantFull ? entries.map((e) => e.data) : null, delta: changed.length > 0 ? changed : null };
  }

  reset(): void {
    this.pushed.clear();
  }
}

/** notice: the visible notices on subscribe, then the whole list again whenever one appears or ends. */
class NoticeRenderer implements StreamRenderer {
  private signature: string | null = null;

  constructor(private readonly spec: StreamSpec) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    const notices = (this.spec.symbols ?? ctx.market.symbols()).flatMap((s) => {
      const notice = ctx.market.notice(s);
      return notice ? [notice] : [];
    });
    const signature = notices.map((n) => `${n.symbolId}|${n.noticeType}|${n.onlineTime}|${n.noticeContent}|${n.noticeLinkUrl}`).join('\n');
    const moved = this.signature !== null && signature !== this.signature;
    this.signature = signature;
    return { full: wantFull ? notices : null, delta: wantDelta && moved ? notices : null };
  }

  reset(): void {
    this.signature = null;
  }
}

export function realtimesRenderer(spec: StreamSpec): StreamRenderer {
  return new PerSymbolRenderer(spec, realtimesEntry);
}

export function instrumentInfoRenderer(spec: StreamSpec): StreamRenderer {
  return new PerSymbolRenderer(spec, instrumentEntry);
}

export function noticeRenderer(spec: StreamSpec): StreamRenderer {
  return new NoticeRenderer(spec);
}
