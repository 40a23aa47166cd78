// What the audit trail may say: one closed list of events, each with only non-personal fields
// (counts, ids, file names and sizes, kinds, outcomes). Never a case code, a debtor's name, a phone,
// an amount, a token or a password: strict objects refuse any field not listed here, so a summary
// spread into an event by mistake is refused rather than written. Who acted and which file (names,
// paths: PERSONAL_FIELDS) are what callers say; the trail's files hold only their pseudonyms
// (audit-log.ts), read back in the store by whoever holds the data key.
// Pure: the renderer and the CLI read entries with these types.
import { z } from 'zod';
import { CASE_STATUSES } from './case-status';
import { Environment } from './environments';
import { LEDGER_REASONS } from './ledger';

const Id = z.number().int().positive();
const Count = z.number().int().nonnegative();
/** Text from outside (a file's name, a path) without control characters, which a terminal would run. */
const Label = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'no control characters');
const FileName = Label(255);

export const CAMPAIGN_EVENTS = { start: 'campaign.started', stop: 'campaign.stopped', end: 'campaign.ended' } as const;
export const EXPORT_KINDS = ['error-report', 'clean-batch', 'results', 'payload', 'recordings', 'promises'] as const;
export const EDITABLE_FIELDS = ['firstName', 'lastName', 'phones', 'products', 'excluded'] as const;
export const SETTING_KEYS = ['language', 'defaultAreaCode', 'uploadSpacingMs', 'chunkMaxCases', 'chunkMaxBytes', 'retentionDays', 'contactHours'] as const;
const SettingValue = z.union([z.string().max(20), z.number(), z.null()]);

const event = <A extends string, S extends z.ZodRawShape>(action: A, shape: S) => z.strictObject({ action: z.literal(action), ...shape });

export const AuditEvent = z.discriminatedUnion('action', [
  event('session.signedIn', { environment: Environment, service: Label(2048) }),
  event('session.signedOut', { environment: Environment }),
  event('environment.addressSet', { environment: Environment, address: Label(2048) }),
  event('file.received', { file: FileName, bytes: Count }),
  event('batch.prepared', {
    batchId: Id,
    environment: Environment,
    file: FileName,
    rows: Count,
    cases: Count,
    ready: Count,
    rejected: Count,
    warnings: Count,
    fixes: Count,
    rowErrors: Count,
    mapping: z.enum(['file', 'template', 'suggested', 'batch']),
    suppressedCases: Count.optional(),
    suppressedPhones: Count.optional(),
  }),
  /** A follow-up batch made from a campaign's results: which outcome, never which cases. */
  event('batch.followedUp', {
    batchId: Id,
    environment: Environment,
    campaignId: Id,
    outcome: z.enum(['non-final', 'not-contacted', 'no-promise']).nullable(),
    resultNames: Count,
    fromBatches: Count,
    cases: Count,
    ready: Count,
    rejected: Count,
    notFound: Count,
  }),
  event('batch.caseEdited', { batchId: Id, caseId: Id, fields: z.array(z.enum(EDITABLE_FIELDS)), status: z.enum(CASE_STATUSES) }),
  event('batch.bulkFixed', {
    batchId: Id,
    fix: z.enum(['default-area-code', 'decimal-separator', 'drop-invalid-phones', 'exclude-rejected', 'phone-limit']),
    changed: Count,
  }),
  event('batch.campaignDrafted', { batchId: Id, draft: z.boolean() }),
  event('batch.deleted', { batchId: Id, environment: Environment, cases: Count }),
  event('corrections.imported', { batchId: Id, updated: Count, nowReady: Count, stillRejected: Count, unknownCodes: Count, alreadySent: Count }),
  /** Personal data leaving the store: to a file (path), handed to the screen as a download, or printed. */
  event('export.written', {
    kind: z.enum(EXPORT_KINDS),
    batchId: Id.optional(),
    campaignId: Id.optional(),
    environment: Environment.optional(),
    count: Count,
    bytes: Count.optional(),
    to: z.enum(['file', 'folder', 'download', 'stdout']),
    path: Label(4096).nullable(),
  }),
  /** A diagnostics zip for IT (no personal data in it): where it went, and how big it was. */
  event('diagnostics.exported', { bytes: Count, to: z.enum(['file', 'download']), path: Label(4096).nullable() }),
  event('upload.started', { environment: Environment, batchId: Id, campaignId: Id.nullable(), pending: Count }),
  event('upload.finished', {
    environment: Environment,
    batchId: Id,
    // Null: stopped before the campaign drafted for the batch was created.
    campaignId: Id.nullable(),
    status: z.enum(['done', 'paused', 'needs-decision', 'cancelled']),
    loaded: Count,
    rejected: Count,
    pending: Count,
    inDoubt: Count,
    requests: Count,
    suppressedCases: Count.optional(),
    suppressedPhones: Count.optional(),
    // Codes the campaign already held: how many were skipped, and whether the agent chose to load them again.
    skippedDuplicates: Count.optional(),
    reloadDuplicates: z.boolean().optional(),
  }),
  event('campaign.created', { environment: Environment, campaignId: Id, botId: Id }),
  ...Object.values(CAMPAIGN_EVENTS).map((action) => event(action, { environment: Environment, campaignId: Id, status: Label(40) })),
  event('results.downloaded', {
    environment: Environment,
    campaignId: Id,
    cases: Count,
    changedCases: Count,
    calls: Count,
    recordings: Count,
    cancelled: z.boolean(),
  }),
  event('inbound.downloaded', { environment: Environment, botId: Id.nullable(), cases: Count, changedCases: Count, recordings: Count, cancelled: z.boolean() }),
  event('results.deleted', { environment: Environment, campaignId: Id, cases: Count, calls: Count, recordings: Count }),
  event('retention.purged', { olderThanDays: Count, batches: Count, results: Count, recordings: Count, files: Count }),
  event('workstation.wiped', {}),
  /** The store moved from an older version's default folder (`path`) to the data folder in use. */
  event('dataFolder.moved', { path: Label(4096), method: z.enum(['rename', 'copy']), entries: Count, bytes: Count }),
  event('settings.changed', { changes: z.partialRecord(z.enum(SETTING_KEYS), z.strictObject({ from: SettingValue, to: SettingValue })) }),
  /** The do-not-contact ledger: which entry and why, never the phone, code or creditor it names. */
  event('ledger.entryAdded', {
    entryId: Id,
    kind: z.enum(['phone', 'code']),
    reason: z.enum(LEDGER_REASONS),
    until: z.iso.date().nullable(),
    creditorScoped: z.boolean(),
    replaced: z.boolean(),
  }),
  /** `released`: cases not yet sent that became callable again (absent in entries written before it was recorded). */
  event('ledger.entryRemoved', { entryId: Id, kind: z.enum(['phone', 'code']), reason: z.enum(LEDGER_REASONS), released: Count.optional() }),
  event('ledger.imported', { file: FileName, added: Count, updated: Count, badRows: Count }),
  /** An audited procedure that failed: its stable error code only (messages may quote anything). */
  event('procedure.failed', {
    procedure: z.string().regex(/^[a-z]+:[a-zA-Z]+$/),
    code: z.string().regex(/^[a-z][a-z_.-]{0,39}$/),
    environment: Environment.optional(),
    batchId: Id.optional(),
    campaignId: Id.optional(),
  }),
]);
export type AuditEvent = z.infer<typeof AuditEvent>;
export type AuditAction = AuditEvent['action'];

