/** The fill chime (public/sounds, precached by the service worker so it plays offline too). */
const FILL_SOUND_URL = '/sounds/order-filled.wav';

let fill: HTMLAudioElement | null = null;

/** Plays the chime; a browser that blocks audio before a user gesture simply stays silent. */
export function playFillSound(): void {
  if (typeof Audio === 'undefined') return;
  fill ??= new Audio(FILL_SOUND_URL);
  fill.currentTime = 0;
  void fill.play().catch(() => undefined);
}
