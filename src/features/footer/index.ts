export { FooterBar } from './FooterBar';
export { FooterBannerSlot } from './FooterBanner';
