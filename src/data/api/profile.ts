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
}

export function parseProfile(value: unknown): Profile {
  const o = record(value, 'profile');
  const userState = num(o, 'userState', 'profile');
  const accountType = o.accountType === 'UTA' || o.accountType === 'CLASSIC' ? o.accountType : null;
  return {
    userState,
    loggedIn: userState === 1,
    isDemo: bool(o, 'isDemo'),
    accountType,
    userId: typeof o.userId === 'string' ? o.userId : null,
    eaaRestricted: bool(o, 'eaaRestricted'),
  };
}

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return getJson(PROFILE_PATH, parseProfile, signal);
}
