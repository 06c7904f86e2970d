import type { Plugin } from 'vite';

/**
 * Preloads the built font file whose name contains `stem` (the Latin face
 * every page draws with): asked for with the HTML, it has arrived by the
 * app's first paint, so text never re-flows when the font swaps in (a layout
 * shift). The file's hashed name is known only once the bundle is written,
 * hence a plugin rather than a line in index.html.
 */
export function preloadFontPlugin(stem: string): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => name.includes(stem) && name.endsWith('.woff2'));
        if (!file) throw new Error(`preload-font: no built font named like ${stem}`);
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}
