import type { Interval } from '../../../src/domain/intervals';
import type {
  Listing, MarketView, NoticeInfo, PublicTrade, ReplayControl, ReplayStatus, Scheduler, SessionSet, SessionSource, SymbolStatus, Ticker24h,
} from '../../gateway/types';
import type { Bar } from '../klines';
import { VirtualClock } from '../replay/clock';
import { resumedClock, type SavedReplay } from '../replay/savedReplay';
import { ReplayEngine } from '../replay/engine';
import type { LoadedSession } from '../replay/timeline';
import { recordedWindow, type RecordedEvents, type WindowRule } from './recordedWindow';
import type { BookSide, InstrumentSpec, MarketEvent } from '../types';
import { ListingSchedule, type ListedInstrument } from './listings';
import { LoadQueue } from './loadQueue';
import { systemScheduler } from './scheduler';
import { buildSymbolMarkets, sessionSpan } from './sourceMarkets';
import type { SymbolMarket } from './symbolMarket';

export interface MarketHubOptions {
  sets: SessionSet[];
  /** the `symbols` of fixtures/instruments.json */
  instruments: readonly ListedInstrument[];
  listings: readonly Listing[];
  scheduler?: Scheduler;
  /** how often the replay engines are pumped, real ms */
  pumpMs?: number;
  /** lets a page paint between the heavy steps of loading a session */
  yieldToPage?: () => Promise<void>;
  /** load a session only when a symbol of it is wanted (or `ready()` is awaited); in-page, where parsing costs the page */
  onDemand?: boolean;
  /** exchange time the hub starts at (default: now, floored to the second); the exchange engine's listings share it */
  exchangeStart?: number;
  /** the simulated exchange the replayed events also drive (its fills, its book view with own orders) */
  exchange?: ExchangeFeed;
  /** where an earlier run's replay stood (savedReplay.ts): the market continues from there; ignored when its session set is not offered */
  resume?: SavedReplay | null;
  /** told where the replay stands whenever that changes (start, speed, pause, seek, session set), to be saved */
  onReplayChange?: (saved: SavedReplay) => void;
}

/** What the hub needs of the exchange engine (mocks/exchange), so market code does not depend on it. */
export interface ExchangeFeed {
  attachSession(symbols: readonly InstrumentSpec[]): void;
  onMarket(event: MarketEvent, at: number): void;
  /** `paused`: the replay clock stands still, so orders waiting out their entry latency are let through now */
  advance(now: number, paused: boolean): void;
  /** the exchange clock jumped (a seek, a new session set): the engine follows, backwards too */
  resetClock(now: number): void;
  /** the book with own resting orders merged in, in the instrument's units; null when not synced */
  bookView(symbol: string, depth: number): Pick<BookSide, 'b' | 'a'> | null;
  /** true when the instrument's steps are the session's, so the view can stand in for the recorded book */
  sameUnits(spec: InstrumentSpec): boolean;
  onOwnActivity(listener: (activity: OwnActivity) => void): () => void;
}

/** An own order changed on a symbol's book, or an own order traded (for the public tape). */
export type OwnActivity =
  | { kind: 'book'; symbol: string }
  | { kind: 'trade'; symbol: string; id: number; price: number; qty: number; buyerIsTaker: boolean; time: number };

export interface MarketHub extends MarketView, ReplayControl {
  /** `symbol`'s recorded events up to now within `rule` — the whole first loop until it has played (recordedWindow.ts); null when no loaded session holds it */
  recordedEvents(symbol: string, rule: WindowRule): RecordedEvents | null;
  /** stops the pump and any loading */
  close(): void;
}

interface LoadedSource {
  source: SessionSource;
  session: LoadedSession;
  engine: ReplayEngine;
  start: number;
  period: number;
  markets: Map<string, SymbolMarket>;
}

const floorToSecond = (t: number) => Math.floor(t / 1000) * 1000;

/**
 * The live market: one replay engine per loaded session, all on one exchange
 * clock. Exchange time = session time + shift, the shift chosen so the set's
 * earliest session starts at the (second-floored) time the set was started.
 * Engines run on session time directly (their own clocks at speed 1 anchored
 * on it), so speed, pause and seek live in this one clock only.
 */
