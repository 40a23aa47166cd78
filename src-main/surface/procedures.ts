// The app's command surface: one typed list of procedures with zod inputs. Served to the renderer
// over Electron IPC, to a browser over the local HTTP host, and to the `casedesk` CLI.
// Pure: shared with the renderer, so it imports nothing from Node.
import { z } from 'zod';
import { readAreaCode } from '../domain/area-code';
import { IsoDate, TimeOfDayShort } from '../contract';
import { NewCampaign } from '../domain/new-campaign';
import { RECEIVE_PART_BASE64 } from '../domain/file-parts';
import { CAMPAIGN_ACTIONS } from '../domain/campaign-states';
import type { BotView, CampaignListItemView, CampaignView, InboundCaseView, ResultCallView, ResultCaseView } from '../domain/service-views';
import { CASE_STATUSES, type CaseStatus } from '../domain/case-status';
import { ContactHours, type CampaignScheduleWarning } from '../domain/contact-calendar';
import { Environment } from '../domain/environments';
import { WIPE_WORDS } from '../domain/wipe-words';
import { MappingFile } from '../domain/mapping-file';
import type { FileInspection, Notice, PrepareSummary } from '../preparation/preparation-types';
import type { ShownAuditEntry } from '../domain/audit-events';
import type { FailureCode, FailureParamValue } from '../domain/failures/failure';
import type { IssueText } from '../domain/issue-texts/issue-text';
import type { UploadDetail } from '../domain/upload-detail';
import { LEDGER_REASONS, type LedgerEntry } from '../domain/ledger';
import { LedgerMapping } from '../domain/ledger-mapping';
import type { LedgerImportSummary, LedgerListing } from './ledger-views';
import type { ProductView } from './case-view';
import { FOLLOWUP_OUTCOMES, type FollowupSummary } from '../results/case-outcome';
import type { CampaignResultsSummary, PromiseListItem } from '../results/campaign-summary';
import { CASE_FILTERS } from '../results/case-figures';
import type { ResultCaseFigures } from '../results/case-figures';
import type { UpdateRestartOutcome, UpdateState } from '../updates/update-state';
import {
  FILE_ID_PATTERN,
  type DeletedBatch,
  type DeletedResults,
  type PurgeReport,
  type ReceivedFileInfo,
  type Settings,
  type StoredResultsView,
  type WipePlan,
  type WipeReport,
} from '../app/app-results';

export type { FileInspection, Notice, PrepareSummary } from '../preparation/preparation-types';
export type { LedgerImportSummary, LedgerListing } from './ledger-views';
export type { FollowupOutcome, FollowupSummary } from '../results/case-outcome';
export type { CampaignResultsSummary, PromiseListItem } from '../results/campaign-summary';
export type { CaseFilter } from '../results/case-figures';
export type { ResultCaseFigures } from '../results/case-figures';
export type { UpdateDisabledReason, UpdateErrorCode, UpdateRestartOutcome, UpdateState } from '../updates/update-state';
export type { DeletedBatch, DeletedResults, PurgeReport, ReceivedFileInfo, Settings, StoredResultsView, WipePlan, WipeReport } from '../app/app-results';

const Id = z.number().int().positive();

/** The most issues batches:issues answers, and what it answers when no limit is asked: a few MB at most. */
export const ISSUES_LIMIT_MAX = 10_000;
/** The most cases batches:issuePage reads for one answer: a page of a million-case batch stays a few MB. */
export const ISSUE_PAGE_MAX_CASES = 1000;
const FileId = z.string().regex(FILE_ID_PATTERN);
/** Omitted: the environment the agent last signed in to. */
const Env = Environment.optional();
/** A screen's own name for one of its asks (a recording it asked for), unique to that screen's page. */
const AskId = z.string().regex(/^[\w-]{1,64}$/);

/** The batch grid's filter: every part given must hold (see store/case-query.ts). */
const CaseFilter = {
  batchId: Id,
  status: z.enum(CASE_STATUSES).optional(),
  /** Only cases with an issue of this kind. */
  kind: z.string().min(1).max(100).optional(),
  /** Only cases whose code is already in another batch not yet uploaded, or in the campaign. */
  duplicates: z.boolean().optional(),
  /** Only the skipped cases changed since the upload skipped them, not loaded again nor excluded (the batch's correctedSkipped). */
  corrected: z.boolean().optional(),
  /** Words that each start the case's code, a word of its name, a phone or a phone's last 8 digits. */
  search: z.string().max(200).optional(),
};

