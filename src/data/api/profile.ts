import { getJson } from '../http';
import { bool, num, record } from './parse';

export const PROFILE_PATH = '/user/api/profile';

/** Who is looking at the page. userState 1 means logged in (spec 1 §4: balances load only then). */
export interface Profile {
  userState: number;
  loggedIn: boolean;
  isDemo: boolean;
  accountType: 'UTA' | 'CLASSIC' | null;
  userId: string | null;
  /** EAA-restricted accounts do not see the rewards hub (spec 1 §6) */
  eaaRestricted: boolean;
  nickname: string | null;
  isSubAccount: boolean;
  copyTradeLeader: boolean;
  /** a margin account in liquidation or overrun blocks ordering (spec 2 §5) */
  marginStatus: 'normal' | 'liquidation' | 'overrun';
  /** member tags UTA and UTA_INVERSE (spec 2 §3) */
  memberTags: { UTA: MemberTag; UTA_INVERSE: MemberTag };
}

export type MemberTag = 'FAIL' | 'PROCESS' | 'SUCCESS' | null;

function tag(value: unknown): MemberTag {
  return value === 'FAIL' || value === 'PROCESS' || value === 'SUCCESS' ? value : null;
}

export function parseProfile(value: unknown): Profile {
  const o = record(value, 'profile');
  const userState = num(o, 'userState', 'profile');
  const tags = typeof o.memberTags === 'object' && o.memberTags !== null ? (o.memberTags as Record<string, unknown>) : {};
  const accountType = o.accountType === 'UTA' || o.accountType === 'CLASSIC' ? o.accountType : null;
  return {
    userState,
    loggedIn: userState === 1,
    isDemo: bool(o, 'isDemo'),
    accountType,
    userId: typeof o.userId === 'string' ? o.userId : null,
    eaaRestricted: bool(o, 'eaaRestricted'),
    nickname: typeof o.nickname === 'string' ? o.nickname : null,
    isSubAccount: o.isSubAccount === true,
    copyTradeLeader: o.copyTradeLeader === true,
    marginStatus: o.marginStatus === 'liquidation' || o.marginStatus === 'overrun' ? o.marginStatus : 'normal',
    memberTags: { UTA: tag(tags.UTA), UTA_INVERSE: tag(tags.UTA_INVERSE) },
  };
}

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return getJson(PROFILE_PATH, parseProfile, signal);
}
