import type { SupportLink } from '../../data/api/support';

/** One turn of the help chat. */
export interface ChatEntry {
  id: number;
  from: 'user' | 'support';
  text: string;
  links: SupportLink[];
}

export type ChatFailure = 'network' | 'invalid' | 'server';

export interface ChatState {
  entries: ChatEntry[];
  /** suggestions of the latest answer (null: none yet, show the starter topics) */
  suggestions: string[] | null;
  pending: boolean;
  /** the last send failed: what to retry and why */
  failed: { message: string; reason: ChatFailure } | null;
}

/**
 * The transcript lives outside the panel so closing and reopening it (or a
 * symbol change that re-renders the footer) keeps the conversation for the
 * life of the page.
 */
let state: ChatState = { entries: [], suggestions: null, pending: false, failed: null };
let nextId = 1;
const listeners = new Set<() => void>();

export const supportTranscript = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  update(change: (previous: ChatState) => Partial<ChatState>) {
    state = { ...state, ...change(state) };
    listeners.forEach((l) => l());
  },
  entry: (from: ChatEntry['from'], text: string, links: SupportLink[] = []): ChatEntry => ({ id: nextId++, from, text, links }),
};
