import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed } from './lazyNamed';

function Panel({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('lazyNamed', () => {
  it('renders the named export; a preload asked first is the load the render uses', async () => {
    const load = vi.fn(() => Promise.resolve({ Panel }));
    const Lazy = lazyNamed(load, 'Panel');
    await Lazy.preload();
    await Lazy.preload();
    render(<Suspense fallback="loading"><Lazy label="Order book" /></Suspense>);
    expect(await screen.findByText('Order book')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload that failed does not stick: the render asks again and shows the panel', async () => {
    const load = vi.fn<() => Promise<{ Panel: typeof Panel }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Panel });
    const Lazy = lazyNamed(load, 'Panel');
    await expect(Lazy.preload()).resolves.toBeUndefined();
    render(<Suspense fallback="loading"><Lazy label="Chart" /></Suspense>);
    expect(await screen.findByText('Chart')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
