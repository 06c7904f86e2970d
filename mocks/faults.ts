import { HttpResponse } from 'msw';

/**
 * Fault injection for the embedded backend, so a developer, a test or a demo
 * can see how the page behaves when the exchange misbehaves. Spec string:
 * `<path>:<kind>[:<times>]`, several joined by commas, where kind is
 * `network` (connection fails), `malformed` (an answer that does not parse),
 * `error` (HTTP 500), `slow` (answers after 4 s) or `lost` (the call is
 * carried out, then the connection drops before the answer: the retry case
 * an idempotent client order id exists for). Without times a fault
 * stays for the whole page life.
 */
export type FaultKind = 'network' | 'malformed' | 'error' | 'slow' | 'lost';

interface Fault {
  path: string;
  kind: FaultKind;
  remaining: number;
}

const KINDS = new Set<FaultKind>(['network', 'malformed', 'error', 'slow', 'lost']);

export function parseFaults(spec: string | null | undefined): Fault[] {
  if (!spec) return [];
  return spec.split(',').flatMap((part) => {
    const [path, kind, times] = part.trim().split(':');
    if (!path?.startsWith('/') || !KINDS.has(kind as FaultKind)) return [];
    const count = times === undefined ? Infinity : Number.parseInt(times, 10);
    return Number.isFinite(count) && count <= 0 ? [] : [{ path, kind: kind as FaultKind, remaining: Number.isNaN(count) ? Infinity : count }];
  });
}

/** Where a route asks whether its call is to fail; `request` tells tabs of a shared exchange apart. */
export interface FaultSource {
  take(path: string, request?: Request): FaultKind | null;
}

export class FaultPlan implements FaultSource {
  constructor(private readonly faults: Fault[]) {}

  /** Takes one use of the fault for this path, if any. */
  take(path: string): FaultKind | null {
    const fault = this.faults.find((f) => f.path === path && f.remaining > 0);
    if (!fault) return null;
    fault.remaining -= 1;
    return fault.kind;
  }
}

/** The response a fault produces, or null to answer normally. */
export async function faultResponse(kind: FaultKind | null): Promise<Response | null> {
  switch (kind) {
    case 'network':
      return HttpResponse.error();
    case 'malformed':
      return HttpResponse.json({ code: 0, success: true, result: { list: 'not-a-list' } });
    case 'error':
      return new HttpResponse('Internal error', { status: 500 });
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, 4000));
      return null;
    default:
      return null;
  }
}

/** The header the shared exchange's tab proxy stamps on every call with the calling tab's id. */
export const TAB_HEADER = 'x-embedded-tab';

/**
 * One exchange serving several tabs (the shared worker): `?mockFault=` is a
 * tab's own, as it was when every tab ran its own exchange, so each tab's
 * plan is kept apart and picked by the tab header.
 */
export class FaultsByTab implements FaultSource {
  private readonly plans = new Map<string, FaultPlan>();

  set(tab: string, plan: FaultPlan): void {
    this.plans.set(tab, plan);
  }

  forget(tab: string): void {
    this.plans.delete(tab);
  }

  take(path: string, request?: Request): FaultKind | null {
    const tab = request?.headers.get(TAB_HEADER);
    return tab ? (this.plans.get(tab)?.take(path) ?? null) : null;
  }
}
