/**
 * Spec 2 §8 demo recharge: what the trader is told about a top-up answer.
 * resultCode 0 is the success message, 3410020 the specific recharge error,
 * any other resultCode the generic recharge error; a refused call (non-zero
 * code) shows the server's own message (e.g. the once-a-minute limit).
 */
export type RechargeOutcome =
  | { kind: 'success' }
  | { kind: 'limit' }
  | { kind: 'failed' }
  | { kind: 'server'; message: string };

export const RECHARGE_LIMIT_RESULT = 3410020;

export function rechargeOutcome(answer: { code: number | string; resultCode?: number | null; message?: string }): RechargeOutcome {
  if (answer.code !== 0) return { kind: 'server', message: answer.message ?? '' };
  if (answer.resultCode === 0) return { kind: 'success' };
  if (answer.resultCode === RECHARGE_LIMIT_RESULT) return { kind: 'limit' };
  return { kind: 'failed' };
}
