import type { SparkPoint } from '../../../domain/network/quality';

const WIDTH = 120;
const HEIGHT = 28;

/**
 * Latency as a line and failures as red ticks along the bottom, one point per
 * bucket. Scaled to its own largest latency: the figure beside it gives the value.
 */
export function Sparkline({ points, label }: { points: SparkPoint[]; label: string }) {
  const step = points.length > 1 ? WIDTH / (points.length - 1) : WIDTH;
  const max = Math.max(1, ...points.map((p) => p.latencyMs ?? 0));
  const y = (ms: number) => HEIGHT - 4 - (ms / max) * (HEIGHT - 8);
  const segments: string[] = [];
  let run = '';
  points.forEach((p, i) => {
    if (p.latencyMs === null) {
      if (run) segments.push(run);
      run = '';
      return;
    }
    run += `${run ? ' L' : 'M'}${(i * step).toFixed(1)},${y(p.latencyMs).toFixed(1)}`;
  });
  if (run) segments.push(run);
  return (
    <svg className="net-spark" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      {segments.map((d) => (
        <path key={d} d={d} className="net-spark__line" />
      ))}
      {/* a dot per bucket with answers: a lone bucket has no line to draw */}
      {points.map((p, i) => (p.latencyMs === null ? null : <circle key={`d${p.at}`} className="net-spark__dot" cx={i * step} cy={y(p.latencyMs)} r={1.5} />))}
      {points.map((p, i) =>
        p.failures > 0 ? <rect key={p.at} className="net-spark__fail" x={i * step - 1.5} y={HEIGHT - 4} width={3} height={4} /> : null,
      )}
    </svg>
  );
}
