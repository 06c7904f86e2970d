/** The help chat's message rule, shared by the form (inline message) and matching the server's 10001 refusal. */
export const SUPPORT_MESSAGE_MAX = 500;

export type SupportMessageProblem = 'empty' | 'tooLong';

/** Counted after trimming, as the server counts. */
export function supportMessageProblem(text: string): SupportMessageProblem | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'empty';
  if (trimmed.length > SUPPORT_MESSAGE_MAX) return 'tooLong';
  return null;
}
