import { useRef } from 'react';
import { UpgradeMask } from './UpgradeMask';
import { UpgradeModal } from './UpgradeModal';
import { UpgradeSuccessGuide } from './UpgradeSuccessGuide';
import { UpgradeTip } from './UpgradeTip';
import { useInertSiblings } from './useInertSiblings';
import { useUpgradeCenter } from './useUpgradeCenter';
import './upgrade.css';

/**
 * Everything of the UTA upgrade that lives in the trade area (spec 2 §2,
 * §4), mounted once as its first child: the one-time tip, the success guide,
 * the progress mask over the area while upgrading, and the modal.
 */
export function UpgradeArea() {
  const { account, stage, userId } = useUpgradeCenter();
  const ref = useRef<HTMLDivElement>(null);
  const masked = stage === 'process';
  useInertSiblings(ref, masked);
  return (
    <div ref={ref} className={masked ? 'upgrade-area upgrade-area--masked' : 'upgrade-area'}>
      {/* Keyed by user: another account's seen flags start their notices afresh. */}
      <UpgradeTip key={`tip-${userId ?? ''}`} stage={stage} userId={userId} />
      <UpgradeSuccessGuide key={`guide-${userId ?? ''}`} account={account} userId={userId} />
      {masked && <UpgradeMask />}
      <UpgradeModal />
    </div>
  );
}
