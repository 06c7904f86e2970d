/**
 * The indicator registry of the pro chart: for each IndicatorId its short
 * name, parameters (with ranges and default sets), pane and computation;
 * plus the validation of stored/remote indicator lists and of the parameter
 * form fields (spec 1 §5: numeric inputs trim to the precision and clamp to
 * the minimum and maximum). Conventions follow TradingView; each
 * indicator's file says which.
 */
import type { IndicatorConfig, IndicatorId, IndicatorOutput, OhlcvBar } from '../chartModel';
import { INDICATOR_IDS } from '../chartModel';
import { computeBoll } from './boll';
import { EMA_COLORS, MA_COLORS, paletteColor } from './colors';
import { computeEma } from './ema';
import { computeKdj } from './kdj';
import { computeMa } from './ma';
import { computeMacd } from './macd';
import { computeRsi } from './rsi';
import { computeVol, volumeUp } from './vol';
import { computeVwap } from './vwap';

export { volumeUp } from './vol';

/** One numeric parameter of an indicator. `name` is a stable key (the UI translates it). */
export interface IndicatorParamDef {
  name: 'length' | 'stdDev' | 'fast' | 'slow' | 'signal' | 'maFast' | 'maSlow' | 'kSmoothing' | 'dSmoothing';
  min: number;
  max: number;
  /** decimals kept by the form field; 0 = integer */
  decimals: number;
}

export interface IndicatorDefinition {
  id: IndicatorId;
  /** i18n-free short name for the legend and the picker, e.g. "BOLL" */
  label: string;
  pane: 'price' | 'sub';
  params: readonly IndicatorParamDef[];
  /**
   * Default parameter sets by instance slot (the n-th instance of this id on
   * the chart takes set n, cycling): a second MA gets 25 after 7, like an
   * exchange chart's MA(7)/MA(25)/MA(99). `defaults[0]` is THE default.
   */
  defaults: readonly (readonly number[])[];
  /** horizontal reference levels of an oscillator pane (RSI 30/70, KDJ 20/80) */
  levels: readonly number[];
  /** the legend title with the parameters, e.g. "BOLL(20, 2)" */
  title(params: readonly number[]): string;
  /**
   * The lines for `bars` (oldest first). `params` are normalised first
   * (missing → default, out of range → clamped), so any array is safe.
   * `slot` picks the colour of single-line indicators (MA, EMA).
   */
  compute(bars: readonly OhlcvBar[], params: readonly number[], slot?: number): IndicatorOutput;
}

/** At most this many indicators on one chart (stored lists beyond it are cut). */
export const MAX_INDICATORS = 10;

const MAX_LENGTH = 500;

const length = (min = 1): IndicatorParamDef => ({ name: 'length', min, max: MAX_LENGTH, decimals: 0 });

/** Builds a definition whose compute normalises the parameters before use. */
function define(
  spec: Omit<IndicatorDefinition, 'compute' | 'title'> & {
    run(bars: readonly OhlcvBar[], p: readonly number[], slot: number): IndicatorOutput;
  },
): IndicatorDefinition {
  const { run, ...rest } = spec;
  const definition: IndicatorDefinition = {
    ...rest,
    title: (params) => {
      const values = normalizeIndicatorParams(definition, params);
      return values.length === 0 ? rest.label : `${rest.label}(${values.join(', ')})`;
    },
    compute: (bars, params, slot = 0) => run(bars, normalizeIndicatorParams(definition, params), slot),
  };
  return definition;
}

const at = (p: readonly number[], i: number): number => p[i] as number;

export const INDICATORS: Readonly<Record<IndicatorId, IndicatorDefinition>> = {
  MA: define({
    id: 'MA',
    label: 'MA',
    pane: 'price',
    params: [length()],
    defaults: [[7], [25], [99]],
    levels: [],
    run: (bars, p, slot) => computeMa(bars, at(p, 0), paletteColor(MA_COLORS, slot)),
  }),
  EMA: define({
    id: 'EMA',
    label: 'EMA',
    pane: 'price',
    params: [length()],
    defaults: [[7], [25], [99]],
    levels: [],
    run: (bars, p, slot) => computeEma(bars, at(p, 0), paletteColor(EMA_COLORS, slot)),
  }),
  BOLL: define({
    id: 'BOLL',
    label: 'BOLL',
    pane: 'price',
    params: [length(), { name: 'stdDev', min: 0.1, max: 10, decimals: 2 }],
    defaults: [[20, 2]],
    levels: [],
    run: (bars, p) => computeBoll(bars, at(p, 0), at(p, 1)),
  }),
  VWAP: define({
    id: 'VWAP',
    label: 'VWAP',
    pane: 'price',
    params: [],
    defaults: [[]],
    levels: [],
    run: (bars) => computeVwap(bars),
  }),
  VOL: define({
    id: 'VOL',
    label: 'VOL',
    pane: 'sub',
    params: [
      { name: 'maFast', min: 1, max: MAX_LENGTH, decimals: 0 },
      { name: 'maSlow', min: 1, max: MAX_LENGTH, decimals: 0 },
    ],
    defaults: [[5, 10]],
    levels: [],
    run: (bars, p) => computeVol(bars, at(p, 0), at(p, 1)),
  }),
  MACD: define({
    id: 'MACD',
    label: 'MACD',
    pane: 'sub',
    params: [
      { name: 'fast', min: 1, max: MAX_LENGTH, decimals: 0 },
      { name: 'slow', min: 1, max: MAX_LENGTH, decimals: 0 },
      { name: 'signal', min: 1, max: MAX_LENGTH, decimals: 0 },
    ],
    defaults: [[12, 26, 9]],
    levels: [0],
    run: (bars, p) => computeMacd(bars, at(p, 0), at(p, 1), at(p, 2)),
  }),
  RSI: define({
    id: 'RSI',
    label: 'RSI',
    pane: 'sub',
    params: [length()],
    defaults: [[14]],
    levels: [30, 70],
    run: (bars, p) => computeRsi(bars, at(p, 0)),
  }),
  KDJ: define({
    id: 'KDJ',
    label: 'KDJ',
    pane: 'sub',
    params: [
      length(),
      { name: 'kSmoothing', min: 1, max: 100, decimals: 0 },
      { name: 'dSmoothing', min: 1, max: 100, decimals: 0 },
    ],
    defaults: [[9, 3, 3]],
    levels: [20, 80],
    run: (bars, p) => computeKdj(bars, at(p, 0), at(p, 1), at(p, 2)),
  }),
};

