/** `locales/{lng}/{ns}.json` paths present at build time (vite.config.ts `define`). */
declare const BUILD_LOCALE_FILES: string[];

/** package.json's version at build time (vite.config.ts `define`). */
declare const APP_VERSION: string;

/** The Traditional Chinese face cut to the app's zh-TW characters (vite-plugins/cjkFont.ts). */
declare module 'virtual:cjk-font.css';
