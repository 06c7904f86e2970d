export { VisitorPrompt } from './VisitorPrompt';
export { AccountMenu } from './AccountMenu';
