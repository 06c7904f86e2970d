/**
 * Readers of the order calls' parameters (spec 2 §7 names). Every reader
 * answers the value or throws a 10001 refusal naming the parameter, so a
 * handler never sees malformed input and never throws anything else.
 */
import { PLAN, type PlanType, type Side } from '../../exchange';
import { GRID_CLIENT_PREFIX } from '../../strategies/gridState';
import { ALGO_CLIENT_PREFIX } from '../../strategies/algoTags';
import { badParam } from '../errors';

export type Body = Record<string, unknown>;

const DIGITS = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
/** Bybit's orderLinkId: at most 36 characters of letters, digits and `-_.:` */
const CLIENT_ORDER_ID = /^[A-Za-z0-9_.:-]{1,36}$/;
// Year 275760 is where Date stops; a bigger time is a typo, not a time.
const MAX_TIME_MS = 8_640_000_000_000_000;

export const DAY_MS = 86_400_000;

/** A string field; absent, null and '' read as undefined. */
export function optionalString(body: Body, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badParam(`${name} must be a string`);
  return v.trim() || undefined;
}

export function requiredString(body: Body, name: string): string {
  const v = optionalString(body, name);
  if (v === undefined) throw badParam(`${name} is required`);
  return v;
}

/**
 * A price or quantity: a decimal string as the page sends it (a JSON number
 * is taken as its shortest decimal text). Steps and limits are the engine's
 * to check; this only refuses what is not a plain non-negative decimal.
 */
export function optionalDecimal(body: Body, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : null;
  if (text === null || !DECIMAL.test(text)) throw badParam(`${name} must be a decimal string`);
  return text;
}

export function requiredDecimal(body: Body, name: string): string {
  const v = optionalDecimal(body, name);
  if (v === undefined) throw badParam(`${name} is required`);
  return v;
}

export function optionalBoolean(body: Body, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badParam(`${name} must be true or false`);
  return v;
}

/** One of `values` (compared without case), answered in the spelling of `values`. */
export function optionalChoice<T extends string>(body: Body, name: string, values: readonly T[]): T | undefined {
  const v = optionalString(body, name);
  if (v === undefined) return undefined;
  const found = values.find((value) => value.toLowerCase() === v.toLowerCase());
  if (!found) throw badParam(`${name} must be one of ${values.join(', ')}`);
  return found;
}

export function sideOf(body: Body, name = 'side'): Side {
  const side = optionalChoice(body, name, ['Buy', 'Sell'] as const);
  if (!side) throw badParam(`${name} is required`);
  return side;
}

export function clientOrderIdOf(body: Body): string | undefined {
  const v = optionalString(body, 'client_order_id');
  if (v !== undefined && !CLIENT_ORDER_ID.test(v)) throw badParam('client_order_id must be 1 to 36 letters, digits or -_.:');
  // The grid bots' ids: a user's order under one would be handed back to a bot as its own.
  if (v !== undefined && v.startsWith(GRID_CLIENT_PREFIX)) throw badParam(`client_order_id may not start with ${GRID_CLIENT_PREFIX}`);
  // Likewise the strategy orders' children (their tag gives them a specialTradeFrom the page's notices skip).
  if (v !== undefined && v.startsWith(ALGO_CLIENT_PREFIX)) throw badParam(`client_order_id may not start with ${ALGO_CLIENT_PREFIX}`);
  return v;
}

/** An order id as the exchange gives them (digits). */
export function orderIdOf(body: Body, name = 'order_id'): string | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !DIGITS.test(text)) throw badParam(`${name} must be an order id (digits)`);
  return text;
}

/** order_id or client_order_id, at least one. */
export function orderRefOf(body: Body): { orderId?: string; clientOrderId?: string } {
  const orderId = orderIdOf(body);
  const clientOrderId = clientOrderIdOf(body);
  if (!orderId && !clientOrderId) throw badParam('order_id or client_order_id is required');
  return { orderId, clientOrderId };
}

