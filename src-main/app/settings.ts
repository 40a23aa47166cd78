// The app's settings as they stand: the agent's choices over the defaults, under the managed policy.
// Apart from the settings handlers, since the data lifecycle and the audit rules read them too.
import { ContactHours, DEFAULT_CONTACT_HOURS } from '../domain/contact-calendar';
import { getSetting } from '../store';
import type { AppParts } from './app-parts';
import type { Settings } from './app-results';

/** How long fully uploaded batches, downloaded results, recordings and imported files are kept. */
export const DEFAULT_RETENTION_DAYS = 90;

const DEFAULTS: Omit<Settings, 'dataDir' | 'dataProtection' | 'lockedByPolicy'> = {
  language: null,
  defaultAreaCode: '',
  uploadSpacingMs: 1000,
  chunkMaxCases: 1000,
  chunkMaxBytes: 2 * 1024 * 1024,
  retentionDays: DEFAULT_RETENTION_DAYS,
  contactHours: DEFAULT_CONTACT_HOURS,
};

export function readSettings(ctx: Pick<AppParts, 'dataKey' | 'options' | 'policy' | 'store'>): Settings {
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
    dataProtection: { keptIn: ctx.dataKey.keptIn, keyFile: ctx.dataKey.keyFile ?? null, keyFileChecked: ctx.dataKey.keyFileChecked ?? false },
    lockedByPolicy: [
      ...(managed.retention_days !== undefined ? (['retentionDays'] as const) : []),
      ...(managed.language !== undefined ? (['language'] as const) : []),
      ...(managed.contact_hours !== undefined ? (['contactHours'] as const) : []),
    ],
  };
}
