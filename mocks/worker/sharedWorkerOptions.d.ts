// TypeScript's DOM library does not have this option of the SharedWorker constructor yet (HTML standard,
// shipped in Chromium 148): browsers without it ignore the key.
interface WorkerOptions {
  /** keep the shared worker alive for a while after its last client document is gone */
  extendedLifetime?: boolean;
}
