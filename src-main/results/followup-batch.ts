// A follow-up batch in one step: from a campaign's downloaded results, a new draft batch of the
// original cases the bot did not finish (not final, not reached, no promise, or chosen result names).
// Each case is rebuilt from the raw rows kept with the batch it was uploaded from, under that batch's
// format, exactly as an edit rebuilds it: so edits, bulk fixes and the error report round trip all
// work on the new batch as on any prepared one.
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';
import type { Environment } from '../domain/environments';
import { personKey } from '../domain/person-key';
import {
  batchCreditor,
  batchSource,
  eachResultCaseWithCalls,
  listLedgerEntries,
  getBatchCase,
  getCampaign,
  loadedCaseOrigins,
  startBatchWriter,
  type BatchSource,
  type LoadedOrigin,
  type NewBatch,
  type Store,
} from '../store';
import { caseOutcome, type FollowupOutcome, type FollowupSummary } from './case-outcome';
import { caseAttempts, figuresOf, selectsOutcome } from './case-figures';
import { caseFromRaw, packRaw, unpackRaw, type BuiltCase, type PrepareSettings } from '../preparation/build/build-cases';
import { DEFAULT_FORMAT } from '../domain/mapping-file';
import { batchLedgerIndex, type SharedList } from '../preparation/ledger/apply-ledger';
import { localDay } from '../preparation/ledger/ledger-types';
import { settingsFromMapping } from '../preparation/edit-batch';
import { flagDuplicates, flagSharedPhones, PhoneCaseCounts } from '../preparation/duplicates/flag-duplicates';
import { duplicateSources } from '../preparation/duplicates/recheck-duplicates';

export interface FollowupOptions {
  environment: Environment;
  campaignId: number;
  outcome?: FollowupOutcome | undefined;
  /** Case result names (as the service shows them); with an outcome too, a case must match both. */
  results?: readonly string[] | undefined;
  /** Only cases uploaded from this batch (when the campaign's cases came from batches read differently). */
  fromBatch?: number | undefined;
  /** The organization's do-not-contact list, applied beside this workstation's own entries. */
  sharedLedger?: SharedList | null | undefined;
  /** YYYY-MM-DD for the ledger's expiry; this machine's day by default. */
  today?: string | undefined;
}

export type { FollowupSummary } from './case-outcome';

export type FollowupRefusalCode = Extract<FailureCode, `followup.${string}`>;

/** A follow-up batch that cannot be made: a stable code and its figures. */
export class FollowupRefusal<C extends FollowupRefusalCode = FollowupRefusalCode> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'FollowupRefusal';
  }
}

/** The format fields that decide how raw rows read: every source batch must agree on them. */
function formatOf(source: BatchSource): string {
  const m = source.mapping as { decimal_separator?: string; date_order?: string; default_area_code?: string; date_1904?: boolean };
  return JSON.stringify([
    m.decimal_separator ?? DEFAULT_FORMAT.decimal_separator,
    m.date_order ?? DEFAULT_FORMAT.date_order,
    m.default_area_code ?? null,
    m.date_1904 ?? false,
    source.maxPhonePriority,
  ]);
}

function settingsOfSource(source: BatchSource): PrepareSettings {
  return settingsFromMapping(source.mapping, source.maxPhonePriority);
}

/** The original cases the selection takes, in the order the service lists them, each once. */
function selectedOrigins(store: Store, opts: FollowupOptions) {
  const origins = loadedCaseOrigins(store.db, opts.environment, opts.campaignId);
  // The service may write a code back another way ("030000001" as 30000001): the same person is found.
  let byPerson: Map<string, LoadedOrigin> | undefined;
  const originOf = (code: string) =>
    origins.get(code) ?? (byPerson ??= new Map([...origins].map(([loaded, origin]) => [personKey(loaded), origin]))).get(personKey(code));
  const picked: { code: string; batchId: number; caseId: number }[] = [];
  const seen = new Set<string>();
  let stored = 0;
  let notFound = 0;
  for (const { found, calls } of eachResultCaseWithCalls(store.db, opts.environment, opts.campaignId)) {
    stored += 1;
    const outcome = caseOutcome(found, calls);
    if (!selectsOutcome(figuresOf(outcome, caseAttempts(found, calls)), opts)) continue;
    const origin = outcome.code === null ? undefined : originOf(outcome.code);
    if (!origin || outcome.code === null) {
      notFound += 1;
      continue;
    }
    if (opts.fromBatch !== undefined && origin.batchId !== opts.fromBatch) continue;
    // One person once, however many spellings of their code the campaign holds.
    const person = personKey(outcome.code);
    if (seen.has(person)) continue;
    seen.add(person);
    picked.push({ code: outcome.code, ...origin });
  }
  return { picked, stored, notFound };
}

