// Which of the batch's cases the grid shows, as the agent set it, and the filter the surface is asked
// for (batches:cases, batches:countCases: the store filters, counts and pages). Only the parts that
// narrow the list are sent.
import type { ProcedureInput } from '../../../src-main/surface/procedures';
import type { CaseStatus } from './case-source';

export type StatusFilter = 'all' | CaseStatus;

export interface GridFilter {
  status: StatusFilter;
  /** Only cases with an issue of this kind. */
  kind: string | null;
  /** Only the cases whose code is already elsewhere (another batch not uploaded, or the campaign). */
  duplicates: boolean;
  /** Only the skipped cases corrected since the upload skipped them (what the kept-for-corrections notice counts). */
  corrected: boolean;
  search: string;
}

export type CaseFilterInput = Omit<ProcedureInput<'batches:countCases'>, 'batchId'>;

/** Every case of the batch: how a batch opens. */
export const WHOLE_BATCH: Readonly<GridFilter> = { status: 'all', kind: null, duplicates: false, corrected: false, search: '' };

/**
 * What the kept-for-corrections notice shows: the corrected cases and nothing else narrowing them, since
 * a status, kind or search left on from before could hide some of the cases the notice counts.
 */
export const CORRECTED_ONLY: Readonly<GridFilter> = { ...WHOLE_BATCH, corrected: true };

export function filterInput(f: GridFilter): CaseFilterInput {
  const text = f.search.trim();
  return {
    ...(f.status === 'all' ? {} : { status: f.status }),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.duplicates ? { duplicates: true } : {}),
    ...(f.corrected ? { corrected: true } : {}),
    ...(text ? { search: text } : {}),
  };
}

/** Whether the list shows less than the whole batch (an edit may then move a case in or out of it). */
export const isFiltered = (f: GridFilter): boolean => Object.keys(filterInput(f)).length > 0;
