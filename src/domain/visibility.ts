/** Who sees the footer's rewards hub entry (spec 1 §2.7, §6) as one pure rule. */
export interface RewardsHubViewer {
  /** the compliance configuration's switch for the entry */
  siteRewardsHub: boolean;
  loggedIn: boolean;
  isDemo: boolean;
  eaaRestricted: boolean;
}

/**
 * Shown only where the site enables it, and then to visitors and to signed-in
 * users who are not EAA-restricted; demo accounts never see it (§6), even if
 * a stale profile says so together with "logged out".
 */
export function rewardsHubVisible({ siteRewardsHub, loggedIn, isDemo, eaaRestricted }: RewardsHubViewer): boolean {
  if (!siteRewardsHub || isDemo) return false;
  return !loggedIn || !eaaRestricted;
}
