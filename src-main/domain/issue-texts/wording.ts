// Which words an issue gets: its kind and params (as preparation stores them) → a catalog code and
// the params its words need. Pure; the variants (a reason, a list, a field's label, a missing
// value) are chosen here once, so every edge says the same.
import type { IssueText, IssueTextCode, IssueTextParam } from './issue-text';

/** What a dropped phone piece's message says; the reasons of numbers that cannot be real name their values. */
export type PhoneDropParams = {
  before: string;
  why: string;
  same?: string;
  pattern?: string;
  area?: string | null;
  subscriber?: string;
  digits?: number;
  needed?: number;
  national?: string;
};

type LedgerSource = 'own' | 'shared';
type BeforeAfter = { before: string; after: string };

/** Each kind of issue a case can carry and the params stored with it. */
export interface IssueParamsByKind {
  'phone-fixed': BeforeAfter;
  'phone-dropped': PhoneDropParams;
  'phone-duplicate': { phone: string };
  'no-valid-phones': Record<string, never>;
  'too-many-phones': { kept: number; total: number };
  'name-differs': { field: string; first: string; other: string };
  'name-missing': { field: string };
  'amount-fixed': BeforeAfter;
  'amount-ambiguous': BeforeAfter;
  'amount-invalid': { before: string; why: string };
  'date-fixed': BeforeAfter;
  'date-invalid': { before: string; why: string };
  'product-field-missing': { field: string };
  'service-rule': { detail: string };
  'cuit-check-digit': { code: string; expected: number | null };
  'dni-out-of-range': { code: string; value: number };
  'already-uploaded': { campaign: number; batch: number };
  'duplicate-other-batch': { batch: number };
  'duplicate-in-campaign': { campaign: number; batch: number | null };
  'shared-phone': { phone: string; debtors: number };
  'suppressed-phone': { phone: string; reason: string; entry: number; source: LedgerSource };
  'suppressed-code': { reason: string; entry: number; source: LedgerSource };
  'suppressed-no-phones': { count: number };
  'ledger-released': BeforeAfter;
  edited: { field: string; before: string; after: string };
}

export type IssueKind = keyof IssueParamsByKind;

/** Rows that became no case, and what is stored with them. */
export interface RowIssueParamsByKind {
  'no-code': { row: number; column: string };
}

export type RowIssueKind = keyof RowIssueParamsByKind;

const text = (code: IssueTextCode, params: Record<string, IssueTextParam> = {}): IssueText => ({ code, params });
const verbatim = (words: string): IssueText => text('issue.verbatim', { text: words });

const REASONS: Record<string, IssueTextCode> = {
  empty: 'issue.reason.empty',
  'not-a-number': 'issue.reason.not_a_number',
  negative: 'issue.reason.negative',
  impossible: 'issue.reason.impossible',
  unreadable: 'issue.reason.unreadable',
  extension: 'issue.reason.extension',
  junk: 'issue.reason.junk',
  'no-area-code': 'issue.reason.no_area_code',
  invalid: 'issue.reason.invalid',
  duplicate: 'issue.reason.duplicate',
};

/** A normalizer's machine reason in words; one this catalog does not know is shown as it is. */
const reason = (why: string): IssueText => (Object.hasOwn(REASONS, why) ? text(REASONS[why] as IssueTextCode) : verbatim(why));

function phoneReason(p: PhoneDropParams): IssueText {
  switch (p.why) {
    case 'duplicate':
      return p.same === undefined ? reason('duplicate') : text('issue.phone_reason.same_number', { same: p.same });
    case 'placeholder':
      return text(p.pattern === 'sequence' ? 'issue.phone_reason.placeholder_sequence' : 'issue.phone_reason.placeholder_repeated');
    case 'subscriber-starts-0-1': {
      const first = p.subscriber?.[0] ?? '0';
      return p.area ? text('issue.phone_reason.starts_0_1_after_area', { first, area: p.area }) : text('issue.phone_reason.starts_0_1', { first });
    }
    case 'too-short-after-15':
      return p.area
        ? text('issue.phone_reason.too_short_after_15_area', { digits: p.digits ?? '', area: p.area, needed: p.needed ?? '' })
        : text('issue.phone_reason.too_short_after_15', { digits: p.digits ?? '', needed: p.needed ?? '' });
    case 'unknown-area-code':
      return text('issue.phone_reason.unknown_area_code');
    default:
      return reason(p.why);
  }
}

const LEDGER_REASONS: Record<string, IssueTextCode> = {
  'debtor-asked': 'issue.dnc_reason.debtor_asked',
  'wrong-number': 'issue.dnc_reason.wrong_number',
  deceased: 'issue.dnc_reason.deceased',
  legal: 'issue.dnc_reason.legal',
  'creditor-instruction': 'issue.dnc_reason.creditor_instruction',
  other: 'issue.dnc_reason.other',
};
const ledgerReason = (why: string): IssueText => (Object.hasOwn(LEDGER_REASONS, why) ? text(LEDGER_REASONS[why] as IssueTextCode) : verbatim(why));
const ledgerList = (source: LedgerSource): IssueText => text(source === 'shared' ? 'issue.dnc_list.shared' : 'issue.dnc_list.own');

const FIELDS: Record<string, IssueTextCode> = {
  first_name: 'issue.field.first_name',
  last_name: 'issue.field.last_name',
  phones: 'issue.field.phones',
  status: 'issue.field.status',
  case: 'issue.field.case',
  code: 'issue.field.code',
  debt_code: 'issue.field.debt_code',
  pid: 'issue.field.pid',
  sub_id: 'issue.field.sub_id',
  debt: 'issue.field.debt',
  expiration: 'issue.field.expiration',
};
const fieldName = (field: string): IssueText => (Object.hasOwn(FIELDS, field) ? text(FIELDS[field] as IssueTextCode) : verbatim(field));

