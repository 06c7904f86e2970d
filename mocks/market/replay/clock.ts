/** Replay speeds the controls accept (spec of the replay tool: 0.25–100×). */
export const MIN_SPEED = 0.25;
export const MAX_SPEED = 100;

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1;
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
}

/**
 * Virtual time: while playing it runs at `speed` × real time from the last
 * anchor; paused, it stands still. Real time is always passed in, so the
 * clock is as deterministic as its caller.
 */
export class VirtualClock {
  private anchorVirtual: number;
  private anchorReal: number;
  private rate = 1;
  private running = true;

  constructor(startVirtual: number, realNow: number) {
    this.anchorVirtual = startVirtual;
    this.anchorReal = realNow;
  }

  now(realNow: number): number {
    return this.running ? this.anchorVirtual + (realNow - this.anchorReal) * this.rate : this.anchorVirtual;
  }

  get speed(): number {
    return this.rate;
  }

  get paused(): boolean {
    return !this.running;
  }

  private reanchor(realNow: number, virtual = this.now(realNow)): void {
    this.anchorVirtual = virtual;
    this.anchorReal = realNow;
  }

  setSpeed(speed: number, realNow: number): number {
    this.reanchor(realNow);
    this.rate = clampSpeed(speed);
    return this.rate;
  }

  pause(realNow: number): void {
    if (!this.running) return;
    this.reanchor(realNow);
    this.running = false;
  }

  resume(realNow: number): void {
    if (this.running) return;
    this.anchorReal = realNow;
    this.running = true;
  }

  /** Jump to a virtual time (seek, step), keeping the play state. */
  set(virtual: number, realNow: number): void {
    this.reanchor(realNow, virtual);
  }
}
