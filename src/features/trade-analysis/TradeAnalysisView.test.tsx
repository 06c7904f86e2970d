import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TradeAnalysisView } from './TradeAnalysisView';
import type { TradeAnalysisModel } from './useTradeAnalysis';

// Texts are keys plus their values here (no i18n instance): the test is about structure and numbers, not wording.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
    i18n: { language: 'en' },
  }),
}));

const T = Date.UTC(2026, 0, 5, 12, 0, 0);
const PRECISIONS = { price: 2, quantity: 6, amount: 8 };

const ready = (patch: Partial<Extract<TradeAnalysisModel, { status: 'ready' }>> = {}): TradeAnalysisModel => ({
  status: 'ready',
  totals: { buyQty: 3, sellQty: 1, buyValue: 180_000, sellValue: 60_000, netInflow: 120_000, count: 42 },
  share: 0.75,
  bars: [
    { t: T, netInflow: 500, count: 3 },
    { t: T + 60_000, netInflow: -250, count: 2 },
    { t: T + 120_000, netInflow: 0, count: 0 },
  ],
  large: [{ id: 7, t: T + 61_000, p: '60000.5', q: '1.5', buy: false, value: 90_000.75 }],
  since: null,
  precisions: PRECISIONS,
  ...patch,
});

function show(model: TradeAnalysisModel, onPeriod = vi.fn()) {
  render(<TradeAnalysisView model={model} period="1h" onPeriod={onPeriod} base="BTC" quote="USDT" />);
  return onPeriod;
}

describe('TradeAnalysisView', () => {
  afterEach(cleanup);

  it('shows buy vs sell volume, the ratio and a signed net inflow', () => {
    show(ready());
    expect(screen.getByTestId('flow-buy-qty').textContent).toBe('3.000000');
    expect(screen.getByTestId('flow-sell-qty').textContent).toBe('1.000000');
    expect(screen.getByTestId('flow-net').textContent).toBe('+120.00K');
    expect(screen.getByTestId('flow-net').closest('.flow__net')?.className).toContain('flow__net--up');
    expect(screen.getByRole('img', { name: /analysis\.ratio .*"buy":"75\.0","sell":"25\.0"/ })).toBeDefined();
  });

  it('a negative net inflow is shown in the down colour without a plus', () => {
    show(ready({ totals: { buyQty: 1, sellQty: 2, buyValue: 10, sellValue: 30.5, netInflow: -20.5, count: 3 } }));
    expect(screen.getByTestId('flow-net').textContent).toBe('-20.50');
    expect(screen.getByTestId('flow-net').closest('.flow__net')?.className).toContain('flow__net--down');
  });

  it('switches the period by button, the current one pressed', () => {
    const onPeriod = show(ready());
    const group = screen.getByRole('group', { name: 'analysis.periods' });
    expect(within(group).getByRole('button', { name: 'analysis.period_1h' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(group).getByRole('button', { name: 'analysis.period_24h' }));
    expect(onPeriod).toHaveBeenCalledWith('24h');
  });

  it('draws one column per bar with a summary for screen readers', () => {
    show(ready());
    const chart = screen.getByTestId('flow-chart');
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toContain('"bars":3,"inflow":1,"outflow":1,"max":"500.00","min":"-250.00"');
    expect(chart.querySelectorAll('.flow__column')).toHaveLength(3);
    expect((chart.querySelector('.flow__bar--up') as HTMLElement).style.blockSize).toBe('50%');
    expect((chart.querySelector('.flow__bar--down') as HTMLElement).style.blockSize).toBe('25%');
  });

  it('lists large trades with time, side, price, amount and value', () => {
    show(ready());
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells[0]).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(cells.slice(1)).toEqual(['analysis.sell', '60,000.50', '1.500000', '90.00K']);
  });

  it('says since when the flow is known, and when there are no large trades', () => {
    show(ready({ since: T, large: [] }));
    expect(screen.getByText(/^analysis\.since \{"time":"\d\d:\d\d"\}$/)).toBeDefined();
    expect(screen.getByText('analysis.largeEmpty')).toBeDefined();
  });

  it('a period without trades has no ratio bar', () => {
    show(ready({ share: null, totals: { buyQty: 0, sellQty: 0, buyValue: 0, sellValue: 0, netInflow: 0, count: 0 } }));
    expect(screen.getByText('analysis.noTradesInPeriod')).toBeDefined();
    expect(screen.getByTestId('flow-net').textContent).toBe('0.00');
  });

  it('loading, empty and error states; retry calls back', () => {
    show({ status: 'loading' });
    expect(screen.getByRole('status', { name: 'analysis.loading' })).toBeDefined();
    cleanup();
    show({ status: 'empty' });
    expect(screen.getByText('analysis.empty')).toBeDefined();
    cleanup();
    const retry = vi.fn();
    show({ status: 'error', retry });
    expect(screen.getByRole('alert').textContent).toContain('analysis.error');
    fireEvent.click(screen.getByRole('button', { name: 'analysis.retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
