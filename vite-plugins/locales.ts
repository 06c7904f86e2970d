import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const LOCALES_DIR = resolve(import.meta.dirname, '..', 'locales');

/** Every `locales/{lng}/{namespace}.json`, parsed so a broken file fails the build, not a user. */
export function readLocaleFiles(dir = LOCALES_DIR): Array<{ path: string; json: string }> {
  const files: Array<{ path: string; json: string }> = [];
  for (const lng of readdirSync(dir)) {
    const lngDir = join(dir, lng);
    if (!statSync(lngDir).isDirectory()) continue;
    for (const file of readdirSync(lngDir)) {
      if (!file.endsWith('.json')) continue;
      const text = readFileSync(join(lngDir, file), 'utf8');
      try {
        // Minified: translation files are fetched on demand, often on bad networks.
        files.push({ path: `locales/${lng}/${file}`, json: JSON.stringify(JSON.parse(text)) });
      } catch (error) {
        throw new Error(`locales/${lng}/${file} is not valid JSON: ${(error as Error).message}`);
      }
    }
  }
  return files;
}

/**
 * The namespaces each language has, as `{ lng: "common,trade,…" }`: the page's list of the files it may ask for
 * (vite.config.ts `define`). Compact on purpose: it ships in the entry script, and 27 languages' paths were 1.2 KB gzip.
 */
export function localeNamespaces(dir = LOCALES_DIR): Record<string, string> {
  const byLanguage: Record<string, string[]> = {};
  for (const file of readLocaleFiles(dir)) {
    const [, lng = '', name = ''] = file.path.split('/');
    (byLanguage[lng] ??= []).push(name.replace(/\.json$/, ''));
  }
  return Object.fromEntries(Object.entries(byLanguage).map(([lng, names]) => [lng, names.join(',')]));
}

/**
 * Serves and emits the top-level `locales/` folder at `/locales/...`, where
 * i18next loads namespaces on demand and the service worker caches them.
 */
export function localesPlugin(): Plugin {
  return {
    name: 'trading-page-locales',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith('/locales/')) return next();
        const hit = readLocaleFiles().find((f) => `/${f.path}` === url);
        if (!hit) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(hit.json);
      });
    },
    generateBundle() {
      for (const file of readLocaleFiles()) {
        this.emitFile({ type: 'asset', fileName: file.path, source: file.json });
      }
    },
  };
}
