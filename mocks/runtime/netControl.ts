import { http, type HttpHandler } from 'msw';
import { fail, ok } from '../envelope';
import type { NetState } from '../net/netState';
import { readBody } from './body';

/**
 * `/mock/api/net` (docs/api/network.md "Mock control"): makes a host slow or
 * down, changes what `network_config` and the probe answer, and shows the
 * quality reports the page sent. Like the other controls it answers while the
 * simulated network is down.
 */
export const NET_CONTROL_PATH = '/mock/api/net';
export const NET_REPORTS_PATH = '/mock/api/net/reports';

export function netControlHandlers(net: NetState): HttpHandler[] {
  return [
    http.get(NET_CONTROL_PATH, () => ok(net.snapshot())),
    http.post(NET_CONTROL_PATH, async ({ request }) => {
      const body = await readBody(request);
      if (!body) return fail(10001, 'body must be a JSON object');
      const changed = net.change(body);
      return typeof changed === 'string' ? fail(10002, changed) : ok(changed);
    }),
    http.get(NET_REPORTS_PATH, () => ok({ batches: net.collector.batches(), reports: net.collector.reports() })),
  ];
}
