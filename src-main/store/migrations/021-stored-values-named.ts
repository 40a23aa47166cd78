// From this version on a case's row names what it already holds instead of repeating it: its raw rows
// name the stored first and last name and a product's operation and product
// (preparation/build/raw-rows.ts), and a fix's before and after name a text of those rows or of the
// stored products (issue-codec.ts namableTexts): about 90 bytes a case. Nothing to convert: rows
// stored before still read the same. The step is recorded so that an older CaseDesk refuses this
// store (store.newer_version) instead of misreading it.
export const up = `SELECT 1;`;
