/**
 * The CSS colours of the indicator lines. Histograms are coloured per bar
 * with the chart's up/down colours instead (see `histogramColors` in index.ts).
 * MA and EMA cycle through their palette so several instances stay apart.
 */
export const MA_COLORS = ['#f7a600', '#7b61ff', '#2db5e5', '#e0467c', '#4caf50'] as const;
export const EMA_COLORS = ['#ff9800', '#9c27b0', '#00bcd4', '#e91e63', '#8bc34a'] as const;
export const BOLL_COLORS = { middle: '#f7a600', upper: '#7b61ff', lower: '#2db5e5' } as const;
export const VWAP_COLOR = '#2962ff';
export const VOL_COLORS = { volume: '#808a9d', maFast: '#f7a600', maSlow: '#7b61ff' } as const;
export const MACD_COLORS = { dif: '#f7a600', dea: '#7b61ff', histogram: '#808a9d' } as const;
export const RSI_COLOR = '#7b61ff';
export const KDJ_COLORS = { k: '#f7a600', d: '#7b61ff', j: '#2db5e5' } as const;

/** A colour of a palette by instance slot, cycling. */
export function paletteColor(palette: readonly string[], slot: number): string {
  const index = Number.isInteger(slot) && slot >= 0 ? slot % palette.length : 0;
  return palette[index] ?? '#f7a600';
}
