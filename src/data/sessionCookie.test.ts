import { describe, expect, it } from 'vitest';
import { readSessionCookie } from './sessionCookie';

describe('readSessionCookie', () => {
  it('reads the session token among other cookies, decoded', () => {
    expect(readSessionCookie('a=1; spot_session=abc%3D; b=2')).toBe('abc=');
  });

  it('is null without a session cookie, or with an empty one', () => {
    expect(readSessionCookie('a=1')).toBeNull();
    expect(readSessionCookie('')).toBeNull();
    expect(readSessionCookie('spot_session=')).toBeNull();
  });
});
