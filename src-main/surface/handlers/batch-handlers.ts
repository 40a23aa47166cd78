// Preparing batches offline: import a file, page its cases, list issues, build the payload.
import { readFile } from 'node:fs/promises';
import { caseKeyedJson } from '../../contract';
import { uploadEntry } from '../../preparation/build/build-cases';
import { ReadError } from '../../preparation/reading/read-errors';
import { uploadChunks } from '../../preparation/payload/upload-chunks';
import { MappingError } from '../../preparation/build/build-cases';
import { PrepareError, prepareBatch } from '../../preparation/prepare-batch';
import { countCasesByStatus, getBatch, listBatches, listIssues, pageBatchCases, uploadCounts } from '../../store';
import type { Handlers } from '../surface';
import { SurfaceFailure } from '../surface-failure';

export const batchHandlers: Pick<Handlers, 'batches:prepare' | 'batches:list' | 'batches:cases' | 'batches:issues' | 'batches:payload'> = {
  async 'batches:prepare'(ctx, input) {
    try {
      await readFile(input.file).catch(() => {
        throw new SurfaceFailure('invalid-input', `Cannot open ${input.file}.`);
      });
      return await prepareBatch(ctx.store, input.file, { ...input, environment: input.environment ?? ctx.currentEnvironment() });
    } catch (err) {
      if (err instanceof ReadError || err instanceof PrepareError || err instanceof MappingError) throw new SurfaceFailure('invalid-input', err.message);
      throw err;
    }
  },

  async 'batches:list'(ctx, input) {
    const env = input.environment ?? ctx.currentEnvironment();
    return listBatches(ctx.store.db, env).map((b) => ({
      id: b.id,
      environment: b.environment,
      name: b.name,
      campaignId: b.campaignId,
      createdAt: b.createdAt,
      counts: countCasesByStatus(ctx.store.db, b.id),
      upload: uploadCounts(ctx.store.db, b.id),
    }));
  },

  async 'batches:cases'(ctx, { batchId, status, afterId, limit }) {
    requireBatch(ctx.store.db, batchId);
    return pageBatchCases(ctx.store.db, batchId, { status, afterId, limit }).map(({ batchId: _b, ...view }) => view);
  },

  async 'batches:issues'(ctx, { batchId, severity }) {
    requireBatch(ctx.store.db, batchId);
    return listIssues(ctx.store.db, batchId, { severity }).map(({ caseId: _c, ...view }) => view);
  },

  async 'batches:payload'(ctx, { batchId }) {
    requireBatch(ctx.store.db, batchId);
    const entries: [string, unknown][] = [];
    let chunks = 0;
    for (let afterId = 0; ; ) {
      const page = pageBatchCases(ctx.store.db, batchId, { limit: 1000, afterId });
      if (page.length === 0) break;
      for (const c of page) if (c.status === 'ready' || c.status === 'warning') entries.push([c.code, uploadEntry(c)]);
      afterId = page[page.length - 1]?.id ?? afterId;
    }
    for (const _ of uploadChunks(entries)) chunks += 1;
    return { json: caseKeyedJson(entries), cases: entries.length, chunks };
  },
};

function requireBatch(db: Parameters<typeof getBatch>[0], batchId: number): void {
  if (!getBatch(db, batchId)) throw new SurfaceFailure('not-found', `Batch ${batchId} does not exist.`);
}
