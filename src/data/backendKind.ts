/**
 * Whether the exchange this build talks to runs inside the page (msw
 * in-page) or as the local server. An in-page exchange lives and sleeps with
 * the page, so running strategies pause while it is closed.
 */
export const EXCHANGE_IN_PAGE = import.meta.env.VITE_BACKEND !== 'remote';
