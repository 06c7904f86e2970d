/**
 * Orders this page itself just cancelled or modified. Their pushes come back
 * through the private socket, and the page has already said what happened
 * (cancelSuccess, orderSuccessful): the push notice for them would say it a
 * second time. Marked when the call starts, since the push may arrive before
 * the call's answer; forgotten after a while so that a later change made
 * elsewhere is announced again.
 */
const REMEMBER_MS = 15_000;
const actions = new Map<string, { action: 'cancel' | 'modify'; at: number }>();

export function markOwnAction(orderIds: Iterable<string>, action: 'cancel' | 'modify', now = Date.now()): void {
  for (const id of orderIds) actions.set(id, { action, at: now });
  for (const [id, entry] of actions) if (now - entry.at > REMEMBER_MS) actions.delete(id);
}

export function ownActionOf(orderId: string, now = Date.now()): 'cancel' | 'modify' | null {
  const entry = actions.get(orderId);
  if (!entry || now - entry.at > REMEMBER_MS) return null;
  return entry.action;
}
