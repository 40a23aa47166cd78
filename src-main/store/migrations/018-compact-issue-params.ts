// Case issues written from this version on store param names as numbers and, for issues about the
// case's own rows, 0 for those rows (issue-codec.ts). Nothing to convert: what was stored before
// still reads the same. The step is recorded so that an older CaseDesk refuses this store
// (store.newer_version) instead of misreading its issues.
export const up = `SELECT 1;`;
