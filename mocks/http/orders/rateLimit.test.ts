// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../runtime/contractKit';
import { ORDER_CREATE_LIMIT } from './create';
import { ORDER_PATHS } from './paths';
import { runtimeWithCallers, restingBuyPrice, type Caller } from './orderCallKit';

/** New orders are limited per user and second of exchange time; retries of a client order id and other users are not counted. */
describe.each(RUNTIMES)('order create rate limit (%s)', (kind) => {
  const held = runtimeWithCallers(kind, ['u-uta', 'u-standard'] as const);
  // Read at call time: the runtime starts in beforeAll.
  const uta: Caller = (...args) => held.callers['u-uta'](...args);
  const standard: Caller = (...args) => held.callers['u-standard'](...args);

  const order = (clientOrderId: string) => ({ symbol_id: 'BTCUSDT', side: 'Buy', type: 'limit', price: restingBuyPrice(held.rt, 'BTCUSDT'), quantity: '0.001', client_order_id: clientOrderId });

  it('refuses the 21st new order within a second with 10006, counts no retry, and lets orders through a second later', async () => {
    await held.rt.scheduler.advance(1_000);
    for (let i = 0; i < ORDER_CREATE_LIMIT; i++) expect(await uta(ORDER_PATHS.create, order(`burst-${i}`))).toMatchObject({ code: 0 });
    // A retry of an order already made answers it and is not a new order.
    expect(await uta(ORDER_PATHS.create, order('burst-0'))).toMatchObject({ code: 0 });
    const refused = await uta(ORDER_PATHS.create, order('burst-over'));
    expect(refused).toMatchObject({ code: 10006, success: false, message: expect.stringContaining('at most 20 new orders per second') });
    // Another user has a limit of their own.
    expect(await standard(ORDER_PATHS.create, order('other-user'))).toMatchObject({ code: 0 });
    await held.rt.scheduler.advance(1_000);
    expect(await uta(ORDER_PATHS.create, order('burst-over'))).toMatchObject({ code: 0 });
  });
});
