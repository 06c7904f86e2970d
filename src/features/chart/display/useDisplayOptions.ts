import { useMemo } from 'react';
import { visibleDisplayOptions } from '../../../domain/chartDisplay';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { SYNC_APP_FEATURE_FLAG, useSyncToApp } from '../../../data/chartSyncApp';
import { useProfile, useSiteConfig } from '../../../data/queries';
import type { DisplayOptionsMenuProps } from './DisplayOptionsMenu';

/** Everything the display-options menu shows, for the current viewer (spec 1 §2.3, §6). */
export function useDisplayOptions(): DisplayOptionsMenuProps {
  const profile = useProfile().data;
  const site = useSiteConfig();
  const [settings, onChange] = useChartDisplaySettings();
  const sync = useSyncToApp();
  const loggedIn = profile?.loggedIn ?? false;
  const isDemo = profile?.isDemo ?? false;
  const isUnified = profile?.accountType === 'UTA';
  const items = useMemo(
    () => visibleDisplayOptions({ loggedIn, isDemo, isUnified, site, syncFeatureFlag: SYNC_APP_FEATURE_FLAG }),
    [loggedIn, isDemo, isUnified, site],
  );
  const syncApp = items.includes('syncApp') ? { on: sync.on, unread: sync.unread, onToggle: sync.toggle, onSeen: sync.markSeen } : null;
  return { settings, onChange, items, syncApp };
}
