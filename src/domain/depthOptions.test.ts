import { describe, expect, it } from 'vitest';
import { defaultDepthStep, depthStepsOf, priceDecimalsOf } from './depthOptions';

describe('depthStepsOf', () => {
  it('reads every step of a clean list with its dumpScale, in order', () => {
    expect(depthStepsOf('0.01,0.1,1,10,100')).toEqual([
      { step: '0.01', dumpScale: 2 },
      { step: '0.1', dumpScale: 1 },
      { step: '1', dumpScale: 0 },
      { step: '10', dumpScale: -1 },
      { step: '100', dumpScale: -2 },
    ]);
  });

  it('keeps only entries made of 0, 1 and the dot', () => {
    expect(depthStepsOf('0.01,0.05,0.5,5,1,2').map((s) => s.step)).toEqual(['0.01', '1']);
  });

  it('drops entries that are no power of ten, empty or malformed', () => {
    expect(depthStepsOf('0.11,11,0,.,1..0,,0.001').map((s) => s.step)).toEqual(['0.001']);
  });

  it('removes duplicates, also written differently', () => {
    expect(depthStepsOf('0.1, 0.10,0.1,1,1.0,01').map((s) => s.step)).toEqual(['0.1', '1']);
  });

  it('gives no step for something that is not a list', () => {
    expect(depthStepsOf(undefined)).toEqual([]);
    expect(depthStepsOf(12)).toEqual([]);
    expect(depthStepsOf('')).toEqual([]);
  });

  it('handles very fine steps exactly', () => {
    expect(depthStepsOf('0.00000001')).toEqual([{ step: '0.00000001', dumpScale: 8 }]);
  });
});

describe('defaultDepthStep', () => {
  const steps = depthStepsOf('0.01,0.1,1,10,100');

  it('takes the saved step while it is still offered', () => {
    expect(defaultDepthStep(steps, 2, '10')?.step).toBe('10');
  });

  it('ignores a saved step the symbol no longer offers', () => {
    expect(defaultDepthStep(steps, 2, '0.5')?.step).toBe('0.01');
  });

  it('else takes the first step not coarser than the price precision', () => {
    expect(defaultDepthStep(steps, 2)?.step).toBe('0.01');
    expect(defaultDepthStep(steps, 1)?.step).toBe('0.01');
    expect(defaultDepthStep(depthStepsOf('100,10,1,0.1,0.01'), 1)?.step).toBe('0.1');
  });

  it('else the last step', () => {
    expect(defaultDepthStep(depthStepsOf('10,1,0.1'), 4)?.step).toBe('0.1');
    expect(defaultDepthStep(steps, 3)?.step).toBe('100');
  });

  it('is undefined when nothing is offered', () => {
    expect(defaultDepthStep([], 2, '0.1')).toBeUndefined();
  });
});

describe('priceDecimalsOf', () => {
  it('shows the step decimals, whole numbers from 1 up', () => {
    expect(priceDecimalsOf({ step: '0.01', dumpScale: 2 })).toBe(2);
    expect(priceDecimalsOf({ step: '100', dumpScale: -2 })).toBe(0);
  });
});
