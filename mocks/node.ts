import { setupServer } from 'msw/node';
import { FaultPlan, parseFaults } from './faults';
import { createHandlers } from './http/handlers';
import { createBackend, type BackendOptions } from './runtime/backend';

/** REST handlers alone (profile, symbol list) for tests that need no market; `origin` prefixes nothing — msw/node matches paths. */
export function createTestBackend(faultSpec?: string) {
  return setupServer(...createHandlers({ faults: new FaultPlan(parseFaults(faultSpec)) }));
}

/**
 * The whole embedded exchange under msw/node: the page's fetch calls and
 * WebSocket clients (Node 22's global WebSocket) in a test reach the same
 * backend the demo build runs in-page. REST paths are relative, as the page
 * calls them, so REST tests run in a page-like environment (jsdom gives the
 * origin); sockets match any host.
 */
export function createNodeBackend(options: BackendOptions) {
  const backend = createBackend(options);
  const server = setupServer(...backend.httpHandlers, ...backend.socketHandlers);
  return { backend, server };
}
