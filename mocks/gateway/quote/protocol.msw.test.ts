// @vitest-environment node
import { setupServer } from 'msw/node';
import { createTestHub } from '../../market/hub/testMarket';
import { quoteSocketHandler } from '../msw';
import { createQuoteGateway } from './gateway';
import { runProtocolSuite } from './protocol.suite';
import { webTestSocket } from './testSocket';

/** The gateway behind msw/node's WebSocket interception, reached with Node 22's global WebSocket. */
runProtocolSuite('msw/node', async () => {
  const { hub, scheduler } = await createTestHub();
  const gateway = createQuoteGateway(hub, { scheduler });
  const server = setupServer(quoteSocketHandler(gateway));
  server.listen({ onUnhandledFrame: 'error' });
  return {
    hub,
    gateway,
    connect: () => webTestSocket('ws://localhost/realtime'),
    advance: (ms) => scheduler.advance(ms),
    close() {
      server.close();
      gateway.close();
      hub.close();
    },
  };
});
