// How a prepared case reads in the table and the drawer: statuses, money, phones, issue kinds, and
// its products lined up with the spreadsheet rows they came from.
import { renderIssueText } from '../../../../src-main/domain/issue-texts/issue-text';
import { readablePhone } from '../../../../src-main/domain/phone-display';
import type { BatchCaseView, IssueView } from '../../../../src-main/surface/procedures';
import { formatPesos } from '../campaigns/format';

export type CaseStatus = BatchCaseView['status'];
export type TagSeverity = 'success' | 'warn' | 'danger' | 'secondary' | 'info' | 'contrast';

export const STATUSES: readonly CaseStatus[] = ['ready', 'warning', 'rejected', 'excluded', 'suppressed'];

export function statusSeverity(status: CaseStatus): TagSeverity {
  switch (status) {
    case 'ready':
      return 'success';
    case 'warning':
      return 'warn';
    case 'rejected':
      return 'danger';
    case 'suppressed':
      return 'contrast';
    default:
      return 'secondary';
  }
}

export function issueSeverity(severity: IssueView['severity']): TagSeverity {
  return severity === 'error' ? 'danger' : severity === 'warning' ? 'warn' : 'info';
}

/** "phone-fixed" → "phoneFixed": the message key of an issue kind. */
export function kindKey(kind: string): string {
  return kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Sum of the products' amounts ("1234.56" strings), in cents; null without products. */
export function totalCents(c: Pick<BatchCaseView, 'products'>): number | null {
  if (c.products.length === 0) return null;
  let cents = 0;
  for (const p of c.products) {
    const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(p.debt);
    if (!match) continue;
    cents += Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }
  return cents;
}

export function formatMoney(cents: number | null, locale: string): string {
  return cents === null ? '—' : formatPesos(cents / 100, locale);
}

export { formatCount } from '../campaigns/format';

export const PRODUCT_KEYS = ['debtCode', 'pid', 'subId', 'debt', 'expiration'] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

export interface ProductDraft {
  /** Position among the case's rows (what batches:editCase calls `index`). */
  index: number;
  /** Spreadsheet row it came from. */
  row: number | undefined;
  /** False when an error keeps it out of what would be sent. */
  valid: boolean;
  /** Values as the drawer shows them; null when the app does not tell it (left unchanged). */
  values: Record<ProductKey, string | null>;
  /** Issues that name one of its fields, by field. */
  issues: Partial<Record<ProductKey, IssueView[]>>;
}

const PRODUCT_FIELD = /^products\[(\d+)\]\.(\w+)$/;

/**
 * The case's products, one per spreadsheet row. Products an error made invalid are not in
 * `products`; they are placed back at their position from the errors' field names, with the values
 * the issues tell (the cell as it was read, or as the agent last typed it).
 */
export function productDrafts(c: BatchCaseView, issues: readonly IssueView[]): ProductDraft[] {
  const count = Math.max(c.sourceRows.length, c.products.length);
  const byIndex = new Map<number, Map<string, IssueView[]>>();
  for (const issue of issues) {
    const match = PRODUCT_FIELD.exec(issue.field);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] ?? '';
    let fields = byIndex.get(index);
    if (!fields) byIndex.set(index, (fields = new Map()));
    fields.set(field, [...(fields.get(field) ?? []), issue]);
  }
  const invalid = new Set<number>();
  for (const [index, fields] of byIndex)
    for (const list of fields.values()) if (list.some((i) => i.severity === 'error' && i.kind !== 'edited')) invalid.add(index);
  const validIndexes = Array.from({ length: count }, (_, i) => i).filter((i) => !invalid.has(i));
  const aligned = validIndexes.length === c.products.length;
  const drafts: ProductDraft[] = [];
  let next = 0;
  for (let index = 0; index < count; index++) {
    const fields = byIndex.get(index) ?? new Map<string, IssueView[]>();
    const isValid = aligned ? !invalid.has(index) : index < c.products.length;
    const product = isValid ? c.products[aligned ? next++ : index] : undefined;
    const values = {} as Record<ProductKey, string | null>;
    const found = {} as Partial<Record<ProductKey, IssueView[]>>;
    for (const key of PRODUCT_KEYS) {
      const list = (fields.get(key) ?? []).filter((i) => i.kind !== 'edited');
      if (list.length > 0) found[key] = list;
      values[key] = product ? productValue(product, key) : rawValue(fields.get(key) ?? []);
    }
    drafts.push({ index, row: c.sourceRows[index], valid: isValid, values, issues: found });
  }
  return drafts;
}

