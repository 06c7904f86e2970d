import { describe, expect, it, vi } from 'vitest';
import { createNetworkState } from './network';

describe('simulated network state', () => {
  it('goes down for a while, tells its listeners, and comes back by itself', () => {
    let now = 1_000;
    const network = createNetworkState({ now: () => now });
    const down = vi.fn();
    network.onDown(down);
    expect(network.isOffline()).toBe(false);
    network.setOffline(10_000);
    expect(down).toHaveBeenCalledTimes(1);
    expect(network.isOffline()).toBe(true);
    now += 9_999;
    expect(network.isOffline()).toBe(true);
    now += 1;
    expect(network.isOffline()).toBe(false);
  });

  it('stays down until told otherwise when no duration is given', () => {
    const network = createNetworkState({ now: () => 0 });
    network.setOffline(null);
    expect(network.isOffline()).toBe(true);
    network.setOnline();
    expect(network.isOffline()).toBe(false);
  });
});
