/** The built demo app (vite preview) and the local server runtime with the remote build. */
export const DEMO_PORT = 4174;
export const SERVER_RUNTIME_PORT = 4182;
