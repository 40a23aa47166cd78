// A case whose raw rows name the rows it was built from, in order, leaves source_rows_json '' (each
// packed raw row starts with its row number: store/source-rows.ts). Cases stored before keep theirs,
// so nothing is rewritten. The step changes no schema: it is recorded so that an older CaseDesk, which
// reads the column as JSON, refuses the store (store.newer_version) rather than fail on ''. An older
// CaseDesk already running when this one migrates fails loudly on such a case (app.internal), as it
// does on a flat list of issues (migration 28): it misreads nothing.
export const up = `SELECT 1;`;
