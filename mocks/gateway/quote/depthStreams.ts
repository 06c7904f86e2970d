import { toUnits } from '../../../src/domain/units';
import type { Level } from '../../market/types';
import type { PushedBook } from '../types';
import { NOTHING, type RenderContext, type Rendered, type StreamRenderer } from './render';
import type { StreamSpec } from './streamSpec';
import type { UnitText } from './unitText';

type TextLevels = [string, string][];

/** A merge bucket this wide in ticks never needs more raw levels than this to fill `limit` buckets; the book is far shallower. */
const MAX_RAW_LEVELS = 5_000;

export function textLevels(levels: readonly Level[], price: UnitText, qty: UnitText): TextLevels {
  const out: TextLevels = new Array(levels.length);
  for (let i = 0; i < levels.length; i++) {
    const [p, q] = levels[i]!;
    out[i] = [price.of(p), qty.of(q)];
  }
  return out;
}

/**
 * Levels merged into buckets of `size` ticks, best first, at most `limit`:
 * bids round down and asks up (a merged price never looks better than the
 * real one), quantities summed. Prices come out as bucket numbers, i.e. units
 * of the merge step.
 */
export function mergeLevels(levels: readonly Level[], size: number, roundUp: boolean, limit: number): Level[] {
  const out: Level[] = [];
  let last: Level | undefined;
  for (const [price, qty] of levels) {
    const bucket = roundUp ? Math.ceil(price / size) : Math.floor(price / size);
    if (last && last[0] === bucket) {
      last[1] += qty;
      continue;
    }
    if (out.length === limit) break;
    last = [bucket, qty];
    out.push(last);
  }
  return out;
}

/**
 * False when there is nothing to render: no book, or no first push owed and
 * the version is still the one last pushed. Asks for no levels, so a quiet
 * book costs no copy.
 */
function worthRendering(ctx: RenderContext, symbol: string, pushedVersion: number, wantFull: boolean): boolean {
  const probe = ctx.market.book(symbol, 0);
  return probe !== null && (wantFull || probe.version !== pushedVersion);
}

/** depth and mergedDepth: a full book every push, sent when the book's version moved. */
class FullBookRenderer implements StreamRenderer {
  private version = -1;
  private last: PushedBook | null = null;

  constructor(private readonly spec: StreamSpec) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    const { spec } = this;
    const symbol = spec.symbol;
    const steps = ctx.market.steps(symbol);
    if (!steps) return NOTHING;
    const size = spec.mergeStep ? toUnits(spec.mergeStep, steps.tick) : 1;
    if (size === null || size < 1 || !worthRendering(ctx, symbol, this.version, wantFull)) return NOTHING;
    const book = ctx.market.book(symbol, Math.min(MAX_RAW_LEVELS, spec.limit * size));
    if (!book) return NOTHING;
    const moved = book.version !== this.version;
    const qty = ctx.texts.of(steps.lot);
    let b: TextLevels;
    let a: TextLevels;
    if (spec.mergeStep) {
      const price = ctx.texts.of(spec.mergeStep);
      b = textLevels(mergeLevels(book.b, size, false, spec.limit), price, qty);
      a = textLevels(mergeLevels(book.a, size, true, spec.limit), price, qty);
    } else {
      const price = ctx.texts.of(steps.tick);
      b = textLevels(book.b, price, qty);
      a = textLevels(book.a, price, qty);
    }
    const v = String(book.version);
    this.version = book.version;
    this.last = { s: symbol, v, b, a };
    const data = [{ s: symbol, t: ctx.now, v, b, a }];
    return { full: wantFull ? data : null, delta: wantDelta && moved ? data : null };
  }

  reset(): void {
    this.version = -1;
    this.last = null;
  }

  pushedBook(): PushedBook | null {
    return this.last;
  }
}

interface HeldBook {
  version: number;
  b: readonly Level[];
  a: readonly Level[];
  bids: Map<number, number>;
  asks: Map<number, number>;
}

function held(version: number, b: readonly Level[], a: readonly Level[]): HeldBook {
  return { version, b, a, bids: new Map(b), asks: new Map(a) };
}

/** Levels that differ from `before`, best first, then the levels that left (quantity "0"). */
function diffSide(before: Map<number, number>, after: readonly Level[], afterMap: Map<number, number>, price: UnitText, qty: UnitText): TextLevels {
  const out: TextLevels = [];
  for (const [p, q] of after) if (before.get(p) !== q) out.push([price.of(p), qty.of(q)]);
  for (const p of before.keys()) if (!afterMap.has(p)) out.push([price.of(p), '0']);
  return out;
}

/**
 * diffDepth: one full book, then the levels that changed. The book the
 * subscribers hold is kept here once for all of them; a delta names the
 * version it applies to (`pv`), so a client that lost a frame can tell.
 */
class DiffBookRenderer implements StreamRenderer {
  private book: HeldBook | null = null;

  constructor(private readonly spec: StreamSpec) {}

  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered {
    const symbol = this.spec.symbol;
    const steps = ctx.market.steps(symbol);
    if (!worthRendering(ctx, symbol, this.book?.version ?? -1, wantFull)) return NOTHING;
    const now = ctx.market.book(symbol, this.spec.limit);
    if (!steps || !now) return NOTHING;
    const price = ctx.texts.of(steps.tick);
    const qty = ctx.texts.of(steps.lot);
    let delta: unknown[] | null = null;
    if (!this.book) {
      if (!wantFull) return NOTHING;
      this.book = held(now.version, now.b, now.a);
    } else if (now.version !== this.book.version) {
      const next = held(now.version, now.b, now.a);
      // Sent even when only deeper levels moved: every version a client may be asked to hold is announced.
      delta = [{
        s: symbol, t: ctx.now, v: String(next.version), pv: String(this.book.version),
        b: diffSide(this.book.bids, next.b, next.bids, price, qty), a: diffSide(this.book.asks, next.a, next.asks, price, qty),
      }];
      this.book = next;
    }
    const full = wantFull ? [{ s: symbol, t: ctx.now, v: String(this.book.version), b: textLevels(this.book.b, price, qty), a: textLevels(this.book.a, price, qty) }] : null;
    return { full, delta: wantDelta ? delta : null };
  }

  reset(): void {
    this.book = null;
  }

  pushedBook(ctx: RenderContext): PushedBook | null {
    const steps = ctx.market.steps(this.spec.symbol);
    if (!this.book || !steps) return null;
    const price = ctx.texts.of(steps.tick);
    const qty = ctx.texts.of(steps.lot);
    return { s: this.spec.symbol, v: String(this.book.version), b: textLevels(this.book.b, price, qty), a: textLevels(this.book.a, price, qty) };
  }
}

export function depthRenderer(spec: StreamSpec): StreamRenderer {
  return spec.kind === 'diffDepth' ? new DiffBookRenderer(spec) : new FullBookRenderer(spec);
}
