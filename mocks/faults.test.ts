import { describe, expect, it } from 'vitest';
import { FaultPlan, parseFaults } from './faults';

describe('fault plan of the embedded backend', () => {
  it('parses path, kind and count, ignoring garbage', () => {
    expect(parseFaults('/a:network:2, nonsense, /b:malformed, /c:explode, x:error')).toEqual([
      { path: '/a', kind: 'network', remaining: 2 },
      { path: '/b', kind: 'malformed', remaining: Infinity },
    ]);
    expect(parseFaults(null)).toEqual([]);
    expect(parseFaults('/a:error:0')).toEqual([]);
  });

  it('uses a counted fault up and then answers normally', () => {
    const plan = new FaultPlan(parseFaults('/a:error:1'));
    expect(plan.take('/a')).toBe('error');
    expect(plan.take('/a')).toBeNull();
    expect(plan.take('/b')).toBeNull();
  });
});
