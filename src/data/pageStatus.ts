/**
 * One page-status store (spec 1 §4, spec 2 §4): visibility and online state,
 * with the time of the last change so features can ask "was the page hidden
 * for more than 60 s?" without listening to DOM events themselves.
 */
export interface PageStatus {
  visible: boolean;
  online: boolean;
  /** ms timestamp when the page was last hidden; null while visible */
  hiddenSince: number | null;
  /** ms timestamp when the page last went offline; null while online */
  offlineSince: number | null;
  /** How long the page was hidden before it became visible the last time (ms). */
  lastHiddenFor: number;
}

type Listener = () => void;

export function createPageStatusStore(initial: Pick<PageStatus, 'visible' | 'online'>, now: () => number) {
  let state: PageStatus = {
    ...initial,
    hiddenSince: initial.visible ? null : now(),
    offlineSince: initial.online ? null : now(),
    lastHiddenFor: 0,
  };
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());

  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setVisible(visible: boolean) {
      if (visible === state.visible) return;
      const t = now();
      state = visible
        ? { ...state, visible, hiddenSince: null, lastHiddenFor: state.hiddenSince === null ? 0 : t - state.hiddenSince }
        : { ...state, visible, hiddenSince: t };
      emit();
    },
    setOnline(online: boolean) {
      if (online === state.online) return;
      state = { ...state, online, offlineSince: online ? null : now() };
      emit();
    },
  };
}

export type PageStatusStore = ReturnType<typeof createPageStatusStore>;

/** Feeds the store from the browser; returns the teardown. */
export function connectPageStatus(store: PageStatusStore): () => void {
  // Changes while the page was still booting had no listener yet.
  store.setVisible(document.visibilityState !== 'hidden');
  store.setOnline(navigator.onLine !== false);
  const onVisibility = () => store.setVisible(document.visibilityState === 'visible');
  const onOnline = () => store.setOnline(true);
  const onOffline = () => store.setOnline(false);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}

export const pageStatus = createPageStatusStore(
  {
    visible: typeof document === 'undefined' || document.visibilityState !== 'hidden',
    online: typeof navigator === 'undefined' || navigator.onLine !== false,
  },
  () => Date.now(),
);
