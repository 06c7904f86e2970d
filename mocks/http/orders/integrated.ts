/**
 * The unified account's integrated v5 calls (spec 2 §3, §7): open orders of
 * every market type with the short field names (mtp, syb, pltp), and spot
 * holdings as positions. This exchange has the spot market only: another
 * marketType answers an empty list.
 */
import type { HttpHandler } from 'msw';
import { Decimal } from 'decimal.js';
import { formatAmount, parseAmount, type Amount, type Exchange, type Instrument } from '../../exchange';
import { averageCost } from '../../../src/domain/pnl';
import { decimalsOf, fromUnits } from '../../../src/domain/units';
import { signedIn, type ExchangeContext } from '../accountContext';
import { unknownSymbol } from '../errors';
import { jsonObjectBody } from '../params';
import { answer, orderCall, requireUnified } from './answers';
import { optionalBoolean, optionalString } from './params';
import { ORDER_PATHS } from './paths';
import { pnlFillOf } from './pnl';
import type { orderViews } from './view';

export const SPOT_MARKET = 'spot';
/** Coins that are money, not positions: what the holdings are valued in. */
export const SETTLEMENT_COINS: ReadonlySet<string> = new Set(['USDT', 'USDC']);
const VALUE_COIN = 'USDT';
const SCALE = 10n ** 18n;
const PNL_DECIMALS = 8;

/** Last trade price of a symbol, else the mid of its book, else 0: as text and as an Amount. */
function markOf(exchange: Exchange, inst: Instrument): { text: string; amount: Amount } {
  const last = exchange.lastPrice(inst.symbol);
  const book = last === null ? exchange.bookView(inst.symbol, 1) : null;
  const bid = book?.b[0]?.[0];
  const ask = book?.a[0]?.[0];
  const ticks = last ?? (bid !== undefined && ask !== undefined ? Math.round((bid + ask) / 2) : (bid ?? ask ?? 0));
  const text = fromUnits(ticks, inst.tick);
  return { text, amount: parseAmount(text) ?? 0n };
}

/** An exchange amount cut toward zero to `decimals`, written as the exchange writes amounts (no trailing zeros, never "-0"). */
function cut(value: Decimal, decimals: number): string {
  const d = value.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return d.isZero() ? '0' : d.toFixed();
}

export function integratedHandlers(context: ExchangeContext, views: ReturnType<typeof orderViews>): HttpHandler[] {
  const { exchange } = context;
  return [
    orderCall(context, ORDER_PATHS.integratedOpenOrders, async (request) => {
      const profile = signedIn(context, request);
      requireUnified(profile, 'integrated order lists');
      const body = await jsonObjectBody(request);
      const marketType = optionalString(body, 'marketType') ?? SPOT_MARKET;
      const symbol = optionalString(body, 'symbol');
      optionalBoolean(body, 'supportFutureSpread');
      if (symbol && !exchange.instrument(symbol)) throw unknownSymbol(symbol);
      const spot = marketType.toLowerCase() === SPOT_MARKET;
      const open = spot ? [...exchange.openOrders(profile.userId, { symbol }), ...exchange.openOrders(profile.userId, { symbol, plan: true })] : [];
      open.sort((a, b) => (BigInt(b.orderId) > BigInt(a.orderId) ? 1 : -1));
      const list = open.map((o) => ({ ...views.order(o), mtp: SPOT_MARKET, syb: o.symbol, pltp: o.planType }));
      // No market is being downgraded on this exchange.
      return answer({ list, downgrading: false });
    }),

    orderCall(context, ORDER_PATHS.integratedPositions, async (request) => {
      const profile = signedIn(context, request);
      requireUnified(profile, 'positions');
      const needSort = optionalBoolean(await jsonObjectBody(request), 'needSort') ?? false;
      // The entry price is the same average-cost walk as the P&L tab's (src/domain/pnl.ts).
      const fills = exchange.fills(profile.userId).flatMap((f) => pnlFillOf(exchange, f) ?? []);
      const positions = exchange
        .balances(profile.userId)
        .filter((line) => !SETTLEMENT_COINS.has(line.token) && line.free + line.locked > 0n)
        .map((line) => {
          const size = line.free + line.locked;
          const inst = exchange.instrument(`${line.token}${VALUE_COIN}`);
          const mark = inst ? markOf(exchange, inst) : { text: '0', amount: 0n };
          const basis = inst ? averageCost(fills, inst.symbol) : { held: '0', avgCost: '0' };
          const sizeText = formatAmount(size);
          const counted = Decimal.min(basis.held, sizeText);
          const avg = new Decimal(basis.avgCost);
          const pnl = avg.gt(0) && mark.amount > 0n ? new Decimal(mark.text).minus(avg).times(counted) : new Decimal(0);
          const priceDecimals = inst ? decimalsOf(inst.tick) + 2 : PNL_DECIMALS;
          return {
            value: (size * mark.amount) / SCALE,
            view: {
              coin: line.token,
              size: sizeText,
              available: formatAmount(line.free),
              avgEntryPrice: cut(avg, priceDecimals),
              markPrice: mark.text,
              unrealisedPnl: cut(pnl, PNL_DECIMALS),
              positionValue: formatAmount((size * mark.amount) / SCALE, PNL_DECIMALS),
            },
          };
        });
      if (needSort) positions.sort((a, b) => (b.value > a.value ? 1 : b.value < a.value ? -1 : 0));
      return answer({ list: positions.map((p) => p.view) });
    }),
  ];
}