/** Who did it: the account of this computer, and the service's user when one is signed in. */
export const AuditActor = z.object({
  osUser: z.string().nullable(),
  serviceUser: z.string().nullable(),
  environment: Environment.nullable(),
  /** Through the app (desktop or browser) or the command line. */
  face: z.enum(['app', 'cli']).nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** An id that stands for a readable value in the trail's files (16 hex characters of an HMAC under the data key). */
export const Pseudonym = z.string().regex(/^[0-9a-f]{16}$/);

/** Fields of events that name a person's file or folder, written as their pseudonym under `<field>Id`. */
export const PERSONAL_FIELDS = ['file', 'path'] as const;

/** The actor as the trail's files hold it: ids, never the account names (null: none, or written without the data key). */
export const WrittenActor = z.strictObject({
  osUserId: Pseudonym.nullable(),
  serviceUserId: Pseudonym.nullable(),
  environment: Environment.nullable(),
  face: z.enum(['app', 'cli']).nullable(),
});
export type WrittenActor = z.infer<typeof WrittenActor>;

/**
 * One line of the trail as read back. Loose: a line written by a newer CaseDesk (an action this
 * version does not know) is still shown. Its actor is readable (lines written before pseudonyms, and
 * entries revealed to the key's holder) or ids only (the files as written now).
 */
export const AuditEntry = z.looseObject({
  at: z.string(),
  seq: z.number().int().positive(),
  /** SHA-256 (hex) of the previous line as written; null on the very first line. */
  prev: z.string().nullable(),
  // Not strict when read: a newer CaseDesk may say more of who acted.
  actor: z.union([AuditActor, z.object(WrittenActor.shape)]),
  action: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** An entry as whoever holds the data key is shown it (audit:list): the readable values back in place of their ids. */
export const ShownAuditEntry = AuditEntry.extend({ actor: AuditActor });
export type ShownAuditEntry = z.infer<typeof ShownAuditEntry>;

/** The fields of an entry that belong to its event (what a screen shows as details). */
export function eventFields(entry: AuditEntry | ShownAuditEntry): Record<string, unknown> {
  const { at: _at, seq: _seq, prev: _prev, actor: _actor, action: _action, ...fields } = entry;
  return fields;
}

/** A file's own name from a path or a name handed over (either separator), safe to write down. */
export function fileLabel(pathOrName: string): string {
  const base = pathOrName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '_').slice(0, 255);
}
