// Lint also enforces the layering: pure folders never reach for Node, Electron or the database.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';

const nodeOnly = ['electron', 'better-sqlite3-multiple-ciphers', '@napi-rs/keyring', 'fastify', 'node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'coverage/', 'test-output/', 'resources/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Correctness rules only: formatting is left to the author.
  ...pluginVue.configs['flat/essential'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
    // TypeScript already knows which globals exist (the DOM's included); no-undef only misreads them.
    rules: { 'no-undef': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The wire contract and the renderer are pure: shared with the browser. The update controller too:
    // Electron stays in its adapter (src-main/electron/auto-updater.ts).
    files: ['src-main/contract/**/*.ts', 'src-main/domain/**/*.ts', 'src-main/updates/**/*.ts', 'src-main/surface/procedures.ts', 'src-main/preparation/mapping/mapping-file.ts', 'src-main/preparation/preparation-types.ts', 'src-main/audit/audit-events.ts', 'src-main/results/**/*.ts', 'src-renderer/**/*.{ts,vue}'],
    // The renderer's build config runs in Node, not in the page.
    ignores: ['src-renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: nodeOnly.map((name) => ({ group: [name], message: 'pure code: no Node, Electron or database imports here' })) }],
    },
  },
  {
    // The contract is the bottom layer: it imports nothing of ours from above it.
    files: ['src-main/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        ...nodeOnly.map((name) => ({ group: [name], message: 'pure code: no Node, Electron or database imports here' })),
        { group: ['../*'], message: 'the wire contract is the bottom layer and imports nothing above it' },
      ] }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
  },
);
