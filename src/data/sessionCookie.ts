/**
 * The session cookie, read apart from the private socket's client so that
 * the page's first script (the account-switch watch) does not carry the
 * client and the order, asset and LT parsers its frames need.
 */
const SESSION_COOKIE = 'spot_session';

/** The session token as the page's cookie holds it (in-page exchange: readable; a real server's HttpOnly cookie: null). */
export function readSessionCookie(cookie: string | undefined = globalThis.document?.cookie): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE && value.length > 0) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}
