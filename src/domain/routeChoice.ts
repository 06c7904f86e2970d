import { PROBE_FAILURE_MS } from './latency';

/**
 * The route picker's choice (spec 1 §2.7, REFERENCE: routes are alternative
 * origins of the same API; Auto picks the fastest measured one) as pure rules:
 * what a stored choice may be, and which line's base the page's calls use.
 */
export type RouteChoice = { mode: 'auto' } | { mode: 'line'; id: string; base: string };

export const AUTO_ROUTE: RouteChoice = { mode: 'auto' };

/** A base is a plain path prefix: no origin, no query, no dot segments (a stored value must not send calls elsewhere). */
const BASE = /^(\/[A-Za-z0-9_-]+)+$/;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

export const isRouteBase = (base: unknown): base is string => typeof base === 'string' && base.length <= 100 && BASE.test(base);

/** Stored choices are untrusted: anything but a well-formed line reads as Auto. */
export function parseRouteChoice(value: unknown): RouteChoice {
  if (typeof value !== 'object' || value === null) return AUTO_ROUTE;
  const o = value as Record<string, unknown>;
  if (o.mode === 'line' && typeof o.id === 'string' && ID.test(o.id) && isRouteBase(o.base)) return { mode: 'line', id: o.id, base: o.base };
  return AUTO_ROUTE;
}

export interface MeasuredLine {
  id: string;
  base: string;
  /** null until its probe answered */
  latencyMs: number | null;
}

/**
 * Auto's pick: the lowest measured latency among lines whose probe did not
 * fail (a failure counts as 15000 ms and must never win); on a tie the one
 * listed first. null while nothing usable is measured.
 */
export function autoRoute<T extends MeasuredLine>(lines: readonly T[]): T | null {
  let best: T | null = null;
  for (const line of lines) {
    if (line.latencyMs === null || line.latencyMs >= PROBE_FAILURE_MS) continue;
    if (best === null || line.latencyMs < (best.latencyMs as number)) best = line;
  }
  return best;
}

/**
 * The base the page's calls use: a chosen line while the route list still
 * has it (or before the list is known, so the first calls after a reload
 * already take it), else Auto's pick, else the origin itself ('').
 */
export function activeRouteBase(choice: RouteChoice, lines: readonly MeasuredLine[] | null): string {
  if (choice.mode === 'line') {
    if (lines === null) return choice.base;
    const chosen = lines.find((l) => l.id === choice.id);
    if (chosen) return chosen.base;
  }
  return lines ? (autoRoute(lines)?.base ?? '') : '';
}

/** The page's call path through a line; the simulator's own controls are not part of the exchange API and never go through one. */
export function routedPath(base: string, path: string): string {
  if (base === '' || path.startsWith('/mock/')) return path;
  return base + path;
}
