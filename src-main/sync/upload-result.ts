// What an upload answers: the batch's cases as they stand after it, and what the run itself did.
import type { FailureData } from '../domain/failures/failure';
import type { UploadDetail } from '../domain/upload-detail';
import { casesInDoubt, rejectedCases, uploadCounts, type Db } from '../store';
import type { LedgerOutcome } from './ledger-before-upload';

export type PauseCode = 'refused' | 'forbidden' | 'not-found' | 'server' | 'offline' | 'session-expired' | 'contract';

export interface UploadResult {
  status: 'done' | 'paused' | 'needs-decision' | 'cancelled';
  loaded: number;
  /** Each case the service did not take, with why (the service's words only as a detail's {reason}). */
  rejected: { code: string; detail: UploadDetail }[];
  pending: number;
  inDoubt: string[];
  requests: number;
  /** What the ledger kept out in this run: cases suppressed, phones taken off cases, and the first cases it held (named). */
  suppressed: LedgerOutcome;
  /** Cases of the batch not sent because the campaign already held their codes (see ./duplicates-before-upload.ts). */
  skipped: { duplicates: number };
  pause?: UploadPause;
}

/** Why an upload paused: its coarse code, and the failure that says it (a code of the catalog, its params). */
export interface UploadPause {
  code: PauseCode;
  failure: FailureData;
  /** The failure's English, for logs and scripts. */
  message: string;
}

/** What one run did beside the batch's counts. */
export interface RunFigures {
  requests: number;
  suppressed: LedgerOutcome;
}

/** A run that did nothing: stopped before it began. */
export const NOTHING_RUN: RunFigures = { requests: 0, suppressed: { cases: 0, phones: 0, held: [] } };

/** The batch as it stands, as the result of a run that ended with `status` having done `run`. */
export function uploadResult(db: Db, batchId: number, status: UploadResult['status'], run: RunFigures, pause?: UploadPause): UploadResult {
  const c = uploadCounts(db, batchId);
  return {
    status,
    loaded: c.loaded,
    rejected: rejectedCases(db, batchId),
    pending: c.pending,
    inDoubt: casesInDoubt(db, batchId).map((x) => x.code),
    requests: run.requests,
    suppressed: run.suppressed,
    skipped: { duplicates: c.skipped },
    ...(pause ? { pause } : {}),
  };
}
