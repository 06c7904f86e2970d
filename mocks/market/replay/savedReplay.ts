import { MAX_SPEED, MIN_SPEED, VirtualClock } from './clock';

/**
 * Where the replay stands, saved whenever it changes (start, speed, pause,
 * seek, another session set), so an exchange that starts again — the last
 * tab reloaded, the leading tab closed, the server restarted — joins the
 * market where it would be had it kept running, instead of replaying the
 * session from its first second. Between changes the clock is a straight
 * line, so one record per change is enough.
 */
export interface SavedReplay {
  v: 1;
  /** exchange time the exchange first started at: listings open relative to it */
  start: number;
  /** exchange time the current session set started at */
  setAnchor: number;
  /** the current session set's name */
  session: string;
  /** the exchange clock: `virtual` at real time `real`, running at `speed` unless paused */
  virtual: number;
  real: number;
  speed: number;
  paused: boolean;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A stored record, or null when it is missing, damaged or from another version (the replay then starts afresh). */
export function parseSavedReplay(text: string | null): SavedReplay | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const r = data as Record<string, unknown>;
  if (r.v !== 1 || typeof r.session !== 'string' || typeof r.paused !== 'boolean') return null;
  if (![r.start, r.setAnchor, r.virtual, r.real, r.speed].every(finite)) return null;
  const speed = r.speed as number;
  if (speed < MIN_SPEED || speed > MAX_SPEED) return null;
  // The set cannot have started before the exchange, nor the clock stand before the set.
  if ((r.setAnchor as number) < (r.start as number) || (r.virtual as number) < (r.setAnchor as number)) return null;
  return { v: 1, start: r.start as number, setAnchor: r.setAnchor as number, session: r.session, virtual: r.virtual as number, real: r.real as number, speed, paused: r.paused };
}

/**
 * The exchange clock a restarted exchange continues on. A real clock that
 * went back since the save (a changed system time) resumes at the saved
 * point rather than before it: exchange time never runs backwards.
 */
export function resumedClock(saved: SavedReplay, realNow: number): VirtualClock {
  const real = Math.min(saved.real, realNow);
  const clock = new VirtualClock(saved.virtual, real);
  clock.setSpeed(saved.speed, real);
  if (saved.paused) clock.pause(real);
  return clock;
}
