/**
 * The sign-in page returns to `redirect_url` only when it is a path on this
 * site: an open redirect would let any link send a freshly signed-in user
 * to a look-alike page. Answers the path to go to, or null to refuse.
 */
export function sameOriginPath(raw: string | null | undefined, origin: string): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  // Only an absolute path: not `//host`, not `/\host` (browsers read a backslash as a slash), no scheme.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs and newlines are stripped by URL parsers) could hide a second slash.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Where a sign-in without a usable redirect lands. */
export const DEFAULT_AFTER_SIGN_IN = '/';
