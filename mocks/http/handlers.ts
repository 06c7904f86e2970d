import { http, type HttpHandler } from 'msw';
import instruments from '../../fixtures/instruments.json';
import { ok } from '../envelope';
import { FaultPlan, faultResponse } from '../faults';

export interface BackendOptions {
  faults?: FaultPlan;
}

const VISITOR = { userState: 0, isDemo: false, accountType: null, userId: null };

/**
 * REST handlers of the embedded exchange. Paths are documented in docs/api.md.
 * Every handler goes through the fault plan first so any call can be made to fail.
 */
export function createHandlers(options: BackendOptions = {}): HttpHandler[] {
  const faults = options.faults ?? new FaultPlan([]);
  const route = (path: string, answer: (request: Request) => Response | Promise<Response>) =>
    http.get(path, async ({ request }) => (await faultResponse(faults.take(path))) ?? answer(request));

  return [
    route('/user/api/profile', () => ok(VISITOR)),
    route('/spot/api/basic/symbol_list', () => ok({ list: instruments.symbols })),
  ];
}
