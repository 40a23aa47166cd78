// Which procedures the audit trail records, and what it says of each: one table, read by the surface
// around every call (surface.ts). Reads and lookups are not recorded; what changes data, moves it in or
// out of this computer, or acts on the service is. Failures of these procedures are recorded by the
// surface with their error code.
import type { z } from 'zod';
import { CAMPAIGN_EVENTS, EDITABLE_FIELDS, fileLabel, SETTING_KEYS, type AuditEvent } from '../domain/audit-events';
import type { Environment } from '../domain/environments';
import { reportedCaseCount } from '../domain/case-status';
import { WEEKDAYS } from '../domain/contact-calendar';
import { campaignPromises } from '../exports/promises-export';
import { countCasesByStatus, countResultCases, getBatch, uploadCounts } from '../store';
import type { AppContext } from './app-context-types';
import { readSettings } from '../app/settings';
import type { HandlerOutputs } from './as-sent';
import type { ProcedureName, procedures, Settings } from './procedures';

type Input<N extends ProcedureName> = z.output<(typeof procedures)[N]>;

export interface AuditPlan<N extends ProcedureName> {
  /** Written before the work starts (an upload), so a crash half-way still shows it began. */
  start?: AuditEvent | null;
  /** What to write once the procedure succeeded; null for nothing. */
  done(output: HandlerOutputs[N]): AuditEvent | null;
}

/** What the rules reach of the app context: the store, the environment worked in, the face, and the settings. */
type AuditRuleContext = Pick<AppContext, 'currentEnvironment' | 'dataKey' | 'options' | 'policy' | 'store'>;

/** Called before the procedure runs: what it reads then (settings before a change) it keeps for `done`. */
export type AuditRule<N extends ProcedureName> = (input: Input<N>, ctx: AuditRuleContext) => AuditPlan<N>;

/** A rule that needs nothing from before the work. */
const after =
  <N extends ProcedureName>(done: (input: Input<N>, output: HandlerOutputs[N], ctx: AuditRuleContext) => AuditEvent | null): AuditRule<N> =>
  (input, ctx) => ({ done: (output) => done(input, output, ctx) });

const envOf = (ctx: Pick<AppContext, 'currentEnvironment'>, input: { environment?: Environment | undefined }) => input.environment ?? ctx.currentEnvironment();

/** The CLI writes exported files itself and records them with their path (src-main/cli/commands). */
const handedToScreen = (ctx: Pick<AppContext, 'options'>) => (ctx.options.face ?? 'app') === 'app';

const base64Bytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

