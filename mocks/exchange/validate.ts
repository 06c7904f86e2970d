import { parseAmount, valueOf, type Amount } from './amount';
import { ERR, exchangeError, type ExchangeError } from './errors';
import { NEW_LISTING_GUARD_MS, type Instrument } from './instruments';
import { parseSteps } from './parse';
import { fromUnits } from '../../src/domain/units';
import { PLAN, type AccountSettings, type MarketUnit, type OrderRequest, type OrderType, type PlanType, type Result, type Side, type Slippage, type TimeInForce } from './types';

/** A create call in the instrument's units, every rule checked but balance and caps. */
export interface Draft {
  symbol: string;
  side: Side;
  orderType: OrderType;
  timeInForce: TimeInForce;
  planType: PlanType;
  marketUnit: MarketUnit;
  price: number;
  qty: number;
  quoteQty: Amount;
  slippage: Slippage | null;
  triggerPrice: number;
  activationPrice: number;
  trailingValue: number;
  trailingBps: number;
  /** quote value for min/max amount and the innovation quota */
  value: Amount;
  oco: { takeProfit: LegDraft; stopLoss: LegDraft } | null;
}

export interface LegDraft {
  triggerPrice: number;
  orderType: OrderType;
  price: number;
}

const SIDES = new Set(['Buy', 'Sell']);
const TYPES = new Set(['Limit', 'Market']);
const TIFS = new Set(['GTC', 'IOC', 'FOK', 'PostOnly']);
const PLAN_TYPES = new Set<number>([PLAN.CONDITIONAL, PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT, PLAN.STOP_LIMIT, PLAN.TPSL]);

const fail = (error: ExchangeError): { ok: false; error: ExchangeError } => ({ ok: false, error });
const param = (name: string) => fail(exchangeError(ERR.PARAM, name));

/** Refusals that depend on the account alone (spec 2 §8 codes), checked before anything else. */
export function accountRefusal(account: AccountSettings | undefined): ExchangeError | null {
  if (!account) return exchangeError(ERR.PARAM, 'user');
  if (account.liquidation) return exchangeError(ERR.LIQUIDATION);
  if (account.tryLimitCode !== undefined) return exchangeError(account.tryLimitCode);
  if (account.standardLimited && account.kind === 'CLASSIC') return exchangeError(ERR.STANDARD_LIMIT);
  return null;
}

export function parsePrice(inst: Instrument, text: string | undefined, name: string): Result<number> {
  if (typeof text !== 'string' || text === '') return param(name);
  const { decimals, digits } = inst.tickShape;
  const ticks = parseSteps(text, inst.tick, decimals, digits);
  if (ticks === 'format') return param(name);
  if (ticks === 'decimals') return fail(exchangeError(ERR.PRICE_DECIMALS));
  if (ticks <= 0) return fail(exchangeError(ERR.PRICE_TOO_LOW));
  return { ok: true, value: ticks };
}

export function parseQty(inst: Instrument, text: string | undefined): Result<number> {
  if (typeof text !== 'string' || text === '') return param('qty');
  const { decimals, digits } = inst.lotShape;
  const lots = parseSteps(text, inst.lot, decimals, digits);
  if (lots === 'format') return param('qty');
  if (lots === 'decimals') return fail(exchangeError(ERR.QTY_DECIMALS));
  if (lots < inst.minQtyLots) return fail(exchangeError(ERR.QTY_TOO_LOW));
  if (lots > inst.maxQtyLots) return fail(exchangeError(ERR.QTY_TOO_HIGH));
  return { ok: true, value: lots };
}

function parseQuote(inst: Instrument, text: string | undefined): Result<Amount> {
  if (typeof text !== 'string' || text === '') return param('qty');
  const { decimals, digits } = inst.amountShape;
  const steps = parseSteps(text, inst.amountStep, decimals, digits);
  if (steps === 'format') return param('qty');
  if (steps === 'decimals') return fail(exchangeError(ERR.AMOUNT_DECIMALS));
  const amount = parseAmount(text);
  if (amount === null || amount <= 0n) return param('qty');
  return { ok: true, value: amount };
}

function parseSlippage(s: Slippage | undefined): Result<Slippage | null> {
  if (s === undefined) return { ok: true, value: null };
  if (s.kind === 'ticks') return Number.isInteger(s.value) && s.value >= 1 && s.value <= 10_000 ? { ok: true, value: s } : param('slippage');
  if (s.kind === 'percent') {
    const pct = Number(s.value);
    return /^\d+(\.\d{1,2})?$/.test(s.value) && pct >= 0.01 && pct <= 10 ? { ok: true, value: s } : param('slippage');
  }
  return param('slippage');
}

/** Price band around `reference`: [lowest sell, highest buy] in ticks. */
export function priceBand(inst: Instrument, reference: number): [number, number] {
  return [Math.ceil(reference * (1 - inst.rules.priceBand)), Math.floor(reference * (1 + inst.rules.priceBand))];
}

