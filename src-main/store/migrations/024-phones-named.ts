// From this version on a case's issues may name its stored phones too (issue-codec.ts namableTexts),
// and a text param (a dropped phone's spelling, most often) any text of its row: about 22 bytes a
// case, which lets the cases' table hold a row more a page. Nothing to convert: issues stored before
// name only texts that keep their places. The step is recorded so that an older CaseDesk refuses
// this store (store.newer_version) instead of failing on a place it cannot read.
export const up = `SELECT 1;`;
