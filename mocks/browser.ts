import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { FaultPlan, parseFaults } from './faults';
import { createBackend } from './runtime/backend';
import { shippedSessionSet, yieldToPage } from './runtime/browserSources';

/**
 * Starts the embedded exchange inside the page: requests and sockets are
 * answered in-page, so the PWA service worker stays the only worker and the
 * demo works offline. Must finish before the app sends its first request;
 * the sessions themselves load in the background.
 */
export async function startEmbeddedBackend(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  const backend = createBackend({
    sets: [shippedSessionSet()],
    faults: new FaultPlan(parseFaults(query.get('mockFault'))),
    yieldNow: yieldToPage,
    // Ten sessions cost seconds of parsing: load the markets the page looks at, when it looks.
    onDemand: true,
  });
  // The browser's own offline state does not cut this exchange: it runs in the
  // page, and the demo trades offline. The replay panel's "go offline" fault does.
  const network = defineNetwork({
    sources: [
      new InterceptorSource({
        interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor(), new WebSocketInterceptor()],
      }),
    ],
    handlers: [...backend.httpHandlers, ...backend.socketHandlers],
    // Keep the console for the page's own messages; `?mockLog` shows every mocked call.
    context: { quiet: !query.has('mockLog') },
    // Translation files, assets and anything else the backend does not own go to the network (and the worker).
    onUnhandledFrame: 'bypass',
  });
  await network.enable();
}