export function bandRefusal(inst: Instrument, side: Side, price: number, reference: number | null): ExchangeError | null {
  if (reference === null) return null;
  const [low, high] = priceBand(inst, reference);
  if (side === 'Buy' && price > high) return exchangeError(ERR.BUY_PRICE_BAND, fmt(inst, high));
  if (side === 'Sell' && price < low) return exchangeError(ERR.SELL_PRICE_BAND, fmt(inst, low));
  return null;
}

function fmt(inst: Instrument, ticks: number): string {
  return fromUnits(ticks, inst.tick);
}

/** A plan's limit price must lie within 90 %–110 % of its trigger (spec 2 §5 rule 7, refused by the server too). */
export function planPriceRefusal(inst: Instrument, side: Side, price: number, trigger: number): ExchangeError | null {
  if (side === 'Buy' && price * 10 > trigger * 11) return exchangeError(ERR.PLAN_PRICE, fmt(inst, trigger));
  if (side === 'Sell' && price * 10 < trigger * 9) return exchangeError(ERR.PLAN_PRICE, fmt(inst, trigger));
  return null;
}

function parseTrailing(inst: Instrument, req: OrderRequest): Result<{ value: number; bps: number; activation: number }> {
  let activation = 0;
  if (req.activationPrice !== undefined && req.activationPrice !== '') {
    const a = parsePrice(inst, req.activationPrice, 'activationPrice');
    if (!a.ok) return a;
    activation = a.value;
  }
  const hasValue = req.trailingValue !== undefined && req.trailingValue !== '';
  const hasPct = req.trailingPercentage !== undefined && req.trailingPercentage !== '';
  if (hasValue === hasPct) return param('trailingValue');
  if (hasValue) {
    const v = parsePrice(inst, req.trailingValue, 'trailingValue');
    return v.ok ? { ok: true, value: { value: v.value, bps: 0, activation } } : v;
  }
  const bps = trailingBps(req.trailingPercentage!);
  return bps === null ? param('trailingPercentage') : { ok: true, value: { value: 0, bps, activation } };
}

/** A trailing rate of 0.1–20 % with at most two decimals, in basis points; null otherwise. */
export function trailingBps(pct: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(pct) || Number(pct) < 0.1 || Number(pct) > 20) return null;
  return Math.round(Number(pct) * 100);
}

/** An OCO leg's trigger on its side of the market: a sell takes profit above the last price and stops the loss below it, a buy the reverse. */
export function ocoTriggerOnItsSide(side: Side, role: 'takeProfit' | 'stopLoss', trigger: number, reference: number): boolean {
  const above = (side === 'Sell') === (role === 'takeProfit');
  return above ? trigger > reference : trigger < reference;
}

export interface DraftContext {
  inst: Instrument;
  account: AccountSettings;
  /** last trade price, or the mid when nothing traded yet; null for an empty market */
  reference: number | null;
  now: number;
}

/**
 * The server's own checks of a create call (spec 2 §5 "what the server must
 * refuse too", REFERENCE.md codes), in the order the exchange reports them:
 * symbol and side, then fields and decimals, then sizes and value, then price
 * band, then what the account or a new listing may not do.
 */
