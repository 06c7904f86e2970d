import { describe, expect, it, vi } from 'vitest';
import { connectPageStatus, createPageStatusStore } from './pageStatus';

describe('page status store', () => {
  it('records how long the page was hidden', () => {
    let t = 1_000;
    const store = createPageStatusStore({ visible: true, online: true }, () => t);
    store.setVisible(false);
    t = 71_000;
    store.setVisible(true);
    expect(store.get()).toMatchObject({ visible: true, hiddenSince: null, lastHiddenFor: 70_000 });
  });

  it('notifies subscribers only on real changes', () => {
    const store = createPageStatusStore({ visible: true, online: true }, () => 0);
    const listener = vi.fn();
    store.subscribe(listener);
    store.setOnline(true);
    store.setOnline(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toMatchObject({ online: false, offlineSince: 0 });
  });

  it('follows the browser online and offline events', () => {
    const store = createPageStatusStore({ visible: true, online: true }, () => 5);
    const stop = connectPageStatus(store);
    window.dispatchEvent(new Event('offline'));
    expect(store.get().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(store.get().online).toBe(true);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(store.get().online).toBe(true);
  });
});
