import { INDICATOR_IDS } from '../../domain/chartModel';
import { INDICATORS } from '../../domain/indicators';
import type { IndicatorDefinitions } from './toolbar';

/** The indicator module's parameter rules in the shape the Indicators dialog edits. */
export const INDICATOR_DEFINITIONS: IndicatorDefinitions = Object.fromEntries(
  INDICATOR_IDS.map((id) => {
    const def = INDICATORS[id];
    return [
      id,
      {
        params: def.params.map((p, i) => ({
          key: p.name,
          min: p.min,
          max: p.max,
          integer: p.decimals === 0,
          step: p.decimals === 0 ? 1 : 10 ** -p.decimals,
          default: def.defaults[0]?.[i] ?? p.min,
        })),
      },
    ];
  }),
) as IndicatorDefinitions;
