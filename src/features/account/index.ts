export { VisitorPrompt } from './VisitorPrompt';
export { AccountMenu } from './AccountMenu';
export { PairBalances } from './PairBalances';
