// @vitest-environment node
import { runProtocolSuite } from '../gateway/quote/protocol.suite';
import { webTestSocket } from '../gateway/quote/testSocket';
import { ManualScheduler } from '../market/hub';
import { TEST_START, sharedDemoSets } from '../market/hub/testMarket';
import { startLocalServer } from './server';

/**
 * The same protocol suite as in memory and under msw/node, against the local
 * server runtime: real sockets on 127.0.0.1 (a free port), the exchange's
 * clock moved by hand so every run pushes the same frames.
 */
runProtocolSuite('local server', async () => {
  const scheduler = new ManualScheduler(TEST_START);
  const server = await startLocalServer({ sets: sharedDemoSets(), scheduler, port: 0 });
  await server.backend.hub.ready();
  return {
    hub: server.backend.hub,
    gateway: server.backend.quote,
    connect: () => webTestSocket(server.wsUrl),
    advance: (ms) => scheduler.advance(ms),
    close: () => server.close(),
  };
});
