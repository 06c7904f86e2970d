import { useCallback, useState, useSyncExternalStore } from 'react';
import { supportMessageProblem, type SupportMessageProblem } from '../../domain/footerSupport';
import { sendSupportMessage } from '../../data/api/support';
import { ApiError, NetworkError } from '../../data/http';
import { supportTranscript, type ChatFailure, type ChatState } from './supportTranscript';

export interface SupportChat extends ChatState {
  /** the form's own problem (empty or too long), shown next to the field */
  problem: SupportMessageProblem | null;
  /** `shown` is what the transcript shows (a translated topic label), `message` what is asked */
  send: (message: string, shown?: string) => boolean;
  retry: () => void;
  clearProblem: () => void;
}

const reasonOf = (error: unknown): ChatFailure =>
  error instanceof NetworkError ? 'network' : error instanceof ApiError && Number(error.code) === 10001 ? 'invalid' : 'server';

async function ask(message: string) {
  supportTranscript.update(() => ({ pending: true, failed: null }));
  try {
    const answer = await sendSupportMessage(message);
    supportTranscript.update((s) => ({
      pending: false,
      entries: [...s.entries, supportTranscript.entry('support', answer.reply, answer.links)],
      suggestions: answer.suggestions,
    }));
  } catch (error) {
    supportTranscript.update(() => ({ pending: false, failed: { message, reason: reasonOf(error) } }));
  }
}

/** The help chat's logic: validation, one question at a time, failures kept for a retry. */
export function useSupportChat(): SupportChat {
  const state = useSyncExternalStore(supportTranscript.subscribe, supportTranscript.get, supportTranscript.get);
  const [problem, setProblem] = useState<SupportMessageProblem | null>(null);

  const send = useCallback((message: string, shown?: string) => {
    const found = supportMessageProblem(message);
    setProblem(found);
    if (found || supportTranscript.get().pending) return false;
    supportTranscript.update((s) => ({ entries: [...s.entries, supportTranscript.entry('user', shown ?? message.trim())] }));
    void ask(message.trim());
    return true;
  }, []);

  const retry = useCallback(() => {
    const failed = supportTranscript.get().failed;
    if (failed && !supportTranscript.get().pending) void ask(failed.message);
  }, []);

  return { ...state, problem, send, retry, clearProblem: useCallback(() => setProblem(null), []) };
}
