// Case issues written from this version on keep their kind, severity and (mostly) field as numbers
// (issue-codec.ts). Nothing to convert: the names stored before still read the same. The step is
// recorded so that an older CaseDesk refuses this store (store.newer_version) instead of misreading
// its issues.
export const up = `SELECT 1;`;
