/**
 * Grid bot backtest: what a bot with these inputs would have earned over
 * the recorded market the replay has played so far. It runs the real desk
 * (gridBot.ts) on a sandbox engine — a fresh Exchange with the same
 * instrument, fees, entry latency and queue model, one synthetic account
 * funded with exactly the investment — and feeds it the recorded events in
 * order as fast as they compute, each event's deferred work done before the
 * next (as the runtime's `setTimeout(0)` does between pumps). Nothing the
 * live exchange holds is touched, and the same events give the same report.
 *
 * The inputs are checked as the create call checks them (gridValidate.ts),
 * at the last recorded price, so the form sees the error a create would get
 * now. The bot is created at the window's first trade at which a create
 * would have been accepted and the recorded book is there for its start
 * trade: at once with an entry price (it then waits for it as a live bot
 * does), else once the price is inside the range.
 */
import { ERR } from '../exchange/errors';
import { Exchange, type ExchangeOptions } from '../exchange/exchange';
import type { Instrument } from '../exchange/instruments';
import type { AccountSettings } from '../exchange/types';
import type { RecordedEvents, WindowRule } from '../market/hub/recordedWindow';
import type { MarketEvent } from '../market/types';
import { formatAmount } from '../exchange/amount';
import { decimalsOf, fromUnits } from '../../src/domain/units';
import { createGridBotDesk } from './gridBot';
import { aprOf, baseValue, DAY_MS } from './gridReport';
import { amountOf } from './gridState';
import { checkParams, gridError } from './gridValidate';
import type { GridBotDetail, GridBotStatus, GridCloseReason, GridParams, GridResult } from './gridTypes';

/**
 * The window a backtest replays: the last 24 h of the replayed session, and
 * at most 500,000 events of the pair (the latest kept). The call runs on the
 * page's thread in the in-page runtime, so the bound is on the work: half a
 * million events take a few hundred ms, and hold a whole day of all but the
 * busiest demo pairs (BTCUSDT replays 3.5 M events a day, so its backtest
 * covers its last 3.5 h or so; the report's span says which).
 */
export const BACKTEST_WINDOW: WindowRule = { ms: DAY_MS, maxEvents: 500_000 };

/** core.ts: the engine charges 0.1 % maker and taker unless its options say otherwise. */
const ENGINE_DEFAULT_FEE_PPM = 1000;
/** A create refused inside the range (the sizing at that price) is tried again at most this often, on a new price. */
const MAX_START_ATTEMPTS = 50;
/** Deferred work that keeps deferring more waits for the next event after this many rounds. */
const MAX_DEFER_ROUNDS = 50;
const USER = 'grid-backtest';

export type BacktestMarket = RecordedEvents & { instrument: Instrument };

export interface BacktestOptions extends Pick<ExchangeOptions, 'makerFeePpm' | 'takerFeePpm' | 'latencyMs' | 'queue'> {
  /** the caller's account: its refusals (liquidation, a trade limit) apply as on create */
  account?: AccountSettings;
}

export interface GridBacktestReport {
  symbol: string;
  /** NO_TRADES: the window holds no trade; NOT_STARTED: no price in it was one a create accepts; else the tested bot's status at the end */
  status: GridBotStatus | 'NO_TRADES' | 'NOT_STARTED';
  closeReason: GridCloseReason | null;
  /** the tested span: exchange ms of its first and last event */
  from: number | null;
  to: number | null;
  spanMs: number;
  events: number;
  /** first and last trade price of the span */
  startPrice: string | null;
  endPrice: string | null;
  startedAt: number | null;
  /** quote value of the investment at the bot's start price (the last price when it never started; null: base with no price to value it) */
  investment: string | null;
  /** grid orders filled */
  fills: number;
  roundTrips: number;
  gridProfit: string;
  /** equity at the last price less the investment */
  totalProfit: string;
  /** annualised over spanMs, percent, 2 decimals */
  apr: { grid: string; total: string };
}

type Trade = Extract<MarketEvent, { ch: 'trade' }>;