export async function buildFollowupBatch(store: Store, opts: FollowupOptions): Promise<FollowupSummary> {
  const results = [...(opts.results ?? [])].map((r) => r.trim()).filter((r) => r !== '');
  const { campaignId } = opts;
  if (opts.outcome === undefined && results.length === 0) {
    throw new FollowupRefusal('followup.no_selection', {});
  }
  const { picked, stored, notFound } = selectedOrigins(store, { ...opts, results });
  if (stored === 0 && !getCampaign(store.db, opts.environment, campaignId)) {
    throw new FollowupRefusal('followup.no_results', { campaignId });
  }
  if (picked.length === 0) {
    throw new FollowupRefusal(notFound > 0 ? 'followup.nothing_selected_here' : 'followup.nothing_selected', { campaignId, notFound });
  }
  const batchIds = [...new Set(picked.map((p) => p.batchId))].sort((a, b) => a - b);
  const sources = batchIds.map((id) => batchSource(store.db, id)).filter((s): s is BatchSource => s !== null);
  const first = sources[0] as BatchSource;
  if (new Set(sources.map(formatOf)).size > 1) {
    throw new FollowupRefusal('followup.mixed_formats', { campaignId, batches: batchIds.map(String) });
  }
  // The ledger's creditor-scoped entries apply by the batch's creditor: one batch, one creditor.
  const creditors = new Set(sources.map((s) => (batchCreditor(store.db, s.id) ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()));
  if (creditors.size > 1) {
    throw new FollowupRefusal('followup.mixed_creditors', { campaignId, batches: batchIds.map(String) });
  }
  return writeFollowup(store, opts, { picked, notFound, batchIds, first, results });
}

/**
 * The case as its kept rows make it now. A case stored before raw rows were kept (an older store)
 * has none: it is copied as it was prepared.
 */
function rebuilt(code: string, original: NonNullable<ReturnType<typeof getBatchCase>>, settings: PrepareSettings): BuiltCase {
  if (original.raw.length > 0) return caseFromRaw(code, unpackRaw(original.raw, original), settings);
  const status = original.status === 'rejected' || original.status === 'warning' ? original.status : 'ready';
  const { firstName, lastName, phones, products, params, sourceRows } = original;
  return { code, firstName, lastName, phones, products, params, sourceRows, status, issues: [], raw: [] };
}

/** The batch's name is data, in Spanish as the others ("cartera.xlsx · Hoja1"). */
const OUTCOME_NAME_ES: Record<FollowupOutcome, string> = { 'non-final': 'sin resultado final', 'not-contacted': 'no contactados', 'no-promise': 'sin promesa' };

async function writeFollowup(
  store: Store,
  opts: FollowupOptions,
  plan: { picked: { code: string; caseId: number }[]; notFound: number; batchIds: number[]; first: BatchSource; results: string[] },
): Promise<FollowupSummary> {
  const { first } = plan;
  // The ledger as it is now: a case listed since it was first loaded is not called again.
  const creditor = batchCreditor(store.db, first.id);
  const ledger = batchLedgerIndex(listLedgerEntries(store.db), opts.sharedLedger, { today: opts.today ?? localDay(), creditor });
  const settings = { ...settingsOfSource(first), ledger };
  const label = [opts.outcome === undefined ? null : OUTCOME_NAME_ES[opts.outcome], ...plan.results].filter(Boolean).join(', ');
  const batch: NewBatch = {
    environment: opts.environment,
    name: `Seguimiento de la campaña ${opts.campaignId} (${label}) · ${first.name}`,
    // Names no file of the imports folder: deleting this batch must never take the original's copy.
    sourceFile: `seguimiento-campania-${opts.campaignId}`,
    sourceSheet: first.sourceSheet,
    headerRow: first.headerRow,
    // The original's mapping and format travel on: edits and bulk fixes re-apply them.
    mapping: first.mapping,
    campaignId: null,
    maxPhonePriority: first.maxPhonePriority,
    dialingType: first.dialingType,
    creditor,
  };
  const tally = { ready: 0, rejected: 0, warnings: 0, fixes: 0, rows: 0, suppressedCases: 0, suppressedPhones: 0, duplicates: 0 };
  // No campaign yet: the codes are the campaign's own, so only other unsent batches can make duplicates
  // here. Uploaded back into the same campaign, every case is one the campaign holds: the upload skips
  // them unless the agent chooses to load them again.
  const duplicates = duplicateSources(store, opts.environment, null, null);
  const phoneCases = new PhoneCaseCounts();
  // Each rebuilt case passes here before it is written: where checks on a prepared case (the
  // do-not-contact ledger, duplicates) apply to a follow-up batch too.
  const prepared = (c: BuiltCase) => {
    if (flagDuplicates(c, duplicates)) tally.duplicates += 1;
    phoneCases.addCase(c.phones);
    if (c.status === 'ready' || c.status === 'warning') tally.ready += 1;
    else if (c.status === 'suppressed') tally.suppressedCases += 1;
    else tally.rejected += 1;
    for (const i of c.issues) {
      if (i.kind === 'suppressed-phone') tally.suppressedPhones += 1;
      if (i.severity === 'warning') tally.warnings += 1;
      else if (i.severity === 'fix') tally.fixes += 1;
    }
    tally.rows += c.sourceRows.length;
    const { code, firstName, lastName, phones, products, params, sourceRows, status, issues } = c;
    return { code, firstName, lastName, phones, products, params, sourceRows, status, issues, raw: packRaw(c.raw, c) };
  };
  const writer = startBatchWriter(store, batch);
  try {
    for (const p of plan.picked) {
      const original = getBatchCase(store.db, p.caseId);
      if (!original) continue;
      const wait = writer.write(prepared(rebuilt(p.code, original, settings)));
      if (wait) await wait;
    }
    await writer.finish([], null);
  } catch (err) {
    await writer.abort();
    throw err;
  }
  tally.warnings += flagSharedPhones(store, writer.batchId, phoneCases);
  return {
    batchId: writer.batchId,
    cases: tally.ready + tally.rejected + tally.suppressedCases,
    ready: tally.ready,
    rejected: tally.rejected,
    warnings: tally.warnings,
    fixes: tally.fixes,
    rowErrors: 0,
    rows: tally.rows,
    sheet: first.sourceSheet ?? '',
    headerRow: first.headerRow ?? 1,
    mappingSource: 'batch',
    suppressed: { cases: tally.suppressedCases, phones: tally.suppressedPhones },
    duplicates: tally.duplicates,
    notices: [],
    followup: { campaignId: opts.campaignId, outcome: opts.outcome ?? null, results: plan.results, fromBatches: plan.batchIds, notFound: plan.notFound },
  };
}
