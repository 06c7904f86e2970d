/**
 * Client frames and the server's control answers of both sockets
 * (docs/api.md "Public quote WebSocket"): ping/pong, sub/cancel
 * acknowledgements and error frames. Data pushes are built in ./envelope.
 */

export const ERRORS = {
  invalidRequest: ['-100001', 'Invalid request.'],
  invalidEvent: ['-100002', 'Invalid event.'],
  dumpScale: ['-100009', 'DumpScale error.'],
  invalidSymbol: ['-100010', 'Invalid Symbols!'],
  invalidTopic: ['-100011', 'Invalid Topic!'],
  notSubscribed: ['-100012', 'Not subscribed.'],
  loginRequired: ['-100401', 'Login required.'],
} as const;

export type ErrorKind = keyof typeof ERRORS;

/** A sub or cancel request as sent; other fields are kept for the echo. */
export interface ClientRequest {
  event: 'sub' | 'cancel';
  topic: unknown;
  symbol: unknown;
  params: unknown;
  limit: unknown;
  raw: Record<string, unknown>;
}

export type ClientFrame =
  | { kind: 'ping'; value: unknown }
  | { kind: 'request'; request: ClientRequest }
  /** answer with this error frame */
  | { kind: 'refused'; answer: string };

/** A JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads one text frame from a client; anything unusable is answered with an error frame. */
export function readClientFrame(text: string): ClientFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'refused', answer: errorFrame('invalidRequest') };
  }
  if (!isRecord(parsed)) return { kind: 'refused', answer: errorFrame('invalidRequest') };
  if ('ping' in parsed) return { kind: 'ping', value: parsed.ping };
  if (!('event' in parsed)) return { kind: 'refused', answer: errorFrame('invalidRequest', parsed) };
  const event = parsed.event;
  if (event !== 'sub' && event !== 'cancel') return { kind: 'refused', answer: errorFrame('invalidEvent', parsed) };
  return { kind: 'request', request: { event, topic: parsed.topic, symbol: parsed.symbol, params: parsed.params, limit: parsed.limit, raw: parsed } };
}

export function pongFrame(value: unknown): string {
  return JSON.stringify({ pong: value });
}

/** The request echoed with success. */
export function ackFrame(request: ClientRequest): string {
  return JSON.stringify({ ...request.raw, code: '0', msg: 'Success' });
}

/** An error frame echoing the request's symbol, topic and event when they could be read. */
export function errorFrame(kind: ErrorKind, request?: Record<string, unknown>): string {
  const [code, desc] = ERRORS[kind];
  const echo: Record<string, unknown> = {};
  for (const field of ['symbol', 'topic', 'event'] as const) {
    if (request && (typeof request[field] === 'string' || typeof request[field] === 'number')) echo[field] = request[field];
  }
  return JSON.stringify({ ...echo, code, desc });
}
