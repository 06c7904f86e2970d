/**
 * Frames the embedded exchange sends on /realtime_w (docs/api/private.md),
 * for tests that play the server over a fake socket.
 */
import type { FakeSocket } from '../fakeSocket.testkit';

/** An order view as the order calls and the order pushes give it (docs/api/orders.md). */
export function orderView(orderId: string, status: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderId,
    clientOrderId: `c-${orderId}`,
    symbolId: 'BTCUSDT',
    baseTokenName: 'BTC',
    quoteTokenName: 'USDT',
    side: 'Buy',
    type: 'LIMIT',
    planType: -1,
    status,
    price: '59000',
    triggerPrice: '0',
    orderQtyForView: '0.01',
    executedQty: '0',
    avgPrice: '0',
    amount: '590',
    time: 1_000,
    updatedTime: 1_000,
    ...over,
  };
}

export function fillView(tradeId: string, orderId: string): Record<string, unknown> {
  return {
    tradeId,
    orderId,
    symbolId: 'BTCUSDT',
    side: 'Buy',
    orderType: 'LIMIT',
    price: '59000',
    quantity: '0.01',
    amount: '590',
    tokenFee: '0.00001',
    feeTokenId: 'BTC',
    isMaker: true,
    matchTime: 1_000,
  };
}

/** An LT order as the LT order list and the lt_order / user.lt.order pushes give it (docs/api/lt.md). */
export function ltOrderView(orderId: string, status: 1 | 2 | 3, over: Record<string, unknown> = {}): Record<string, unknown> {
  const done = status === 1;
  return {
    orderId,
    symbolId: 'BTC3LUSDT',
    token: 'BTC3L',
    quote: 'USDT',
    orderType: 1,
    orderQuantity: '150',
    status,
    nav: done ? '4.82100000' : null,
    fee: done ? '0.075' : null,
    fillQuantity: done ? '31.0984' : null,
    failReason: status === 3 ? 'change_position' : null,
    createdTime: 1_000,
    updatedTime: done ? 4_000 : 1_000,
    ...over,
  };
}

export const classicWallet = (usdtFree: string, sendTime: number, interval = 5000) => ({
  topic: 'asset.spot-walletbalance',
  interval,
  sendTime,
  data: [
    { tokenId: 'USDT', free: usdtFree, locked: '1', total: String(Number(usdtFree) + 1) },
    { tokenId: 'BTC', free: '1', locked: '0', total: '1' },
  ],
});

export const unifiedWallet = (sendTime: number, interval = 5000) => ({
  topic: 'user.unify.uta.wallet',
  interval,
  sendTime,
  data: [
    {
      actualLeverageRatio: '1.00',
      coinList: [
        { tokenId: 'USDT', walletBalance: '100000.5', spotAvailableBalance: '99409.25', spotMarginAvailableBalance: '99409.25', borrowSize: '0', occAssetUSDTValue: '591.25' },
      ],
    },
  ],
});

export const push = (topic: string, data: unknown[], sendTime = 1) => ({ topic, data, sendTime });

/** "sub order_new", … in the order sent */
export function requests(socket: FakeSocket): string[] {
  return socket
    .sentFrames()
    .filter((f) => 'event' in f)
    .map((f) => `${String(f.event)} ${String(f.topic ?? '')}`.trim());
}

/** Opens the socket and acknowledges every sub it asked for, as the exchange does. */
export function openAndAck(socket: FakeSocket): void {
  socket.open();
  for (const frame of socket.sentFrames()) {
    if (frame.event === 'sub') socket.receive({ ...frame, code: '0', msg: 'Success' });
  }
}
