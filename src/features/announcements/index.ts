export { AnnouncementBar } from './AnnouncementBar';
export { EuUsdtTipsBanner } from './EuUsdtTipsBanner';
export { StoredDataBanner } from './StoredDataBanner';
