import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHART_SETTINGS } from '../../../domain/chartModel';
import type { ChartDatafeed } from '../../../data/chartDatafeed';
import { CandleChart, type CandleChartProps } from './CandleChart';

// Texts are keys here (no i18n instance).
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const props = (patch: Partial<CandleChartProps>): CandleChartProps => ({
  datafeed: null,
  symbolId: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  symbolName: 'BTC/USDT',
  interval: '15m',
  style: 'candle',
  settings: DEFAULT_CHART_SETTINGS,
  indicators: [],
  compared: new Map(),
  pricePrecision: 2,
  numberLocale: 'en',
  mode: 'pro',
  rebuildKey: 0,
  ...patch,
});

describe('CandleChart widget construction (spec 1 §5)', () => {
  afterEach(cleanup);

  it('without a data feed, says so and asks for no bars', () => {
    render(<CandleChart {...props({ datafeed: null })} />);
    expect(screen.getByRole('alert').textContent).toBe('main.widgetError.noDatafeed');
    expect(screen.queryByTestId('candle-chart')).toBeNull();
  });

  it('without a symbol, says so before touching the feed', () => {
    const feed: ChartDatafeed = { useHistory: vi.fn(), useLiveBar: vi.fn() } as unknown as ChartDatafeed;
    render(<CandleChart {...props({ datafeed: feed, symbolId: '' })} />);
    expect(screen.getByRole('alert').textContent).toBe('main.widgetError.noSymbol');
    expect(feed.useHistory).not.toHaveBeenCalled();
  });
});
