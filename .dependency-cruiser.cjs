/**
 * Import direction (ARCHITECTURE.md): domain ← data ← features ← app; ui is
 * used by features and app; a feature reaches another only via its index.ts;
 * only the entry point may start the embedded backend (mocks/).
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain holds the spec rules as pure TypeScript: no React, no I/O, no other layer.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src/(data|features|app|ui)/|mocks/)|node_modules/(react|react-dom|dexie|@tanstack|i18next|react-i18next|msw)/' },
    },
    {
      name: 'data-below-features',
      severity: 'error',
      from: { path: '^src/data/' },
      to: { path: '^(src/(features|app|ui)/|mocks/)' },
    },
    {
      name: 'ui-is-primitive',
      comment: 'ui primitives know nothing of data, features or the app.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^(src/(data|features|app)/|mocks/)' },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^(src/app/|mocks/)' },
    },
    {
      name: 'feature-through-index',
      comment: 'Another feature is reached only through its index.ts.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/([^/]+)/.+', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-uses-feature-index',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/features/[^/]+/.+', pathNot: '^src/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'backend-only-from-entry',
      comment: 'The page never knows whether the exchange is embedded; only main.tsx starts it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main\\.tsx$' },
      to: { path: '^mocks/' },
    },
    {
      name: 'mocks-use-domain-primitives-only',
      comment: 'The embedded exchange implements its own rules; from the page it may use src/domain only.',
      severity: 'error',
      from: { path: '^mocks/' },
      to: { path: '^src/(data|features|app|ui)/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.(css|json)$' },
  },
};
