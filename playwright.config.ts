import { defineConfig } from '@playwright/test';
import { DEMO_PORT, SERVER_CONTROL_TOKEN, SERVER_RUNTIME_PORT } from './tests/e2e/support/ports';

/**
 * E2E tests run the built demo app (npm test builds it first) on a port of
 * their own, and the local server runtime (`npm run server`) with the remote
 * build on another, for the tests that need real sockets shared by tabs.
 */
const PORT = DEMO_PORT;
const jsonReport = process.env.PW_JSON_OUTPUT;
/** The demo build to serve: `dist` (npm test); a parallel local build may name its own folder. */
const DEMO_DIST = process.env.PW_DEMO_DIST ?? 'dist';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Each test loads the whole app and its in-page exchange on a 2-core machine shared by two workers.
  timeout: 60_000,
  // A first load parses a market session in-page; with two workers on two cores that can take over 7 s.
  expect: { timeout: 15_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    viewport: { width: 1400, height: 900 },
    // A first visit follows the system's colour scheme, and Playwright's default is light: the suite runs on a
    // dark system (the UI guide's default theme); the theme tests choose theirs.
    colorScheme: 'dark',
    // The PWA worker's first install precaches the whole app (108 files) in every fresh context: about 5 s of CPU
    // beside each cold start on two cores. Only the tests of what it does (offline starts, caches, updates) let
    // it register (`test.use({ serviceWorkers: 'allow' })`); the page without it is a browser that blocks workers.
    serviceWorkers: 'block',
    // A trace records a screencast and DOM snapshots for every action: on for every test it doubled the suite's
    // time on two cores. It is taken on the retry, where a failure repeats.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${DEMO_DIST}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // A fresh exchange every run: accounts kept from an earlier run would make tests depend on it.
      command: `tsx mocks/server/main.ts --port ${SERVER_RUNTIME_PORT} --dist dist-remote --data-dir "" --control-token ${SERVER_CONTROL_TOKEN}`,
      url: `http://127.0.0.1:${SERVER_RUNTIME_PORT}/spot/api/basic/server_time`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
