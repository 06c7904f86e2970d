/**
 * Contracts between the parts of the embedded exchange: the live market (hub),
 * the quote gateway, the REST handlers and the three runtimes (in-page msw,
 * msw/node, the local server). Protocol and payloads: docs/api.md.
 */
import type { Interval } from '../../src/domain/intervals';
import type { FlowLedger } from '../../src/domain/tradeAnalysis';
import type { Bar } from '../market/klines';
import type { LoadedSession } from '../market/replay/timeline';
import type { BookSide } from '../market/types';

/** Where time and timers come from; the defaults are the globals (faked by vitest / Playwright clocks). */
export interface Scheduler {
  /** wall-clock ms */
  now(): number;
  setInterval(fn: () => void, ms: number): () => void;
  setTimeout(fn: () => void, ms: number): () => void;
}

/** A source of recorded market data, loaded on demand (in-page: fetched gzip; Node: read from disk). */
export interface SessionSource {
  /** symbols the session holds */
  symbols: string[];
  /**
   * The session's first event time, ms, when known without loading it (e.g.
   * from the header). The hub shifts a set by its earliest start; without
   * hints it uses the first session it loads.
   */
  start?: number;
  load(): Promise<LoadedSession>;
}

/** A named set of sessions the replay panel can pick. */
export interface SessionSet {
  name: string;
  sources: SessionSource[];
}

/** A listing that opens after a countdown (fixtures/listings.json). */
export interface Listing {
  symbolId: string;
  noticeType: 1 | 2 | 3;
  opensAfterMs: number;
  noticeContent: string;
  noticeLinkUrl: string;
}

/** Notice info of spec 1 §3, times in exchange ms. */
export interface NoticeInfo {
  symbolId: string;
  noticeType: number;
  noticeContent: string;
  noticeLinkUrl: string;
  onlineTime: number;
  nowTime: number;
}

/** 24 h rolling statistics of one symbol, decimal strings. */
export interface Ticker24h {
  symbol: string;
  /** exchange ms of the statistics */
  t: number;
  open: string;
  high: string;
  low: string;
  last: string;
  /** base volume */
  volume: string;
  /** quote turnover */
  turnover: string;
  /** (last - open) / open, 4 decimals, e.g. "0.0190" */
  changeRatio: string;
}

export interface ReplayStatus {
  /** exchange time now, ms (virtual: runs at `speed`, stands still while paused) */
  time: number;
  speed: number;
  paused: boolean;
  /** the feed is paused by a fault (the clock may still run) */
  feedPaused: boolean;
  session: string;
  sessions: string[];
  /** ms into the current loop of the session, 0..duration */
  position: number;
  duration: number;
  loops: number;
  /** symbols whose sessions are loaded (the rest load in the background) */
  loaded: string[];
  /** book events applied, trades published since start */
  events: number;
}

/**
 * The live market the gateway and REST read: a replay engine per session on
 * one exchange clock, a book per symbol, recent trades, live klines, 24 h
 * statistics and listings. Exchange time = session time shifted so the replay
 * starts at the wall-clock time the hub was created.
 */
