import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { localeNamespaces, localesPlugin } from './vite-plugins/locales.ts';
import { preloadFontPlugin } from './vite-plugins/preloadFont.ts';
import { cjkFontPlugin } from './vite-plugins/cjkFont.ts';
import { embeddedExchangePlugin } from './vite-plugins/embeddedExchange.ts';
import { languageNamesFontPlugin } from './vite-plugins/languageNamesFont.ts';

// The demo build embeds the simulated exchange; VITE_BACKEND=remote builds a page
// that talks to a real server at the same origin instead.
export default defineConfig({
  plugins: [
    react(),
    localesPlugin(),
    preloadFontPlugin('inter-latin-wght-normal'),
    cjkFontPlugin(),
    languageNamesFontPlugin(),
    embeddedExchangePlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell, its Latin fonts, the default language and the icons are precached; other
        // languages, their scripts' fonts, the in-page exchange (kept for browsers
        // without SharedWorker) and the demo market's sessions are cached on first
        // use by the worker's runtime routes, so a first visit downloads only what
        // every visitor needs.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wav,woff2}', 'locales/en/*.json'],
        globIgnores: ['**/pageExchange-*.js', '**/noto-sans-*.woff2', '**/inter-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  // The translation files that exist, so the page does not ask for the others.
  // APP_VERSION: the `v` of the network probe (spec 2 §7).
  define: { BUILD_LOCALE_NAMESPACES: JSON.stringify(localeNamespaces()), APP_VERSION: JSON.stringify((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version) },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Fonts stay files, however small: inlined into the stylesheet, the CJK faces' small slices (49 of them)
    // made the render-blocking CSS of every page, whatever its language, 120 KB gzip heavier.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
  },
  // The shared exchange worker is a module worker: it splits like the page (sessions, JSON) and loads as ESM.
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  test: {
    setupFiles: ['tests/unit/setup.ts'],
    restoreMocks: true,
    // Two projects: a jsdom window costs each test file about a second on two cores, and the spec's rules
    // (src/domain) and the simulated exchange (mocks, scripts) are plain functions that need none. A file of
    // the node project that does need a window (a page-relative URL) says so with `// @vitest-environment jsdom`.
    projects: [
      {
        extends: true,
        // These files share one module graph per worker (isolate off): loading the setup file and the exchange's
        // modules again for each of ~190 files was most of the stage's time. Each file builds its own exchange,
        // server or store; a file that needs a fresh module state belongs to the dom project.
        test: { name: 'node', environment: 'node', isolate: false, include: ['src/domain/**/*.test.ts', 'mocks/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.tsx', 'tests/unit/**/*.test.{ts,tsx}'],
          exclude: ['src/domain/**/*.test.ts'],
        },
      },
    ],
  },
});
