/** A unified account's spot-margin settings: the shape the margin desk keeps and the asset and order calls read. */
export const MARGIN_MODES = ['REGULAR_MARGIN', 'ISOLATED_MARGIN'] as const;
export type MarginMode = (typeof MARGIN_MODES)[number];

/** Bybit's spot-margin state shows 10x for a newly enabled account; we start there too. */
export const DEFAULT_LEVERAGE = 10;

export interface MarginSettings {
  spotMargin: boolean;
  leverage: number;
  /** the trader confirmed the leverage risk statement */
  confirmed: boolean;
  /** the trader passed the leverage quiz (`leverageQuiz.ts`) */
  quizPassed: boolean;
  /** a unified account's margin mode: spot margin is not offered in isolated mode */
  marginMode: MarginMode;
}
