/**
 * Spot margin on order create (`is_leverage`, spec 2 §3, §5, §6): a unified
 * account with spot margin on borrows what the order needs beyond its free
 * balance, through the margin desk, before the engine locks it. A classic
 * account has no spot margin (170227); a unified one with margin off, or an
 * exchange without a margin desk, is refused with 170229.
 */
import type { AccountProfile } from '../../accounts/profiles';
import { parseAmount, PLAN, type Amount, type Exchange, type Instrument, type OrderRequest } from '../../exchange';
import { fromUnits } from '../../../src/domain/units';
import type { MarginDesk } from '../accountContext';
import { Refusal } from '../errors';
import { notUnified, ORDER_ERRORS } from './answers';

const SCALE = 10n ** 18n;
/** Taker fee headroom on a buy (REFERENCE.md: 0.1 %), so a filled margin buy does not come up short by its fee. */
const FEE_HEADROOM_PPT = 1001n;

const times = (a: Amount, b: Amount) => (a * b) / SCALE;
const withFee = (value: Amount) => (value * FEE_HEADROOM_PPT) / 1000n;
const amountOf = (text: string | undefined): Amount | null => (text === undefined ? null : parseAmount(text));
const ticksAmount = (inst: Instrument, ticks: number) => parseAmount(fromUnits(ticks, inst.tick)) ?? 0n;

/** Best bid and ask of the book users see (own orders included), and the market reference: last price, else the mid. */
function marketOf(exchange: Exchange, inst: Instrument) {
  const view = exchange.bookView(inst.symbol, 1);
  const bid = view?.b[0]?.[0];
  const ask = view?.a[0]?.[0];
  const last = exchange.lastPrice(inst.symbol);
  const reference = last ?? (bid !== undefined && ask !== undefined ? Math.round((bid + ask) / 2) : (bid ?? ask ?? null));
  return {
    bid: bid === undefined ? null : ticksAmount(inst, bid),
    ask: ask === undefined ? null : ticksAmount(inst, ask),
    reference: reference === null ? null : ticksAmount(inst, reference),
  };
}

/**
 * What the order will lock, in its lock token (quote for a buy, base for a
 * sell), never less than the engine locks (mocks/exchange/orders.ts
 * lockNeed), else the loan would be taken and the order still refused:
 * - limit buy: price × qty + 0.1 % fee headroom (an OCO: its dearer leg);
 * - market buy by value: the value;
 * - market buy by quantity: qty × the best ask + headroom, or qty × the top
 *   of the price band around the market (a plan's trigger) when that is
 *   more, since the engine locks what the order could cost inside the band;
 * - sell: its quantity; a market sell by value: the value at the band's low.
 * Null when the request does not read well enough to say; the engine then refuses it anyway.
 */
export function lockEstimate(exchange: Exchange, inst: Instrument, req: OrderRequest): Amount | null {
  const qty = amountOf(req.qty);
  if (qty === null) return null;
  const trailing = req.planType === PLAN.TRAILING_STOP || req.planType === PLAN.TRAILING_PROFIT;
  const market = !req.oco && (req.orderType === 'Market' || trailing);
  const marketUnit = req.marketUnit ?? (req.side === 'Buy' && market ? 'quoteCoin' : 'baseCoin');
  const book = marketOf(exchange, inst);
  const reference = amountOf(req.triggerPrice) ?? amountOf(req.activationPrice) ?? book.reference;
  const bandPpt = BigInt(Math.round(inst.rules.priceBand * 1000));
  if (req.side === 'Sell') {
    if (!(market && marketUnit === 'quoteCoin')) return qty;
    const low = reference === null ? 0n : (reference * (1000n - bandPpt)) / 1000n;
    // One lot more: the engine rounds a value that ends mid-lot up to the whole lot.
    return low > 0n ? (qty * SCALE + low - 1n) / low + (parseAmount(inst.lot) ?? 0n) : null;
  }
  if (market && marketUnit === 'quoteCoin') return qty;
  let unitPrice: Amount | null;
  if (req.oco) {
    const legPrice = (leg: NonNullable<OrderRequest['oco']>['takeProfit']) => amountOf(leg.price) ?? amountOf(leg.triggerPrice) ?? 0n;
    const tp = legPrice(req.oco.takeProfit);
    const sl = legPrice(req.oco.stopLoss);
    unitPrice = tp > sl ? tp : sl;
  } else if (!market) {
    unitPrice = amountOf(req.price);
  } else {
    const bandHigh = reference === null ? 0n : (reference * (1000n + bandPpt)) / 1000n;
    const ask = book.ask ?? 0n;
    unitPrice = bandHigh > ask ? bandHigh : ask;
    if (unitPrice === 0n) unitPrice = null;
  }
  return unitPrice === null ? null : withFee(times(unitPrice, qty));
}

/** Refuses a margin order the account may not place, or borrows its shortfall; answers nothing when it may go on. */
export function borrowForOrder(
  profile: AccountProfile,
  exchange: Exchange,
  margin: MarginDesk | undefined,
  req: OrderRequest,
  now: number,
): void {
  if (profile.accountType !== 'UTA') throw notUnified('spot margin orders');
  if (!margin || !margin.settings(profile.userId).spotMargin) throw new Refusal(ORDER_ERRORS.spotMarginOff, 'spot margin is not enabled');
  const inst = exchange.instrument(req.symbol);
  // An unknown symbol is the engine's to refuse (170121); nothing to borrow for it.
  if (!inst) return;
  const need = lockEstimate(exchange, inst, req);
  if (need === null) return;
  const token = req.side === 'Buy' ? inst.quote : inst.base;
  const shortfall = need - exchange.ledger.free(profile.userId, token);
  if (shortfall <= 0n) return;
  const loan = margin.borrow(profile.userId, token, shortfall, now);
  if (!loan.ok) throw new Refusal(loan.code, loan.message);
}
