import { describe, expect, it } from 'vitest';
import { depthCurves, depthRange } from '../../../domain/depthCurve';
import { drawDepth, type DepthPaint } from './drawDepth';

/** Records the path calls of a 2D context, and which fill colour each filled path had. */
function recordingContext() {
  const calls: string[] = [];
  const state = { fillStyle: '', strokeStyle: '', globalAlpha: 1, lineWidth: 1, font: '', textAlign: '', textBaseline: '' };
  const log =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name} ${args.map((a) => (typeof a === 'number' ? Math.round(a * 10) / 10 : String(a))).join(',')}`.trim());
  const ctx = new Proxy(state as Record<string, unknown>, {
    get: (target, key: string) => (key in target ? target[key] : key === 'fill' ? () => calls.push(`fill ${String(target.fillStyle)}`) : log(key)),
    set: (target, key: string, value) => {
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

const curves = depthCurves({
  bids: [
    ['100', '1'],
    ['99', '2'],
  ],
  asks: [
    ['101', '1'],
    ['102', '3'],
  ],
});

function paint(): DepthPaint {
  return {
    width: 264,
    height: 130,
    dpr: 2,
    curves,
    range: depthRange(curves, 1)!,
    hit: null,
    colors: { up: 'UP', down: 'DOWN', text: 'T', muted: 'M', border: 'B', font: '11px x' },
    formatPrice: (v) => String(v),
    formatAmount: (v) => String(v),
  };
}

describe('drawDepth', () => {
  it('marks the crosshair point in its side colour', () => {
    const { ctx, calls } = recordingContext();
    drawDepth(ctx, { ...paint(), hit: { side: 'ask', index: 1, point: curves.asks[1]! } });
    const dot = calls.indexOf('arc 200.5,17.1,4,0,6.3');
    expect(dot).toBeGreaterThan(0);
    expect(calls[dot + 1]).toBe('fill DOWN');
  });

  it('draws each side as steps outwards from its best level, bids in up colour, asks in down colour', () => {
    const { ctx, calls } = recordingContext();
    drawDepth(ctx, paint());
    expect(calls[0]).toBe('setTransform 2,0,0,2,0,0');
    // Range 99…102 (mid 100.5 ± the 1.5 both sides reach) on x 0…200; amounts 0…4.4 (4 visible + headroom) on y 108…8.
    const bidStart = calls.indexOf('moveTo 66.7,108');
    expect(bidStart).toBeGreaterThan(0);
    expect(calls.slice(bidStart, bidStart + 6)).toEqual(['moveTo 66.7,108', 'lineTo 66.7,108', 'lineTo 66.7,85.3', 'lineTo 0,85.3', 'lineTo 0,39.8', 'lineTo 0,108']);
    expect(calls.slice(bidStart).find((c) => c.startsWith('fill'))).toBe('fill UP');
    const askStart = calls.indexOf('moveTo 133.3,108');
    expect(calls.slice(askStart, askStart + 6)).toEqual(['moveTo 133.3,108', 'lineTo 133.3,108', 'lineTo 133.3,85.3', 'lineTo 200,85.3', 'lineTo 200,17.1', 'lineTo 200,108']);
    expect(calls.slice(askStart).find((c) => c.startsWith('fill'))).toBe('fill DOWN');
  });
});
