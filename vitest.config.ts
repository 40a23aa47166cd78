import vue from '@vitejs/plugin-vue';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** Test folders whose files leave nothing behind in the process (checked: they pass in any order, shuffled). */
const SHARED_WORKER = [
  'renderer',
  'domain',
  'contract',
  'store',
  'audit',
  'client',
  'diagnostics',
  'emulator',
  'exports',
  'keys',
  'lint',
  'network',
  'policy',
  'results',
  'updates',
  'app',
  'sync',
].map((folder) => `test/${folder}/**/*.test.ts`);
/** Files there that replace a module (vi.mock): a module graph of their own. */
const OWN_MODULES = ['test/app/received-files-being-written.test.ts', 'test/app/shared-ledger.test.ts'];

export default defineConfig({
  // Renderer components are rendered in tests (to text, on the server side: no DOM needed).
  plugins: [vue()],
  test: {
    // Two projects: files that share nothing (pure functions, the store on its own temp folders, the
    // renderer's stores on fake transports) run one after another in the same worker, without a fresh
    // module graph each (a third of a second saved a file); the rest each in a worker of its own.
    projects: [
      { extends: true, test: { name: 'shared-worker', include: SHARED_WORKER, exclude: [...configDefaults.exclude, ...OWN_MODULES], isolate: false } },
      {
        extends: true,
        test: {
          name: 'own-worker',
          include: ['test/**/*.test.ts'],
          // The desktop app itself: `npm run test:electron` (vitest.electron.config.ts).
          exclude: [...configDefaults.exclude, 'test/electron-app/**', ...SHARED_WORKER],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
    // The default output, then the 20 slowest files with their seconds (issue 31).
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // Contract tests start real HTTP servers; two cores, so keep the pool small.
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker here, every file after the other.
    // Most files wait on child processes, servers and Chromium, so two keep both cores busy. Three were
    // no faster here (8 min 54 s against 8 min 34 s, same tree) and load each test more (issue 31).
    // Slowest files start first: vitest orders them by the durations of the last run it kept.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every store the tests make is encrypted with this run's own key, and no test touches the
    // user's keychain or configuration folder (tests of key handling pass their own).
    env: {
      CASEDESK_DB_KEY: randomBytes(32).toString('hex'),
      CASEDESK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'casedesk-test-config-')),
      // The global setup built out/renderer for this run: `casedesk start --browser` serves it as it is.
      CASEDESK_RENDERER_BUILT: '1',
    },
  },
});
