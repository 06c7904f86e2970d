export { SettingsBar } from './SettingsBar';
