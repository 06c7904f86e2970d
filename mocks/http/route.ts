import { http, HttpResponse, type HttpHandler } from 'msw';
import { faultResponse, type FaultSource } from '../faults';
import { answerFor } from './errors';

export type Answer = (request: Request) => Response | Promise<Response>;

export interface RouteContext {
  faults: FaultSource;
  /** true while the simulated network is down */
  offline: () => boolean;
  /**
   * Resolves once every change made so far is durable. A POST awaits it
   * before its answer leaves: an acknowledged change must survive a reload.
   */
  commit?: () => Promise<void>;
}

/**
 * One path of the exchange (GET unless said). Order matters: a network that is down answers
 * nothing at all, then an injected fault for this path, then the real answer.
 * The fault plan is keyed by the path as registered, so `?mockFault=` names
 * the same strings docs/api.md lists.
 */
export function route(context: RouteContext, path: string, answer: Answer, method: 'get' | 'post' = 'get'): HttpHandler {
  return http[method](path, async ({ request }) => {
    if (context.offline()) return HttpResponse.error();
    const fault = context.faults.take(path, request);
    const faulted = fault === 'lost' ? null : await faultResponse(fault);
    if (faulted) return faulted;
    let response: Response;
    try {
      response = await answer(request);
    } catch (error) {
      response = answerFor(error);
    }
    if (method === 'post' && context.commit) await context.commit();
    return fault === 'lost' ? HttpResponse.error() : response;
  });
}
