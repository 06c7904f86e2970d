export { UpgradeArea } from './UpgradeArea';
export { UpgradeEntry } from './UpgradeEntry';
