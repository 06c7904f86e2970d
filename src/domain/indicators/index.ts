// TEMPORARY stand-in (replaced by the i6-math branch at merge).
import type { IndicatorConfig, IndicatorOutput, OhlcvBar } from '../chartModel';

export function computeIndicator(config: IndicatorConfig, bars: OhlcvBar[]): IndicatorOutput {
  const n = config.params[0] ?? 7;
  const values: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < bars.length; i += 1) {
    sum += bars[i]!.close;
    if (i >= n) sum -= bars[i - n]!.close;
    values.push(i >= n - 1 ? sum / n : null);
  }
  return { pane: config.id === 'MA' ? 'price' : 'sub', lines: [{ name: `${config.id}(${n})`, kind: 'line', values, color: '#f7a600' }] };
}
