// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createGridBotDesk } from './gridBot';
import { SMALL } from './gridTestKit';
import { pushStrategyChanges } from './algoPush';
import { algoSetUp, created, U } from './algoTestKit';

describe('the strategy push', () => {
  it('one push per user per tick, one item per strategy or bot, with its status when it leaves', () => {
    const kit = algoSetUp();
    const grid = createGridBotDesk(kit.h.ex, { now: () => kit.h.t, defer: (run) => kit.later.push(run) });
    const pushes: Array<{ userId: string; topic: string; data: readonly unknown[] }> = [];
    const ticks: Array<() => void> = [];
    const stop = pushStrategyChanges({ algo: kit.desk, grid, push: (userId, topic, data) => pushes.push({ userId, topic, data }), defer: (run) => ticks.push(run) });
    const tick = () => ticks.splice(0).forEach((run) => run());

    const iceberg = created(kit.desk.create(U, { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', price: '59000', visibleSize: '0.002' }, kit.h.t));
    const chase = created(kit.desk.create(U, { strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', chasePercentE4: 0 }, kit.h.t));
    const bot = grid.create(U, SMALL, kit.h.t);
    kit.settle();
    // A burst: placing, a cancel, the grid starting; all before the tick.
    kit.desk.cancel(U, chase.strategyId, kit.h.t);
    expect(pushes).toEqual([]);
    tick();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toEqual({
      userId: U,
      topic: 'strategy',
      data: [
        { kind: 'algo', strategyId: iceberg.strategyId, strategyType: 'iceberg', symbol: 'BTCUSDT', status: 2 },
        { kind: 'algo', strategyId: chase.strategyId, strategyType: 'chase', symbol: 'BTCUSDT', status: 3 },
        { kind: 'grid', strategyId: bot.ok && bot.value.botId, strategyType: 'grid', symbol: 'BTCUSDT', status: 'RUNNING' },
      ],
    });

    tick();
    expect(pushes).toHaveLength(1);
    kit.desk.cancel(U, iceberg.strategyId, kit.h.t);
    tick();
    expect(pushes[1]!.data).toEqual([{ kind: 'algo', strategyId: iceberg.strategyId, strategyType: 'iceberg', symbol: 'BTCUSDT', status: 3 }]);

    stop();
    kit.desk.create(U, { strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '0.01', chasePercentE4: 0 }, kit.h.t);
    tick();
    expect(pushes).toHaveLength(2);
  });
});
