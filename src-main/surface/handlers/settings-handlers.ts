// Settings, and files handed over by the renderer (or named by path by the CLI).
import { ContactHours, DEFAULT_CONTACT_HOURS } from '../../domain/contact-calendar';
import { MappingFile } from '../../preparation/mapping/mapping-file';
import { getSetting, listMappingTemplates, setSetting } from '../../store';
import type { AppContext } from '../app-context';
import type { Settings } from '../procedures';
import { receiveFile, registerLocalFile } from '../received-files';
import type { Handlers } from '../surface';
import { SurfaceFailure } from '../surface-failure';

/** How long fully uploaded batches, downloaded results, recordings and imported files are kept. */
export const DEFAULT_RETENTION_DAYS = 90;

const DEFAULTS: Omit<Settings, 'dataDir' | 'dataProtection' | 'lockedByPolicy'> = { language: null, defaultAreaCode: '', uploadSpacingMs: 1000, chunkMaxCases: 1000, chunkMaxBytes: 2 * 1024 * 1024, retentionDays: DEFAULT_RETENTION_DAYS, contactHours: DEFAULT_CONTACT_HOURS };

export function readSettings(ctx: AppContext): Settings {
  const managed = ctx.policy.policy;
  const stored = getSetting<Partial<Settings>>(ctx.store.db, 'app', {});
  // Kept as JSON: one this version cannot read falls back to the default rather than failing every campaign.
  const contactHours = ContactHours.safeParse(stored.contactHours);
  return {
    ...DEFAULTS,
    ...stored,
    contactHours: managed.contact_hours ?? (contactHours.success ? contactHours.data : DEFAULT_CONTACT_HOURS),
    ...(managed.retention_days !== undefined ? { retentionDays: managed.retention_days } : {}),
    ...(managed.language !== undefined ? { language: managed.language } : {}),
    dataDir: ctx.options.dataDir,
    dataProtection: { keptIn: ctx.dataKey.keptIn, keyFile: ctx.dataKey.keyFile ?? null },
    lockedByPolicy: [
      ...(managed.retention_days !== undefined ? (['retentionDays'] as const) : []),
      ...(managed.language !== undefined ? (['language'] as const) : []),
      ...(managed.contact_hours !== undefined ? (['contactHours'] as const) : []),
    ],
  };
}

export const settingsHandlers: Pick<Handlers, 'settings:get' | 'settings:set' | 'files:receive' | 'files:open' | 'templates:list'> = {
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
    const { dataDir: _d, dataProtection: _p, lockedByPolicy, ...current } = readSettings(ctx);
    for (const key of lockedByPolicy) {
      // Compared as JSON: contact hours are an object, equal when their hours and days are.
      if (changes[key] !== undefined && JSON.stringify(changes[key]) !== JSON.stringify(current[key])) {
        throw new SurfaceFailure('policy.locked', `${key} is set by your organization (${ctx.policy.file}).`, `${key} lo fija su organización (${ctx.policy.file}).`, { setting: key, file: ctx.policy.file ?? '' });
      }
    }
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
    setSetting(ctx.store.db, 'app', next);
    return readSettings(ctx);
  },

  async 'files:receive'(ctx, { name, base64 }) {
    return receiveFile(ctx, name, Buffer.from(base64, 'base64'));
  },

  /** Refused by the surface unless it was created for the CLI. */
  async 'files:open'(ctx, { path }) {
    return registerLocalFile(ctx, path);
  },
};