/**
 * A product's value as the agent types it back: amounts and dates the Argentine way (152.340,50 and
 * 10/12/2026), which is how an edit is read first (see preparation/edit-batch).
 */
function productValue(p: BatchCaseView['products'][number], key: ProductKey): string {
  const value = p[key] ?? '';
  if (key === 'debt') return amountForTyping(value);
  if (key === 'expiration') return dateForTyping(value);
  return value;
}

/** "152340.50" → "152.340,50"; anything else as it is. */
export function amountForTyping(value: string): string {
  const m = /^(\d+)\.(\d{2})$/.exec(value);
  return m ? `${(m[1] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${m[2] ?? ''}` : value;
}

/** An issue's value after the change, written as the agent reads amounts and dates. */
export function shownAfter(issue: Pick<IssueView, 'kind' | 'after'>): string | undefined {
  if (issue.after === undefined) return undefined;
  if (issue.kind === 'amount-fixed' || issue.kind === 'amount-ambiguous') return amountForTyping(issue.after);
  if (issue.kind === 'date-fixed') return dateForTyping(issue.after);
  return issue.after;
}

/** "2026-12-10" → "10/12/2026"; anything else as it is. */
export function dateForTyping(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** What the cell held: the agent's last edit, else the value an issue quotes, else unknown. */
function rawValue(list: readonly IssueView[]): string | null {
  const edits = list.filter((i) => i.kind === 'edited' && i.after !== undefined);
  const lastEdit = edits[edits.length - 1];
  if (lastEdit) return lastEdit.after ?? null;
  if (list.some((i) => i.kind === 'product-field-missing')) return '';
  const quoted = list.find((i) => i.before !== undefined);
  return quoted?.before ?? null;
}

/** A dropped piece that is a number nobody can call as written (not another spelling of a kept one, nor an extension). */
function unusablePhone(i: IssueView): boolean {
  if (i.kind !== 'phone-dropped' || i.severity !== 'warning' || (i.before ?? '').trim() === '') return false;
  const why = i.text.params['reason'];
  return !(typeof why === 'object' && why.code === 'issue.reason.extension');
}

/** The phone issues the agent still has to act on: each names a text the case keeps but will not send. */
export function phoneProblems(issues: readonly IssueView[]): IssueView[] {
  return issues.filter(unusablePhone);
}

/**
 * The phones field as the agent left it: the numbers that will be sent, then what they typed that
 * will not be (kept in the case until fixed or taken out, so it never silently vanishes).
 */
export function phonesText(phones: readonly string[], issues: readonly IssueView[]): string {
  const kept = new Set(phones);
  const unsent = phoneProblems(issues)
    .map((i) => (i.before as string).trim())
    .filter((typed, at, all) => !kept.has(typed) && all.indexOf(typed) === at);
  return [...phones, ...unsent].join('\n');
}

/** An issue in the agent's language: vue-i18n's `t` words its catalog text, nested texts first (as the CLI's formatter does). */
export function issueMessage(issue: Pick<IssueView, 'text'>, t: (key: string, params: Record<string, string>) => string): string {
  return renderIssueText(issue.text, (code, params) => t(code, params), readablePhone);
}

export const SEVERITY_ORDER: Record<IssueView['severity'], number> = { error: 0, warning: 1, fix: 2 };
