// A case's issues are written as one flat list of their tuples (issue-codec.ts): the brackets around
// each tuple were a tenth of its issue bytes. Cases stored before keep their list of tuples, which is
// read as before, so nothing is rewritten. The step changes no schema: it is recorded so that an
// older CaseDesk, which reads only lists of tuples, refuses the store (store.newer_version) rather
// than misread a flat list.
export const up = `SELECT 1;`;
