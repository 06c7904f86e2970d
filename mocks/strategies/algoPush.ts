/**
 * The private socket's `strategy` topic (spec 2 §7): the owner of a
 * strategy order or a grid bot is told when it changed. A burst of changes
 * (every fill of a grid, a chase following the book) is coalesced: one push
 * per user per tick (`defer`), one item per strategy, read when the push
 * leaves so it carries the latest status. The page refetches its strategy
 * lists on it rather than patching them, so the item names what changed
 * and no more.
 */
import type { AlgoDesk } from './algoDesk';
import type { GridBotDesk } from './gridBot';

export const STRATEGY_TOPIC = 'strategy';

export interface StrategyPushItem {
  kind: 'algo' | 'grid';
  strategyId: string;
  /** twap, iceberg, chase, or grid */
  strategyType: string;
  symbol: string;
  /** a strategy order's 2 (running) or 3 (finished); a grid bot's status name (RUNNING, COMPLETED …) */
  status: number | string;
}

export interface StrategyPushDeps {
  algo: Pick<AlgoDesk, 'onChange' | 'detail'>;
  grid?: Pick<GridBotDesk, 'onChange' | 'detail'>;
  push: (userId: string, topic: string, data: readonly unknown[]) => number;
  defer: (run: () => void) => void;
}

/** Starts pushing; answers the stop. */
export function pushStrategyChanges(deps: StrategyPushDeps): () => void {
  /** user → strategy ids changed since the last push, with their kind */
  const pending = new Map<string, Map<string, 'algo' | 'grid'>>();
  let due = false;
  let stopped = false;

  function itemOf(userId: string, id: string, kind: 'algo' | 'grid'): StrategyPushItem | null {
    if (kind === 'algo') {
      const d = deps.algo.detail(userId, id);
      return d ? { kind, strategyId: id, strategyType: d.strategyType, symbol: d.symbol, status: d.status } : null;
    }
    const bot = deps.grid?.detail(userId, id);
    return bot ? { kind, strategyId: id, strategyType: 'grid', symbol: bot.symbol, status: bot.status } : null;
  }

  function flush(): void {
    due = false;
    if (stopped) return;
    const batch = [...pending];
    pending.clear();
    for (const [userId, ids] of batch) {
      // A strategy dropped from the history meanwhile has nothing left to say.
      const items = [...ids].map(([id, kind]) => itemOf(userId, id, kind)).filter((i): i is StrategyPushItem => i !== null);
      if (items.length > 0) deps.push(userId, STRATEGY_TOPIC, items);
    }
  }

  const note = (kind: 'algo' | 'grid') => (change?: { userId: string; strategyId?: string; botId?: string }) => {
    const id = change?.strategyId ?? change?.botId;
    if (!change || !id) return;
    let ids = pending.get(change.userId);
    if (!ids) pending.set(change.userId, (ids = new Map()));
    ids.set(id, kind);
    if (due) return;
    due = true;
    deps.defer(flush);
  };

  const offAlgo = deps.algo.onChange(note('algo'));
  const offGrid = deps.grid?.onChange(note('grid'));
  return () => {
    stopped = true;
    offAlgo();
    offGrid?.();
  };
}
