import { useTranslation } from 'react-i18next';
import { rewardsHubVisible } from '../../domain/visibility';
import { useProfile, useSiteConfig } from '../../data/queries';

export const REWARDS_HUB_URL = '/rewards-hub';

/**
 * The rewards hub entry (spec 1 §2.7, §6). Hidden until the profile is known:
 * showing it to an account that may not see it is worse than showing it late.
 */
export function RewardsHubLink() {
  const { t } = useTranslation('footer');
  const profile = useProfile().data;
  const site = useSiteConfig();
  if (!profile) return null;
  const visible = rewardsHubVisible({
    siteRewardsHub: site.rewardsHub,
    loggedIn: profile.loggedIn,
    isDemo: profile.isDemo,
    eaaRestricted: profile.eaaRestricted,
  });
  if (!visible) return null;
  return (
    <a className="footer-link" href={REWARDS_HUB_URL} target="_blank" rel="noopener">
      {t('rewardsHub')}
      <span className="visually-hidden"> {t('opensNewTab')}</span>
    </a>
  );
}
