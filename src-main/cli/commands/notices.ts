// Notices of a summary (a stable code and its values) as one line for stderr.
import type { Notice } from '../../preparation/preparation-types';

export function noticeLine(n: Notice): string {
  const p = n.params;
  switch (n.code) {
    case 'ledger.shared_unreadable':
      return `warning ${n.code}: the organization's do-not-contact list ${p.file} could not be read (${p.reason}); it was not applied.`;
    case 'ledger.shared_bad_rows':
      return `warning ${n.code}: ${p.rows} row(s) of the organization's do-not-contact list ${p.file} could not be used (the first: row ${p.firstRow}${p.firstColumn ? `, column ${p.firstColumn}` : ''}, ${p.firstProblem}).`;
    default:
      return `warning ${n.code}: ${JSON.stringify(p)}`;
  }
}
