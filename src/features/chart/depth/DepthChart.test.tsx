// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepthBook } from '../../../domain/depthBook';
import { RealtimeClientContext, type RealtimeClient, type StreamSpec } from '../../../data/realtime';
import type { DepthState } from '../../../data/realtime/topicRules';
import { DepthChart } from './DepthChart';

// Texts are keys here (no i18n instance): the test is about the numbers and the controls.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, vars?: Record<string, unknown>) => (vars ? `${key}:${Object.values(vars).join('|')}` : key),
    i18n: { language: 'en' },
  }),
}));
// Precisions come in as props; the symbol list is not asked for anything.
vi.mock('../../../data/queries', () => ({ useSymbols: () => ({ data: undefined }) }));

beforeAll(() => {
  // jsdom has no canvas; the chart must keep its DOM parts working without one.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

/** A quote client holding one depth state that the test replaces, as pushes would. */
function fakeClient(initial: DepthState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribed: StreamSpec[] = [];
  const store = {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const client = {
    subscribe: (spec: StreamSpec) => {
      subscribed.push(spec);
      return () => {};
    },
    getStore: () => store,
  } as unknown as RealtimeClient;
  const push = (next: DepthState) =>
    act(() => {
      state = next;
      for (const listener of listeners) listener();
    });
  return { client, push, subscribed };
}

const BOOK: DepthBook = {
  symbol: 'BTCUSDT',
  version: '7',
  time: 1,
  bids: [
    ['100.10', '0.1000'],
    ['100.00', '0.2000'],
    ['99.90', '0.3000'],
  ],
  asks: [
    ['100.20', '0.0500'],
    ['100.30', '0.1500'],
    ['100.40', '1.0000'],
  ],
};
const live = (book: DepthBook | null): DepthState => ({ live: book !== null, error: null, book });

function renderChart(initial: DepthState) {
  const fake = fakeClient(initial);
  render(
    <RealtimeClientContext.Provider value={fake.client}>
      <DepthChart symbolId="BTCUSDT" base="BTC" quote="USDT" pricePrecision={2} quantityPrecision={4} />
    </RealtimeClientContext.Provider>,
  );
  return fake;
}

const chart = () => screen.getByRole('slider', { name: 'depth.title' });
const tooltip = () => screen.getByTestId('depth-tooltip').textContent;

describe('DepthChart', () => {
  afterEach(cleanup);

  it('subscribes the unmerged full book and shows the spinner until it arrives', () => {
    const { subscribed } = renderChart(live(null));
    expect(subscribed).toEqual([{ topic: 'depth', symbol: 'BTCUSDT' }]);
    expect(screen.getByRole('status', { name: 'depth.loading' })).toBeDefined();
    expect(chart().getAttribute('tabindex')).toBe('0');
    expect(chart().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('arrow keys walk the levels; the tooltip shows price, cumulative sum and value', () => {
    renderChart(live(BOOK));
    expect(screen.queryByTestId('depth-tooltip')).toBeNull();
    chart().focus();
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(tooltip()).toBe('depth.asksdepth.price 100.20depth.sum 0.0500 BTCdepth.value 5.01 USDT');
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    // 100.20 × 0.05 + 100.30 × 0.15 = 20.055, shown half up at the price precision.
    expect(tooltip()).toBe('depth.asksdepth.price 100.30depth.sum 0.2000 BTCdepth.value 20.06 USDT');
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    expect(tooltip()).toBe('depth.bidsdepth.price 100.10depth.sum 0.1000 BTCdepth.value 10.01 USDT');
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    expect(tooltip()).toContain('depth.price 100.00depth.sum 0.3000 BTCdepth.value 30.01 USDT');
    // Assistive technology reads the same point from the slider's value text.
    expect(chart().getAttribute('aria-valuetext')).toBe('depth.point:depth.bids|100.00|0.3000|30.01|BTC|USDT');
    expect(chart().getAttribute('aria-valuenow')).toBe('100');
    fireEvent.keyDown(chart(), { key: 'Escape' });
    expect(screen.queryByTestId('depth-tooltip')).toBeNull();
    expect(chart().getAttribute('aria-valuetext')).toBe('depth.noPoint');
  });

  it('the crosshair stays on its price while the book changes under it', () => {
    const { push } = renderChart(live(BOOK));
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    push(live({ ...BOOK, version: '8', asks: [['100.20', '0.2500'], ['100.30', '0.1500'], ['100.40', '1.0000']] }));
    expect(tooltip()).toContain('depth.price 100.30depth.sum 0.4000 BTC');
    expect(chart().getAttribute('data-book-version')).toBe('8');
  });

  it('the pointer snaps the crosshair to the level whose total holds under it', () => {
    // jsdom lays nothing out: give the plot box a size (464 px wide → a 400 px plot, 99.90 … 100.40).
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(464);
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
    try {
      renderChart(live(BOOK));
      fireEvent.pointerMove(chart(), { clientX: 300 });
      // 300 px → 100.275: the asks up to 100.20 are reached there.
      expect(tooltip()).toContain('depth.price 100.20depth.sum 0.0500 BTC');
      fireEvent.pointerMove(chart(), { clientX: 90 });
      // 90 px → 100.0125: of the bids only 100.10 is at or above it.
      expect(tooltip()).toContain('depth.price 100.10depth.sum 0.1000 BTC');
      fireEvent.pointerMove(chart(), { clientX: 0 });
      expect(tooltip()).toContain('depth.price 99.90depth.sum 0.6000 BTC');
      fireEvent.pointerLeave(chart());
      expect(screen.queryByTestId('depth-tooltip')).toBeNull();
    } finally {
      width.mockRestore();
      height.mockRestore();
    }
  });

  it('zoom buttons and keys change the range and stop at the ends', () => {
    renderChart(live(BOOK));
    const zoomIn = screen.getByRole('button', { name: 'depth.zoomIn' });
    const zoomOut = screen.getByRole('button', { name: 'depth.zoomOut' });
    fireEvent.click(zoomOut);
    expect(zoomOut).toHaveProperty('disabled', true);
    fireEvent.keyDown(chart(), { key: '+' });
    fireEvent.click(zoomIn);
    fireEvent.click(zoomIn);
    expect(zoomIn).toHaveProperty('disabled', false);
    fireEvent.keyDown(chart(), { key: '+' });
    expect(zoomIn).toHaveProperty('disabled', true);
    // Zoomed in to an eighth of the reach, only the best levels remain as keyboard stops.
    fireEvent.keyDown(chart(), { key: 'End' });
    expect(tooltip()).toContain('depth.price 100.20');
    fireEvent.keyDown(chart(), { key: '-' });
    expect(zoomIn).toHaveProperty('disabled', false);
  });

  it('a lost stream keeps the last book, dimmed, with a reconnecting note', () => {
    const { push } = renderChart(live(BOOK));
    push({ live: false, error: null, book: null, lastBook: BOOK });
    expect(screen.getByText('depth.reconnecting')).toBeDefined();
    expect(chart().className).toContain('depth-plot--stale');
    expect(chart().getAttribute('data-book-version')).toBe('7');
    expect(screen.queryByRole('status', { name: 'depth.loading' })).toBeNull();
    fireEvent.keyDown(chart(), { key: 'ArrowLeft' });
    expect(tooltip()).toContain('depth.price 100.10');
    push(live({ ...BOOK, version: '9' }));
    expect(screen.queryByText('depth.reconnecting')).toBeNull();
  });

  it('an empty book says so and has no crosshair', () => {
    renderChart(live({ ...BOOK, bids: [], asks: [] }));
    expect(screen.getByText('depth.empty')).toBeDefined();
    fireEvent.keyDown(chart(), { key: 'ArrowRight' });
    expect(screen.queryByTestId('depth-tooltip')).toBeNull();
  });
});
