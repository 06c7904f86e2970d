import { useEffect } from 'react';
import { setNetUser, startNetworkLayer } from '../data/network/engine';
import { useProfile } from '../data/queries';

/**
 * Runs the network layer for the page's life (spec 2 §4, §9) and tells it who
 * is signed in: the acceleration probe's answer is per user.
 */
export function NetworkLayer() {
  const userId = useProfile().data?.userId ?? null;
  useEffect(() => startNetworkLayer(APP_VERSION), []);
  useEffect(() => setNetUser(userId), [userId]);
  return null;
}
