// The app's settings as they stand: the agent's choices over the defaults, under the managed policy.
// Apart from the settings handlers, since the data lifecycle and the audit rules read them too.
import { getSetting } from '../store';
import type { AppContext } from './app-context-types';
import type { Settings } from './procedures';

/** How long fully uploaded batches, downloaded results, recordings and imported files are kept. */
export const DEFAULT_RETENTION_DAYS = 90;

const DEFAULTS: Omit<Settings, 'dataDir' | 'dataProtection' | 'lockedByPolicy'> = { language: null, defaultAreaCode: '', uploadSpacingMs: 1000, chunkMaxCases: 1000, chunkMaxBytes: 2 * 1024 * 1024, retentionDays: DEFAULT_RETENTION_DAYS };

export function readSettings(ctx: AppContext): Settings {
  const managed = ctx.policy.policy;
  return {
    ...DEFAULTS,
    ...getSetting<Partial<Settings>>(ctx.store.db, 'app', {}),
    ...(managed.retention_days !== undefined ? { retentionDays: managed.retention_days } : {}),
    ...(managed.language !== undefined ? { language: managed.language } : {}),
    dataDir: ctx.options.dataDir,
    dataProtection: { keptIn: ctx.dataKey.keptIn, keyFile: ctx.dataKey.keyFile ?? null },
    lockedByPolicy: [...(managed.retention_days !== undefined ? (['retentionDays'] as const) : []), ...(managed.language !== undefined ? (['language'] as const) : [])],
  };
}
