import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeRoute } from './api/routes';
import { useRouteLatencies } from './marketQueries';
import { createQueryClient } from './queries';

vi.mock('./api/routes', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api/routes')>()), probeRoute: vi.fn() }));

const ROUTES = [{ id: 'line-4', name: 'Line 4', base: '/line/4' }];

/** A probe that answers `latency` after that many ms, or rejects when its request is cancelled. */
function probeTaking(latency: number) {
  return (_base: string, _now: () => number, signal?: AbortSignal) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => resolve(latency), latency);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useRouteLatencies: reprobe', () => {
  it('measures a line again even while its first probe is still on its way (the line changed meanwhile)', async () => {
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    vi.mocked(probeRoute).mockImplementationOnce(probeTaking(1300)).mockImplementation(probeTaking(5));
    const { result } = renderHook(() => useRouteLatencies(ROUTES), { wrapper });
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(result.current.routes[0]!.latencyMs).toBeNull();
    act(() => result.current.reprobe());
    await act(async () => vi.advanceTimersByTimeAsync(50));
    // The slow first probe was cancelled, not joined: the line reads as it is now.
    expect(result.current.routes[0]!.latencyMs).toBe(5);
    expect(vi.mocked(probeRoute)).toHaveBeenCalledTimes(2);
  });
});
