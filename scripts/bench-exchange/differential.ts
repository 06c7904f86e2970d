/**
 * Part 3 of `npm run bench:exchange` (issue 32): the differential check of
 * mocks/exchange/differentialKit.ts — our engine and nodejs-order-book side
 * by side, compared after every operation — on at least `ops` operations
 * (seeded streams of 50,000, one after another). Prints how many operations
 * were run and compared and how many diverged; on a divergence, the shrunk
 * stream that shows it.
 */
import { generateOps, runSideBySide } from '../../mocks/exchange/differentialKit';
import { shrink } from '../../mocks/exchange/differentialShrink';
import type { BenchRow } from './measure';

const OPS_PER_STREAM = 50_000;

export function benchDifferential(ops: number): BenchRow[] {
  const started = performance.now();
  let run = 0;
  let compared = 0;
  let divergences = 0;
  const rows: BenchRow[] = [];
  for (let seed = 1; run < ops; seed++) {
    const stream = generateOps(Math.min(OPS_PER_STREAM, ops - run), 1_000 + seed);
    const result = runSideBySide(stream);
    run += stream.length;
    compared += result.compared;
    if (result.divergence) {
      divergences += 1;
      const minimal = shrink(stream);
      rows.push([`divergence, stream ${1_000 + seed}`, `${result.divergence.what} after operation ${result.divergence.at}`, `shrunk to ${minimal.length}: ${JSON.stringify(minimal)}`]);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  rows.unshift([
    'differential vs nodejs-order-book',
    `${run.toLocaleString('en-US')} operations, ${compared.toLocaleString('en-US')} compared, ${divergences} divergent streams`,
    `${seconds.toFixed(0)} s (${Math.round(run / seconds).toLocaleString('en-US')} ops/s); target ≥ 1,000,000 operations, 0 divergences: ${run >= 1_000_000 && divergences === 0 ? 'PASS' : 'MISS'}`,
  ]);
  return rows;
}
