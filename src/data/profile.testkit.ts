import type { Profile } from './api/profile';

/** A signed-in, compliant classic profile as the profile call answers it; tests change what they are about. */
export const testProfile = (over: Partial<Profile> = {}): Profile => ({
  userState: 1,
  loggedIn: true,
  isDemo: false,
  accountType: 'CLASSIC',
  userId: 'u-classic',
  eaaRestricted: false,
  nickname: null,
  isSubAccount: false,
  copyTradeLeader: false,
  marginStatus: 'normal',
  memberTags: { UTA: null, UTA_INVERSE: null },
  ...over,
});