export function isIndicatorId(value: unknown): value is IndicatorId {
  return typeof value === 'string' && (INDICATOR_IDS as readonly string[]).includes(value);
}

/** Cuts a number to `decimals` (towards zero) and clamps it into [min, max]. */
function fitParam(def: IndicatorParamDef, value: number): number {
  const scale = 10 ** def.decimals;
  // toFixed(9) first: 0.29 · 100 is 28.999999999999996 in binary, which must trim to 29, not 28.
  const trimmed = Math.trunc(Number((value * scale).toFixed(9))) / scale;
  return Math.min(def.max, Math.max(def.min, trimmed));
}

/** Parameters fitted to the definition: one per parameter, missing or non-numbers → the default. */
export function normalizeIndicatorParams(definition: IndicatorDefinition, params: readonly unknown[]): number[] {
  const defaults = definition.defaults[0] ?? [];
  return definition.params.map((def, i) => {
    const raw = params[i];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : (defaults[i] ?? def.min);
    return fitParam(def, value);
  });
}

/** A new instance of an indicator with its default parameters for the given slot. */
export function defaultIndicatorConfig(id: IndicatorId, key: string, slot = 0): IndicatorConfig {
  const { defaults } = INDICATORS[id];
  const index = Number.isInteger(slot) && slot >= 0 ? slot % defaults.length : 0;
  return { key, id, params: [...(defaults[index] ?? [])] };
}

const MAX_KEY_LENGTH = 64;

/**
 * Indicator lists from storage or a remote chart save: entries that are not
 * objects, have an unknown id or no usable key, or repeat a key are dropped;
 * parameters are fitted to their definition; at most MAX_INDICATORS are kept.
 */
export function parseIndicatorConfigs(value: unknown): IndicatorConfig[] {
  if (!Array.isArray(value)) return [];
  const out: IndicatorConfig[] = [];
  const keys = new Set<string>();
  for (const entry of value) {
    if (out.length >= MAX_INDICATORS) break;
    if (typeof entry !== 'object' || entry === null) continue;
    const { key, id, params } = entry as Record<string, unknown>;
    if (!isIndicatorId(id)) continue;
    if (typeof key !== 'string' || key === '' || key.length > MAX_KEY_LENGTH || keys.has(key)) continue;
    keys.add(key);
    out.push({ key, id, params: normalizeIndicatorParams(INDICATORS[id], Array.isArray(params) ? params : []) });
  }
  return out;
}

export interface ComputedIndicator {
  config: IndicatorConfig;
  output: IndicatorOutput;
}

/**
 * Every configured indicator over the same bars, each MA/EMA instance in its
 * own palette colour (its slot = how many of the same id come before it).
 */
export function computeIndicators(bars: readonly OhlcvBar[], configs: readonly IndicatorConfig[]): ComputedIndicator[] {
  const slots = new Map<IndicatorId, number>();
  return configs.map((config) => {
    const slot = slots.get(config.id) ?? 0;
    slots.set(config.id, slot + 1);
    return { config, output: INDICATORS[config.id].compute(bars, config.params, slot) };
  });
}

/**
 * The per-bar colours of a histogram line: VOL by its candle's direction
 * (close ≥ open → up), MACD by the sign of the value (≥ 0 → up). A null
 * value gets the up colour (it is not drawn).
 */
export function histogramColors(
  id: IndicatorId,
  values: readonly (number | null)[],
  bars: readonly OhlcvBar[],
  upColor: string,
  downColor: string,
): string[] {
  const colors = new Array<string>(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const bar = bars[i];
    const value = values[i];
    const up = id === 'VOL' ? bar === undefined || volumeUp(bar) : value === null || value === undefined || value >= 0;
    colors[i] = up ? upColor : downColor;
  }
  return colors;
}
