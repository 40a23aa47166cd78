// Which words an issue gets: its kind and params (as preparation stores them) → a catalog code and
// the params its words need. Pure; the variants (a reason, a list, a field's label, a missing
// value) are chosen here once, so every edge says the same.
import type { RuleCode, RuleParamsByCode, RuleViolation } from '../../contract/upload-rules';
import type { SpellingDifference } from '../person-key';
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

/** A broken service rule as its issue keeps it: the rule's code, where in the case, and the rule's params. */
export type ServiceRuleParams = { [K in RuleCode]: { rule: K; path: string } & RuleParamsByCode[K] }[RuleCode];

/** Issues stored before rules were data kept the service's English sentence alone. */
type StoredRuleDetail = { detail: string };

/** The params a 'service-rule' issue keeps for a violation (flat, like every other kind's). */
export function serviceRuleParams(v: RuleViolation): ServiceRuleParams {
  return { rule: v.rule, path: v.path, ...v.params } as ServiceRuleParams;
}

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
  'service-rule': ServiceRuleParams | StoredRuleDetail;
  'cuit-check-digit': { code: string; expected: number | null };
  'dni-out-of-range': { code: string; value: number };
  'already-uploaded': { campaign: number; batch: number };
  'duplicate-other-batch': { batch: number };
  'duplicate-in-campaign': { campaign: number; batch: number | null };
  'shared-phone': { phone: string; debtors: number };
  'suppressed-phone': { phone: string; reason: string; entry: number; source: LedgerSource };
  /** `listed` and `spelling`: the entry's code, when it names the same person written another way. */
  'suppressed-code': { reason: string; entry: number; source: LedgerSource; listed?: string; spelling?: SpellingDifference };
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

/** Digits in groups of three, each language's mark between them (1.500 / 1,500): nested texts, so each edge words it. */
function groupedDigits(digits: string): IssueTextParam {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, digits.length - 3);
  return text('issue.value.grouped', { head: groupedDigits(head), mark: text('issue.value.thousands'), tail: digits.slice(-3) });
}

/** An amount as read ("1500.50") written as each language writes money: $ 1.500,50 / $1,500.50. */
function amountValue(value: string): IssueTextParam {
  const m = /^(\d+)(?:\.(\d{2}))?$/.exec(value);
  if (!m) return value;
  return text('issue.value.amount', { sign: '$', whole: groupedDigits(m[1] ?? '0'), point: text('issue.value.decimal'), cents: m[2] ?? '00' });
}

/** A date as read ("2027-01-15") written as each language writes it: 15/01/2027 / 2027-01-15. */
function dateValue(value: string): IssueTextParam {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? text('issue.value.date', { year: m[1] ?? '', month: m[2] ?? '', day: m[3] ?? '' }) : value;
}

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
export function fieldLabel(field: string): IssueText {
  const product = /^products\[(\d+)\]\.(\w+)$/.exec(field);
  if (product) return text('issue.field.product_part', { number: Number(product[1]) + 1, part: fieldName(product[2] ?? '') });
  // The upload body's own paths, as the service rules name them.
  const phone = /^phone_settings\.phone_list\[(\d+)\]$/.exec(field);
  if (phone) return text('issue.field.phone_number', { number: Number(phone[1]) + 1 });
  if (field === 'phone_settings.phone_list') return fieldName('phones');
  return fieldName(field === '' ? 'case' : field);
}

/** "products[0].debt" → 1: the product a rule's path names, as the agent counts them. */
const productNumber = (path: string): number | string => {
  const m = /^products\[(\d+)\]/.exec(path);
  return m ? Number(m[1]) + 1 : '';
};

