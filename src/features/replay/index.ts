export { ReplayToggle } from './ReplayToggle';
