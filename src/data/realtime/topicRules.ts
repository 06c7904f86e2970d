/**
 * How each topic's pushes change what the page holds (docs/api.md, "Topics"),
 * as pure steps: state + push → next state, or a drop with its reason.
 */
import { applyDelta, applySnapshot, compareDecimal, type DepthBook } from '../../domain/depthBook';
import { isDelta, type InstrumentInfo, type KlineBar, type Notice, type Push, type Ticker, type Trade } from './frames';
import { DEPTH_LEVELS, type StreamTopic } from './streams';

export interface StreamError {
  code: string;
  desc: string;
}

interface StreamStateBase {
  /** a full state arrived since the (re)subscription and nothing was missed since */
  live: boolean;
  /** the server refused the subscription (error frame); cleared by the next push */
  error: StreamError | null;
}

export interface DepthState extends StreamStateBase {
  /** null until the first full book, and again from a lost socket until the next one */
  book: DepthBook | null;
  /** the book a lost socket cleared, for a view that would rather dim the last book than go blank */
  lastBook?: DepthBook | null;
}

export interface TradesState extends StreamStateBase {
  /** newest first, at most RECENT_TRADES_KEPT */
  trades: readonly Trade[];
}

export interface KlineState extends StreamStateBase {
  /** the bar in progress */
  bar: KlineBar | null;
  /** the last bar that closed while subscribed */
  closed: KlineBar | null;
}

export interface TickersState extends StreamStateBase {
  /** symbol → 24 h statistics */
  tickers: Readonly<Record<string, Ticker>>;
}

export interface NoticeState extends StreamStateBase {
  notices: readonly Notice[];
}

export interface InstrumentsState extends StreamStateBase {
  /** symbolId → status */
  instruments: Readonly<Record<string, InstrumentInfo>>;
}

export interface StateByTopic {
  mergedDepth: DepthState;
  depth: DepthState;
  diffDepth: DepthState;
  trade: TradesState;
  kline: KlineState;
  realtimes: TickersState;
  notice: NoticeState;
  instrumentInfo: InstrumentsState;
}

/** Spec 2 §9: recent trades kept 100. */
export const RECENT_TRADES_KEPT = 100;

export type DropReason = 'stale' | 'duplicate' | 'gap';

export interface Step<S> {
  state: S;
  drop?: DropReason;
  /** the stream must restart with a fresh full push */
  resync?: boolean;
}

export interface TopicRules<T extends StreamTopic> {
  empty(): StateByTopic[T];
  /** pushes whose sendTime goes back are stale (topics without a version or ids of their own) */
  ordersBySendTime: boolean;
  apply(state: StateByTopic[T], push: Extract<Push, { topic: T }>): Step<StateByTopic[T]>;
  /** what is still worth showing once the socket is gone */
  disconnected(state: StateByTopic[T]): StateByTopic[T];
}

const notLive = { live: false, error: null } as const;

/** mergedDepth and depth: every push is a full book. */
const fullBookRules: TopicRules<'mergedDepth' | 'depth'> = {
  empty: () => ({ ...notLive, book: null }),
  ordersBySendTime: false,
  apply(state, push) {
    let book = state.book;
    let drop: DropReason | undefined;
    for (const snapshot of push.data) {
      // `f` is the server's word after a subscribe: it replaces whatever is held.
      const update = applySnapshot(push.f ? null : book, snapshot);
      if (update.kind === 'applied') book = update.book;
      else drop ??= update.kind === 'duplicate' ? 'duplicate' : 'stale';
    }
    if (book === state.book) return { state, drop: drop ?? 'stale' };
    return { state: { live: true, error: null, book } };
  },
  // A book nobody updates any more would be shown as live: clear it until the next full push.
  disconnected: (state) =>
    state.book === null && !state.live ? state : { ...state, live: false, book: null, lastBook: state.book ?? state.lastBook ?? null },
};

const diffDepthRules: TopicRules<'diffDepth'> = {
  empty: () => ({ ...notLive, book: null }),
  ordersBySendTime: false,
  apply(state, push) {
    if (push.f) return fullBookRules.apply(state, { ...push, topic: 'depth' }) as Step<DepthState>;
    // Waiting for the fresh full book of a resubscription: deltas cannot be placed.
    if (!state.live) return { state, drop: 'gap' };
    let book = state.book;
    for (const entry of push.data) {
      if (!isDelta(entry)) continue;
      const update = applyDelta(book, entry, DEPTH_LEVELS.diffDepth);
      if (update.kind === 'gap') return { state: { ...state, book, live: false }, drop: 'gap', resync: true };
      if (update.kind !== 'applied') return book === state.book ? { state, drop: update.kind } : { state: { ...state, book } };
      book = update.book;
    }
    return book === state.book ? { state } : { state: { ...state, book, error: null } };
  },
  disconnected: fullBookRules.disconnected,
};

