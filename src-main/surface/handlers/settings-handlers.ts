// Settings and files handed over by the renderer.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MappingFile } from '../../preparation/mapping/mapping-file';
import { getSetting, listMappingTemplates, setSetting } from '../../store';
import type { AppContext } from '../app-context';
import type { Settings } from '../procedures';
import type { Handlers } from '../surface';
import { SurfaceFailure } from '../surface-failure';

/** How long fully uploaded batches, downloaded results, recordings and imported files are kept. */
export const DEFAULT_RETENTION_DAYS = 90;

const DEFAULTS: Omit<Settings, 'dataDir'> = { language: null, defaultAreaCode: '', uploadSpacingMs: 1000, chunkMaxCases: 1000, chunkMaxBytes: 2 * 1024 * 1024, retentionDays: DEFAULT_RETENTION_DAYS };

export function readSettings(ctx: AppContext): Settings {
  return { ...DEFAULTS, ...getSetting<Partial<Settings>>(ctx.store.db, 'app', {}), dataDir: ctx.options.dataDir };
}

export const settingsHandlers: Pick<Handlers, 'settings:get' | 'settings:set' | 'files:receive' | 'templates:list'> = {
  async 'templates:list'(ctx) {
    return listMappingTemplates(ctx.store.db).flatMap((t) => {
      const parsed = MappingFile.safeParse(t.mapping);
      return parsed.success ? [{ creditor: t.creditor, headerSignature: t.headerSignature, mapping: parsed.data }] : [];
    });
  },

  async 'settings:get'(ctx) {
    return readSettings(ctx);
  },

  async 'settings:set'(ctx, changes) {
    const { dataDir: _d, ...current } = readSettings(ctx);
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    setSetting(ctx.store.db, 'app', next);
    return readSettings(ctx);
  },

  async 'files:receive'(ctx, { name, base64 }) {
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0) throw new SurfaceFailure('invalid-input', `${name} is empty.`);
    // A folder per file keeps the agent's own file name (batches are named after it).
    const dir = join(ctx.options.dataDir, 'imports', `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Only the base name is kept: a name like "../../x" cannot place the file elsewhere.
    const safe = basename(name).replace(/[^\p{L}\p{N}._ -]/gu, '_') || 'archivo';
    const file = join(dir, safe);
    await writeFile(file, bytes, { mode: 0o600 });
    return { file, bytes: bytes.length };
  },
};