export function backtestGrid(params: GridParams, market: BacktestMarket, options: BacktestOptions = {}): GridResult<GridBacktestReport> {
  const { instrument: inst, spec, events } = market;
  if (params?.symbol !== inst.symbol || spec.symbol !== inst.symbol) return { ok: false, error: gridError('symbol', ERR.SYMBOL) };
  if (events.length > BACKTEST_WINDOW.maxEvents) throw new RangeError(`backtest of ${events.length} events: the window allows ${BACKTEST_WINDOW.maxEvents}`);
  const fees = { makerFeePpm: options.makerFeePpm ?? ENGINE_DEFAULT_FEE_PPM, takerFeePpm: options.takerFeePpm ?? ENGINE_DEFAULT_FEE_PPM };
  const exchange = new Exchange({ instruments: [inst], startTime: events[0]?.t ?? 0, ...fees, latencyMs: options.latencyMs, queue: options.queue });
  // Throws on a session whose steps are not whole multiples of the instrument's, as the live engine does.
  exchange.attachSession([spec]);
  const factor = Math.round(Number(spec.tick) / Number(inst.tick));
  const isTrade = (e: MarketEvent): e is Trade => e.ch === 'trade' && e.msg.s === inst.symbol;
  const first = events.find(isTrade);
  const last = events.findLast(isTrade);

  const account = options.account ?? { userId: USER, kind: 'UTA', demo: false };
  const checked = checkParams(params, { inst, account, reference: last ? last.msg.p * factor : null, ...fees });
  if (!checked.ok && checked.error.key !== 'noPrice') return checked;
  const tested = { inst, params, events, first: first ? first.msg.p * factor : null, last: last ? last.msg.p * factor : null };
  if (!checked.ok) return { ok: true, value: reportOf(tested, null, 0) };

  const { settings } = checked.value;
  exchange.addAccount({ userId: USER, kind: account.kind, demo: false }, { [inst.quote]: amountOf(settings.quoteInvestment), [inst.base]: amountOf(settings.baseInvestment) });
  let now = events[0]?.t ?? 0;
  const later: Array<() => void> = [];
  const desk = createGridBotDesk(exchange, { now: () => now, defer: (run) => later.push(run) });
  const drain = () => {
    for (let round = 0; later.length > 0 && round < MAX_DEFER_ROUNDS; round++) later.splice(0).forEach((run) => run());
  };
  const filled = new Set<string>();
  exchange.subscribe((e) => {
    // The bot's grid orders are its limit orders; its start, trailing and closing orders are market orders.
    if (e.type === 'order' && e.order.status === 'Filled' && e.order.orderType === 'Limit') filled.add(e.order.orderId);
  });

  let botId: string | null = null;
  let attempts = 0;
  let tried: number | null = null;
  for (const event of events) {
    now = event.t;
    exchange.onMarket(event, now);
    if (isTrade(event)) desk.onMarket(inst.symbol);
    drain();
    if (botId !== null || !isTrade(event) || attempts >= MAX_START_ATTEMPTS) continue;
    const p = event.msg.p * factor;
    const inRange = settings.entryPrice !== null || (p >= settings.minPrice && p <= settings.maxPrice);
    // A start needs a book to trade against: not before the recording's first snapshot, nor inside a gap.
    if (!inRange || p === tried || exchange.bookView(inst.symbol, 1) === null) continue;
    tried = p;
    attempts += 1;
    const created = desk.create(USER, params, now);
    if (!created.ok) continue;
    botId = created.value.botId;
    drain();
  }
  const detail = botId === null ? null : (desk.detail(USER, botId) ?? null);
  desk.dispose();
  return { ok: true, value: reportOf(tested, detail, filled.size) };
}

/** The report of a run over `events` (first and last trade price in ticks); `detail` is the tested bot at the end, null when none was created. */
function reportOf(
  { inst, params, events, first, last }: { inst: Instrument; params: GridParams; events: readonly MarketEvent[]; first: number | null; last: number | null },
  detail: GridBotDetail | null,
  fills: number,
): GridBacktestReport {
  const price = (ticks: number | null) => (ticks === null ? null : fromUnits(ticks, inst.tick));
  const quoteText = (amount: bigint) => formatAmount(amount, decimalsOf(inst.amountStep));
  const from = events[0]?.t ?? null;
  const to = events.at(-1)?.t ?? null;
  const spanMs = from === null || to === null ? 0 : to - from;
  // Also when refused for want of a price only: the amounts passed their checks, which come before it.
  const quote = amountOf(params.quoteInvestment || '0');
  const base = amountOf(params.baseInvestment || '0');
  const investment = detail ? detail.totalInvestment : base === 0n ? quoteText(quote) : last !== null ? quoteText(quote + baseValue(inst, base, last)) : null;
  const invested = investment === null ? 0n : amountOf(investment);
  const grid = detail ? amountOf(detail.gridProfit) : 0n;
  const total = detail ? amountOf(detail.totalProfit) : 0n;
  return {
    symbol: inst.symbol, status: detail?.status ?? (last !== null ? 'NOT_STARTED' : 'NO_TRADES'), closeReason: detail?.closeReason ?? null,
    from, to, spanMs, events: events.length, startPrice: price(first), endPrice: price(last), startedAt: detail?.startedAt ?? null,
    investment, fills, roundTrips: detail?.arbitrageCount ?? 0, gridProfit: quoteText(grid), totalProfit: quoteText(total),
    apr: { grid: aprOf(grid, invested, spanMs), total: aprOf(total, invested, spanMs) },
  };
}
