export { VisitorPrompt } from './VisitorPrompt';
export { AccountMenu } from './AccountMenu';
// The trade column's account parts load after the first paint (they sit in suspense slots of the page).
export { AccountNotices, PairBalances, UpgradeArea } from './lazyParts';
