// A case as preparation builds it and the store keeps it: one definition for both. Pure.
import type { Product } from '../contract';
import type { CaseStatus } from './case-status';

/** A debtor's case: the values that are sent (code, names, phones, products, params) and where they came from. */
export interface CaseRecord<S extends CaseStatus = CaseStatus> {
  code: string;
  firstName: string;
  lastName: string;
  phones: string[];
  /** As the wire names them (snake_case): they are sent as they are. */
  products: Product[];
  params: Record<string, unknown>;
  /** Spreadsheet rows (1-based, as the agent sees them) the case came from. */
  sourceRows: number[];
  status: S;
}

/** What preparation decides; 'excluded' is only ever the agent's choice. */
export type PreparedStatus = Exclude<CaseStatus, 'excluded'>;
