import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './pwa';

function fakeWindow() {
  const load: (() => void)[] = [];
  const idle: { run: () => void; timeout: number | undefined }[] = [];
  return {
    load,
    idle,
    win: {
      addEventListener: (type: string, fn: () => void) => void (type === 'load' && load.push(fn)),
      requestIdleCallback: (fn: () => void, options?: { timeout?: number }) => idle.push({ run: fn, timeout: options?.timeout }),
    } as unknown as Parameters<typeof afterFirstScreen>[1],
  };
}

describe('afterFirstScreen (when the service worker is registered)', () => {
  it('waits for the page load, then for the first idle moment (bounded)', () => {
    const { win, load, idle } = fakeWindow();
    const then = vi.fn();
    afterFirstScreen(then, win, { readyState: 'interactive' });
    expect(idle).toHaveLength(0);
    load.forEach((fn) => fn());
    expect(then).not.toHaveBeenCalled();
    expect(idle[0]?.timeout).toBeGreaterThan(0);
    idle[0]!.run();
    expect(then).toHaveBeenCalledOnce();
  });

  it('goes straight to the idle wait when the page has already loaded', () => {
    const { win, load, idle } = fakeWindow();
    const then = vi.fn();
    afterFirstScreen(then, win, { readyState: 'complete' });
    expect(load).toHaveLength(0);
    idle[0]!.run();
    expect(then).toHaveBeenCalledOnce();
  });

  it('falls back to a timer where requestIdleCallback is missing (Safari)', async () => {
    const then = vi.fn();
    afterFirstScreen(then, { addEventListener: () => undefined }, { readyState: 'complete' });
    expect(then).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(then).toHaveBeenCalledOnce();
  });
});
