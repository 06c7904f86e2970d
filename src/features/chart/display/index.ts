export { DisplayOptions } from './DisplayOptions';
export { DisplayOptionsMenu, type DisplayOptionsMenuProps, type SyncAppControl } from './DisplayOptionsMenu';
export { useDisplayOptions } from './useDisplayOptions';
