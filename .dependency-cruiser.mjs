// The layers, enforced on the import graph (type-only imports included). `npm run lint:layers`.
//
// Bottom to top; a folder imports its own files and the folders of the rows below it, never its row's
// other folders nor anything above:
//   1 contract, layout         the service's wire: zod schemas; where the app's own files are (a
//                              checkout or an installed app). Import nothing of ours
//   2 domain, sqlite           our own pure vocabulary (environments, mapping file, audit events, wipe
//                              words: shared with the renderer); SQLite files encrypted whole
//   3 store, client, network,  the local store; the service client; corporate networks; the managed
//     policy, audit, updates,  policy; the audit log; the update controller (pure: Electron stays in its
//     emulator                 adapter); the service's test double, which uses only contract and sqlite
//   4 keys, preparation        the data key (kept in the data folder); reading files into cases
//   5 results                  what a campaign's results mean: outcomes, promises, follow-up batches
//   6 exports, diagnostics,    spreadsheets of batches and results; the diagnostics export; the upload
//     sync                     engine and the downloads
//   7 app                      the application services: retention and deletion, the wipe, the audit
//                              trail, settings, files handed over, the shared list. Each takes a narrow
//                              context (app/service-context.ts), never the surface's AppContext
//   8 surface                  the command surface: procedures, handlers, the app context, the views
//   9 host                     the browser host (its page CSP is Electron's too)
//  10 electron, cli            the other two adapters
// The renderer reaches domain, and the surface's procedures.ts for types only; never contract: the
// service's wire stays behind the surface, which hands screens camelCase views (surface/service-views.ts).
// Whatever contract, domain, updates or the renderer reach, through any chain of imports, is free of
// Node, Electron and the database: they run in the page.
import { builtinModules } from 'node:module';

export const LAYERS = [
  ['contract', 'layout'],
  ['domain', 'sqlite'],
  ['store', 'client', 'network', 'policy', 'audit', 'updates', 'emulator'],
  ['keys', 'preparation'],
  ['results'],
  ['exports', 'diagnostics', 'sync'],
  ['app'],
  ['surface'],
  ['host'],
  ['electron', 'cli'],
];

/** Folders a folder may import besides its own, when narrower than "every row below". */
const NARROWER = {
  // A stand-in for the real service: it must not lean on the app it serves.
  emulator: ['contract', 'sqlite', 'layout'],
};

const PURE = ['contract', 'domain', 'updates'];
const NODE_ONLY = [
  'electron',
  'electron-updater',
  'better-sqlite3-multiple-ciphers',
  '@napi-rs/keyring',
  'fastify',
  '@fastify/[^/]+',
  'undici',
  'pino',
  'rotating-file-stream',
  'yauzl',
  'yazl',
  'tsx',
];
const builtins = [...new Set(builtinModules.map((name) => name.split('/')[0]))];
const nodeOnlyPath = [`^(node:)?(${builtins.join('|')})(/|$)`, `^node:`, `(^|/node_modules/)(${NODE_ONLY.join('|')})(/|$)`].join('|');

const any = (folders) => `^src-main/(${folders.join('|')})/`;

function layerRules() {
  return LAYERS.flatMap((row, index) => {
    const below = LAYERS.slice(0, index).flat();
    return row.map((folder) => ({
      name: `layer-${folder}`,
      severity: 'error',
      comment: NARROWER[folder]
        ? `${folder} imports only ${NARROWER[folder].join(', ')}`
        : index === 0
          ? `${folder} is the bottom layer: it imports nothing of ours`
          : `${folder} imports only ${below.join(', ')} (the layers below it); move what it needs down`,
      from: { path: any([folder]) },
      to: { path: '^src-main/', pathNot: any([folder, ...(NARROWER[folder] ?? below)]) },
    }));
  });
}

// The renderer's own rows, bottom to top (src-renderer/src/): a folder imports its own files and the
// rows below; stores and composables share a row (a store reports through use-reported, which tells the
// session store). The files at the top (main.ts, App.vue, router.ts) import anything.
//   1 i18n                     the words
//   2 api                      the transport, `call` and `onEvent` (casedesk.ts); failures.ts: ApiError, its words
//   3 stores, composables      what talks to the surface: shared state (stores), one screen's state (composables)
//   4 components               render what stores and composables hold
//   5 views                    the screens, made of components
export const RENDERER_LAYERS = [['i18n'], ['api'], ['stores', 'composables'], ['components'], ['views']];

const inRenderer = (folders) => `^src-renderer/src/(${folders.join('|')})/`;

function rendererLayerRules() {
  return RENDERER_LAYERS.flatMap((row, index) => {
    const allowed = RENDERER_LAYERS.slice(0, index + 1).flat();
    return row.map((folder) => ({
      name: `renderer-layer-${folder}`,
      severity: 'error',
      comment: `src-renderer/src/${folder} imports only ${allowed.join(', ')} of the renderer (its row and the rows below)`,
      from: { path: inRenderer([folder]) },
      to: { path: '^src-renderer/src/', pathNot: inRenderer(allowed) },
    }));
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules(),
    {
      name: 'layer-unplaced',
      severity: 'error',
      comment: 'every folder of src-main has a row in LAYERS (.dependency-cruiser.mjs)',
      from: { path: '^src-main/', pathNot: any(LAYERS.flat()) },
      to: {},
    },
    ...rendererLayerRules(),
    {
      name: 'renderer-surface-through-stores',
      severity: 'error',
      comment:
        'components and views never call the surface: its calls and events are in stores and composables (api/casedesk.ts, api/transport.ts); api/failures.ts is theirs to use',
      from: { path: inRenderer(['components', 'views']) },
      to: { path: '^src-renderer/src/api/(casedesk|transport|event-stream|launch-token)\\.ts$' },
    },
    {
      name: 'renderer-reaches-domain-and-surface',
      severity: 'error',
      comment: 'the renderer imports from src-main only domain and surface/procedures.ts (contract: renderer-no-wire)',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/', pathNot: `${any(['contract', 'domain'])}|^src-main/surface/procedures\\.ts$` },
    },
    {
      name: 'renderer-no-wire',
      severity: 'error',
      comment:
        "the renderer imports nothing of src-main/contract: screens see the surface's camelCase views (domain/service-views.ts), never the service's wire",
      from: { path: '^src-renderer/' },
      to: { path: any(['contract']) },
    },
    {
      name: 'renderer-surface-types-only',
      severity: 'error',
      comment: 'the renderer takes only types from the surface (import type): it talks to it through the transport',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/surface/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'main-never-imports-renderer',
      severity: 'error',
      comment: 'the main side does not import the renderer',
      from: { path: '^src-main/' },
      to: { path: '^src-renderer/' },
    },
    {
      name: 'pure-stays-pure',
      severity: 'error',
      comment: 'runs in the page: nothing it reaches, through any chain of imports, uses Node, Electron or the database',
      // The renderer's build config runs in Node, not in the page.
      from: { path: `^src-renderer/|${any(PURE)}`, pathNot: '^src-renderer/vite\\.config\\.ts$' },
      to: { path: nodeOnlyPath, reachable: true },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'no import cycles, type-only imports included',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are edges too: a cycle or an upward reach through types is still one.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|dist|test)/' },
  },
};
