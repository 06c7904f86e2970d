import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

afterEach(() => {
  // Node-environment test files (the embedded exchange) have no web storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
