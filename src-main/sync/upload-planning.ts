// Cutting a batch's ready cases into the chunks an upload sends, and a chunk's cases into its body.
import { uploadEntry } from '../preparation/build/build-cases';
import { uploadChunks, type ChunkLimits } from '../preparation/payload/upload-chunks';
import { addChunks, unplannedCases, type QueuedCase, type Store } from '../store';

/** Cases planned a page at a time, and their chunks stored as they fill: a million-case batch is never held whole. */
const PLANNING_PAGE = 10_000;
const CHUNKS_PER_WRITE = 50;

/**
 * The batch's ready cases not yet in a chunk, cut into chunks in id order and stored. A run stopped
 * half way leaves the rest unplanned, and the next run plans it.
 */
export function planChunks(db: Store['db'], batchId: number, campaignId: number, limits: ChunkLimits): void {
  const ids = new Map<string, number>();
  let planned: { caseIds: number[]; bytes: number }[] = [];
  function* entries() {
    for (let afterId = 0; ;) {
      const page = unplannedCases(db, batchId, afterId, PLANNING_PAGE);
      if (page.length === 0) return;
      afterId = (page.at(-1) as QueuedCase).id;
      for (const c of page) {
        ids.set(c.code, c.id);
        yield [c.code, entryOf(c)] as const;
      }
    }
  }
  for (const chunk of uploadChunks(entries(), limits)) {
    planned.push({ caseIds: chunk.codes.map((code) => ids.get(code) as number), bytes: chunk.bytes });
    for (const code of chunk.codes) ids.delete(code);
    if (planned.length < CHUNKS_PER_WRITE) continue;
    addChunks(db, batchId, campaignId, planned);
    planned = [];
  }
  if (planned.length > 0) addChunks(db, batchId, campaignId, planned);
}

function entryOf(c: QueuedCase) {
  return uploadEntry({ firstName: c.firstName, lastName: c.lastName, phones: c.phones, products: c.products as never, params: c.params });
}

/** The request body of these cases, as one chunk. */
export function bodyOf(cases: readonly QueuedCase[]): string {
  const [only] = [
    ...uploadChunks(
      cases.map((c) => [c.code, entryOf(c)] as const),
      { maxCases: 1000, maxBytes: Number.MAX_SAFE_INTEGER },
    ),
  ];
  return only?.json ?? '{}';
}
