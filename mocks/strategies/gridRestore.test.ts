// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MarketEvent } from '../market/types';
import { restoreExchange, snapshotExchange } from '../exchange/snapshot';
import { instrumentsFor } from '../exchange/testKit';
import { createGridBotDesk } from './gridBot';
import { botOrders, created, gridSetUp, SMALL, U } from './gridTestKit';

/** A running bot whose buy has filled: one grid holds a sell with what the buy bought. */
function midway() {
  const kit = gridSetUp();
  const bot = created(kit.desk.create(U, { ...SMALL, stopLossPrice: '50000' }, kit.h.t));
  kit.settle();
  kit.trade('58990', '1', false);
  return { ...kit, botId: bot.botId };
}

describe('grid bot state across a reload', () => {
  it('the snapshot is plain JSON and restores to the same bots, on a restored engine, which go on trading', () => {
    const { h, desk, botId } = midway();
    const snap = desk.snapshot();
    const saved = JSON.parse(JSON.stringify(snap)) as unknown;
    expect(saved).toEqual(snap);
    expect(desk.toJSON()).toEqual(snap);

    const ex = restoreExchange({ instruments: instrumentsFor(['BTCUSDT']), startTime: 1_000 }, JSON.parse(JSON.stringify(snapshotExchange(h.ex))));
    const later: Array<() => void> = [];
    let t = h.t;
    const again = createGridBotDesk(ex, { state: saved, now: () => t, defer: (run) => later.push(run) });
    later.splice(0).forEach((run) => run());
    expect(again.snapshot()).toEqual(snap);
    expect(again.detail(U, botId)).toEqual(desk.detail(U, botId));

    // Up through the grid sell at 60,000 on the restored engine: the round trip is booked there.
    t += 1;
    ex.onMarket({ t, seq: 10_000, ch: 'trade', msg: { s: 'BTCUSDT', id: 10_000, p: 6_001_000, q: 1_000_000, m: true } } as MarketEvent, t);
    again.onMarket('BTCUSDT');
    later.splice(0).forEach((run) => run());
    expect(again.detail(U, botId)).toMatchObject({ status: 'RUNNING', gridProfit: '0.88006', arbitrageCount: 1, openOrders: 2 });
  });

  it('fills that came while the desk was away are booked when it comes back', () => {
    const { h, desk, botId } = midway();
    const saved = JSON.parse(JSON.stringify(desk.snapshot())) as unknown;
    desk.dispose();
    h.trade('60010', '1', true);
    const later: Array<() => void> = [];
    const again = createGridBotDesk(h.ex, { state: saved, now: () => h.t, defer: (run) => later.push(run) });
    later.splice(0).forEach((run) => run());
    expect(again.detail(U, botId)).toMatchObject({ status: 'RUNNING', gridProfit: '0.88006', arbitrageCount: 1 });
    expect(botOrders(h).map((o) => [o.side, o.price / 100]).sort()).toEqual([['Buy', 59000], ['Sell', 61000]]);
  });

  it('drops saved bots that do not read, and never reuses a bot id', () => {
    const { h, desk, botId } = midway();
    const snap = desk.snapshot();
    const damaged = { ...snap, botSeq: 0, bots: [...snap.bots, { botId: 3 }, null, { ...snap.bots[0], status: 'RAW' }] };
    const again = createGridBotDesk(h.ex, { state: damaged, now: () => h.t, defer: () => {} });
    expect(again.snapshot().bots.map((b) => b.botId)).toEqual([botId]);
    const next = created(again.create(U, { ...SMALL, minPrice: '58000' }, h.t));
    expect(next.botId).not.toBe(botId);
    expect(createGridBotDesk(h.ex, { state: 'nonsense', now: () => h.t, defer: () => {} }).snapshot()).toEqual({ version: 1, botSeq: 0, bots: [] });
  });
});
