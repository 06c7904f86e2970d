/** The built demo app (vite preview) and the local server runtime with the remote build. */
export const DEMO_PORT = Number(process.env.PW_DEMO_PORT ?? 4174);
export const SERVER_RUNTIME_PORT = Number(process.env.PW_SERVER_PORT ?? 4182);
/** The control token the local server runtime is started with (tests call its /mock/api/* as scripts, header x-mock-control-token). */
export const SERVER_CONTROL_TOKEN = process.env.PW_SERVER_CONTROL_TOKEN ?? 'e2e-control-token';
