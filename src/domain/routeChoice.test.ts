import { describe, expect, it } from 'vitest';
import { activeRouteBase, AUTO_ROUTE, autoRoute, parseRouteChoice, routedPath } from './routeChoice';

const lines = [
  { id: 'line-1', base: '/line/1', latencyMs: 15_000 },
  { id: 'line-2', base: '/line/2', latencyMs: 240 },
  { id: 'line-3', base: '/line/3', latencyMs: 120 },
  { id: 'line-4', base: '/line/4', latencyMs: 120 },
];

describe('stored route choice', () => {
  it('keeps a well-formed line choice', () => {
    expect(parseRouteChoice({ mode: 'line', id: 'line-2', base: '/line/2' })).toEqual({ mode: 'line', id: 'line-2', base: '/line/2' });
  });

  it.each([
    undefined,
    null,
    'line-2',
    { mode: 'auto' },
    { mode: 'line', id: 'line-2' },
    { mode: 'line', id: 'line-2', base: 'https://evil.example/api' },
    { mode: 'line', id: 'line-2', base: '/line/../x' },
    { mode: 'line', id: 'x y', base: '/line/2' },
  ])('reads %j as Auto', (value) => {
    expect(parseRouteChoice(value)).toEqual(AUTO_ROUTE);
  });
});

describe('Auto (REFERENCE: the fastest measured line)', () => {
  it('picks the lowest latency, the first listed on a tie, never a failed probe', () => {
    expect(autoRoute(lines)?.id).toBe('line-3');
    expect(autoRoute([lines[0]!])).toBeNull();
  });

  it('waits for measurements', () => {
    expect(autoRoute(lines.map((l) => ({ ...l, latencyMs: null })))).toBeNull();
  });
});

describe('active route base', () => {
  it('uses a chosen line, even before the list is known', () => {
    const choice = { mode: 'line' as const, id: 'line-2', base: '/line/2' };
    expect(activeRouteBase(choice, null)).toBe('/line/2');
    expect(activeRouteBase(choice, lines)).toBe('/line/2');
  });

  it('falls back to Auto when the chosen line is no longer listed, and to the origin when nothing is usable', () => {
    expect(activeRouteBase({ mode: 'line', id: 'gone', base: '/line/9' }, lines)).toBe('/line/3');
    expect(activeRouteBase(AUTO_ROUTE, null)).toBe('');
    expect(activeRouteBase(AUTO_ROUTE, [lines[0]!])).toBe('');
  });

  it('prefixes API paths, never the simulator controls', () => {
    expect(routedPath('/line/2', '/spot/api/basic/symbol_list?x=1')).toBe('/line/2/spot/api/basic/symbol_list?x=1');
    expect(routedPath('', '/spot/api/x')).toBe('/spot/api/x');
    expect(routedPath('/line/2', '/mock/api/replay')).toBe('/mock/api/replay');
  });
});
