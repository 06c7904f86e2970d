/** The private socket for the rest of the data layer: the client, the page's current one, and which polls it leaves. */
export { createPrivateClient, privateSocketUrl } from './client';
export type { PrivateClient, PrivateClientOptions, PrivateEvent, PrivateState } from './client';
export { clearPrivateClient, getPrivateClient, pollingFor, setPrivateClient, usePrivateState, usePushPolling } from './feed';
export type { Polling } from './feed';
export type { PrivatePush } from './frames';
export type { PrivateAccountType } from './topics';
