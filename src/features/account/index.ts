export { VisitorPrompt } from './VisitorPrompt';
export { AccountMenu } from './AccountMenu';
export { PairBalances } from './PairBalances';
export { AccountNotices } from './notices/AccountNotices';
export { UpgradeArea } from './upgrade';
