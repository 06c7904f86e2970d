import { lazyNamed } from '../../ui/lazyNamed';

/**
 * The account parts of the trade column — balances with the demo top-up,
 * notices, the upgrade area and its modal — as lazy components: with their
 * order, asset and private-socket calls they are ~8 KB gzip that the first
 * paint (market header, book, the visitor's log-in links) does not need.
 * The settings bar's account menu stays in the first load.
 */
export const PairBalances = lazyNamed(() => import('./PairBalances'), 'PairBalances');
export const AccountNotices = lazyNamed(() => import('./notices/AccountNotices'), 'AccountNotices');
export const UpgradeArea = lazyNamed(() => import('./upgrade/UpgradeArea'), 'UpgradeArea');
