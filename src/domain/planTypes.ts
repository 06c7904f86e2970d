/**
 * The one table of order plan types and order kind codes (spec 1 §3 "Order
 * kind codes", spec 2 §3 "Plan types"). Two numberings exist: a plan type
 * names an order's plan (stop-limit is 8), a kind code names an order kind
 * where a single code stands for a family (stop-limit is 1, which the
 * cancel-all and list filters read as the stop family). Everything on the
 * page that needs either number reads it here.
 */
export const PLAN_TYPE = {
  /** limit and market orders */
  ordinary: -1,
  conditional: 1,
  trailingStop: 4,
  /** a trailing stop once activated */
  trailingProfit: 5,
  stopLimit: 8,
  oco: 10,
  tpsl: 11,
} as const;

export type PlanKind = keyof typeof PLAN_TYPE;

export const ORDER_KIND_CODE = {
  STOP_LIMIT: 1,
  TRAILING_STOP: 4,
  TRAILING_PROFIT: 5,
  OCO: 10,
  TPSL: 11,
} as const;

export type OrderKindCode = (typeof ORDER_KIND_CODE)[keyof typeof ORDER_KIND_CODE];

/** Each plan's kind code; conditional and ordinary orders have none of their own. */
const KIND_CODE_OF: Partial<Record<PlanKind, OrderKindCode>> = {
  stopLimit: ORDER_KIND_CODE.STOP_LIMIT,
  trailingStop: ORDER_KIND_CODE.TRAILING_STOP,
  trailingProfit: ORDER_KIND_CODE.TRAILING_PROFIT,
  oco: ORDER_KIND_CODE.OCO,
  tpsl: ORDER_KIND_CODE.TPSL,
};

/** The plan kind of a plan-type number; null for a number the table does not know (a newer server's). */
export function planKindOf(planType: number): PlanKind | null {
  for (const [kind, code] of Object.entries(PLAN_TYPE)) if (code === planType) return kind as PlanKind;
  return null;
}

/** The kind code of a plan type: stop-limit (plan type 8) is kind code 1; null where the kind has no code. */
export function kindCodeOf(planType: number): OrderKindCode | null {
  const kind = planKindOf(planType);
  return kind === null ? null : (KIND_CODE_OF[kind] ?? null);
}

/** Trailing stop (4) and the trailing profit order it becomes once activated (5): one family. */
export const TRAILING_PLAN_TYPES: readonly number[] = [PLAN_TYPE.trailingStop, PLAN_TYPE.trailingProfit];

export const isTrailingPlan = (planType: number): boolean => TRAILING_PLAN_TYPES.includes(planType);
