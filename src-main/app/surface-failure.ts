import type { Environment } from '../domain/environments';
import { Failure, type FailureCode, type FailureParams } from '../domain/failures/failure';
import type { Db } from '../sqlite/sqlcipher';
import { getBatch, type BatchRefusal } from '../store';

/**
 * A failure reported on purpose, by a service or a handler: a catalog code and its params (the words
 * are the edges'). The surface hands it on whole; named for where it ends up.
 */
export class SurfaceFailure<C extends FailureCode = FailureCode> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'SurfaceFailure';
  }
}

/** A store's refusal of a batch (it names only its code) as a failure with what its words need. */
export function batchRefusalFailure(db: Db, err: BatchRefusal, at: { batchId: number; environment: Environment; campaignId?: number }): SurfaceFailure {
  const { batchId, environment } = at;
  const batch = getBatch(db, batchId);
  switch (err.code) {
    case 'batch.missing':
      return new SurfaceFailure('batch.not_found', { batchId });
    case 'batch.other_environment':
      return new SurfaceFailure('batch.other_environment', { batchId, batchEnvironment: batch?.environment ?? '', environment });
    case 'batch.other_campaign':
      return new SurfaceFailure('batch.other_campaign', { batchId, batchCampaignId: batch?.campaignId ?? '', campaignId: at.campaignId ?? '' });
    case 'work.busy':
      return new SurfaceFailure('upload.running', { batchId });
  }
}
