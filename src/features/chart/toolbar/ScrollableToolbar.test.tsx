import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollableToolbar } from './ScrollableToolbar';
import { renderWithTexts } from './testSupport';

/** jsdom does no layout: give the track the sizes a narrow chart would have. */
function layout(el: HTMLElement, box: { scrollLeft: number; scrollWidth: number; clientWidth: number }) {
  for (const [key, value] of Object.entries(box)) Object.defineProperty(el, key, { configurable: true, value });
}

describe('ScrollableToolbar', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows scroll buttons and fades where more is hidden, measuring at most every 100 ms', () => {
    const { container } = renderWithTexts(
      <ScrollableToolbar label="Chart tools">
        <button type="button">A</button>
      </ScrollableToolbar>,
    );
    const track = screen.getByRole('group', { name: 'Chart tools' });
    const root = container.querySelector('.ct-scroll') as HTMLElement;
    expect(screen.queryByRole('button', { name: 'Scroll right' })).toBeNull(); // nothing overflows yet

    layout(track, { scrollLeft: 0, scrollWidth: 500, clientWidth: 200 });
    fireEvent.scroll(track);
    expect(screen.queryByRole('button', { name: 'Scroll right' })).toBeNull(); // within 100 ms of the first measure
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Scroll right' }).getAttribute('aria-disabled')).toBe('false');
    expect(screen.getByRole('button', { name: 'Scroll left' }).getAttribute('aria-disabled')).toBe('true');
    expect(root.dataset.fadeEnd).toBe('true');
    expect(root.dataset.fadeStart).toBe('false');

    // Several scroll events inside one window: one trailing measure with the last position.
    layout(track, { scrollLeft: 150, scrollWidth: 500, clientWidth: 200 });
    fireEvent.scroll(track);
    layout(track, { scrollLeft: 300, scrollWidth: 500, clientWidth: 200 });
    fireEvent.scroll(track);
    expect(root.dataset.fadeStart).toBe('false');
    act(() => vi.advanceTimersByTime(100));
    expect(root.dataset.fadeStart).toBe('true');
    expect(root.dataset.fadeEnd).toBe('false');
    expect(screen.getByRole('button', { name: 'Scroll right' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('the scroll buttons page the track by most of its width', () => {
    renderWithTexts(
      <ScrollableToolbar label="Chart tools">
        <button type="button">A</button>
      </ScrollableToolbar>,
    );
    const track = screen.getByRole('group', { name: 'Chart tools' });
    const scrollBy = vi.fn();
    track.scrollBy = scrollBy as unknown as typeof track.scrollBy;
    layout(track, { scrollLeft: 0, scrollWidth: 500, clientWidth: 200 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.scroll(track);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll right' }));
    expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 160 }));
    fireEvent.click(screen.getByRole('button', { name: 'Scroll left' })); // at the start: nothing to do
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
