/**
 * The accounts the embedded exchange knows before issue 8's sign-in page:
 * one of each kind the page treats differently. A session is the cookie
 * `spot_session` holding a user id (a simulator, not a vault: issue 8 turns
 * it into a signed token).
 */
export interface AccountProfile {
  userId: string;
  accountType: 'UTA' | 'CLASSIC';
  isDemo: boolean;
  /** EAA-restricted users do not see the rewards hub (spec 1 §2.7) */
  eaaRestricted: boolean;
}

export const SESSION_COOKIE = 'spot_session';

export const PROFILES: readonly AccountProfile[] = [
  { userId: 'u-standard', accountType: 'CLASSIC', isDemo: false, eaaRestricted: false },
  { userId: 'u-uta', accountType: 'UTA', isDemo: false, eaaRestricted: false },
  { userId: 'u-demo', accountType: 'UTA', isDemo: true, eaaRestricted: false },
  { userId: 'u-eaa', accountType: 'UTA', isDemo: false, eaaRestricted: true },
];

export function findProfile(userId: string | null): AccountProfile | undefined {
  return userId === null ? undefined : PROFILES.find((p) => p.userId === userId);
}

/** The session's user id from a Cookie header (or document.cookie, same syntax). */
export function sessionFromCookies(cookies: string | null): string | null {
  if (!cookies) return null;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}
