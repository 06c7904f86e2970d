export { AnnouncementBar } from './AnnouncementBar';
export { EuUsdtTipsBanner } from './EuUsdtTipsBanner';
