// What makes a prepared case a duplicate, in one list: the store keys the grid's duplicates filter by
// it, preparation writes these kinds, the renderer names the filter after them. Pure.

/**
 * Issue kinds that mark a case whose code is already elsewhere: in another batch of the environment
 * not yet uploaded, or in the target campaign. 'already-uploaded' is what batches prepared before
 * duplicates were checked call the second; a re-check replaces it.
 */
export const DUPLICATE_ISSUE_KINDS = ['duplicate-other-batch', 'duplicate-in-campaign', 'already-uploaded'] as const;

export function isDuplicateKind(kind: string): boolean {
  return (DUPLICATE_ISSUE_KINDS as readonly string[]).includes(kind);
}
