// The upload rules of the spec as one pure check, shared by case preparation (before anything is sent)
// and by the emulator (which rejects exactly what the rules forbid).
import { CaseUploadEntry } from './upload';

export interface RuleViolation {
  /** JSON path inside the case, e.g. "phone_settings.phone_list[1]". */
  path: string;
  message: string;
}

/**
 * "Complete" phone, as CaseDesk reads rule 2 for Argentina: the 10-digit national number
 * (area code plus subscriber), no trunk 0, no mobile 15, no country code. No Argentine area
 * code starts with 15, so a leading 15 always means the mobile prefix without an area code.
 */
export function phoneViolation(phone: string): string | null {
  if (!/^\d+$/.test(phone)) return `"${phone}" must contain digits only`;
  if (phone.startsWith('0')) return `"${phone}" must not start with the trunk prefix 0`;
  if (phone.startsWith('15')) return `"${phone}" must not start with the mobile prefix 15`;
  if (phone.length !== 10) return `"${phone}" must be a complete number: area code plus number, 10 digits`;
  return null;
}

/** Every rule violated by one case of an upload body; empty when the service would load it. */
export function uploadRuleViolations(entry: unknown, maxPhonePriority: number): RuleViolation[] {
  const parsed = CaseUploadEntry.safeParse(entry);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
  }
  return typedRuleViolations(parsed.data, maxPhonePriority);
}

/** The rules beyond the shape, for a case already known to have it (CaseDesk's own, on the hot path). */
export function typedRuleViolations(entry: CaseUploadEntry, maxPhonePriority: number): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const { phone_list } = entry.phone_settings;
  if (phone_list.length === 0) violations.push({ path: 'phone_settings.phone_list', message: 'phone_list needs at least one number' });
  const maxPhones = maxPhonePriority + 1;
  if (phone_list.length > maxPhones) {
    violations.push({
      path: 'phone_settings.phone_list',
      message: `has ${phone_list.length} numbers; this campaign takes at most ${maxPhones} (max_phone_priority + 1)`,
    });
  }
  phone_list.forEach((phone, i) => {
    const problem = phoneViolation(phone);
    if (problem) violations.push({ path: `phone_settings.phone_list[${i}]`, message: problem });
  });
  if (entry.products.length === 0) violations.push({ path: 'products', message: 'needs at least one product' });
  entry.products.forEach((product, i) => {
    if (!/^\d+\.\d+$/.test(product.debt))
      violations.push({ path: `products[${i}].debt`, message: 'debt must be a string with a decimal point, e.g. "1500.00"' });
    if (!isRealDate(product.expiration)) {
      violations.push({ path: `products[${i}].expiration`, message: `"${product.expiration}" is not a real date` });
    }
  });
  return violations;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD naming a day that exists (checked by arithmetic: this runs once per product). */
function isRealDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
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
