/**
 * The accounts the embedded exchange knows from the start: one of each kind
 * the page treats differently (spec 2 §1, §5, §6). Registered demo users
 * join them at run time (directory.ts). A profile says what an account is;
 * its balances and orders live in the exchange engine.
 */
export type MemberTag = 'FAIL' | 'PROCESS' | 'SUCCESS' | null;

/** Margin health: liquidation refuses orders and cancels (81001), overrun refuses new orders. */
export type MarginStatus = 'normal' | 'liquidation' | 'overrun';

export interface AccountProfile {
  userId: string;
  nickname: string;
  accountType: 'UTA' | 'CLASSIC';
  isDemo: boolean;
  /** EAA-restricted users do not see the rewards hub (spec 1 §2.7) */
  eaaRestricted: boolean;
  isSubAccount: boolean;
  copyTradeLeader: boolean;
  marginStatus: MarginStatus;
  /** member tags UTA and UTA_INVERSE (spec 2 §3): SUCCESS once unified */
  memberTags: { UTA: MemberTag; UTA_INVERSE: MemberTag };
  /** a registered demo user, not one of the built-in profiles */
  registered: boolean;
}

export const SESSION_COOKIE = 'spot_session';

const UNIFIED = { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } as const;
const STANDARD = { UTA: null, UTA_INVERSE: null } as const;

function profile(userId: string, nickname: string, accountType: 'UTA' | 'CLASSIC', extra: Partial<AccountProfile> = {}): AccountProfile {
  return {
    userId,
    nickname,
    accountType,
    isDemo: false,
    eaaRestricted: false,
    isSubAccount: false,
    copyTradeLeader: false,
    marginStatus: 'normal',
    memberTags: accountType === 'UTA' ? { ...UNIFIED } : { ...STANDARD },
    registered: false,
    ...extra,
  };
}

export const PROFILES: readonly AccountProfile[] = [
  profile('u-standard', 'Classic trader', 'CLASSIC'),
  profile('u-uta', 'Unified trader', 'UTA'),
  profile('u-demo', 'Demo trader', 'UTA', { isDemo: true }),
  profile('u-eaa', 'EAA-restricted trader', 'UTA', { eaaRestricted: true }),
  profile('u-sub', 'Sub-account', 'UTA', { isSubAccount: true }),
  profile('u-leader', 'Copy-trading leader', 'UTA', { isSubAccount: true, copyTradeLeader: true }),
  profile('u-liquidation', 'Account in liquidation', 'UTA', { marginStatus: 'liquidation' }),
  profile('u-overrun', 'Overrun margin', 'UTA', { marginStatus: 'overrun' }),
];

/** A new demo user (spec 2 §6: demo accounts are unified and simulated). */
export function demoProfile(userId: string, nickname: string): AccountProfile {
  return profile(userId, nickname, 'UTA', { isDemo: true, registered: true });
}

/** What the profile call answers for a signed-in user. */
export function profileView(p: AccountProfile) {
  return {
    userState: 1,
    userId: p.userId,
    nickname: p.nickname,
    accountType: p.accountType,
    isDemo: p.isDemo,
    eaaRestricted: p.eaaRestricted,
    isSubAccount: p.isSubAccount,
    copyTradeLeader: p.copyTradeLeader,
    marginStatus: p.marginStatus,
    memberTags: { ...p.memberTags },
  };
}

export const VISITOR_VIEW = {
  userState: 0,
  userId: null,
  nickname: null,
  accountType: null,
  isDemo: false,
  eaaRestricted: false,
  isSubAccount: false,
  copyTradeLeader: false,
  marginStatus: 'normal',
  memberTags: { ...STANDARD },
};

/** A cookie's value from a Cookie header (or document.cookie, same syntax). */
export function cookieValue(cookies: string | null, name: string): string | null {
  if (!cookies) return null;
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The session token of a Cookie header (or document.cookie). */
export function sessionFromCookies(cookies: string | null): string | null {
  return cookieValue(cookies, SESSION_COOKIE);
}

/**
 * The session token a request carries: the `spot_session` cookie (browsers),
 * or `Authorization: Bearer <token>` (scripts, apps, tests without cookies).
 */
export function tokenFromRequest(request: Request): string | null {
  const auth = request.headers.get('authorization');
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth);
  if (bearer) return bearer[1]!;
  return sessionFromCookies(request.headers.get('cookie'));
}
