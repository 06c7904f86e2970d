// @vitest-environment node
import { createTestHub } from '../../market/hub/testMarket';
import { createQuoteGateway } from './gateway';
import { runProtocolSuite } from './protocol.suite';
import { memoryTestSocket } from './testSocket';

/** The gateway with an in-memory peer on a manual clock: the protocol without any transport. */
runProtocolSuite('in memory', async () => {
  const { hub, scheduler } = await createTestHub();
  const gateway = createQuoteGateway(hub, { scheduler });
  return {
    hub,
    gateway,
    connect: () => Promise.resolve(memoryTestSocket(gateway)),
    advance: (ms) => scheduler.advance(ms),
    close() {
      gateway.close();
      hub.close();
    },
  };
});
