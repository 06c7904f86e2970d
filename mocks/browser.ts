import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { FaultPlan, parseFaults } from './faults';
import { createHandlers } from './http/handlers';

/**
 * Starts the embedded exchange inside the page: requests and sockets are
 * answered in-page, so the PWA service worker stays the only worker and the
 * demo works offline. Must finish before the app sends its first request.
 */
export async function startEmbeddedBackend(): Promise<void> {
  const faults = new FaultPlan(parseFaults(new URLSearchParams(window.location.search).get('mockFault')));
  const network = defineNetwork({
    sources: [
      new InterceptorSource({
        interceptors: [new FetchInterceptor(), new XMLHttpRequestInterceptor(), new WebSocketInterceptor()],
      }),
    ],
    handlers: createHandlers({ faults }),
    // Keep the console for the page's own messages; `?mockLog` shows every mocked call.
    context: { quiet: !new URLSearchParams(window.location.search).has('mockLog') },
    // Translation files, assets and anything else the backend does not own go to the network (and the worker).
    onUnhandledFrame: 'bypass',
  });
  await network.enable();
}