export interface MarketView {
  /** resolves once every symbol's session is loaded */
  ready(): Promise<void>;
  /** asks for a symbol's session first; resolves when it is loaded (false for an unknown symbol) */
  want(symbol: string): Promise<boolean>;
  isKnown(symbol: string): boolean;
  /** exchange time, ms */
  now(): number;
  /** false while a listed-later symbol has not opened yet */
  isOpen(symbol: string): boolean;
  /** integer-unit book, best first, `depth` levels a side; null until loaded / open */
  book(symbol: string, depth: number): (BookSide & { version: number }) | null;
  /** newest first, at most 100 kept */
  trades(symbol: string, limit: number): PublicTrade[];
  ticker(symbol: string): Ticker24h | null;
  /** oldest first; bars opening before `to` (exclusive), at most `limit` (default 500) */
  klines(symbol: string, interval: Interval, query: { to?: number; limit?: number }): Bar[];
  /** taker flow of the last 24 h (trade analysis); null until loaded / open; left out by markets without it */
  tradeFlow?(symbol: string): FlowLedger | null;
  /** the symbol's visible notice, or null */
  notice(symbol: string): NoticeInfo | null;
  /** tick and lot of a symbol, for rendering units */
  steps(symbol: string): { tick: string; lot: string } | null;
  /** called after every pump with the symbols whose book, trades or ticker changed */
  onChange(listener: (symbols: ReadonlySet<string>) => void): () => void;
  /** called when the market jumps (seek, session change): subscribers restart from a fresh full push */
  onReset(listener: () => void): () => void;
  /** every listed symbol, in listing order (realtimes / notice / instrumentInfo for `ALL`) */
  symbols(): readonly string[];
  /** the symbol's order-book merge steps (its digitMerge), finest first; [] for an unknown symbol */
  mergeSteps(symbol: string): readonly string[];
  /** trading status as instrumentInfo pushes it: the instrument's, overridden while a listing has not opened; null when unknown */
  symbolStatus(symbol: string): SymbolStatus | null;
  /** the gateway tells the market its feed is paused by a fault, so ReplayStatus.feedPaused shows it */
  reportFeedPaused?(paused: boolean): void;
}

/** One entry of the instrumentInfo topic. */
export interface SymbolStatus {
  symbolId: string;
  /** 1 trading, 2 not open yet */
  tradeStatus: number;
  noticeVisible: boolean;
  isBanBuy: boolean;
  isBanSell: boolean;
}

export interface PublicTrade {
  id: number;
  /** exchange ms */
  t: number;
  /** price string */
  p: string;
  /** quantity string */
  q: string;
  /** true when the buyer is the taker */
  m: boolean;
}

export interface ReplayControl {
  status(): ReplayStatus;
  setSpeed(speed: number): void;
  pause(): void;
  resume(): void;
  /** position in ms into the current loop */
  seek(position: number): Promise<void>;
  selectSession(name: string): Promise<void>;
  /** adds (or replaces) a session set, e.g. a file a user uploaded; refuses symbols the exchange does not list */
  addSessionSet(set: SessionSet): void;
}

/** One socket seen from the server side, whatever the runtime. */
export interface SocketPeer {
  send(text: string): void;
  /**
   * Code 1006 asks for an abnormal close (a dropped connection, no close
   * frame the client could act on): a real server terminates the socket, an
   * interceptor closes it with 1006 if it can.
   */
  close(code?: number, reason?: string): void;
}

/** What the runtime feeds back into a gateway connection. */
export interface SocketConnection {
  onMessage(text: string): void;
  onClose(): void;
}

/** Faults the gateway can be told to produce (replay panel, Playwright, tests). */
export interface GatewayFaults {
  /** closes every socket abnormally (no close frame a client could act on); returns how many */
  dropSockets(): number;
  /** no pong for the next `ms` */
  stallPongs(ms: number): void;
  /** the next `count` data frames to every client are not sent */
  dropFrames(count: number): void;
  /** the next `count` data frames are sent twice */
  duplicateFrames(count: number): void;
  /** the next `count` pairs of data frames are sent in swapped order */
  reorderFrames(count: number): void;
  /** one frame that is not JSON to every client */
  sendMalformed(): void;
  /** no pushes for `ms` (null: until resumed); the market keeps moving */
  pauseFeed(ms: number | null): void;
  resumeFeed(): void;
}

export interface GatewayStats {
  connections: number;
  subscriptions: number;
  framesSent: number;
  /** live subscriptions per `${topic}:${symbol}` */
  perTopic: Record<string, number>;
}

export interface QuoteGateway {
  accept(peer: SocketPeer): SocketConnection;
  readonly faults: GatewayFaults;
  stats(): GatewayStats;
  /** the last full book pushed for a depth topic, as the client should hold it */
  lastPushedBook(topic: 'depth' | 'mergedDepth' | 'diffDepth', symbol: string, dumpScale?: number): PushedBook | null;
  close(): void;
}

/** A book as pushed: decimal strings, best first. */
export interface PushedBook {
  s: string;
  v: string;
  b: [string, string][];
  a: [string, string][];
}
