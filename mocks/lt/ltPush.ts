/**
 * LT order pushes on the private socket (docs/api/lt.md, spec 2 §4, §7): each
 * change of a user's LT order (created, done, failed) goes to that user on
 * `lt_order` and `user.lt.order` alike, `data: [order]` — the page follows
 * the unified topic and takes the other as the same, so both carry it. Sent
 * after the call or pump that made the change (`defer`), as it was then.
 */
import type { LtDesk } from './ltDesk';

export const LT_TOPICS = ['lt_order', 'user.lt.order'] as const;

export function pushLtOrders(
  desk: Pick<LtDesk, 'onChange'>,
  push: (userId: string, topic: string, data: readonly unknown[]) => number,
  defer: (run: () => void) => void,
): () => void {
  let stopped = false;
  const off = desk.onChange((change) => {
    if (!change) return;
    defer(() => {
      if (!stopped) for (const topic of LT_TOPICS) push(change.userId, topic, [change.order]);
    });
  });
  return () => {
    stopped = true;
    off();
  };
}
