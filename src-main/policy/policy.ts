// The organization's managed policy: a JSON file IT puts on every PC (CASEDESK_POLICY, or the OS's
// usual place). What it sets, the agent cannot change. A policy that cannot be read or parsed stops
// CaseDesk (fail closed); keys this version does not know are reported, not fatal.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const Policy = z.object({
  /** Refuse to keep the data key in a file where the OS has no keychain. */
  require_keychain: z.boolean().optional(),
  /** Days before fully uploaded batches, results, recordings and imported files are purged. */
  retention_days: z.number().int().min(1).max(3650).optional(),
});
export type Policy = z.infer<typeof Policy>;

export interface LoadedPolicy {
  policy: Policy;
  /** The file it came from; null when there is none (nothing is managed). */
  file: string | null;
  /** Keys this version does not know (a newer policy, or a typo). */
  warnings: string[];
}

export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  readonly code = 'policy.invalid';
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`The policy file ${file} cannot be used: ${problem}. CaseDesk does not start without it; ask your IT department.`);
  }
}

export function policyLocation(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.CASEDESK_POLICY) return env.CASEDESK_POLICY;
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'CaseDesk', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/CaseDesk/policy.json';
  return '/etc/casedesk/policy.json';
}

export function loadPolicy(env: NodeJS.ProcessEnv = process.env, platform = process.platform): LoadedPolicy {
  const file = policyLocation(env, platform);
  // Named explicitly but absent is a mistake worth stopping for; the OS place may simply be empty.
  if (!existsSync(file)) {
    if (env.CASEDESK_POLICY) throw new PolicyError(file, 'it does not exist');
    return { policy: {}, file: null, warnings: [] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PolicyError(file, (err as NodeJS.ErrnoException).code ? 'it cannot be read' : 'it is not valid JSON');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new PolicyError(file, 'it must be a JSON object');
  const parsed = Policy.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PolicyError(file, `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  const known = new Set(Object.keys(Policy.shape));
  const warnings = Object.keys(raw).filter((k) => !known.has(k)).map((k) => `unknown policy key "${k}" (ignored by this version)`);
  return { policy: parsed.data, file, warnings };
}
