/** The built demo app (vite preview) and the local server runtime with the remote build. */
export const DEMO_PORT = Number(process.env.PW_DEMO_PORT ?? 4174);
export const SERVER_RUNTIME_PORT = Number(process.env.PW_SERVER_PORT ?? 4182);
