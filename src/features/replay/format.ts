/** mm:ss of a replay position (a 30-minute session never needs hours). */
export function formatPosition(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Replay speeds offered (the engine accepts 0.25–100×). */
export const SPEEDS = [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100] as const;