export const auditRules: { [N in ProcedureName]?: AuditRule<N> } = {
  'session:signIn': after((input, output) => ({ action: 'session.signedIn', environment: input.environment, service: output.baseUrl ?? '' })),
  'session:signOut': after((input, output) => ({ action: 'session.signedOut', environment: input.environment ?? output.environment })),
  'environments:setBaseUrl': after((_input, output) => ({ action: 'environment.addressSet', environment: output.name, address: output.baseUrl ?? '' })),
  'files:receive': after((input, output) => ({ action: 'file.received', file: fileLabel(input.name), bytes: output.bytes })),
  // A file handed over in parts is recorded once, whole.
  'files:receiveEnd': after((_input, output) => ({ action: 'file.received', file: fileLabel(output.name), bytes: output.bytes })),
  // The CLI names a file of this machine by its path: the trail keeps its name, as for a picked file.
  'files:open': after((_input, output) => ({ action: 'file.received', file: fileLabel(output.name), bytes: output.bytes })),

  'batches:prepare': after((_input, s, ctx) => {
    const batch = getBatch(ctx.store.db, s.batchId);
    if (!batch) return null;
    return {
      action: 'batch.prepared',
      batchId: s.batchId,
      environment: batch.environment,
      file: fileLabel(batch.sourceFile),
      rows: s.rows,
      cases: s.cases,
      ready: s.ready,
      rejected: s.rejected,
      warnings: s.warnings,
      fixes: s.fixes,
      rowErrors: s.rowErrors,
      mapping: s.mappingSource,
      suppressedCases: s.suppressed.cases,
      suppressedPhones: s.suppressed.phones,
    };
  }),
  'batches:editCase': after((input, output) => ({
    action: 'batch.caseEdited',
    batchId: input.batchId,
    caseId: input.caseId,
    // Which fields, never their values.
    fields: EDITABLE_FIELDS.filter((field) => input.changes[field] !== undefined),
    status: output.status,
  })),
  'batches:bulkFix': after((input, output) => ({ action: 'batch.bulkFixed', batchId: input.batchId, fix: input.fix.kind, changed: output.changed })),
  'batches:setCampaignDraft': after((_input, output) => ({ action: 'batch.campaignDrafted', batchId: output.batchId, draft: output.draft })),
  'batches:importCorrections': after((input, s) => ({
    action: 'corrections.imported',
    batchId: input.batchId,
    updated: s.updated,
    nowReady: s.nowReady,
    stillRejected: s.stillRejected,
    // How many, never which: these are case codes.
    unknownCodes: s.unknownCodes.length,
    alreadySent: s.alreadySent.length,
  })),
  'batches:exportErrors': after((input, download, ctx) => {
    if (!handedToScreen(ctx)) return null;
    const counts = countCasesByStatus(ctx.store.db, input.batchId);
    return {
      action: 'export.written',
      kind: 'error-report',
      batchId: input.batchId,
      count: reportedCaseCount(counts),
      bytes: base64Bytes(download.base64),
      to: 'download',
      path: null,
    };
  }),
  'batches:exportClean': after((input, download, ctx) => {
    if (!handedToScreen(ctx)) return null;
    const counts = countCasesByStatus(ctx.store.db, input.batchId);
    return {
      action: 'export.written',
      kind: 'clean-batch',
      batchId: input.batchId,
      count: counts.ready + counts.warning,
      bytes: base64Bytes(download.base64),
      to: 'download',
      path: null,
    };
  }),
  'results:export': after((input, download, ctx) => {
    if (!handedToScreen(ctx)) return null;
    const environment = envOf(ctx, input);
    const count = countResultCases(ctx.store.db, environment, input.campaignId);
    return {
      action: 'export.written',
      kind: 'results',
      campaignId: input.campaignId,
      environment,
      count,
      bytes: base64Bytes(download.base64),
      to: 'download',
      path: null,
    };
  }),
  'results:exportPromises': after((input, download, ctx) => {
    if (!handedToScreen(ctx)) return null;
    const environment = envOf(ctx, input);
    return {
      action: 'export.written',
      kind: 'promises',
      campaignId: input.campaignId,
      environment,
      count: campaignPromises(ctx.store, environment, input.campaignId).length,
      bytes: base64Bytes(download.base64),
      to: 'download',
      path: null,
    };
  }),
  'campaigns:followup': after((input, s, ctx) => ({
    action: 'batch.followedUp',
    batchId: s.batchId,
    environment: envOf(ctx, input),
    campaignId: input.campaignId,
    outcome: input.outcome ?? null,
    // How many names were chosen, never the cases.
    resultNames: input.results?.length ?? 0,
    fromBatches: s.followup.fromBatches.length,
    cases: s.cases,
    ready: s.ready,
    rejected: s.rejected,
    notFound: s.followup.notFound,
  })),
  // Leaves this computer for IT: recorded as any export is, though it holds no personal data.
  'diagnostics:export': after((_input, download, ctx) =>
    handedToScreen(ctx) ? { action: 'diagnostics.exported', bytes: base64Bytes(download.base64), to: 'download', path: null } : null,
  ),

  'ledger:add': after((_input, { entry, created }) => ({
    action: 'ledger.entryAdded',
    entryId: entry.id,
    kind: entry.kind,
    reason: entry.reason,
    until: entry.until,
    creditorScoped: entry.creditor !== null,
    replaced: !created,
  })),
  'ledger:remove': after((_input, { removed, released }) => ({
    action: 'ledger.entryRemoved',
    entryId: removed.id,
    kind: removed.kind,
    reason: removed.reason,
    released,
  })),
  'ledger:import': after((_input, s) => ({
    action: 'ledger.imported',
    file: fileLabel(s.file),
    added: s.added,
    updated: s.updated,
    badRows: new Set(s.problems.map((p) => p.row)).size,
  })),

  'sync:upload': (input, ctx) => {
    const environment = envOf(ctx, input);
    const batch = getBatch(ctx.store.db, input.batchId);
    return {
      start: batch
        ? {
            action: 'upload.started',
            environment,
            batchId: input.batchId,
            campaignId: input.campaignId ?? batch.campaignId,
            pending: uploadCounts(ctx.store.db, input.batchId).pending,
          }
        : null,
      done: (r) => ({
        action: 'upload.finished',
        environment,
        batchId: input.batchId,
        campaignId: r.campaignId,
        status: r.status,
        loaded: r.loaded,
        rejected: Object.keys(r.rejected).length,
        pending: r.pending,
        inDoubt: r.inDoubt.length,
        requests: r.requests,
        suppressedCases: r.suppressed.cases,
        suppressedPhones: r.suppressed.phones,
        skippedDuplicates: r.skipped.duplicates,
        reloadDuplicates: input.reloadDuplicates,
      }),
    };
  },
  'campaigns:create': after((input, { campaign }, ctx) => ({
    action: 'campaign.created',
    environment: envOf(ctx, input),
    campaignId: campaign.id,
    botId: input.campaign.botId,
  })),
  'campaigns:action': after((input, { campaign }, ctx) => ({
    action: CAMPAIGN_EVENTS[input.action],
    environment: envOf(ctx, input),
    campaignId: input.campaignId,
    status: campaign.metrics.status,
  })),
  'results:download': after((input, d, ctx) => ({
    action: 'results.downloaded',
    environment: envOf(ctx, input),
    campaignId: input.campaignId,
    cases: d.cases,
    changedCases: d.changedCases,
    calls: d.calls,
    recordings: d.recordings,
    cancelled: d.cancelled,
  })),
  'inbound:download': after((input, d, ctx) => ({
    action: 'inbound.downloaded',
    environment: envOf(ctx, input),
    botId: input.botId ?? null,
    cases: d.cases,
    changedCases: d.changedCases,
    recordings: d.recordings,
    cancelled: d.cancelled,
  })),

  'settings:set': (_input, ctx) => {
    const before = readSettings(ctx);
    return {
      done: (now) => {
        const changes: Partial<Record<(typeof SETTING_KEYS)[number], { from: string | number | null; to: string | number | null }>> = {};
        for (const key of SETTING_KEYS) {
          const from = settingValue(before, key);
          const to = settingValue(now, key);
          if (from !== to) changes[key] = { from, to };
        }
        return Object.keys(changes).length > 0 ? { action: 'settings.changed', changes } : null;
      },
    };
  },
};

/** A setting as the trail writes it: a short scalar. Contact hours as "08:00-20:00 12345" (ISO weekdays, Monday 1). */
function settingValue(settings: Settings, key: (typeof SETTING_KEYS)[number]): string | number | null {
  if (key !== 'contactHours') return settings[key];
  const { from, to, days } = settings.contactHours;
  return `${from}-${to} ${days
    .map((d) => WEEKDAYS.indexOf(d) + 1)
    .sort()
    .join('')}`;
}