export function createMarketHub(options: MarketHubOptions): MarketHub {
  const scheduler = options.scheduler ?? systemScheduler;
  const yieldToPage = options.yieldToPage ?? (() => Promise.resolve());
  const sets = [...options.sets];
  if (sets.length === 0) throw new Error('market hub: no session set');
  const realStart = scheduler.now();
  const resumedSet = options.resume ? sets.find((s) => s.name === options.resume!.session) : undefined;
  const resume = resumedSet ? options.resume! : null;
  const exchangeStart = resume?.start ?? options.exchangeStart ?? floorToSecond(realStart);
  const clock = resume ? resumedClock(resume, realStart) : new VirtualClock(exchangeStart, realStart);
  const schedule = new ListingSchedule(options.instruments, options.listings, exchangeStart);
  const known = new Set(schedule.symbols());
  sets.forEach(checkSymbols);

  let current = resumedSet ?? sets[0]!;
  /** exchange time the current set started at, and its earliest session start once known */
  let setAnchor = resume?.setAnchor ?? exchangeStart;
  let setStart: number | null = startHint(current);
  let loaded: LoadedSource[] = [];
  const markets = new Map<string, SymbolMarket>();
  let queue: LoadQueue;
  let busy = false;
  let feedPaused = false;
  let events = 0;
  const changed = new Set<string>();
  const changeListeners = new Set<(symbols: ReadonlySet<string>) => void>();
  const resetListeners = new Set<() => void>();
  const openNow = new Map<string, boolean>();

  const exchangeNow = () => clock.now(scheduler.now());
  const shift = () => setAnchor - (setStart ?? 0);

  function checkSymbols(set: SessionSet): void {
    const unknown = set.sources.flatMap((s) => s.symbols).filter((s) => !known.has(s));
    if (unknown.length > 0) throw new Error(`session set "${set.name}" holds ${unknown.join(', ')}, which the exchange does not list`);
  }

  function startHint(set: SessionSet): number | null {
    const starts = set.sources.map((s) => s.start);
    return starts.every((s): s is number => s !== undefined) && starts.length > 0 ? Math.min(...starts) : null;
  }

  function onEvent(source: LoadedSource, event: MarketEvent, at: number): void {
    const market = source.markets.get(event.msg.s);
    if (!market) return;
    const t = at + shift();
    const open = schedule.isOpen(market.symbol, t);
    if (event.ch === 'trade') {
      // A listing publishes nothing before it opens.
      if (!open) return;
      market.addTrade(event.msg, t, Math.round((at - event.t) / source.period));
    } else {
      market.applyBook(event);
    }
    // The exchange meets the same events the page sees: what the book shows and what fills agree.
    options.exchange?.onMarket(event, t);
    events += 1;
    if (open) changed.add(market.symbol);
  }

  async function install(source: SessionSource, generation: LoadQueue): Promise<void> {
    const session: LoadedSession = await source.load();
    await yieldToPage();
    if (generation.isCancelled) return;
    const span = sessionSpan(session);
    if (setStart === null) setStart = span.start;
    options.exchange?.attachSession(session.header.symbols);
    for (const spec of session.header.symbols) if (options.exchange?.sameUnits(spec)) ownView.add(spec.symbol);
    const sessionNow = exchangeNow() - shift();
    // History ends where this loop of the session began, so candles lead into the replayed trades.
    const loop = Math.max(0, Math.floor((sessionNow - span.start) / span.period));
    const built = buildSymbolMarkets(session, span.start + loop * span.period + shift(), schedule);
    await yieldToPage();
    if (generation.isCancelled) return;
    const entry: LoadedSource = { source, session, engine: new ReplayEngine([session], { loop: true, realNow: span.start }), ...span, markets: new Map() };
    for (const market of built) {
      if (markets.has(market.symbol)) continue;
      entry.markets.set(market.symbol, market);
      markets.set(market.symbol, market);
    }
    entry.engine.subscribe((event, at) => onEvent(entry, event, at));
    // A source loaded late (on demand, or a market resumed from a saved replay) joins at the current exchange time.
    const joinAt = exchangeNow() - shift();
    tradesBefore(entry, loop, joinAt);
    entry.engine.seek(joinAt, joinAt);
    loaded.push(entry);
    flush();
  }

  /**
   * The loop's trades from its start up to where the source joins: candles
   * and the tape lead into the live replay without a hole (the history built
   * with the markets ends where the loop began). Only the markets' own
   * record: the exchange did not trade against a past it was not running in.
   */
  function tradesBefore(source: LoadedSource, loop: number, joinAt: number): void {
    const until = joinAt - loop * source.period;
    for (const event of source.session.events) {
      if (event.t >= until) break;
      if (event.ch !== 'trade') continue;
      const market = source.markets.get(event.msg.s);
      const t = event.t + loop * source.period + shift();
      if (!market || !schedule.isOpen(market.symbol, t)) continue;
      market.addTrade(event.msg, t, loop);
      changed.add(market.symbol);
    }
  }

  /** Tells the owner where the replay stands, so a restarted exchange continues from there. */
  function replayChanged(): void {
    if (!options.onReplayChange) return;
    const real = scheduler.now();
    options.onReplayChange({ v: 1, start: exchangeStart, setAnchor, session: current.name, virtual: clock.now(real), real, speed: clock.speed, paused: clock.paused });
  }

  /** what was asked for, so a lazily loading market asks again after a session change */
  const wantedSymbols = new Set<string>();
  let wantedAll = false;

  function wantSource(symbol: string): Promise<boolean> {
    const source = current.sources.find((s) => s.symbols.includes(symbol));
    return source ? queue.want(source) : Promise.resolve(false);
  }

  function startLoading(): void {
    queue = new LoadQueue(current.sources, install, { lazy: options.onDemand ?? false });
    if (wantedAll) queue.loadAll();
    for (const symbol of wantedSymbols) void wantSource(symbol);
  }

  function duration(): number {
    return loaded.reduce((max, s) => Math.max(max, s.period), 0);
  }

  function checkListings(now: number): void {
    for (const symbol of known) {
      if (schedule.openTime(symbol) === null) continue;
      const open = schedule.isOpen(symbol, now);
      if (openNow.get(symbol) !== open) changed.add(symbol);
      openNow.set(symbol, open);
    }
  }

  function flush(): void {
    if (changed.size === 0) return;
    const symbols = new Set(changed);
    changed.clear();
    for (const listener of changeListeners) listener(symbols);
  }

  function reset(): void {
    for (const listener of resetListeners) listener();
  }

  function pump(): void {
    if (busy) return;
    const now = exchangeNow();
    const sessionNow = now - shift();
    for (const source of loaded) source.engine.pump(sessionNow);
    options.exchange?.advance(now, clock.paused);
    checkListings(now);
    flush();
  }

  /** symbols whose book view comes from the exchange (own orders merged) */
  const ownView = new Set<string>();
  options.exchange?.onOwnActivity((activity) => {
    const live = markets.get(activity.symbol);
    if (!live) return;
    // Either way the book view changed: an own order rests or left, or an own taker consumed a level.
    if (activity.kind === 'trade') live.addOwnTrade(activity.id, activity.price, activity.qty, activity.buyerIsTaker, activity.time);
    live.version += 1;
    if (schedule.isOpen(activity.symbol, exchangeNow())) changed.add(activity.symbol);
  });

  function bookOf(symbol: string, depth: number): (BookSide & { version: number }) | null {
    const live = market(symbol);
    if (!live) return null;
    const recorded = live.bookSnapshot(ownView.has(symbol) ? 0 : depth);
    if (!recorded || !ownView.has(symbol) || depth === 0) return recorded;
    const view = options.exchange!.bookView(symbol, depth);
    return view ? { s: symbol, b: view.b, a: view.a, version: recorded.version } : live.bookSnapshot(depth);
  }

  const market = (symbol: string): SymbolMarket | undefined => (schedule.isOpen(symbol, exchangeNow()) ? markets.get(symbol) : undefined);

  checkListings(exchangeNow());
  startLoading();
  const stopPump = scheduler.setInterval(pump, options.pumpMs ?? 100);

  const hub: MarketHub = {
    async ready() {
      let seen: LoadQueue;
      do {
        seen = queue;
        wantedAll = true;
        seen.loadAll();
        await seen.done;
      } while (seen !== queue);
    },
    want(symbol) {
      if (!known.has(symbol)) return Promise.resolve(false);
      wantedSymbols.add(symbol);
      if (markets.has(symbol)) return Promise.resolve(true);
      return wantSource(symbol);
    },
    isKnown: (symbol) => known.has(symbol),
    now: exchangeNow,
    isOpen: (symbol) => schedule.isOpen(symbol, exchangeNow()),
    book: bookOf,
    trades: (symbol, limit): PublicTrade[] => market(symbol)?.trades(limit) ?? [],
    ticker: (symbol): Ticker24h | null => market(symbol)?.ticker(exchangeNow()) ?? null,
    klines: (symbol, interval: Interval, query): Bar[] => market(symbol)?.klines.query(interval, query) ?? [],
    tradeFlow: (symbol) => market(symbol)?.flow.read() ?? null,
    notice: (symbol): NoticeInfo | null => schedule.notice(symbol, exchangeNow()),
    steps(symbol) {
      const live = markets.get(symbol);
      if (live) return { tick: live.tick, lot: live.lot };
      const instrument = schedule.instrument(symbol);
      return instrument ? { tick: instrument.minPricePrecision, lot: instrument.basePrecision } : null;
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    symbols: () => schedule.symbols(),
    mergeSteps: (symbol) => schedule.instrument(symbol)?.digitMerge.split(',').map((s) => s.trim()) ?? [],
    symbolStatus: (symbol): SymbolStatus | null => schedule.status(symbol, exchangeNow()),
    recordedEvents(symbol, rule) {
      const source = loaded.find((s) => s.markets.has(symbol));
      if (!source) return null;
      // Since the set started (and the pair opened), and no further back than the rule allows. Until one
      // whole loop has played, the window is the first loop, ahead of the clock: the loaded recording is
      // known in full, and a backtest just after the page opened gets the session, not its first seconds.
      // A listing not open yet has no past to show: nothing ahead of the clock either.
      const now = exchangeNow();
      const opens = schedule.openTime(symbol);
      const to = opens !== null && opens > now ? now : Math.max(now, setAnchor + Math.min(source.period, rule.ms));
      const after = Math.max(to - rule.ms, setAnchor - 1, opens === null ? -Infinity : opens - 1);
      return recordedWindow(source.session, symbol, { shift: shift(), after, to, maxEvents: rule.maxEvents });
    },
    reportFeedPaused(paused) {
      feedPaused = paused;
    },

    status(): ReplayStatus {
      const time = exchangeNow();
      const period = duration();
      const into = setStart === null ? 0 : time - shift() - setStart;
      return {
        time,
        speed: clock.speed,
        paused: clock.paused,
        feedPaused,
        session: current.name,
        sessions: sets.map((s) => s.name),
        position: period > 0 ? Math.max(0, into - Math.floor(into / period) * period) : 0,
        duration: period,
        loops: period > 0 ? Math.max(0, Math.floor(into / period)) : 0,
        loaded: [...markets.keys()],
        events,
      };
    },
    setSpeed(speed) {
      clock.setSpeed(speed, scheduler.now());
      replayChanged();
    },
    pause() {
      clock.pause(scheduler.now());
      replayChanged();
    },
    resume() {
      clock.resume(scheduler.now());
      replayChanged();
    },
    async seek(position) {
      const period = duration();
      if (busy || setStart === null || period === 0) return;
      busy = true;
      try {
        const sessionNow = exchangeNow() - shift();
        const loops = Math.max(0, Math.floor((sessionNow - setStart) / period));
        const target = setStart + loops * period + Math.min(period, Math.max(0, position));
        if (target < sessionNow) {
          // Replay restarts at the target's whole second: that second's candle is rebuilt whole, not half kept and half replayed.
          const from = floorToSecond(target + shift());
          for (const m of markets.values()) m.truncateFrom(from);
          const replayFrom = from - shift() - 1;
          for (const source of loaded) source.engine.seek(replayFrom, replayFrom);
        } else {
          // Forward: replay what lies between, so candles and trades have no hole.
          for (const source of loaded) {
            source.engine.pump(target);
            await yieldToPage();
          }
        }
        clock.set(target + shift(), scheduler.now());
        options.exchange?.resetClock(exchangeNow());
        checkListings(exchangeNow());
        replayChanged();
      } finally {
        busy = false;
      }
      changed.clear();
      reset();
    },
    async selectSession(name) {
      const set = sets.find((s) => s.name === name);
      if (!set) throw new Error(`no session set "${name}"`);
      queue.cancel();
      current = set;
      loaded = [];
      markets.clear();
      changed.clear();
      setAnchor = floorToSecond(exchangeNow());
      setStart = startHint(set);
      options.exchange?.resetClock(exchangeNow());
      replayChanged();
      startLoading();
      reset();
      await hub.ready();
    },
    addSessionSet(set) {
      checkSymbols(set);
      const at = sets.findIndex((s) => s.name === set.name);
      if (at >= 0) sets[at] = set;
      else sets.push(set);
    },
    close() {
      stopPump();
      queue.cancel();
      changeListeners.clear();
      resetListeners.clear();
    },
  };
  replayChanged();
  return hub;
}
