/**
 * Frames only the private socket has (docs/api/private.md): the auth request
 * and its answers, its own error frames, and the push envelope
 * `{topic, data, sendTime}` (wallet pushes add `interval`).
 */
import { isRecord } from '../quote/frames';
import { PRIVATE_ERRORS } from './topics';

/** `{"event":"auth","params":{"token":"…"}}`; token null when it is missing or not a string. */
export interface AuthRequest {
  token: string | null;
}

/** The auth request in a client frame, or null for any other frame (left to the common reader). */
export function readAuthRequest(text: string): AuthRequest | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.event !== 'auth') return null;
  const token = isRecord(parsed.params) ? parsed.params.token : undefined;
  return { token: typeof token === 'string' && token !== '' ? token : null };
}

export function authAccepted(userId: string, accountType: string): string {
  return JSON.stringify({ event: 'auth', code: '0', msg: 'Success', userId, accountType });
}

export function authRefused(kind: 'invalidSession' | 'sessionEnded'): string {
  const [code, desc] = PRIVATE_ERRORS[kind];
  return JSON.stringify({ event: 'auth', code, desc });
}

/** An error frame echoing the request's topic and event, like the quote socket's. */
export function privateErrorFrame(kind: 'loginRequired' | 'wrongAccountType', request: Record<string, unknown>): string {
  const [code, desc] = PRIVATE_ERRORS[kind];
  return JSON.stringify({ topic: request.topic, event: request.event, code, desc });
}

export function pushFrame(topic: string, data: readonly unknown[], sendTime: number, interval?: number): string {
  return JSON.stringify(interval === undefined ? { topic, data, sendTime } : { topic, data, interval, sendTime });
}
