/**
 * Incoming frames of the private socket (docs/api/private.md): the control
 * answers (acknowledgements, sign-in, refusals) and the push envelope, then
 * the pushed items read by the same parsers as the REST answers, so a push
 * and a refetch give the caches the same objects.
 */
import { parseBalanceLines, parseUnifiedBalances, type TokenBalance } from '../../api/assets';
import { parseLtOrder, type LtOrder } from '../../api/lt';
import { parseFill, parseOrder, type Fill, type Order } from '../../api/orders';
import type { UpgradePushItem } from '../../../domain/upgrade';
import type { PrivateAccountType, TopicRole } from './topics';

export type PrivateFrame =
  | { kind: 'ack'; event: string; topic: string }
  | { kind: 'auth'; ok: true }
  /** a refused auth frame, or the exchange telling the socket its session ended */
  | { kind: 'auth'; ok: false; code: string; desc: string }
  | { kind: 'error'; code: string; desc: string; event: string | null; topic: string | null }
  | { kind: 'push'; topic: string; data: unknown[]; sendTime: number; interval: number | null };

/** What a push means to the page, read and checked. */
export type PrivatePush =
  | { kind: 'orders'; orders: Order[]; sendTime: number }
  | { kind: 'fills'; fills: Fill[]; sendTime: number }
  /** the whole wallet, in the shape of the balance call */
  | { kind: 'wallet'; balances: TokenBalance[]; interval: number; sendTime: number }
  /** some of the user's strategy orders or grid bots changed: the push names them, the lists are read again */
  | { kind: 'strategies'; sendTime: number }
  /** leveraged-token orders as the LT order list gives them (either of the two LT topics) */
  | { kind: 'ltOrders'; orders: LtOrder[]; sendTime: number }
  /** results of the account's upgrade to unified, in the order pushed (spec 2 §4) */
  | { kind: 'upgrade'; items: UpgradePushItem[]; sendTime: number };

type Obj = Record<string, unknown>;

const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalText = (o: Obj, key: string): string | null => (typeof o[key] === 'string' ? o[key] : null);
const finiteNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * A private frame, or null for anything else: pongs, which the shared
 * connection's heartbeat reads, and frames no protocol knows, which the
 * connection counts as malformed (and reconnects after too many).
 */
export function readPrivateFrame(data: unknown): PrivateFrame | null {
  if (typeof data !== 'string') return null;
  let o: unknown;
  try {
    o = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(o) || 'pong' in o) return null;
  if (o.event === 'auth' && o.code !== undefined) {
    const code = String(o.code);
    return code === '0' ? { kind: 'auth', ok: true } : { kind: 'auth', ok: false, code, desc: optionalText(o, 'desc') ?? code };
  }
  if (typeof o.topic === 'string' && Array.isArray(o.data)) {
    const sendTime = finiteNumber(o.sendTime);
    if (sendTime === null) return null;
    const interval = finiteNumber(o.interval);
    return { kind: 'push', topic: o.topic, data: o.data, sendTime, interval: interval !== null && interval > 0 ? interval : null };
  }
  if (o.code === undefined) return null;
  const code = String(o.code);
  const event = optionalText(o, 'event');
  const topic = optionalText(o, 'topic');
  if (code === '0' && event !== null && topic !== null) return { kind: 'ack', event, topic };
  return { kind: 'error', code, desc: optionalText(o, 'desc') ?? optionalText(o, 'msg') ?? code, event, topic };
}

export interface ReadPush {
  /** null when nothing in the push could be used */
  push: PrivatePush | null;
  /** items left out because they did not parse */
  bad: number;
}

/** Items one by one: one odd order must not hide the others of the same push. */
function each<T>(data: unknown[], read: (value: unknown, what: string) => T): { items: T[]; bad: number } {
  const items: T[] = [];
  let bad = 0;
  data.forEach((value, i) => {
    try {
      items.push(read(value, `push.data[${i}]`));
    } catch {
      bad += 1;
    }
  });
  return { items, bad };
}

/** `{code: 200, data: "0"}`: the code a number (or its text), the data the result as text. */
function parseUpgradeItem(value: unknown, what: string): UpgradePushItem {
  if (!isObject(value)) throw new Error(`${what} is not an object`);
  const code = typeof value.code === 'string' ? Number(value.code) : value.code;
  const data = typeof value.data === 'number' ? String(value.data) : value.data;
  if (typeof code !== 'number' || !Number.isFinite(code) || typeof data !== 'string') throw new Error(`${what} is not an upgrade result`);
  return { code, data };
}

/** The items of a push on a topic of `role`, read for the account type that subscribed. */
export function readPush(frame: Extract<PrivateFrame, { kind: 'push' }>, role: TopicRole, accountType: PrivateAccountType): ReadPush {
  const { data, sendTime } = frame;
  switch (role) {
    case 'order': {
      const { items, bad } = each(data, parseOrder);
      return { push: items.length > 0 ? { kind: 'orders', orders: items, sendTime } : null, bad };
    }
    case 'trade': {
      const { items, bad } = each(data, parseFill);
      return { push: items.length > 0 ? { kind: 'fills', fills: items, sendTime } : null, bad };
    }
    case 'lt': {
      const { items, bad } = each(data, parseLtOrder);
      return { push: items.length > 0 ? { kind: 'ltOrders', orders: items, sendTime } : null, bad };
    }
    case 'upgrade': {
      const { items, bad } = each(data, parseUpgradeItem);
      return { push: items.length > 0 ? { kind: 'upgrade', items, sendTime } : null, bad };
    }
    case 'strategy':
      // What changed is read from the lists (the push names only ids and statuses): any item is enough.
      return { push: data.length > 0 ? { kind: 'strategies', sendTime } : null, bad: 0 };
    case 'wallet': {
      // Without its interval a wallet push cannot say how long it stays fresh: the poll is the safer source.
      if (frame.interval === null) return { push: null, bad: 1 };
      try {
        const balances = accountType === 'UTA' ? parseUnifiedBalances(data[0]) : parseBalanceLines(data);
        return { push: { kind: 'wallet', balances, interval: frame.interval, sendTime }, bad: 0 };
      } catch {
        return { push: null, bad: 1 };
      }
    }
  }
}
