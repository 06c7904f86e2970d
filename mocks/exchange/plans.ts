import { PLAN, type Order } from './types';

/** Which way a trigger fires, from where the market is when the plan is placed. */
export function directionFor(trigger: number, last: number): 'up' | 'down' {
  return trigger >= last ? 'up' : 'down';
}

export function isTrailing(order: Pick<Order, 'planType'>): boolean {
  return order.planType === PLAN.TRAILING_STOP || order.planType === PLAN.TRAILING_PROFIT;
}

/** Conditional, stop-limit, TP/SL and OCO legs: the last trade price reached the trigger. */
export function triggerReached(order: Pick<Order, 'triggerDirection' | 'triggerPrice'>, last: number): boolean {
  return order.triggerDirection === 'up' ? last >= order.triggerPrice : last <= order.triggerPrice;
}

/** Trailing distance from the best price since activation: by value, or by rate (rounded to whole ticks, at least one). */
export function trailDistance(order: Pick<Order, 'trailingValue' | 'trailingBps'>, extreme: number): number {
  if (order.trailingValue > 0) return order.trailingValue;
  return Math.max(1, Math.round((extreme * order.trailingBps) / 10_000));
}

export type TrailStep = 'none' | 'activated' | 'fire';

/**
 * One last price for a trailing order: activation (the price reached the
 * activation price, from the side it was placed on), the best price since
 * (highest for a sell, lowest for a buy), and firing once the price retraced
 * the distance from that best. Mutates the order's trail fields.
 */
export function trailStep(order: Order, last: number): TrailStep {
  let step: TrailStep = 'none';
  if (!order.trailActive) {
    const reached = order.triggerDirection === 'up' ? last >= order.activationPrice : last <= order.activationPrice;
    if (!reached) return 'none';
    order.trailActive = true;
    order.trailExtreme = last;
    step = 'activated';
  }
  const sell = order.side === 'Sell';
  if (sell ? last > order.trailExtreme : last < order.trailExtreme) order.trailExtreme = last;
  const distance = trailDistance(order, order.trailExtreme);
  const fired = sell ? last <= order.trailExtreme - distance : last >= order.trailExtreme + distance;
  return fired ? 'fire' : step;
}

/**
 * A trailing stop whose activation price lies on the profit side (above the
 * market for a sell, below for a buy) is a trailing profit order once it
 * activates (spec 2 §4 toasts that change).
 */
export function becomesTrailingProfit(order: Pick<Order, 'planType' | 'side' | 'activationPrice' | 'triggerDirection'>): boolean {
  if (order.planType !== PLAN.TRAILING_STOP || order.activationPrice === 0) return false;
  return order.side === 'Sell' ? order.triggerDirection === 'up' : order.triggerDirection === 'down';
}

/** Plan types whose assets are locked when placed (TP/SL, stop-limit, trailing, OCO); a conditional order locks when it triggers. */
export function locksWhenPlaced(planType: number): boolean {
  return planType !== PLAN.ORDINARY && planType !== PLAN.CONDITIONAL;
}
