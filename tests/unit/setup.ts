import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Component tests drive the real embedded exchange (msw, the engine, and an
// IndexedDB commit before every answer) and wait for what the user would
// see, never for a duration. Testing Library's 1 s default is a deadline
// for a quiet machine; with the suite's workers and the e2e browser on two
// cores the same outcome can take longer, so give it the time a user would.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
  // Testing Library unmounts after each test by itself only with Vitest's globals, which this suite does not
  // use: without this, a hook left mounted (a chart retrying an empty series every second) keeps fetching
  // into the next test, and a busy machine gives it the time to.
  afterEach(cleanup);
  // jsdom has <dialog> without showModal/close: open and close are what the dialogs' tests need.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  // Node-environment test files (the embedded exchange) have no web storage.
  if (typeof localStorage !== 'undefined') localStorage.clear();
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
});
