import { ok } from '../../envelope';
import { signedIn } from '../accountContext';
import { badParam } from '../errors';
import { jsonObjectBody } from '../params';
import { route } from '../route';
import type { AssetContext } from './context';
import { type RecentsStore, type RecentVisit } from './recentsStore';

export const RECENTS_PATH = '/spot/api/user/recents';

/** Symbol ids as the favorites call takes them. */
const SYMBOL_ID = /^[A-Z0-9]{2,24}$/;
/** A visitor's local list is short; a long one is a client bug. */
const MAX_REPLACE = 100;

function visitedAtOf(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badParam(`${name} must be a time in ms (a non-negative integer)`);
  return value;
}

function symbolIdOf(value: unknown, name: string): string {
  if (typeof value !== 'string' || !SYMBOL_ID.test(value)) throw badParam(`${name} must be a symbol id such as BTCUSDT`);
  return value;
}

/** GET the list; POST one visit `{symbolId, visitedAt?}` or a whole list `{list: [...]}`. */
export function recentsHandlers(context: AssetContext, store: RecentsStore) {
  return [
    route(context, RECENTS_PATH, (request) => ok({ list: store.list(signedIn(context, request).userId) })),
    route(
      context,
      RECENTS_PATH,
      async (request) => {
        const { userId } = signedIn(context, request);
        const body = await jsonObjectBody(request);
        if (body.list !== undefined) {
          if (!Array.isArray(body.list) || body.list.length > MAX_REPLACE) throw badParam(`list must be a list of at most ${MAX_REPLACE} visits`);
          const now = context.now();
          const visits: RecentVisit[] = body.list.map((item: unknown, i) => {
            if (typeof item !== 'object' || item === null) throw badParam(`list[${i}] must be an object {symbolId, visitedAt}`);
            const v = item as Record<string, unknown>;
            return { symbolId: symbolIdOf(v.symbolId, `list[${i}].symbolId`), visitedAt: visitedAtOf(v.visitedAt, `list[${i}].visitedAt`, now) };
          });
          return ok({ list: store.replace(userId, visits) });
        }
        const symbolId = symbolIdOf(body.symbolId, 'symbolId');
        return ok({ list: store.visit(userId, symbolId, visitedAtOf(body.visitedAt, 'visitedAt', context.now())) });
      },
      'post',
    ),
  ];
}
