// Notices of a summary (a stable code and its values) as stderr lines, worded from the notices' catalog in the
// run's --lang: `casedesk: warning CODE: …`, the code first so a script can pick it out.
import type { FailureLang } from '../../domain/failures/failure';
import { isNoticeCode, type NoticeCode } from '../../domain/failures/notice';
import type { Notice } from '../../preparation/preparation-types';
import { noteLine } from '../cli-globals';

export function noticeLine(n: Notice, lang: FailureLang): string {
  if (!isNoticeCode(n.code)) return `casedesk: warning ${n.code}: ${JSON.stringify(n.params)}\n`;
  // A bad row's first problem without a column is the whole row's: the words leave the column out.
  const words: NoticeCode = n.code === 'ledger.shared_bad_rows' && n.params.firstColumn === '' ? 'ledger.shared_bad_rows_no_column' : n.code;
  return noteLine('warning', { code: n.code, params: n.params }, lang, words);
}