/** "products[1].debt" → "Producto 2, saldo": field paths in the agent's words. */
function fieldLabel(field: string): IssueText {
  const product = /^products\[(\d+)\]\.(\w+)$/.exec(field);
  if (product) return text('issue.field.product_part', { number: Number(product[1]) + 1, part: fieldName(product[2] ?? '') });
  return fieldName(field);
}

const WORDING: { [K in IssueKind]: (p: IssueParamsByKind[K]) => IssueText } = {
  'phone-fixed': (p) => text('issue.phone_fixed', { before: p.before, after: p.after }),
  'phone-dropped': (p) => text('issue.phone_dropped', { before: p.before, reason: phoneReason(p) }),
  'phone-duplicate': (p) => text('issue.phone_duplicate', { phone: p.phone }),
  'no-valid-phones': () => text('issue.no_valid_phones'),
  'too-many-phones': (p) => text('issue.too_many_phones', { total: p.total, kept: p.kept }),
  'name-differs': (p) => text('issue.name_differs', { field: fieldName(p.field), other: p.other, first: p.first }),
  'name-missing': (p) => text('issue.name_missing', { field: fieldName(p.field) }),
  'amount-fixed': (p) => text('issue.amount_fixed', { before: p.before, after: p.after }),
  'amount-ambiguous': (p) => text('issue.amount_ambiguous', { before: p.before, after: p.after }),
  'amount-invalid': (p) => text('issue.amount_invalid', { before: p.before, reason: reason(p.why) }),
  'date-fixed': (p) => text('issue.date_fixed', { before: p.before, after: p.after }),
  'date-invalid': (p) => text('issue.date_invalid', { before: p.before, reason: reason(p.why) }),
  'product-field-missing': (p) => text('issue.product_field_missing', { field: fieldName(p.field) }),
  'service-rule': (p) => text('issue.service_rule', { detail: p.detail }),
  'cuit-check-digit': (p) =>
    p.expected === null ? text('issue.cuit_no_check_digit', { code: p.code }) : text('issue.cuit_check_digit', { code: p.code, expected: p.expected }),
  'dni-out-of-range': (p) => text('issue.dni_out_of_range', { code: p.code, value: p.value }),
  'already-uploaded': (p) => text('issue.already_uploaded', { campaign: p.campaign, batch: p.batch }),
  'duplicate-other-batch': (p) => text('issue.duplicate_other_batch', { batch: p.batch }),
  'duplicate-in-campaign': (p) =>
    p.batch === null
      ? text('issue.duplicate_in_campaign_results', { campaign: p.campaign })
      : text('issue.duplicate_in_campaign', { campaign: p.campaign, batch: p.batch }),
  'shared-phone': (p) => text('issue.shared_phone', { phone: p.phone, debtors: p.debtors }),
  'suppressed-phone': (p) => text('issue.suppressed_phone', { phone: p.phone, list: ledgerList(p.source), reason: ledgerReason(p.reason) }),
  'suppressed-code': (p) => text('issue.suppressed_code', { list: ledgerList(p.source), reason: ledgerReason(p.reason) }),
  'suppressed-no-phones': (p) => text('issue.suppressed_no_phones', { count: p.count }),
  'ledger-released': () => text('issue.ledger_released'),
  edited: (p) => text('issue.edited', { field: fieldLabel(p.field), before: p.before, after: p.after }),
};

const ROW_WORDING: { [K in RowIssueKind]: (p: RowIssueParamsByKind[K]) => IssueText } = {
  'no-code': (p) => text('issue.row_no_code', { row: p.row, column: p.column }),
};

/** Every kind of issue preparation puts on a case (the renderer has a name for each). */
export const ISSUE_KINDS = Object.keys(WORDING) as IssueKind[];

/**
 * Words stored before issue texts were data (see issue.legacy in the catalog): the store keeps them
 * as an issue's only param, `words`, so they travel like any other params.
 */
export interface LegacyWords {
  es: string;
  en: string;
}

export function legacyParams(es: string, en: string): { words: LegacyWords } {
  return { words: { es, en } };
}

const LEGACY_KEYS = new Set(['words', 'before', 'after']);

/** Words migration 10 kept: params holding those words and nothing but before and after (as it wrote them). */
function storedWords(params: Record<string, unknown>): LegacyWords | null {
  if (!Object.keys(params).every((key) => LEGACY_KEYS.has(key))) return null;
  const words = params.words as Partial<LegacyWords> | undefined;
  return typeof words === 'object' && words !== null && typeof words.es === 'string' && typeof words.en === 'string' ? { es: words.es, en: words.en } : null;
}

/** An issue's text: its kind's words with its params; a kind this CaseDesk does not know shows its name. */
export function issueText(issue: { kind: string; params?: Record<string, unknown> | undefined }): IssueText {
  const params = issue.params ?? {};
  const words = storedWords(params);
  if (words) return text('issue.legacy', { es: words.es, en: words.en });
  const word = (
    Object.hasOwn(WORDING, issue.kind)
      ? WORDING[issue.kind as IssueKind]
      : Object.hasOwn(ROW_WORDING, issue.kind)
        ? ROW_WORDING[issue.kind as RowIssueKind]
        : null
  ) as ((p: unknown) => IssueText) | null;
  return word ? word(params) : verbatim(issue.kind);
}
