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
  const violations: RuleViolation[] = [];
  const { phone_list } = parsed.data.phone_settings;
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
  if (parsed.data.products.length === 0) violations.push({ path: 'products', message: 'needs at least one product' });
  parsed.data.products.forEach((product, i) => {
    if (!isRealDate(product.expiration)) {
      violations.push({ path: `products[${i}].expiration`, message: `"${product.expiration}" is not a real date` });
    }
  });
  return violations;
}

function isRealDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}