const RULE_WORDING: { [K in RuleCode]: (p: RuleParamsByCode[K], path: string) => IssueText } = {
  'phone.digits_only': (p) => text('issue.rule.phone.digits_only', { phone: p.phone }),
  'phone.trunk_prefix': (p) => text('issue.rule.phone.trunk_prefix', { phone: p.phone }),
  'phone.mobile_prefix': (p) => text('issue.rule.phone.mobile_prefix', { phone: p.phone }),
  'phone.length': (p) => text('issue.rule.phone.length', { phone: p.phone, digits: p.digits, needed: p.needed }),
  'phones.none': () => text('issue.rule.phones.none'),
  'phones.too_many': (p) => text('issue.rule.phones.too_many', { count: p.count, max: p.max }),
  'products.none': () => text('issue.rule.products.none'),
  'product.debt_format': (p, path) => text('issue.rule.product.debt_format', { debt: p.debt, number: productNumber(path) }),
  'product.expiration_date': (p, path) => text('issue.rule.product.expiration_date', { expiration: p.expiration, number: productNumber(path) }),
  'shape.missing': (_p, path) => text('issue.rule.shape.missing', { field: fieldLabel(path) }),
  'shape.type': (_p, path) => text('issue.rule.shape.type', { field: fieldLabel(path) }),
  'shape.too_long': (p, path) => text('issue.rule.shape.too_long', { field: fieldLabel(path), max: p.max }),
  'shape.too_short': (p, path) => text('issue.rule.shape.too_short', { field: fieldLabel(path), min: p.min }),
  'shape.format': (_p, path) => text('issue.rule.shape.format', { field: fieldLabel(path) }),
  'shape.other': (_p, path) => text('issue.rule.shape.other', { field: fieldLabel(path) }),
};

/**
 * The service rule an issue names, in the catalog's words; a rule this CaseDesk does not know shows
 * its code, and an issue stored before rules were data shows the sentence it kept.
 */
function serviceRule(p: ServiceRuleParams | StoredRuleDetail): IssueText {
  if (!('rule' in p)) return text('issue.service_rule', { detail: typeof p.detail === 'string' ? p.detail : '' });
  const word = Object.hasOwn(RULE_WORDING, p.rule) ? (RULE_WORDING[p.rule] as (params: unknown, path: string) => IssueText) : null;
  return text('issue.service_rule', { detail: word ? word(p, typeof p.path === 'string' ? p.path : '') : verbatim(String(p.rule)) });
}

const WORDING: { [K in IssueKind]: (p: IssueParamsByKind[K]) => IssueText } = {
  'phone-fixed': (p) => text('issue.phone_fixed', { before: p.before, after: p.after }),
  'phone-dropped': (p) => text('issue.phone_dropped', { before: p.before, reason: phoneReason(p) }),
  'phone-duplicate': (p) => text('issue.phone_duplicate', { phone: p.phone }),
  'no-valid-phones': () => text('issue.no_valid_phones'),
  'too-many-phones': (p) => text('issue.too_many_phones', { total: p.total, kept: p.kept }),
  'name-differs': (p) => text('issue.name_differs', { field: fieldName(p.field), other: p.other, first: p.first }),
  'name-missing': (p) => text('issue.name_missing', { field: fieldName(p.field) }),
  'amount-fixed': (p) => text('issue.amount_fixed', { before: p.before, after: amountValue(p.after) }),
  'amount-ambiguous': (p) => text('issue.amount_ambiguous', { before: p.before, after: amountValue(p.after) }),
  'amount-invalid': (p) => text('issue.amount_invalid', { before: p.before, reason: reason(p.why) }),
  'date-fixed': (p) => text('issue.date_fixed', { before: p.before, after: dateValue(p.after) }),
  'date-invalid': (p) => text('issue.date_invalid', { before: p.before, reason: reason(p.why) }),
  'product-field-missing': (p) => text('issue.product_field_missing', { field: fieldName(p.field) }),
  'service-rule': serviceRule,
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
  'suppressed-code': (p) =>
    p.listed === undefined || p.spelling === undefined
      ? text('issue.suppressed_code', { list: ledgerList(p.source), reason: ledgerReason(p.reason) })
      : text(SPELLED_APART[p.spelling] ?? 'issue.suppressed_code_written', { listed: p.listed, list: ledgerList(p.source), reason: ledgerReason(p.reason) }),
  'suppressed-no-phones': (p) => text('issue.suppressed_no_phones', { count: p.count }),
  'ledger-released': () => text('issue.ledger_released'),
  edited: (p) => {
    // Leaving a case out (or bringing it back) is said in words, not as the store's status names.
    if (p.field === 'status' && p.after === 'excluded') return text('issue.edited_excluded');
    if (p.field === 'status' && p.after === 'included') return text('issue.edited_included');
    return text('issue.edited', { field: fieldLabel(p.field), before: p.before, after: p.after });
  },
};

/** How a listed code was written apart from the case's (domain/person-key.ts). */
const SPELLED_APART: Partial<Record<string, IssueTextCode>> = {
  'cuit-dni': 'issue.suppressed_code_cuit_dni',
  'dni-cuit': 'issue.suppressed_code_dni_cuit',
  written: 'issue.suppressed_code_written',
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
