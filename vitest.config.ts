import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Contract tests start real HTTP servers; two cores, so keep the pool small.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
