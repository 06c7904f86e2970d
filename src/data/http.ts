import { apiRoutePath } from './apiRoute';
import { netFetch } from './network/netFetch';

/**
 * The page's HTTP client. Errors are typed so the UI can tell "the network is
 * down" (network-error overlay, retry) from "the server said no" (toast) and
 * "the answer makes no sense" (panel fallback).
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

export class HttpStatusError extends Error {
  override name = 'HttpStatusError';
  constructor(readonly status: number, path: string) {
    super(`HTTP ${status} for ${path}`);
  }
}

export class MalformedResponseError extends Error {
  override name = 'MalformedResponseError';
}

/** Spec 2 §8: code 0 with success true is OK; otherwise the server's message is shown. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** `result` of the refusal, for the few that carry details (e.g. a rate limit's retryAfterMs) */
  constructor(readonly code: number | string, message: string, readonly result: unknown = undefined) {
    super(message);
  }
}

export type Parser<T> = (value: unknown) => T;

export interface RequestOptions {
  /** true: straight to the origin, not through the route picker's line (the line probes address a line themselves) */
  direct?: boolean;
  /** true: the origin even when the path is one the network layer may accelerate (the layer's own calls) */
  originOnly?: boolean;
  /** false: the answer is a plain JSON file (e.g. a chart save's klinePath), not the `{code, result}` envelope */
  envelope?: boolean;
  /** the code that means OK besides 0: the order lists answer 200 (spec 2 §7 "Order list response code 200 expected") */
  okCode?: number;
}

export function getJson<T>(path: string, parse: Parser<T>, signal?: AbortSignal, options: RequestOptions = {}): Promise<T> {
  return requestJson(path, parse, { signal }, options);
}

/** GET a plain JSON file (no envelope); same errors otherwise. */
export function getPlainJson<T>(path: string, parse: Parser<T>, signal?: AbortSignal): Promise<T> {
  return requestJson(path, parse, { signal }, { envelope: false });
}

/** POST with a JSON body (or raw bytes, e.g. an uploaded file); the answer goes through the same envelope checks. */
export function postJson<T>(path: string, body: unknown, parse: Parser<T>, signal?: AbortSignal, headers: Record<string, string> = {}): Promise<T> {
  const raw = body instanceof Blob || body instanceof ArrayBuffer;
  return requestJson(path, parse, {
    signal,
    method: 'POST',
    body: raw ? body : JSON.stringify(body),
    headers: { ...headers, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
  });
}

async function requestJson<T>(path: string, parse: Parser<T>, init: RequestInit, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    // Every call goes through the network layer (host: origin, CDN or accelerated) and the route picker's line.
    response = await netFetch({
      path,
      routedPath: options.direct ? path : apiRoutePath(path),
      init: { ...init, headers: { accept: 'application/json', ...init.headers }, credentials: 'include' },
      originOnly: options.direct === true || options.originOnly === true,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(`Network request failed for ${path}`);
  }
  if (!response.ok) throw new HttpStatusError(response.status, path);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new MalformedResponseError(`Response of ${path} is not JSON`);
  }
  return parse(options.envelope === false ? body : unwrapEnvelope(body, path, options.okCode));
}

function unwrapEnvelope(body: unknown, path: string, okCode?: number): unknown {
  if (typeof body !== 'object' || body === null) throw new MalformedResponseError(`Response of ${path} is not an object`);
  const { code, success, result, message } = body as Record<string, unknown>;
  if ((code === 0 || (okCode !== undefined && code === okCode)) && success === true) return result;
  if (code === undefined) throw new MalformedResponseError(`Response of ${path} has no code`);
  throw new ApiError(code as number | string, typeof message === 'string' ? message : String(code), result);
}
