// The upload rules of the spec as one pure check, shared by case preparation (before anything is sent)
// and by the emulator (which rejects exactly what the rules forbid). A violation is data: the rule it
// breaks, by a stable code, and the values that break it; words are chosen at the edges (the issue
// catalog for the agent, ruleViolationText for the emulator's answers).
import type { z } from 'zod';
import { CaseUploadEntry } from './upload';

/** A rule that needs no values (an empty object; it can also be spread into others). */
type NoParams = Record<never, never>;

/** The params of each rule, by its code. */
export interface RuleParamsByCode {
  /** The phone has something other than digits. */
  'phone.digits_only': { phone: string };
  /** The phone starts with the trunk prefix 0. */
  'phone.trunk_prefix': { phone: string };
  /** The phone starts with the mobile prefix 15 (no area code before it). */
  'phone.mobile_prefix': { phone: string };
  /** The phone is not a complete national number: it has `digits`, `needed` are. */
  'phone.length': { phone: string; digits: number; needed: number };
  /** The case has no phone. */
  'phones.none': NoParams;
  /** The case has `count` phones; the campaign takes at most `max` (max_phone_priority + 1). */
  'phones.too_many': { count: number; max: number };
  /** The case has no product. */
  'products.none': NoParams;
  /** A product's debt is not a string with a decimal point. */
  'product.debt_format': { debt: string };
  /** A product's expiration is not a real YYYY-MM-DD date. */
  'product.expiration_date': { expiration: string };
  // The shape of the case (CaseUploadEntry), for bodies CaseDesk did not build (the emulator's).
  /** A required value is missing. */
  'shape.missing': NoParams;
  /** A value has the wrong JSON type; `expected` is zod's name for the one wanted (string, object…). */
  'shape.type': { expected: string };
  /** A string or list is longer than `max`. */
  'shape.too_long': { max: number };
  /** A string or list is shorter than `min`. */
  'shape.too_short': { min: number };
  /** A string is not in the format wanted (`format`: zod's name for it, e.g. date, regex). */
  'shape.format': { format: string };
  /** Any other shape problem. */
  'shape.other': NoParams;
}

export type RuleCode = keyof RuleParamsByCode;

/** One rule broken by a case: where (a JSON path inside it, e.g. "phone_settings.phone_list[1]"), which, and with what. */
export type RuleViolation = { [K in RuleCode]: { path: string; rule: K; params: RuleParamsByCode[K] } }[RuleCode];

/** The rules a single phone can break. */
export type PhoneRule = 'phone.digits_only' | 'phone.trunk_prefix' | 'phone.mobile_prefix' | 'phone.length';

/** Digits of a complete national number. */
export const COMPLETE_PHONE_DIGITS = 10;

const PHONE_LIST = 'phone_settings.phone_list';

/**
 * "Complete" phone, as CaseDesk reads rule 2 for Argentina: the 10-digit national number
 * (area code plus subscriber), no trunk 0, no mobile 15, no country code. No Argentine area
 * code starts with 15, so a leading 15 always means the mobile prefix without an area code.
 */
export function phoneViolation(phone: string): PhoneRule | null {
  if (!/^\d+$/.test(phone)) return 'phone.digits_only';
  if (phone.startsWith('0')) return 'phone.trunk_prefix';
  if (phone.startsWith('15')) return 'phone.mobile_prefix';
  if (phone.length !== COMPLETE_PHONE_DIGITS) return 'phone.length';
  return null;
}

function phoneRuleViolation(path: string, phone: string, rule: PhoneRule): RuleViolation {
  if (rule === 'phone.length') return { path, rule, params: { phone, digits: phone.length, needed: COMPLETE_PHONE_DIGITS } };
  return { path, rule, params: { phone } };
}

const DEBT_FORMAT = /^\d+\.\d+$/;

function debtViolation(path: string, debt: string): RuleViolation | null {
  return DEBT_FORMAT.test(debt) ? null : { path, rule: 'product.debt_format', params: { debt } };
}

function expirationViolation(path: string, expiration: string): RuleViolation | null {
  return isRealDate(expiration) ? null : { path, rule: 'product.expiration_date', params: { expiration } };
}

/** Every rule violated by one case of an upload body; empty when the service would load it. */
export function uploadRuleViolations(entry: unknown, maxPhonePriority: number): RuleViolation[] {
  const parsed = CaseUploadEntry.safeParse(entry);
  if (!parsed.success) return parsed.error.issues.map((issue) => shapeViolation(issue, entry));
  return typedRuleViolations(parsed.data, maxPhonePriority);
}

