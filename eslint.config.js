// Correctness rules. The layers (and which code stays free of Node) are checked on the import graph
// by dependency-cruiser: .dependency-cruiser.mjs, `npm run lint:layers`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';

const MESSAGE = '/^(message|messageEs|messageEn)$/';
/** An error's words tested by a pattern, searched, or compared. */
const MESSAGE_MATCHING = [
  `CallExpression[callee.property.name=/^(test|exec)$/] > MemberExpression.arguments[property.name=${MESSAGE}]`,
  `CallExpression[callee.object.property.name=${MESSAGE}][callee.property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf|localeCompare)$/]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.raw=/^['"]/] > MemberExpression.left[property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][right.type='TemplateLiteral'] > MemberExpression.left[property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][left.raw=/^['"]/] > MemberExpression.right[property.name=${MESSAGE}]`,
  `BinaryExpression[operator=/^[!=]==?$/][left.type='TemplateLiteral'] > MemberExpression.right[property.name=${MESSAGE}]`,
  `SwitchStatement > MemberExpression.discriminant[property.name=${MESSAGE}]`,
];

/** A test that recognises a failure by its words: `toThrow(/already running/)`, `toThrowError('…')`. */
const THROWN_WORDS = [
  `CallExpression[callee.property.name=/^(toThrow|toThrowError)$/] > Literal.arguments[regex]`,
  `CallExpression[callee.property.name=/^(toThrow|toThrowError)$/] > Literal.arguments[raw=/^['"]/]`,
  `CallExpression[callee.property.name=/^(toThrow|toThrowError)$/] > TemplateLiteral.arguments`,
];
const thrownWordsRule = (selector) => ({
  selector,
  message: 'recognise a failure by its code and params (rejects.toMatchObject({ code }), toThrow(expect.objectContaining({ code }))), not by its words',
});

/** SQL text handed to a connection: `db.prepare(…)`, `store.db.exec(…)`, `ctx.store.db.pragma(…)`. */
const SQL_OUTSIDE_THE_STORE = [
  `CallExpression[callee.property.name=/^(prepare|exec|pragma)$/][callee.object.name='db']`,
  `CallExpression[callee.property.name=/^(prepare|exec|pragma)$/][callee.object.property.name='db']`,
];
/** A transaction function called as it is (`db.transaction(fn)()`): SQLite begins it DEFERRED. */
const DEFERRED_TRANSACTION = [`CallExpression[callee.type='CallExpression'][callee.callee.property.name='transaction']`];
const messageRule = (selector) => ({ selector, message: "decide on the error's code and params, not on its message text" });
const transactionRule = (selector) => ({
  selector,
  message:
    'begin it IMMEDIATE (`db.transaction(fn).immediate()`): a deferred transaction that reads first fails at once with SQLITE_BUSY while another connection writes (a big import), its busy timeout unused',
});
const sqlRule = (selector) => ({ selector, message: 'SQL lives in src-main/store: add a function to a repository there' });

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
    // Failures are data: code decides on an error's code and params, never on its wording (which is
    // translated, and changes). Tests may still read the words a person is shown.
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,vue}'],
    rules: { 'no-restricted-syntax': ['error', ...MESSAGE_MATCHING.map(messageRule)] },
  },
  {
    // The store's write transactions wait for the lock like a single write does (the emulator is a
    // service of its own): the same rule list, because a later block's no-restricted-syntax replaces
    // an earlier one's.
    files: ['src-main/store/**/*.ts', 'src-main/sqlite/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...MESSAGE_MATCHING.map(messageRule), ...DEFERRED_TRANSACTION.map(transactionRule)] },
  },
  {
    // And SQL is the store's business (the emulator is a service of its own, sqlite/ opens files).
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/store/**', 'src-main/sqlite/**', 'src-main/emulator/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...MESSAGE_MATCHING.map(messageRule),
        ...SQL_OUTSIDE_THE_STORE.map(sqlRule),
        ...DEFERRED_TRANSACTION.map(transactionRule),
      ],
    },
  },
  {
    // Tests recognise a failure as code does: by its code and params. They may still read the words a
    // person is shown (a rendered screen, a CLI line, a translated message). The emulator is the
    // service's double: it speaks the service's words, not CaseDesk's catalog.
    files: ['test/**/*.ts'],
    ignores: ['test/emulator/**', 'test/lint/**'],
    rules: { 'no-restricted-syntax': ['error', ...THROWN_WORDS.map(thrownWordsRule)] },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
  },
);
