// `npm run test:electron`: the desktop app itself, through Playwright's _electron, where Electron's
// binary exists (test/electron-app skips itself elsewhere, saying why). Not part of `npm test`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/electron-app/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // As vitest.config.ts: the run's own data key and key folder, never the user's.
    env: {
      CASEDESK_DB_KEY: randomBytes(32).toString('hex'),
      CASEDESK_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'casedesk-test-config-')),
    },
  },
});
