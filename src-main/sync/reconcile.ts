// Deciding what an unanswered upload did, by reading back the campaign's cases.
//
// How the match is made: the service shows each loaded case's uploaded code in `params.code`
// (SPEC-GAPS row 20). A code may legitimately be on the server already (another batch loaded it to
// the same campaign), so we compare counts: if the server has the code more times than our store
// says other batches loaded it, this chunk's case was loaded; if exactly as many, it was not.
// If any case on the server has no `params.code`, codes cannot be read back at all: undecidable.
import type { ServiceClient } from '../client';
import { uploadDetails, type UploadDetail } from '../domain/upload-detail';

export type ReadBack = { decidable: true; counts: Map<string, number> } | { decidable: false; reason: UploadDetail };

export async function readBackCodes(client: ServiceClient, campaignId: number, signal?: AbortSignal): Promise<ReadBack> {
  const counts = new Map<string, number>();
  for await (const page of client.campaignCasePages(campaignId)) {
    signal?.throwIfAborted();
    for (const c of page.results) {
      const code = c.params.code;
      if (typeof code !== 'string') return { decidable: false, reason: uploadDetails.codesNotShown };
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
  }
  return { decidable: true, counts };
}

export interface Verdict {
  loaded: number[];
  missing: number[];
}

/** Splits the chunk's cases into loaded and missing, given the server's counts and the expected prior ones. */
export function judge(
  cases: readonly { id: number; code: string }[],
  serverCounts: ReadonlyMap<string, number>,
  priorCounts: ReadonlyMap<string, number>,
): Verdict {
  const loaded: number[] = [];
  const missing: number[] = [];
  for (const c of cases) {
    if ((serverCounts.get(c.code) ?? 0) > (priorCounts.get(c.code) ?? 0)) loaded.push(c.id);
    else missing.push(c.id);
  }
  return { loaded, missing };
}
