import vue from '@vitejs/plugin-vue';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  // Renderer components are rendered in tests (to text, on the server side: no DOM needed).
  plugins: [vue()],
  test: {
    include: ['test/**/*.test.ts'],
    // The desktop app itself: `npm run test:electron` (vitest.electron.config.ts).
    exclude: [...configDefaults.exclude, 'test/electron-app/**'],
    globalSetup: ['test/support/global-setup.ts'],
    // The default output, then the 20 slowest files with their seconds (issue 31).
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // Contract tests start real HTTP servers; two cores, so keep the pool small.
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one worker here, every file after the other.
    // Most files wait on child processes, servers and Chromium, so two keep both cores busy (issue 31).
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