export function draftOrder(req: OrderRequest, ctx: DraftContext): Result<Draft> {
  const { inst, account, reference, now } = ctx;
  if (inst.tradeStatus !== 1 || (inst.rules.openTime !== null && now < inst.rules.openTime)) return fail(exchangeError(ERR.NOT_TRADING));
  if (!SIDES.has(req.side)) return param('side');
  if ((req.side === 'Buy' && inst.banBuy) || (req.side === 'Sell' && inst.banSell)) return fail(exchangeError(ERR.BAN_SIDE, req.side));
  const isOco = req.oco !== undefined;
  const orderType: OrderType = isOco ? 'Limit' : req.orderType;
  if (!TYPES.has(orderType)) return param('orderType');
  const timeInForce = req.timeInForce ?? 'GTC';
  if (!TIFS.has(timeInForce)) return param('timeInForce');
  if (req.planType !== undefined && !PLAN_TYPES.has(req.planType)) return param('planType');
  const planType: PlanType = isOco ? PLAN.OCO : (req.planType ?? PLAN.ORDINARY);
  const trailing = planType === PLAN.TRAILING_STOP || planType === PLAN.TRAILING_PROFIT;
  const marketOrder = !isOco && (orderType === 'Market' || trailing);
  const marketUnit: MarketUnit = req.marketUnit ?? (req.side === 'Buy' && marketOrder ? 'quoteCoin' : 'baseCoin');
  if (marketUnit !== 'baseCoin' && marketUnit !== 'quoteCoin') return param('marketUnit');

  let qty = 0;
  let quoteQty = 0n;
  if (marketOrder && marketUnit === 'quoteCoin') {
    const q = parseQuote(inst, req.qty);
    if (!q.ok) return q;
    quoteQty = q.value;
  } else {
    const q = parseQty(inst, req.qty);
    if (!q.ok) return q;
    qty = q.value;
  }
  let price = 0;
  if (!marketOrder && !isOco) {
    const p = parsePrice(inst, req.price, 'price');
    if (!p.ok) return p;
    price = p.value;
  }
  const slippage = marketOrder ? parseSlippage(req.slippage) : ({ ok: true, value: null } as const);
  if (!slippage.ok) return slippage;

  let triggerPrice = 0;
  if (planType !== PLAN.ORDINARY && !isOco && !trailing) {
    const t = parsePrice(inst, req.triggerPrice, 'triggerPrice');
    if (!t.ok) return t;
    triggerPrice = t.value;
    if (orderType === 'Limit') {
      const refusal = planPriceRefusal(inst, req.side, price, triggerPrice);
      if (refusal) return fail(refusal);
    }
  }
  let trail = { value: 0, bps: 0, activation: 0 };
  if (trailing) {
    const t = parseTrailing(inst, req);
    if (!t.ok) return t;
    trail = t.value;
  }
  let oco: Draft['oco'] = null;
  if (isOco) {
    const legs = draftOco(req, inst, reference);
    if (!legs.ok) return legs;
    oco = legs.value;
  }

  // Value for the amount limits: the limit price, the trigger, or the market now.
  const unitPrice = price || (oco ? Math.max(oco.takeProfit.price || oco.takeProfit.triggerPrice, oco.stopLoss.price || oco.stopLoss.triggerPrice) : 0) || triggerPrice || reference;
  if (qty > 0 && unitPrice === null) return fail(exchangeError(ERR.NO_LIQUIDITY));
  const value = quoteQty > 0n ? quoteQty : valueOf(inst.scale, unitPrice ?? 0, qty);
  if (value < inst.minAmount) return fail(exchangeError(ERR.VALUE_TOO_LOW));
  if (value > inst.maxAmount) return fail(exchangeError(ERR.VALUE_TOO_HIGH));
  if (planType === PLAN.ORDINARY && orderType === 'Limit') {
    const refusal = bandRefusal(inst, req.side, price, reference);
    if (refusal) return fail(refusal);
  }

  if (trailing && account.kind !== 'UTA') return fail(exchangeError(ERR.NOT_SUPPORTED, 'trailing orders need a unified trading account'));
  if (isOco && account.demo && !req.closesAttachedTpsl) return fail(exchangeError(ERR.NOT_SUPPORTED, 'OCO orders on a demo account'));
  const opened = inst.rules.openTime;
  if (opened !== null && now < opened + NEW_LISTING_GUARD_MS && (marketOrder || planType !== PLAN.ORDINARY)) {
    return fail(exchangeError(ERR.NEW_LISTING));
  }
  if ((marketOrder || planType !== PLAN.ORDINARY) && reference === null) return fail(exchangeError(ERR.NO_LIQUIDITY));

  return {
    ok: true,
    value: {
      symbol: inst.symbol,
      side: req.side,
      orderType: marketOrder ? 'Market' : 'Limit',
      timeInForce: marketOrder ? 'IOC' : timeInForce,
      planType,
      marketUnit,
      price,
      qty,
      quoteQty,
      slippage: slippage.value,
      triggerPrice,
      activationPrice: trail.activation,
      trailingValue: trail.value,
      trailingBps: trail.bps,
      value,
      oco,
    },
  };
}

function draftOco(req: OrderRequest, inst: Instrument, reference: number | null): Result<{ takeProfit: LegDraft; stopLoss: LegDraft }> {
  const legs: Partial<Record<'takeProfit' | 'stopLoss', LegDraft>> = {};
  for (const role of ['takeProfit', 'stopLoss'] as const) {
    const leg = req.oco![role];
    if (!leg || !TYPES.has(leg.orderType)) return param(`${role}.orderType`);
    const t = parsePrice(inst, leg.triggerPrice, `${role}.triggerPrice`);
    if (!t.ok) return t;
    let price = 0;
    if (leg.orderType === 'Limit') {
      const p = parsePrice(inst, leg.price, `${role}.price`);
      if (!p.ok) return p;
      price = p.value;
      const refusal = planPriceRefusal(inst, req.side, price, t.value);
      if (refusal) return fail(refusal);
    }
    legs[role] = { triggerPrice: t.value, orderType: leg.orderType, price };
  }
  const tp = legs.takeProfit!;
  const sl = legs.stopLoss!;
  if (reference !== null) {
    if (!ocoTriggerOnItsSide(req.side, 'takeProfit', tp.triggerPrice, reference)) return param('takeProfit.triggerPrice');
    if (!ocoTriggerOnItsSide(req.side, 'stopLoss', sl.triggerPrice, reference)) return param('stopLoss.triggerPrice');
  }
  return { ok: true, value: { takeProfit: tp, stopLoss: sl } };
}
