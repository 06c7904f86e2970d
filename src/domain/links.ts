/**
 * Links the page opens from server text (announcements, notices, the help
 * chat): one rule, so no surface is laxer than another.
 */

/** Whitespace, control characters or a backslash (which browsers read as a slash in URLs). */
function hasUnsafeCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c || /\s/.test(value[i]!)) return true;
  }
  return false;
}

/**
 * A link the page may open from server text: a same-origin absolute path
 * (`/x`, never `//host` which would leave the origin) or an https URL, and
 * with `mailto` a mail link. Anything else (javascript:, data:, http:,
 * relative) gets no link: null.
 */
export function safeLinkUrl(url: unknown, options: { mailto?: boolean } = {}): string | null {
  if (typeof url !== 'string') return null;
  const value = url.trim();
  if (value === '' || hasUnsafeCharacter(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  try {
    const parsed = new URL(value);
    if (options.mailto && parsed.protocol === 'mailto:') return value;
    return parsed.protocol === 'https:' && parsed.hostname !== '' ? parsed.href : null;
  } catch {
    return null;
  }
}
