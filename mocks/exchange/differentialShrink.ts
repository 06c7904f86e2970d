/** Cuts a diverging stream of issue 32's differential check down to a minimal one. */
import { runSideBySide } from './differentialKit';
import type { Op } from './differentialStream';

/**
 * A shorter stream that still diverges: to a fixed point, it cuts what comes
 * after the first divergence, drops every operation of one kind at once, then
 * ever smaller chunks down to single operations (ddmin's simple form). Ops
 * name orders by placement count, so a cut can move a later cancel onto
 * another order; the result is checked, not assumed.
 */
export function shrink(ops: readonly Op[]): Op[] {
  const firstAt = (candidate: readonly Op[]) => runSideBySide(candidate).divergence?.at ?? -1;
  let current = [...ops];
  if (firstAt(current) < 0) return current;
  const kinds: Op['kind'][] = ['modify', 'cancel', 'trade', 'market', 'level', 'limit'];
  for (let changed = true; changed; ) {
    changed = false;
    const at = firstAt(current);
    if (at + 1 < current.length) {
      current = current.slice(0, at + 1);
      changed = true;
    }
    for (const kind of kinds) {
      const candidate = current.filter((op) => op.kind !== kind);
      if (candidate.length > 0 && candidate.length < current.length && firstAt(candidate) >= 0) {
        current = candidate;
        changed = true;
      }
    }
    for (let chunk = Math.ceil(current.length / 2); chunk >= 1; chunk = Math.floor(chunk / 2)) {
      for (let start = 0; start < current.length; ) {
        const candidate = [...current.slice(0, start), ...current.slice(start + chunk)];
        if (candidate.length > 0 && firstAt(candidate) >= 0) {
          current = candidate;
          changed = true;
        } else {
          start += chunk;
        }
      }
    }
  }
  return current;
}