/** An integer from a JSON number or a string of digits (query parameters arrive as text). */
function integerOf(v: unknown, name: string, min: number, max: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw badParam(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

// ---- plan types -----------------------------------------------------------

const CREATE_PLAN_TYPES: ReadonlySet<number> = new Set([PLAN.CONDITIONAL, PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT, PLAN.STOP_LIMIT, PLAN.OCO, PLAN.TPSL]);

/** The plan type of a create or modify call: 1, 4, 5, 8, 10 or 11 (spec 2 §3). */
export function createPlanTypeOf(body: Body, name = 'plan_type'): Exclude<PlanType, -1> | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  const n = integerOf(v, name, 1, 11);
  if (!CREATE_PLAN_TYPES.has(n)) throw badParam(`${name} must be one of 1, 4, 5, 8, 10, 11`);
  return n as Exclude<PlanType, -1>;
}

/**
 * The plan types a list or cancel-all filter names. Spec 2 §7 sends
 * "plan_type (1 stop-limit, OCO type)": 1 is the kind code STOP_LIMIT, so it
 * names the stop family (conditional 1 and stop-limit 8 plans alike); 8 names
 * stop-limit plans alone; 4 and 5 both name the trailing family (a trailing
 * stop turns into a trailing profit order as it activates); 10 OCO; 11 TP/SL.
 * -1 names ordinary orders (only where a call lists both). null: every plan.
 */
export function planFilterOf(raw: unknown, name: string, allowOrdinary: boolean): readonly PlanType[] | 'ordinary' | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const n = integerOf(raw, name, -1, 11);
  if (n === PLAN.ORDINARY && allowOrdinary) return 'ordinary';
  switch (n) {
    case PLAN.CONDITIONAL:
      return [PLAN.CONDITIONAL, PLAN.STOP_LIMIT];
    case PLAN.TRAILING_STOP:
    case PLAN.TRAILING_PROFIT:
      return [PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT];
    case PLAN.STOP_LIMIT:
    case PLAN.OCO:
    case PLAN.TPSL:
      return [n as PlanType];
    default:
      throw badParam(`${name} must be one of ${allowOrdinary ? '-1, ' : ''}1, 4, 5, 8, 10, 11`);
  }
}

const EXACT_PLAN_TYPES: ReadonlySet<number> = new Set([PLAN.CONDITIONAL, PLAN.TRAILING_STOP, PLAN.TRAILING_PROFIT, PLAN.STOP_LIMIT, PLAN.OCO, PLAN.TPSL]);

/**
 * `plan_types`: exact plan types, as a list or a comma string ("1,11,4,5"),
 * each named alone (no families). The page's sub-tabs group plans their own
 * way (conditional without stop-limit), which no single `plan_type` filter
 * names. null when absent.
 */
export function exactPlanTypesOf(raw: unknown, name = 'plan_types'): readonly PlanType[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : null;
  if (items === null || items.length === 0) throw badParam(`${name} must be a list of plan types`);
  const types = items.map((item) => integerOf(item, name, 1, 11));
  if (types.some((t) => !EXACT_PLAN_TYPES.has(t))) throw badParam(`${name} may hold 1, 4, 5, 8, 10, 11`);
  return [...new Set(types)] as PlanType[];
}

/** `plan_type` (a family filter) or `plan_types` (exact types); not both. */
export function planTypesFilter(filter: unknown, exact: unknown, allowOrdinary: boolean): readonly PlanType[] | 'ordinary' | null {
  const types = exactPlanTypesOf(exact);
  if (types && filter !== undefined && filter !== null && filter !== '') throw badParam('send plan_type or plan_types, not both');
  return types ?? planFilterOf(filter, 'plan_type', allowOrdinary);
}

// ---- query ----------------------------------------------------------------

export function queryInteger(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  return integerOf(raw, name, min, max);
}

/** A time in ms; undefined when absent or empty. */
export function queryTime(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name)?.trim();
  if (!raw) return undefined;
  if (!DIGITS.test(raw) || Number(raw) > MAX_TIME_MS) throw badParam(`${name} must be a time in ms (a non-negative integer)`);
  return Number(raw);
}

/** `from_order_id`: 0 or absent starts at the newest order; otherwise orders with a smaller id. */
export function fromOrderIdOf(query: URLSearchParams): bigint | null {
  const raw = query.get('from_order_id')?.trim();
  if (!raw) return null;
  if (!DIGITS.test(raw) || raw.length > 30) throw badParam('from_order_id must be an order id (digits)');
  const id = BigInt(raw);
  return id === 0n ? null : id;
}

/** A symbol filter: absent or empty means every symbol. */
export function querySymbol(query: URLSearchParams, name: string): string | undefined {
  return query.get(name)?.trim() || undefined;
}

export function requiredQuery(query: URLSearchParams, name: string): string {
  const v = query.get(name)?.trim();
  if (!v) throw badParam(`${name} is required`);
  return v;
}

/** `daySpan`: whole days back from now, 1 to 90 (spec 2 §9: the average price window is 90 days at most). */
export function daySpanOf(query: URLSearchParams, fallback = 90): number {
  return queryInteger(query, 'daySpan', fallback, 1, 90);
}

/** Page order (newest first) and `from_order_id` paging over orders. */
export function pageOf<T extends { orderId: string }>(orders: readonly T[], from: bigint | null, limit: number): T[] {
  const sorted = [...orders].sort((a, b) => (BigInt(b.orderId) > BigInt(a.orderId) ? 1 : -1));
  const after = from === null ? sorted : sorted.filter((o) => BigInt(o.orderId) < from);
  return after.slice(0, limit);
}
