import type { MarketView, PushedBook } from '../types';
import type { UnitTexts } from './unitText';

/** What a renderer may read during one push tick. */
export interface RenderContext {
  market: MarketView;
  /** exchange time of this tick */
  now: number;
  texts: UnitTexts;
}

/**
 * One tick of a stream: `full` is the data of a first push (f: true) for new
 * subscribers, `delta` the data for subscribers that hold the previous push;
 * null where there is nothing to send.
 */
export interface Rendered {
  full: unknown[] | null;
  delta: unknown[] | null;
}

export const NOTHING: Rendered = { full: null, delta: null };

/**
 * Renders one stream's frames once per tick for all its subscribers. It keeps
 * the state the deltas are computed from, shared by the subscribers, and
 * advances it with every tick it renders.
 */
export interface StreamRenderer {
  render(ctx: RenderContext, wantFull: boolean, wantDelta: boolean): Rendered;
  /** forget the state (the market jumped): the next tick is a first push for everyone */
  reset(): void;
  /** depth topics: the book a client that applied every push holds */
  pushedBook?(ctx: RenderContext): PushedBook | null;
}