export const procedures = {
  'environments:list': z.object({}),
  'environments:setBaseUrl': z.object({ environment: Environment, baseUrl: z.string().min(1) }),
  'session:signIn': z.object({ environment: Environment, email: z.email(), password: z.string().min(1), baseUrl: z.string().min(1).optional() }),
  'session:signOut': z.object({ environment: Env }),
  'session:status': z.object({ environment: Env }),
  'bots:list': z.object({ environment: Env }),
  'campaigns:list': z.object({ environment: Env, botId: Id }),
  'campaigns:show': z.object({ environment: Env, campaignId: Id }),
  'inbound:list': z.object({ environment: Env, botId: Id.optional(), from: IsoDate.optional(), to: IsoDate.optional() }),
  'campaigns:create': z.object({ environment: Env, campaign: NewCampaign }),
  'campaigns:action': z.object({ environment: Env, campaignId: Id, action: z.enum(CAMPAIGN_ACTIONS) }),
  /**
   * What creating (or starting) a campaign with this start date and call window would warn about:
   * holidays, Sundays, the contact hours. Offline; the form asks it before the agent confirms.
   */
  'campaigns:checkSchedule': z.object({ startDate: IsoDate.optional(), callFrom: TimeOfDayShort.optional(), callTo: TimeOfDayShort.optional() }),
  /**
   * What starting this campaign would warn about, asked before the agent confirms: the campaign as the
   * service holds it now (its state, its loaded cases) and its schedule warnings. Starts nothing.
   */
  'campaigns:checkStart': z.object({ environment: Env, campaignId: Id }),
  'batches:prepare': z.object({
    environment: Env,
    /** The creditor's file, handed over with files:receive (or the CLI's files:open). */
    fileId: FileId,
    mapping: MappingFile.optional(),
    sheet: z.string().optional(),
    headerRow: z.number().int().positive().optional(),
    campaignId: Id.optional(),
    maxPhonePriority: z.number().int().nonnegative().optional(),
    creditor: z.string().optional(),
  }),
  /** Stops preparing the file handed over as fileId (batches:prepare then answers prepare.cancelled). */
  'batches:cancelPrepare': z.object({ fileId: FileId }),
  'batches:list': z.object({ environment: Env }),
  'batches:get': z.object({ batchId: Id }),
  'batches:inspect': z.object({ fileId: FileId, sheet: z.string().optional(), headerRow: z.number().int().positive().optional() }),
  'batches:editCase': z.object({
    batchId: Id,
    caseId: Id,
    changes: z.object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      phones: z.array(z.string()).optional(),
      products: z
        .array(
          z.object({
            index: z.number().int().nonnegative(),
            debtCode: z.string().optional(),
            pid: z.string().optional(),
            subId: z.string().optional(),
            debt: z.string().optional(),
            expiration: z.string().optional(),
          }),
        )
        .optional(),
      excluded: z.boolean().optional(),
    }),
  }),
  'batches:bulkFix': z.object({
    batchId: Id,
    fix: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('phone-limit'), maxPhonePriority: z.number().int().min(0).max(20) }),
      z.object({ kind: z.literal('default-area-code'), areaCode: z.string() }),
      z.object({ kind: z.literal('decimal-separator'), separator: z.enum([',', '.']) }),
      z.object({ kind: z.literal('drop-invalid-phones') }),
      z.object({ kind: z.literal('exclude-rejected') }),
    ]),
  }),
  'batches:exportErrors': z.object({ batchId: Id }),
  'batches:exportClean': z.object({ batchId: Id }),
  /** A corrected error report (a file received with files:receive). */
  'batches:importCorrections': z.object({ batchId: Id, fileId: FileId }),
  /**
   * A page of the cases that match a filter, from a position in id order (the grid addresses rows
   * by position: a jump to any row is one request). The store filters, counts and pages.
   */
  'batches:cases': z.object({ ...CaseFilter, offset: z.number().int().nonnegative().default(0), limit: z.number().int().min(1).max(1000).default(200) }),
  /** How many cases match a filter (the grid's length). */
  'batches:countCases': z.object(CaseFilter),
  /** Each kind of issue the batch's cases have, with its severity and how many cases have it. */
  'batches:caseKinds': z.object({ batchId: Id }),
  /**
   * Checks the batch's duplicates again against what this workstation knows now (other batches deleted
   * or uploaded since, results downloaded): the grid calls it when a batch is opened. Also counts the
   * batch's shared phones again when a killed corrections import left that to do (up to 100,000 cases).
   */
  'batches:checkDuplicates': z.object({ batchId: Id }),
  /**
   * The do-not-contact lists (this workstation's and the organization's) applied again to the batch's
   * cases not yet sent, as the upload will: an entry added since it was prepared shows now, in the grid,
   * not only at upload. The grid calls it when a batch is opened.
   */
  'batches:checkLedger': z.object({ batchId: Id }),
  /**
   * Whether the batch fits a campaign that takes phones up to this max_phone_priority: how many cases an
   * upload would send hold more phones (the service rejects each). Offline: the store alone answers.
   */
  'batches:phoneFit': z.object({ batchId: Id, maxPhonePriority: z.number().int().min(0).max(20) }),
  /**
   * One case's issues, or (rowsOnly) the problems of rows that became no case (a totals row, a row
   * without a code). A whole batch's come a page at a time (batches:issuePage): a million cases hold
   * millions, more than one answer can carry. The first `limit` (ISSUES_LIMIT_MAX when not said):
   * errors, then warnings, then fixes. What a screen shows of a case of 100,000 rows (about 600,000) or
   * of a file whose codes are blank (a million rows); never the whole of either in one answer.
   */
  'batches:issues': z
    .object({
      batchId: Id,
      severity: z.enum(['error', 'warning', 'fix']).optional(),
      caseId: Id.optional(),
      rowsOnly: z.boolean().optional(),
      limit: z.number().int().min(1).max(ISSUES_LIMIT_MAX).default(ISSUES_LIMIT_MAX),
    })
    .refine((input) => (input.caseId !== undefined) !== (input.rowsOnly === true), { message: 'caseId or rowsOnly, not both', path: ['caseId'] }),
  /**
   * A batch's issues, those of up to `cases` cases after afterCaseId. With afterCaseId 0 the rows that
   * became no case come first, a page of them at a time: while the answer's nextRowId is not null, ask
   * again with afterCaseId 0 and afterRowId = nextRowId.
   */
  'batches:issuePage': z.object({
    batchId: Id,
    severity: z.enum(['error', 'warning', 'fix']).optional(),
    afterCaseId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    afterRowId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    cases: z.number().int().min(1).max(ISSUE_PAGE_MAX_CASES),
  }),
  'batches:payload': z.object({ batchId: Id }),
  /** The campaign to create for this batch at the next sync (prepared offline); null forgets it. */
  'batches:setCampaignDraft': z.object({ batchId: Id, campaign: NewCampaign.nullable() }),
  /** Without campaignId: the batch's campaign, or its draft created now. */
  'sync:upload': z.object({
    environment: Env,
    batchId: Id,
    campaignId: Id.optional(),
    inDoubt: z.enum(['ask', 'resend', 'assume-loaded']).default('ask'),
    /** Load again the codes the campaign already holds (skipped otherwise), for this batch. */
    reloadDuplicates: z.boolean().default(false),
  }),
  /**
   * What an upload of this batch will set going, said before it runs (notices campaign.upload_starts
   * and campaign.upload_starts_draft): the campaign as the service holds it now. Same target rules as sync:upload.
   */
  /** reloadDuplicates as the upload will be asked: what the campaign holds is then sent too. */
  'sync:checkUpload': z.object({ environment: Env, batchId: Id, campaignId: Id.optional(), reloadDuplicates: z.boolean().default(false) }),
  /** Stops a running upload after its current request; it resumes where it stopped when started again. */
  'sync:cancel': z.object({ batchId: Id }),
  'results:download': z.object({ environment: Env, campaignId: Id, recordings: z.boolean().default(true) }),
  /**
   * Stops a results or inbound download, mid-recording too; downloading again resumes it. `recording`:
   * the recording that recordings:get is fetching (kind and refId; without them, every one running);
   * with `ask`, only if that recordings:get started it (a stop from another view leaves it be), and an ask
   * stopped before it came answers cancelled when it comes.
   */
  'downloads:cancel': z.object({
    what: z.enum(['campaign', 'inbound', 'recording']),
    campaignId: Id.optional(),
    environment: Env,
    kind: z.enum(['outbound', 'inbound']).optional(),
    refId: Id.optional(),
    ask: AskId.optional(),
  }),
  'results:cases': z.object({
    environment: Env,
    campaignId: Id,
    offset: z.number().int().nonnegative().default(0),
    limit: z.number().int().min(1).max(1000).default(200),
    /** Only the cases of one figure (case-figures.ts), and/or of these result names. */
    filter: z.enum(CASE_FILTERS).default('all'),
    results: z.array(z.string().min(1).max(200)).max(100).optional(),
  }),
  'results:calls': z.object({ environment: Env, campaignId: Id, caseId: Id }),
  /** One stored case with its figures (what a promise's "Listen" opens). */
  'results:case': z.object({ environment: Env, campaignId: Id, caseId: Id }),
  'results:export': z.object({ environment: Env, campaignId: Id }),
  /** The stored results at a glance: outcomes, promises to pay, calls and contacts by hour (offline). */
  'results:summary': z.object({ environment: Env, campaignId: Id }),
  'results:promises': z.object({ environment: Env, campaignId: Id }),
  'results:exportPromises': z.object({ environment: Env, campaignId: Id }),
  /** A new draft batch of the original cases the campaign did not finish, rebuilt from their kept rows. */
  'campaigns:followup': z
    .object({
      environment: Env,
      campaignId: Id,
      outcome: z.enum(FOLLOWUP_OUTCOMES).optional(),
      results: z.array(z.string().min(1).max(200)).max(100).optional(),
      fromBatch: Id.optional(),
    })
    .refine((i) => i.outcome !== undefined || (i.results?.length ?? 0) > 0, { params: { problem: 'one_of', keys: ['outcome', 'results'] }, path: ['outcome'] }),
  /** `ask`: the asker's own name for this ask, for downloads:cancel to stop this one's download only. */
  'recordings:get': z.object({ environment: Env, kind: z.enum(['outbound', 'inbound']), refId: Id, ask: AskId.optional() }),
  'inbound:download': z.object({
    environment: Env,
    botId: Id.optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    recordings: z.boolean().default(true),
  }),
  'inbound:cases': z.object({
    environment: Env,
    botId: Id.optional(),
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    offset: z.number().int().nonnegative().default(0),
    limit: z.number().int().min(1).max(1000).default(200),
  }),
  /** A file the agent picked or dropped, handed over as bytes (the same way in Electron and in a browser). */
  'files:receive': z.object({ name: z.string().min(1).max(255), base64: z.string().max(140 * 1024 * 1024) }),
  /**
   * A file too big for one call, handed over in parts of up to 8 MB, in order: its name and size, then
   * each part at its offset, then its end (which answers as files:receive does).
   */
  'files:receiveStart': z.object({ name: z.string().min(1).max(255), bytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  'files:receivePart': z.object({ receiveId: FileId, offset: z.number().int().nonnegative(), base64: z.string().min(1).max(RECEIVE_PART_BASE64) }),
  'files:receiveEnd': z.object({ receiveId: FileId }),
  /** A file of the user's own, by path: only the CLI may call this (see localOnlyProcedures). */
  'files:open': z.object({ path: z.string().min(1).max(4096) }),
  /** Saved column-mapping templates (one per creditor layout), each a mapping file. */
  'templates:list': z.object({}),
  'settings:get': z.object({}),
  'settings:set': z.object({
    language: z.enum(['es', 'en']).optional(),
    /** An area code as typed ("011" is 11), or '' for none. */
    defaultAreaCode: z
      .string()
      .refine((code) => code.trim() === '' || readAreaCode(code) !== null)
      .transform((code) => (code.trim() === '' ? '' : (readAreaCode(code) ?? code)))
      .optional(),
    /** Only stricter than the spec's advice: at least 1,000 ms between uploads, at most 1,000 cases a chunk. */
    uploadSpacingMs: z.number().int().min(1000).max(60_000).optional(),
    chunkMaxCases: z.number().int().min(1).max(1000).optional(),
    chunkMaxBytes: z
      .number()
      .int()
      .min(10_000)
      .max(2 * 1024 * 1024)
      .optional(),
    /** Fully uploaded batches, downloaded results, recordings and imported files go after this many days. */
    retentionDays: z.number().int().min(1).max(3650).optional(),
    /** When debtors may be called; campaigns outside them are warned about, not refused. */
    contactHours: ContactHours.optional(),
  }),
  /** The audit trail, newest first: from a day (this computer's midnight) or an instant on. */
  'audit:list': z.object({ since: z.union([IsoDate, z.iso.datetime({ offset: true })]).optional(), limit: z.number().int().min(1).max(10_000).default(200) }),
  /** Deletes a batch with its cases, issues, upload queue and imported file; refused while in doubt or uploading. */
  'batches:delete': z.object({ batchId: Id }),
  /** What is stored of a campaign's results, and until when it is kept. */
  'results:stored': z.object({ environment: Env, campaignId: Id }),
  /** Deletes a campaign's stored results and recordings; the next download starts over. */
  'results:delete': z.object({ environment: Env, campaignId: Id }),
  /** Purges now what is older than the retention setting (it also runs at start and daily). */
  'retention:purge': z.object({}),
  /** What a wipe would delete, and where the data key is kept. */
  'workstation:wipePlan': z.object({}),
  /** Deletes everything CaseDesk keeps on this workstation, the data key included; the app starts over as new. */
  'workstation:wipe': z.object({ confirmation: z.enum([WIPE_WORDS.es, WIPE_WORDS.en]) }),
  /** The app's updates: checked in the background, installed at the next restart. */
  'updates:status': z.object({}),
  /** Installs a downloaded update now (the app restarts); not while an upload runs. */
  'updates:restart': z.object({}),
  /** A zip for IT: versions, policy, settings, store counts, recent log and audit lines, connectivity; no personal data or secret. */
  'diagnostics:export': z.object({}),
  /** The do-not-contact ledger: this workstation's entries and the organization's shared list (read-only). */
  'ledger:list': z.object({
    /** A phone written any way, the first digits of phones, or a code (any spelling of the person it names). */
    search: z.string().max(200).optional(),
    /** The page of the organization's list: it may hold millions of entries, never all sent at once. */
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(100),
  }),
  /** One phone (written any way, Argentine rules) or one case code; the same value and creditor again replaces it. */
  'ledger:add': z
    .object({
      phone: z.string().trim().min(1).max(200).optional(),
      code: z.string().trim().min(1).max(200).optional(),
      reason: z.enum(LEDGER_REASONS).default('other'),
      /** The last day it applies (YYYY-MM-DD). */
      until: IsoDate.nullable().optional(),
      creditor: z.string().trim().max(200).optional(),
    })
    .refine((e) => (e.phone === undefined) !== (e.code === undefined), { params: { problem: 'one_of', keys: ['phone', 'code'] }, path: ['phone'] }),
  'ledger:remove': z.object({ id: Id }),
  /** A list from an .xlsx/.csv (received with files:receive or files:open): rows without a reason take `reason`. */
  'ledger:import': z.object({ fileId: FileId, mapping: LedgerMapping.optional(), reason: z.enum(LEDGER_REASONS).default('other') }),
} as const;

export type ProcedureName = keyof typeof procedures;

/**
 * Procedures that name files of the machine by path. Only a surface created for the CLI, which the
 * user runs in their own shell, answers them; the renderer and the browser host are refused.
 */
export const localOnlyProcedures: ReadonlySet<ProcedureName> = new Set<ProcedureName>(['files:open']);
export type ProcedureInput<N extends ProcedureName> = z.input<(typeof procedures)[N]>;

export interface EnvironmentInfo {
  name: Environment;
  baseUrl: string | null;
  /** Demo's address is chosen when its service starts. */
  builtIn: boolean;
  /** The organization's policy fixes its address (shown locked). */
  managed: boolean;
  /** False when the policy turns it off (Demo with allow_demo false; a service address it does not allow). */
  allowed: boolean;
}

/** What the renderer may know of a session: never a token. */
export interface SessionStatus {
  environment: Environment;
  signedIn: boolean;
  state: 'signed-out' | 'active' | 'expired';
  email: string | null;
  baseUrl: string | null;
}

export interface ProcedureOutputs {
  'environments:list': EnvironmentInfo[];
  'environments:setBaseUrl': EnvironmentInfo;
  'session:signIn': SessionStatus;
  'session:signOut': SessionStatus;
  'session:status': SessionStatus;
  'bots:list': BotView[];
  'campaigns:list': CampaignListItemView[];
  'campaigns:show': CampaignView;
  'inbound:list': InboundCaseView[];
  'campaigns:create': CampaignOutcome;
  'campaigns:action': CampaignOutcome;
  /** nextContactDay: the first day the contact calendar allows calling, what a new campaign starts on by default. */
  'campaigns:checkSchedule': { warnings: CampaignScheduleWarning[]; nextContactDay: string };
  'campaigns:checkStart': CampaignOutcome;
  'batches:prepare': PrepareSummary;
  'batches:cancelPrepare': { cancelled: boolean };
  'batches:list': BatchSummary[];
  'batches:get': BatchSummary & { maxPhonePriority: number; issues: { errors: number; warnings: number; fixes: number; rowErrors: number } };
  'batches:inspect': FileInspection;
  'batches:editCase': BatchCaseView;
  'batches:bulkFix': { changed: number };
  'batches:exportErrors': FileDownload;
  'batches:exportClean': FileDownload;
  'batches:importCorrections': { updated: number; unchanged: number; nowReady: number; stillRejected: number; unknownCodes: string[]; alreadySent: string[] };
  'batches:cases': BatchCaseView[];
  'batches:countCases': number;
  'batches:caseKinds': CaseKindView[];
  /** duplicates: cases flagged now; changed: cases whose duplicate (or recounted shared-phone) warnings changed. */
  'batches:checkDuplicates': { duplicates: number; changed: number };
  /**
   * cases: newly suppressed; phones: taken off; held: the first of them by code; released: cases an entry
   * removed or expired gave back; notices: the organization's list could not be read (what it held stays).
   */
  /** over: cases with more phones than the campaign takes; phones: how many it takes (max_phone_priority + 1). */
  'batches:phoneFit': { over: number; phones: number };
  'batches:checkLedger': {
    cases: number;
    phones: number;
    held: { code: string; suppressed: boolean; phones: string[] }[];
    released: number;
    notices: Notice[];
  };
  'batches:issues': IssueView[];
  /** next: the afterCaseId of the next page; null after the last. */
  'batches:issuePage': { issues: IssueView[]; next: number | null; nextRowId: number | null };
  /** The exact JSON object uploading the ready cases would send (all chunks merged). */
  'batches:payload': { json: string; cases: number; chunks: number };
  'sync:upload': UploadSummary;
  'sync:cancel': { cancelled: boolean };
  'sync:checkUpload': { notices: Notice[] };
  'batches:setCampaignDraft': { batchId: number; draft: boolean };
  'results:download': { cases: number; changedCases: number; calls: number; recordings: number; recordingsSkipped: number; cancelled: boolean };
  'downloads:cancel': { cancelled: boolean };
  'results:cases': { total: number; cases: ResultCaseRow[] };
  'results:calls': ResultCall[];
  'results:case': ResultCaseRow | null;
  'results:export': FileDownload;
  'results:summary': CampaignResultsSummary;
  'results:promises': PromiseListItem[];
  'results:exportPromises': FileDownload;
  'campaigns:followup': FollowupSummary;
  'recordings:get': { contentType: string; format: string; base64: string } | null;
  'inbound:download': { cases: number; changedCases: number; recordings: number; recordingsSkipped: number; cancelled: boolean };
  'inbound:cases': InboundCaseView[];
  'files:receive': ReceivedFileInfo;
  'files:receiveStart': { receiveId: string };
  'files:receivePart': { received: number };
  'files:receiveEnd': ReceivedFileInfo;
  'files:open': ReceivedFileInfo;
  'templates:list': { creditor: string; headerSignature: string; mapping: MappingFile }[];
  'settings:get': Settings;
  'settings:set': Settings;
  'audit:list': AuditListing;
  'batches:delete': DeletedBatch;
  'results:stored': StoredResultsView;
  'results:delete': DeletedResults;
  'retention:purge': PurgeReport;
  'workstation:wipePlan': WipePlan;
  'workstation:wipe': WipeReport;
  'updates:status': UpdateState;
  'updates:restart': { outcome: UpdateRestartOutcome; state: UpdateState };
  'diagnostics:export': FileDownload;
  'ledger:list': LedgerListing;
  'ledger:add': { entry: LedgerEntry; created: boolean };
  /** `released`: cases not yet sent that the entry held back and that are callable again. */
  'ledger:remove': { removed: LedgerEntry; released: number };
  'ledger:import': LedgerImportSummary;
}

/**
 * A campaign as the service answered, and what its start day and call window warn about (holidays,
 * Sundays, contact hours): warnings, never refusals. Stopping or ending a campaign warns of nothing.
 */
export interface CampaignOutcome {
  campaign: CampaignView;
  warnings: CampaignScheduleWarning[];
}
export type { CampaignScheduleWarning, CampaignScheduleWarningCode, ContactHours, Weekday } from '../domain/contact-calendar';
export type { BotView, CampaignListItemView, CampaignView, InboundCaseView, ResultCallView, ResultCaseView } from '../domain/service-views';

/** A stored campaign case, with what CaseDesk counts it as. */
export type ResultCaseRow = ResultCaseView & { figures: ResultCaseFigures };

/** A stored call, with which of the case's phones it went to (1-based, or null). */
export type ResultCall = ResultCallView & { phoneIndex: number | null };

/** The audit trail as read back, and whether its chain of hashes still holds from the first entry to the head the store kept. */
export interface AuditListing {
  /** Each with the readable names of who acted and which file, from the store (the files hold their ids). */
  entries: ShownAuditEntry[];
  chainOk: boolean;
  /** Where the chain breaks (an entry edited or removed, older files or the latest entries gone, entries added after the kept head: `count` of them). */
  breaks: { seq: number | null; reason: string; count?: number }[];
  /** Lines that could not be read (a crash while writing leaves at most one). */
  unreadable: number;
}

/** A file for the agent to save (exports). */
export interface FileDownload {
  name: string;
  contentType: string;
  base64: string;
}

export interface BatchSummary {
  id: number;
  environment: Environment;
  name: string;
  campaignId: number | null;
  /** The name of a campaign prepared offline for this batch, created at its first upload. */
  campaignDraft: string | null;
  createdAt: string;
  counts: Record<CaseStatus, number>;
  /** skipped: cases whose code the campaign already held at upload (sent only if the agent asks). */
  upload: { pending: number; loaded: number; rejected: number; inDoubt: number; skipped: number };
  /** Cases flagged as duplicates (their code in another batch not yet uploaded, or in the campaign), as last checked. */
  duplicates: number;
  /** Fully uploaded batches go on this date (retention); null: kept until the agent deletes it. */
  keptUntil: string | null;
  /**
   * Skipped cases changed after the upload skipped them, neither loaded again nor excluded: while
   * there is one, the batch is kept (keptUntil null) so the correction is not lost.
   */
  correctedSkipped: number;
}

export interface BatchCaseView {
  id: number;
  code: string;
  firstName: string;
  lastName: string;
  phones: string[];
  products: ProductView[];
  params: Record<string, unknown>;
  sourceRows: number[];
  status: CaseStatus;
  uploadState: 'pending' | 'loaded' | 'rejected' | 'in_doubt' | 'skipped';
  /** Why it was rejected, skipped, left in doubt or taken as loaded: a code of the catalog and its params, worded by each face. */
  uploadDetail: UploadDetail | null;
  /** The agent can still change it: pending, or skipped (sent as edited only if loaded again). */
  editable: boolean;
  issueCounts: { errors: number; warnings: number; fixes: number };
}

export interface CaseKindView {
  kind: string;
  severity: 'error' | 'warning' | 'fix';
  /** Cases with at least one issue of this kind. */
  cases: number;
}

export interface IssueView {
  /** "row:7" or "case:12:3" (see the store's listIssues): a key, not a number to compute with. */
  id: string;
  code: string | null;
  severity: 'error' | 'warning' | 'fix';
  /** The case's field it is about, as the surface names it: firstName, phones, products[0].debtCode, … */
  field: string;
  rows: number[];
  kind: string;
  /** Its words as data (domain/issue-texts): each face words it in its own language. */
  text: IssueText;
  before?: string | undefined;
  after?: string | undefined;
}

export interface UploadSummary {
  /**
   * The campaign the cases went to (created now when the batch carried a draft); null when stopped
   * before that drafted campaign was created.
   */
  campaignId: number | null;
  status: 'done' | 'paused' | 'needs-decision' | 'cancelled';
  loaded: number;
  /** code → why the case was not loaded: a code of the catalog (upload.detail.*) and its params, the service's words as its {reason}. */
  rejected: Record<string, UploadDetail>;
  pending: number;
  inDoubt: string[];
  requests: number;
  /**
   * What the do-not-contact ledger kept out in this run: cases suppressed, phones taken off cases, and
   * the first cases it held by code (HELD_NAMED of domain/ledger.ts), each with what it lost.
   */
  suppressed: { cases: number; phones: number; held: { code: string; suppressed: boolean; phones: string[] }[] };
  /** Cases of the batch not sent because the campaign already holds their codes (reloadDuplicates sends them). */
  skipped: { duplicates: number };
  /** E.g. the organization's do-not-contact list could not be read (code ledger.shared_unreadable). */
  notices: Notice[];
  /** Why it paused: a coarse code, and the failure (a code of the catalog and its params) that says it. */
  pause?: { code: string; failure: { code: FailureCode; params: Record<string, FailureParamValue> }; message: string };
}

/** Events pushed to whoever listens (renderer, CLI's stderr). */
export interface SurfaceEvents {
  'upload:progress': {
    batchId: number;
    activity: string;
    chunk?: number | undefined;
    chunks: number;
    loaded: number;
    rejected: number;
    pending: number;
    inDoubt: number;
    /** Why it waits: a code of the catalog (upload.progress.*) and its params, worded by each face. */
    note?: { code: FailureCode; params: Record<string, FailureParamValue> } | undefined;
  };
  'download:progress': { what: 'campaign' | 'inbound'; campaignId?: number | undefined; phase: string; done: number; total: number | null };
  /** Preparing the file handed over as fileId: its cases built and stored, of how many it has. */
  'prepare:progress': { fileId: string; done: number; total: number };
  /** A corrected report being written into batchId: its cases done, of how many the file has (0 while it is read). */
  'corrections:progress': { batchId: number; done: number; total: number };
  /** A batch's file being written (batches:exportErrors, batches:exportClean): its cases and reasons done, of how many. */
  'export:progress': { batchId: number; file: 'errors' | 'clean'; done: number; total: number };
  /** The updater's state changed (the desktop app only). */
  'updates:state': UpdateState;
}

/** The events of long work that every face passes on to its screens as they come. */
export const PROGRESS_EVENTS = [
  'upload:progress',
  'download:progress',
  'prepare:progress',
  'corrections:progress',
  'export:progress',
] as const satisfies readonly (keyof SurfaceEvents)[];

export type { FailureClass, FailureCode, FailureParamValue } from '../domain/failures/failure';

/**
 * A failure as it crosses the boundary: a stable code of the failure catalog (src-main/domain/failures)
 * and its params; each face words it in its language (failureClass(code) gives its coarse class).
 */
export interface SurfaceError {
  code: FailureCode;
  /** The English words, for logs and scripts; screens and the CLI word the code themselves. */
  message: string;
  /** For 'app.internal': the id of the line in the diagnostic log that tells IT what failed. */
  incident?: string | undefined;
  /** What the failure is about: its words' placeholders, and ids and figures (e.g. {batchId, inDoubt}). */
  params?: Record<string, FailureParamValue> | undefined;
}

/** Every answer crosses the boundary as data (Signal's envelope). */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: SurfaceError };
