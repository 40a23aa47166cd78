// A case's kinds of issue are kept in its keys (case_keys) and read from its issues, no longer in its
// issue_kinds column: cases written from now on leave it '' (13 bytes a case). Cases stored before keep
// theirs, unread, so nothing is rewritten. The step is recorded so that an older CaseDesk, which reads
// that column, refuses the store (store.newer_version) rather than find no kinds there.
export const up = `SELECT 1;`;