/** The rules beyond the shape, for a case already known to have it (CaseDesk's own, on the hot path). */
export function typedRuleViolations(entry: CaseUploadEntry, maxPhonePriority: number): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const { phone_list } = entry.phone_settings;
  if (phone_list.length === 0) violations.push({ path: PHONE_LIST, rule: 'phones.none', params: {} });
  const maxPhones = maxPhonePriority + 1;
  if (phone_list.length > maxPhones) violations.push({ path: PHONE_LIST, rule: 'phones.too_many', params: { count: phone_list.length, max: maxPhones } });
  // Each path is written only for a violation: a million cases pass every rule.
  phone_list.forEach((phone, i) => {
    const rule = phoneViolation(phone);
    if (rule !== null) violations.push(phoneRuleViolation(`${PHONE_LIST}[${i}]`, phone, rule));
  });
  if (entry.products.length === 0) violations.push({ path: 'products', rule: 'products.none', params: {} });
  entry.products.forEach((product, i) => {
    if (!DEBT_FORMAT.test(product.debt)) violations.push({ path: `products[${i}].debt`, rule: 'product.debt_format', params: { debt: product.debt } });
    if (!isRealDate(product.expiration)) {
      violations.push({ path: `products[${i}].expiration`, rule: 'product.expiration_date', params: { expiration: product.expiration } });
    }
  });
  return violations;
}

/**
 * A zod issue of the shape check as a rule violation: from its code and its structured fields
 * (never its message, which is zod's English). Where the schema checks one of the spec's own rules
 * (an empty phone list, a debt without a decimal point, a date that is not real), the violation
 * names that rule, as it does for a case that has the shape.
 */
export function shapeViolation(issue: z.core.$ZodIssue, entry: unknown): RuleViolation {
  const path = formatPath(issue.path);
  const value = valueAt(entry, issue.path);
  if (value === undefined) return { path, rule: 'shape.missing', params: {} };
  const own = specRuleAt(path, value);
  if (own) return own;
  switch (issue.code) {
    case 'invalid_type':
      return { path, rule: 'shape.type', params: { expected: issue.expected } };
    case 'too_big':
      return { path, rule: 'shape.too_long', params: { max: Number(issue.maximum) } };
    case 'too_small':
      return { path, rule: 'shape.too_short', params: { min: Number(issue.minimum) } };
    case 'invalid_format':
      return { path, rule: 'shape.format', params: { format: issue.format } };
    case 'custom': {
      // A custom check may say what it wanted (JsonObject does); its message is not read.
      const expected: unknown = issue.params?.expected;
      return typeof expected === 'string' ? { path, rule: 'shape.type', params: { expected } } : { path, rule: 'shape.other', params: {} };
    }
    default:
      return { path, rule: 'shape.other', params: {} };
  }
}

function specRuleAt(path: string, value: unknown): RuleViolation | null {
  if (path === PHONE_LIST && Array.isArray(value) && value.length === 0) return { path, rule: 'phones.none', params: {} };
  const product = /^products\[\d+\]\.(debt|expiration)$/.exec(path);
  if (product && typeof value === 'string') return product[1] === 'debt' ? debtViolation(path, value) : expirationViolation(path, value);
  return null;
}

/** The value at a zod issue's path in the body as received (undefined where there is none). */
function valueAt(entry: unknown, path: readonly PropertyKey[]): unknown {
  let value = entry;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Each rule in the service's words (English), as the emulator answers a rejected case. */
const RULE_SENTENCES: { [K in RuleCode]: (p: RuleParamsByCode[K]) => string } = {
  'phone.digits_only': (p) => `"${p.phone}" must contain digits only`,
  'phone.trunk_prefix': (p) => `"${p.phone}" must not start with the trunk prefix 0`,
  'phone.mobile_prefix': (p) => `"${p.phone}" must not start with the mobile prefix 15`,
  'phone.length': (p) => `"${p.phone}" must be a complete number: area code plus number, ${p.needed} digits`,
  'phones.none': () => 'phone_list needs at least one number',
  'phones.too_many': (p) => `has ${p.count} numbers; this campaign takes at most ${p.max} (max_phone_priority + 1)`,
  'products.none': () => 'needs at least one product',
  'product.debt_format': () => 'debt must be a string with a decimal point, e.g. "1500.00"',
  'product.expiration_date': (p) => `"${p.expiration}" is not a real date (YYYY-MM-DD)`,
  'shape.missing': () => 'is required',
  'shape.type': (p) => `must be of type ${p.expected}`,
  'shape.too_long': (p) => `is too long: at most ${p.max}`,
  'shape.too_short': (p) => `is too short: at least ${p.min}`,
  'shape.format': (p) => `is not in the expected format (${p.format})`,
  'shape.other': () => 'is not valid',
};

/** A violation as the service words it on the wire: "path: sentence" (the sentence alone for the whole case). */
export function ruleViolationText(v: RuleViolation): string {
  const sentence = (RULE_SENTENCES[v.rule] as (p: RuleViolation['params']) => string)(v.params);
  return v.path ? `${v.path}: ${sentence}` : sentence;
}

/** The number the ASCII digits text[from..to) write, or -1 when one is no digit. */
function digitsAt(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD naming a day that exists (checked by arithmetic: this runs once per product). */
function isRealDate(text: string): boolean {
  // Read digit by digit: a pattern's match list cost more than the rest of the check.
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  if (year < 0) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}
