import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What main.tsx imports first: the module that opens the embedded exchange's worker as it loads, or nothing. */
export const EARLY_EXCHANGE_ID = 'virtual:embedded-exchange-early';
const NOTHING = '\0embedded-exchange-early:none';

/** Which module the early start resolves to: the worker's opener in the demo build, an empty one in the remote build. */
export function earlyExchangeModule(backend: string | undefined, root = process.cwd()): string {
  return backend === 'remote' ? NOTHING : resolve(root, 'mocks/worker/exchangePort.ts');
}

/**
 * The demo build opens its exchange's worker as the first module of the
 * page's entry runs (mocks/worker/exchangePort.ts), before React and the app
 * evaluate and long before the app reaches the tab client. The remote build
 * (VITE_BACKEND=remote) talks to a real server: it gets an empty module, so
 * none of the exchange is in it.
 */
export function embeddedExchangePlugin(): Plugin {
  return {
    name: 'embedded-exchange-early-start',
    resolveId: (id) => (id === EARLY_EXCHANGE_ID ? earlyExchangeModule(process.env.VITE_BACKEND) : null),
    load: (id) => (id === NOTHING ? 'export {};' : null),
  };
}