function newestFirst(x: Trade, y: Trade): number {
  if (x.t !== y.t) return y.t - x.t;
  return /^\d+$/.test(x.v) && /^\d+$/.test(y.v) ? compareDecimal(y.v, x.v) : 0;
}

const tradeRules: TopicRules<'trade'> = {
  empty: () => ({ ...notLive, trades: [] }),
  // Trades are deduplicated by id: a late batch still holds trades nobody saw.
  ordersBySendTime: false,
  apply(state, push) {
    const known = new Set<string>(push.f ? [] : state.trades.map((trade) => trade.v));
    const fresh: Trade[] = [];
    for (const trade of push.data) {
      if (known.has(trade.v)) continue;
      known.add(trade.v);
      fresh.push(trade);
    }
    if (!push.f && fresh.length === 0) return { state, drop: 'duplicate' };
    const held = push.f ? [] : state.trades;
    const inOrder = fresh.every((trade, i) => i === 0 || newestFirst(fresh[i - 1]!, trade) <= 0);
    const merged =
      inOrder && (held.length === 0 || fresh.length === 0 || newestFirst(fresh[fresh.length - 1]!, held[0]!) <= 0)
        ? fresh.concat(held)
        : [...fresh, ...held].sort(newestFirst);
    return { state: { live: true, error: null, trades: merged.slice(0, RECENT_TRADES_KEPT) } };
  },
  disconnected: (state) => (state.live ? { ...state, live: false } : state),
};

const klineRules: TopicRules<'kline'> = {
  empty: () => ({ ...notLive, bar: null, closed: null }),
  ordersBySendTime: true,
  apply(state, push) {
    const current = push.data[push.data.length - 1];
    if (!current) return { state, drop: 'stale' };
    if (!push.f && state.bar && current.t < state.bar.t) return { state, drop: 'stale' };
    const justClosed = push.data.length > 1 ? push.data[0]! : null;
    // A new bar without the closed one (a push was missed): the last values held are the best known close.
    const rolledOver = state.bar !== null && current.t > state.bar.t ? state.bar : null;
    return { state: { live: true, error: null, bar: current, closed: justClosed ?? rolledOver ?? (push.f ? null : state.closed) } };
  },
  disconnected: (state) => (state.live ? { ...state, live: false } : state),
};

function bySymbol<T>(entries: readonly T[], symbolOf: (entry: T) => string, base: Readonly<Record<string, T>>): Record<string, T> {
  const next = { ...base };
  for (const entry of entries) next[symbolOf(entry)] = entry;
  return next;
}

const tickerRules: TopicRules<'realtimes'> = {
  empty: () => ({ ...notLive, tickers: {} }),
  ordersBySendTime: true,
  // The first push has every symbol asked, later ones those that changed.
  apply: (state, push) => ({ state: { live: true, error: null, tickers: bySymbol(push.data, (t) => t.s, push.f ? {} : state.tickers) } }),
  disconnected: (state) => (state.live ? { ...state, live: false } : state),
};

const noticeRules: TopicRules<'notice'> = {
  empty: () => ({ ...notLive, notices: [] }),
  ordersBySendTime: true,
  // Every push is the whole visible list; an empty one means no notice.
  apply: (_state, push) => ({ state: { live: true, error: null, notices: push.data } }),
  disconnected: (state) => (state.live ? { ...state, live: false } : state),
};

const instrumentRules: TopicRules<'instrumentInfo'> = {
  empty: () => ({ ...notLive, instruments: {} }),
  ordersBySendTime: true,
  apply: (state, push) => ({
    state: { live: true, error: null, instruments: bySymbol(push.data, (i) => i.symbolId, push.f ? {} : state.instruments) },
  }),
  disconnected: (state) => (state.live ? { ...state, live: false } : state),
};

export const TOPIC_RULES: { [T in StreamTopic]: TopicRules<T> } = {
  mergedDepth: fullBookRules as TopicRules<'mergedDepth'>,
  depth: fullBookRules as TopicRules<'depth'>,
  diffDepth: diffDepthRules,
  trade: tradeRules,
  kline: klineRules,
  realtimes: tickerRules,
  notice: noticeRules,
  instrumentInfo: instrumentRules,
};
