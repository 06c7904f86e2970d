/**
 * What both in-page socket paths (msw's handlers and the shared exchange's
 * tab client) need of a client frame. No imports: the tab client loads this
 * without msw's handler layer.
 */

/** Dropped connection: what a browser reports when the network goes away. */
export const ABNORMAL_CLOSE = 1006;

const decoder = new TextDecoder();

/** Text of a client frame; binary frames are decoded as UTF-8 (the protocol is JSON text). */
export function frameText(data: unknown): string | Promise<string> {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return decoder.decode(data);
  if (data instanceof Blob) return data.text();
  return String(data);
}
