import { MalformedResponseError } from '../http';

/** Small shape checks for untrusted answers; a mismatch is a MalformedResponseError. */
export function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MalformedResponseError(`${what} is not an object`);
  }
  return value as Record<string, unknown>;
}

export function str(obj: Record<string, unknown>, key: string, what: string): string {
  const v = obj[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new MalformedResponseError(`${what}.${key} is not a string`);
}

export function num(obj: Record<string, unknown>, key: string, what: string): number {
  const v = typeof obj[key] === 'string' ? Number(obj[key]) : obj[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new MalformedResponseError(`${what}.${key} is not a number`);
}

export function bool(obj: Record<string, unknown>, key: string): boolean {
  const v = obj[key];
  return v === true || v === 1 || v === 'true';
}

export function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new MalformedResponseError(`${what} is not a list`);
  return value;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A price or quantity: kept as the exact decimal string the server sent. */
export function decimal(value: unknown, what: string): string {
  if (typeof value === 'string' && DECIMAL.test(value)) return value;
  throw new MalformedResponseError(`${what} is not a decimal string`);
}

/** A time in ms: an integer, sent as a number or a digit string. */
export function millis(value: unknown, what: string): number {
  const v = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return v;
  throw new MalformedResponseError(`${what} is not a time in ms`);
}
