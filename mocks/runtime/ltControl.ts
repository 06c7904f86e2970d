import { http, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import type { LtControl, LtDesk } from '../lt/ltDesk';
import { readBody } from './body';

/**
 * `POST /mock/api/lt` (docs/api/lt.md "Mock control"): sets a token's state so
 * a test can reach what the replay rarely shows — a closed status, a
 * rebalance (st 5), a risk state, a worthless token. Answers the info object
 * once the change is saved, like the calls do.
 */
export const LT_CONTROL_PATH = '/mock/api/lt';

const FIELDS = ['symbolId', 'st', 'riskState', 'riskSwitchStatus', 'nav'];

/** The change a body asks for, or what is wrong with it. */
export function readLtControl(body: Record<string, unknown>): LtControl | string {
  const stray = Object.keys(body).find((key) => !FIELDS.includes(key));
  if (stray !== undefined) return `${stray} is not a field of this control`;
  const change: LtControl = {};
  if (body.st !== undefined) {
    if (![1, 2, 3, 4, 5].includes(body.st as number)) return 'st must be 1, 2, 3, 4 or 5';
    change.st = body.st as LtControl['st'];
  }
  if (body.riskState !== undefined) {
    if (![1, 4, 5].includes(body.riskState as number)) return 'riskState must be 1, 4 or 5';
    change.riskState = body.riskState as LtControl['riskState'];
  }
  if (body.riskSwitchStatus !== undefined) {
    if (body.riskSwitchStatus !== 0 && body.riskSwitchStatus !== 1) return 'riskSwitchStatus must be 0 or 1';
    change.riskSwitchStatus = body.riskSwitchStatus;
  }
  if (body.nav !== undefined) {
    if (typeof body.nav !== 'string' || !/^\d+(\.\d+)?$/.test(body.nav)) return 'nav must be a decimal string ("0": worthless)';
    change.nav = Number(body.nav);
  }
  return change;
}

export function ltControlHandlers(desk: LtDesk, now: () => number, commit: () => Promise<void> = () => Promise.resolve()): HttpHandler[] {
  return [
    http.post(LT_CONTROL_PATH, async ({ request }) => {
      const body = await readBody(request);
      if (!body) return fail(10001, 'body must be a JSON object');
      if (typeof body.symbolId !== 'string' || !desk.registry.bySymbol(body.symbolId)) return fail(170121, `${String(body.symbolId)} is not a leveraged token`);
      const change = readLtControl(body);
      if (typeof change === 'string') return fail(10002, change);
      const info = desk.control(body.symbolId, change, now());
      await commit();
      return ok(info);
    }),
  ];
}
