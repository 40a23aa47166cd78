// The data key's failures: a stable code of the catalog's `key.*` and where.
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';

export type DataKeyFailureCode = Extract<FailureCode, `key.${string}`>;

/** The data folder's key cannot be had (missing, refused by policy, damaged, readable by others): a stable code and where. */
export class DataKeyError<C extends DataKeyFailureCode = DataKeyFailureCode> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'DataKeyError';
  }
}
