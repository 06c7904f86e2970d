import { newToken } from './sessions';

/** A registered demo user's id: short, random, and never one of the built-in ids (they have no hex tail). */
export function newUserId(): string {
  return `u-demo-${newToken().slice(0, 10)}`;
}
