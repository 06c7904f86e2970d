export { VisitorPrompt } from './VisitorPrompt';
