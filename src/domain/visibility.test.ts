import { describe, expect, it } from 'vitest';
import { rewardsHubVisible } from './visibility';

const visitor = { siteRewardsHub: true, loggedIn: false, isDemo: false, eaaRestricted: false };

describe('rewards hub visibility (spec 1 §2.7, §6)', () => {
  it('shows the entry to a visitor and to a regular signed-in user where the site enables it', () => {
    expect(rewardsHubVisible(visitor)).toBe(true);
    expect(rewardsHubVisible({ ...visitor, loggedIn: true })).toBe(true);
  });

  it('hides it everywhere the compliance configuration turns it off', () => {
    expect(rewardsHubVisible({ ...visitor, siteRewardsHub: false })).toBe(false);
    expect(rewardsHubVisible({ ...visitor, siteRewardsHub: false, loggedIn: true })).toBe(false);
  });

  it('hides it from EAA-restricted and demo accounts', () => {
    expect(rewardsHubVisible({ ...visitor, loggedIn: true, eaaRestricted: true })).toBe(false);
    expect(rewardsHubVisible({ ...visitor, loggedIn: true, isDemo: true })).toBe(false);
    expect(rewardsHubVisible({ ...visitor, isDemo: true })).toBe(false);
  });
});
