import { describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './pwa';
import { markFirstScreenDrawn, resetFirstScreen, whenFirstScreenDrawn } from '../data/firstScreen';

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

/** A first screen the test draws when it wants. */
function screen() {
  let draw = () => {};
  const drawn = new Promise<void>((resolve) => (draw = resolve));
  return { draw, wait: vi.fn(() => drawn) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterFirstScreen (when the service worker is registered)', () => {
  it('waits for the page load, then the first live book, then the first idle moment (bounded)', async () => {
    const { win, load, idle } = fakeWindow();
    const first = screen();
    const then = vi.fn();
    afterFirstScreen(then, win, { readyState: 'interactive' }, first.wait);
    expect(first.wait).not.toHaveBeenCalled();
    load.forEach((fn) => fn());
    await tick();
    expect(idle).toHaveLength(0);
    first.draw();
    await tick();
    expect(then).not.toHaveBeenCalled();
    expect(idle[0]?.timeout).toBeGreaterThan(0);
    idle[0]!.run();
    expect(then).toHaveBeenCalledOnce();
  });

  it('goes straight to the first-screen wait when the page has already loaded', async () => {
    const { win, load, idle } = fakeWindow();
    const then = vi.fn();
    afterFirstScreen(then, win, { readyState: 'complete' }, () => Promise.resolve());
    await tick();
    expect(load).toHaveLength(0);
    idle[0]!.run();
    expect(then).toHaveBeenCalledOnce();
  });

  it('falls back to a timer where requestIdleCallback is missing (Safari)', async () => {
    const then = vi.fn();
    afterFirstScreen(then, { addEventListener: () => undefined }, { readyState: 'complete' }, () => Promise.resolve());
    expect(then).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(then).toHaveBeenCalledOnce());
  });
});

describe('whenFirstScreenDrawn', () => {
  it('resolves when the book is drawn, at once afterwards, and after the cap on a page without one', async () => {
    resetFirstScreen();
    vi.useFakeTimers();
    try {
      let capped = false;
      void whenFirstScreenDrawn(10_000).then(() => (capped = true));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(capped).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(capped).toBe(true);

      let drawn = false;
      void whenFirstScreenDrawn(10_000).then(() => (drawn = true));
      markFirstScreenDrawn();
      await vi.advanceTimersByTimeAsync(0);
      expect(drawn).toBe(true);
      await expect(whenFirstScreenDrawn(10_000)).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
      resetFirstScreen();
    }
  });
});
