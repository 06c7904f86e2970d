/**
 * The symbol-opening flow of spec 1 §4 as a pure state machine. Time is
 * always a parameter (device ms); the exchange's clock is only known through
 * a notice answer (its nowTime) plus the device time elapsed since that
 * answer arrived, so a wrong device clock cannot open a symbol early.
 */

/** spec 1 §9: the display ticks every 100 ms */
export const COUNTDOWN_TICK_MS = 100;
/** spec 1 §9: at zero the exchange must confirm the opening within 20 s */
export const RECHECK_WINDOW_MS = 20_000;
/** spec 1 §9: a page hidden for longer than this re-checks when shown */
export const HIDDEN_RECHECK_AFTER_MS = 60_000;
/** How often the notice is asked again inside the re-check window. */
export const RECHECK_EVERY_MS = 2_000;

/** The notice fields the flow needs (spec 1 §3 Notice info). */
export interface OpeningNotice {
  noticeType: number;
  /** exchange ms */
  onlineTime: number;
  /** exchange ms when the answer was made */
  nowTime: number;
}

export type CountdownState<N extends OpeningNotice = OpeningNotice> =
  /** no answer yet */
  | { kind: 'waiting' }
  /** noticeType 1 or 2: counting down to onlineTime; receivedAt is the device time of the answer */
  | { kind: 'counting'; notice: N; receivedAt: number }
  /** noticeType 3 (or one this page does not know): a pending icon, no countdown */
  | { kind: 'pending'; notice: N; receivedAt: number }
  /** reached zero at `since`; the exchange has not confirmed the opening yet */
  | { kind: 'rechecking'; notice: N; since: number; lastAskAt: number }
  /** the exchange's clock is past the opening, or the notice is gone: show the chart */
  | { kind: 'open' }
  /** not confirmed within the window: the network-error overlay (the notice stays for the frozen display) */
  | { kind: 'failed'; notice: N };

export type CountdownEvent<N extends OpeningNotice = OpeningNotice> =
  | { type: 'tick'; now: number }
  /** a notice answer: the notice, null (none visible) or an error; serverNow defaults to the notice's nowTime */
  | { type: 'answer'; now: number; result: N | null | 'error'; serverNow?: number }
  | { type: 'pageShown'; now: number; hiddenFor: number }
  | { type: 'online'; now: number };

export interface CountdownStep<N extends OpeningNotice = OpeningNotice> {
  state: CountdownState<N>;
  /** true when the notice should be asked again now */
  ask: boolean;
}

const COUNTDOWN_TYPES = new Set([1, 2]);

export const initialCountdown: CountdownState<never> = { kind: 'waiting' };

/** The state a fresh notice answer puts the flow in. */
export function fromNotice<N extends OpeningNotice>(notice: N | null, receivedAt: number, serverNow?: number): CountdownState<N> {
  if (notice === null) return { kind: 'open' };
  if (!COUNTDOWN_TYPES.has(notice.noticeType)) return { kind: 'pending', notice, receivedAt };
  if ((serverNow ?? notice.nowTime) >= notice.onlineTime) return { kind: 'open' };
  return { kind: 'counting', notice, receivedAt };
}

/** Exchange ms left until the opening, as the device estimates it; never negative. */
export function remainingMs(notice: OpeningNotice, receivedAt: number, now: number): number {
  const exchangeNow = notice.nowTime + Math.max(0, now - receivedAt);
  return Math.max(0, notice.onlineTime - exchangeNow);
}

const stay = <N extends OpeningNotice>(state: CountdownState<N>): CountdownStep<N> => ({ state, ask: false });

export function stepCountdown<N extends OpeningNotice>(state: CountdownState<N>, event: CountdownEvent<N>): CountdownStep<N> {
  if (state.kind === 'open' || state.kind === 'failed') return stay(state);
  switch (event.type) {
    case 'tick':
      return onTick(state, event.now);
    case 'answer':
      return onAnswer(state, event);
    case 'pageShown':
      return event.hiddenFor > HIDDEN_RECHECK_AFTER_MS ? askAgain(state) : stay(state);
    case 'online':
      return askAgain(state);
  }
}

function onTick<N extends OpeningNotice>(state: CountdownState<N>, now: number): CountdownStep<N> {
  if (state.kind === 'counting') {
    if (remainingMs(state.notice, state.receivedAt, now) > 0) return stay(state);
    return { state: { kind: 'rechecking', notice: state.notice, since: now, lastAskAt: now }, ask: true };
  }
  if (state.kind === 'rechecking') {
    if (now - state.since >= RECHECK_WINDOW_MS) return stay({ kind: 'failed', notice: state.notice });
    if (now - state.lastAskAt >= RECHECK_EVERY_MS) return { state: { ...state, lastAskAt: now }, ask: true };
  }
  return stay(state);
}

function onAnswer<N extends OpeningNotice>(
  state: CountdownState<N>,
  { now, result, serverNow }: Extract<CountdownEvent<N>, { type: 'answer' }>,
): CountdownStep<N> {
  // A failed answer changes nothing: the window (if running) keeps running out.
  if (result === 'error') return stay(state);
  if (state.kind !== 'rechecking') return stay(fromNotice(result, now, serverNow));
  if (result === null || (serverNow ?? result.nowTime) >= result.onlineTime) return stay({ kind: 'open' });
  // Rescheduled (or turned pending): a new countdown, not a failure of the old one.
  if (result.onlineTime !== state.notice.onlineTime || !COUNTDOWN_TYPES.has(result.noticeType)) return stay(fromNotice(result, now, serverNow));
  // Same opening, the exchange's clock is not there yet: keep asking until the window ends.
  return stay(state);
}

/** Re-check on coming back (spec 1 §4); asking while still waiting or re-checking would only duplicate a request. */
function askAgain<N extends OpeningNotice>(state: CountdownState<N>): CountdownStep<N> {
  return { state, ask: state.kind === 'counting' || state.kind === 'pending' };
}

export interface CountdownParts {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds, rounded up, so the display reads 00:00:00 only at the opening itself; hours may exceed 24. */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

/** Two digits at least (hours can have more). */
export const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Whole minutes left (rounded up): the screen-reader summary changes only this often. */
export function minutesLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 60_000));
}
