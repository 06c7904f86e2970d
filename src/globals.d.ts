/** The namespaces of each language's `locales/{lng}/{ns}.json` files at build time, comma-joined (vite.config.ts `define`). */
declare const BUILD_LOCALE_NAMESPACES: Record<string, string>;

/** package.json's version at build time (vite.config.ts `define`). */
declare const APP_VERSION: string;

/** The Chinese, Japanese and Korean faces, each cut to its language's characters (vite-plugins/cjkFont.ts). */
declare module 'virtual:cjk-font.css';
/** The language picker's native names, cut from those faces into a few glyphs each (vite-plugins/languageNamesFont.ts). */
declare module 'virtual:language-names-font.css';

/** Opens the embedded exchange's worker as the page's entry starts; empty in the remote build (vite-plugins/embeddedExchange.ts). */
declare module 'virtual:embedded-exchange-early';
