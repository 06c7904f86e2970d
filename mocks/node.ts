import { setupServer } from 'msw/node';
import { FaultPlan, parseFaults } from './faults';
import { createHandlers } from './http/handlers';

/** The same backend for Node unit tests; `origin` prefixes nothing — msw/node matches paths. */
export function createTestBackend(faultSpec?: string) {
  return setupServer(...createHandlers({ faults: new FaultPlan(parseFaults(faultSpec)) }));
}
