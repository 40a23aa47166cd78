// The organization's managed policy: on Windows the registry (HKLM\SOFTWARE\Policies\CaseDesk, set by
// Group Policy), else a JSON file IT puts on every PC, in the OS's usual place (CASEDESK_POLICY is read
// only where there is neither). What it sets, the agent cannot change. A policy that cannot be read or
// parsed, or a file others than administrators may change, stops CaseDesk (fail closed); keys this
// version does not know are reported, not fatal.
import { Failure, formatFailure, type FailureCode, type FailureData, type FailureLang, type FailureParams } from '../domain/failures/failure';
import type { NoticeData } from '../domain/failures/notice';
import { firstInputProblem } from '../domain/failures/input-problem';
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { ContactHours } from '../domain/contact-calendar';
import { checkBaseUrl, type Environment } from '../domain/environments';
import { parseUpdatePublicKey } from '../domain/update-public-key';
import { PolicyNotProtected, powershellAclReader, readProtectedFile, type WindowsAclReader } from './policy-protection';
import { registryPolicy, regExeReader, REGISTRY_POLICY_KEY, type RegistryReader } from './policy-registry';

/**
 * An address the policy names: refused with a failure of its own (policy.invalid_url, in loadPolicy),
 * which the refinement names in its params; `https` when only https will do (updates).
 */
const PolicyUrl = (https: 'https' | 'https-or-loopback') =>
  z.string().superRefine((text, check) => {
    const url = checkBaseUrl(text);
    if (!url.ok || (https === 'https' && !url.url.startsWith('https:')))
      check.addIssue({ code: 'custom', params: { failure: 'policy.invalid_url', url: text } });
  });

/** Where the service of an environment is, and the CA that signs its certificate when it is a private one. */
const ManagedEnvironment = z.strictObject({
  base_url: PolicyUrl('https-or-loopback'),
  /** PEM file of one or more CA certificates, trusted for this environment's service besides the usual ones. */
  ca_file: z.string().min(1).optional(),
});

export const Policy = z.object({
  /** Refuse to keep the data key in a file where the OS has no keychain. */
  require_keychain: z.boolean().optional(),
  /** Days before fully uploaded batches, results, recordings and imported files are purged. */
  retention_days: z.number().int().min(1).max(3650).optional(),
  /** The services of test and production (Demo is this machine's own). Named here, their address is fixed. */
  environments: z.object({ test: ManagedEnvironment.optional(), production: ManagedEnvironment.optional() }).optional(),
  /** False: only the addresses in `environments` can be used; an environment without one cannot. */
  allow_custom_base_url: z.boolean().optional(),
  /** False: the built-in Demo service is not offered. */
  allow_demo: z.boolean().optional(),
  /** The data folder, absolute; may start with ~ and use ${VAR} or %VAR% (e.g. %LOCALAPPDATA%\CaseDesk). */
  data_dir: z.string().min(1).optional(),
  language: z.enum(['es', 'en']).optional(),
  /** When debtors may be called (campaigns outside them are warned about): e.g. {"from": "08:00", "to": "20:00", "days": ["mon", …]}. */
  contact_hours: ContactHours.optional(),
  /** Where updates are published (electron-updater's generic provider): https only. */
  update_url: PolicyUrl('https').optional(),
  /**
   * Linux: the Ed25519 public key (base64, raw or SPKI; or SPKI PEM) latest-linux.yml must be signed
   * with; when named, the only one trusted. Windows and macOS check the installers' code signatures.
   */
  update_public_key: z
    .string()
    .refine((text) => parseUpdatePublicKey(text) !== null, { params: { problem: 'format', format: 'signing_key' } })
    .optional(),
  /**
   * The organization's do-not-contact list: a .csv/.xlsx (a relative path is read beside the policy),
   * applied read-only beside each agent's own entries when preparing and before each upload.
   */
  shared_ledger: z.string().min(1).optional(),
  /** True: preparing and uploading are refused while the shared list cannot be read (default: they say so and go on). */
  shared_ledger_required: z.boolean().optional(),
});
export type Policy = z.infer<typeof Policy>;

/** Environments a policy may name. */
const MANAGED_ENVIRONMENTS = ['test', 'production'] as const;
export type ManagedEnvironmentName = (typeof MANAGED_ENVIRONMENTS)[number];

export interface LoadedPolicy {
  policy: Policy;
  /** The file it came from; null when there is none (nothing is managed). */
  file: string | null;
  /** Keys this version does not know (a newer policy, or a typo), as codes of the catalog worded at each edge. */
  warnings: PolicyWarning[];
  /** The PEM text of each environment's ca_file, read when the policy was. */
  caCertificates: Partial<Record<ManagedEnvironmentName, string>>;
}

/**
 * What the policy file has and this version ignores (its code and params: the file, the key or
 * environment), or CASEDESK_POLICY ignored because the machine's policy is in force.
 */
export type PolicyWarning = NoticeData<'policy.unknown_key' | 'policy.unknown_environment' | 'policy.variable_ignored'>;

export const NO_POLICY: LoadedPolicy = { policy: {}, file: null, warnings: [], caCertificates: {} };

export type PolicyFailureCode = Extract<
  FailureCode,
  | 'policy.file_missing'
  | 'policy.file_unreadable'
  | 'policy.not_json'
  | 'policy.not_object'
  | 'policy.invalid_key'
  | 'policy.invalid_url'
  | 'policy.ca_file_unreadable'
  | 'policy.ca_file_not_pem'
  | 'policy.data_dir_variable'
  | 'policy.data_dir_relative'
  | 'policy.not_protected'
  | 'policy.registry_unreadable'
  | 'policy.registry_path_relative'
>;

/** The policy file cannot be used: a code of the catalog naming the file (and the key, and what is wrong with it). */
export class PolicyError<C extends PolicyFailureCode = PolicyFailureCode> extends Failure<C> {
  constructor(code: C, params: FailureParams<C>) {
    super(code, params);
    this.name = 'PolicyError';
  }
}

/**
 * Where IT puts the policy on this OS: a fixed path only administrators can write. Never taken from a
 * variable: %ProgramData%, like CASEDESK_POLICY, is the user's to set for the processes they start.
 */
export function machinePolicyLocation(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return 'C:\\ProgramData\\CaseDesk\\policy.json';
  if (platform === 'darwin') return '/Library/Application Support/CaseDesk/policy.json';
  return '/etc/casedesk/policy.json';
}

/**
 * The policy file in force: the machine's whenever it exists (nothing the agent sets replaces it), else
 * CASEDESK_POLICY (an unmanaged install, development, the tests), else the machine's place, empty.
 */
export function policyLocation(env: NodeJS.ProcessEnv = process.env, platform = process.platform, machineFile = machinePolicyLocation(platform)): string {
  if (existsSync(machineFile)) return machineFile;
  return env.CASEDESK_POLICY || machineFile;
}

/**
 * Where the policy comes from besides files: on Windows the registry, and who may change a file (its
 * owner and ACL, which node:fs cannot see). Injected so the tests, on Linux, drive both with fakes.
 */
export interface PolicySources {
  /** HKLM\SOFTWARE\Policies\CaseDesk; null where the OS has no registry. */
  registry: RegistryReader | null;
  windowsAcl: WindowsAclReader;
}

export function osPolicySources(platform: NodeJS.Platform = process.platform): PolicySources {
  return { registry: platform === 'win32' ? regExeReader : null, windowsAcl: powershellAclReader };
}

/**
 * `machineFile` is where the machine's policy file is looked for (the OS's place; a test's own folder).
 * On Windows the registry's policy, when its key exists, wins over any file.
 */
export function loadPolicy(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
  machineFile = machinePolicyLocation(platform),
  sources: PolicySources = osPolicySources(platform),
): LoadedPolicy {
  const named = env.CASEDESK_POLICY || null;
  const fromRegistry = readRegistry(sources.registry);
  // The files a policy names that CaseDesk trusts (ca_file) are checked as the policy file is: a CA
  // others can replace would let them read every agent's traffic. `usersOwn`: see readProtectedFile.
  const trusted = (usersOwn: boolean) => (path: string) => readProtectedFile(path, platform, sources.windowsAcl, usersOwn);
  if (fromRegistry !== null)
    return checked(REGISTRY_POLICY_KEY, fromRegistry, env, named === null ? [] : [ignoredVariable(REGISTRY_POLICY_KEY, named)], true, trusted(false));
  const file = policyLocation(env, platform, machineFile);
  // Named explicitly but absent is a mistake worth stopping for; the OS place may simply be empty.
  if (!existsSync(file)) {
    if (named !== null) throw new PolicyError('policy.file_missing', { file });
    return NO_POLICY;
  }
  let text: string;
  try {
    // CASEDESK_POLICY steers only the runs of the user who set it: their own file will do. The machine's must be the administrators'.
    text = readProtectedFile(file, platform, sources.windowsAcl, file !== machineFile);
  } catch (err) {
    // Others may change it: a planted or edited policy must not steer every agent of the machine.
    if (err instanceof PolicyNotProtected) throw new PolicyError('policy.not_protected', { file, path: err.problem.path, reason: err.problem.reason });
    throw new PolicyError('policy.file_unreadable', { file });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new PolicyError('policy.not_json', { file });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new PolicyError('policy.not_object', { file });
  // The machine's policy is in force and the variable names another file: say which one was used.
  const ignored = named !== null && file === machineFile && !sameFile(named, machineFile) ? [ignoredVariable(file, named)] : [];
  return checked(file, raw as Record<string, unknown>, env, ignored, false, trusted(file !== machineFile));
}

function ignoredVariable(file: string, named: string): PolicyWarning {
  return { code: 'policy.variable_ignored', params: { file, variable: 'CASEDESK_POLICY', ignored: named } };
}

function readRegistry(registry: RegistryReader | null): Record<string, unknown> | null {
  if (registry === null) return null;
  let key;
  try {
    key = registry.read();
  } catch {
    throw new PolicyError('policy.registry_unreadable', { file: REGISTRY_POLICY_KEY });
  }
  return key === null ? null : registryPolicy(key);
}

/** The policy's keys checked, whichever place it came from; `registry`: paths must be absolute (there is no folder to read them beside). */
function checked(
  file: string,
  raw: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  ignored: PolicyWarning[],
  registry: boolean,
  readTrusted: (path: string) => string,
): LoadedPolicy {
  const warnings = [...ignored, ...unknownKeys(file, raw)];
  const parsed = Policy.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw invalidKey(file, parsed.error);
  const policy = parsed.data;
  if (registry) {
    const paths: [string, string | undefined][] = [
      ['shared_ledger', policy.shared_ledger],
      ...MANAGED_ENVIRONMENTS.map((name): [string, string | undefined] => [`environments.${name}.ca_file`, policy.environments?.[name]?.ca_file]),
    ];
    for (const [key, path] of paths) if (path !== undefined && !absolutePath(path)) throw new PolicyError('policy.registry_path_relative', { file, key, path });
  }
  if (policy.data_dir !== undefined) policy.data_dir = expandDataDir(file, policy.data_dir, env);
  return { policy, file, warnings, caCertificates: readCaFiles(file, policy, readTrusted) };
}

/** Absolute on this OS or on Windows (a drive or a UNC path). */
function absolutePath(path: string): boolean {
  return isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** The same file by either name (a link to it, a relative path); a name that cannot be resolved is compared as given. */
function sameFile(a: string, b: string): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  return real(a) === real(b);
}

/** A key the policy has wrong: its path, and what is wrong as a code and its figures (never zod's English). */
function invalidKey(file: string, error: z.ZodError): PolicyError {
  const issue = error.issues[0];
  const key = issue?.path.join('.') || '(root)';
  // An address has words of its own: the refinement names them.
  if (issue?.code === 'custom' && issue.params?.failure === 'policy.invalid_url')
    return new PolicyError('policy.invalid_url', { file, key, url: String(issue.params.url) });
  const { problem, params } = firstInputProblem(error);
  return new PolicyError('policy.invalid_key', { ...params, file, key, problem });
}

function unknownKeys(file: string, raw: Record<string, unknown>): PolicyWarning[] {
  const known = new Set(Object.keys(Policy.shape));
  const warnings: PolicyWarning[] = Object.keys(raw)
    .filter((key) => !known.has(key))
    .map((key) => ({ code: 'policy.unknown_key', params: { file, key } }));
  const environments = raw.environments;
  if (typeof environments === 'object' && environments !== null && !Array.isArray(environments)) {
    for (const environment of Object.keys(environments)) {
      if (!(MANAGED_ENVIRONMENTS as readonly string[]).includes(environment))
        warnings.push({ code: 'policy.unknown_environment', params: { file, key: `environments.${environment}`, environment } });
    }
  }
  return warnings;
}

function readCaFiles(file: string, policy: Policy, readTrusted: (path: string) => string): LoadedPolicy['caCertificates'] {
  const out: LoadedPolicy['caCertificates'] = {};
  for (const name of MANAGED_ENVIRONMENTS) {
    const caFile = policy.environments?.[name]?.ca_file;
    if (caFile === undefined) continue;
    // A relative path is read beside the policy, where IT put both.
    const path = resolve(file, '..', caFile);
    let pem: string;
    try {
      pem = readTrusted(path);
    } catch (err) {
      if (err instanceof PolicyNotProtected)
        throw new PolicyError('policy.not_protected', { file, path: err.problem.path, reason: err.problem.reason, key: `environments.${name}.ca_file` });
      throw new PolicyError('policy.ca_file_unreadable', { file, key: `environments.${name}.ca_file`, path });
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) throw new PolicyError('policy.ca_file_not_pem', { file, key: `environments.${name}.ca_file`, path });
    out[name] = pem;
  }
  return out;
}

/** Where the shared do-not-contact list is (relative paths beside the policy, as ca_file); null when there is none. */
export function sharedLedgerPath(loaded: LoadedPolicy): string | null {
  const given = loaded.policy.shared_ledger;
  if (given === undefined) return null;
  return loaded.file === null ? resolve(given) : resolve(loaded.file, '..', given);
}

/** ~, ${VAR} and %VAR% expanded; the result must be absolute. */
export function expandDataDir(file: string, text: string, env: NodeJS.ProcessEnv): string {
  let missing: string | null = null;
  const value = (name: string) => {
    const found = env[name];
    if (found === undefined || found === '') missing ??= name;
    return found ?? '';
  };
  let expanded = text
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_m, name: string) => value(name))
    .replace(/%([A-Za-z_][A-Za-z0-9_()]*)%/g, (_m, name: string) => value(name));
  if (expanded === '~' || expanded.startsWith('~/') || expanded.startsWith('~\\')) expanded = join(env.HOME ?? env.USERPROFILE ?? homedir(), expanded.slice(1));
  if (missing !== null) throw new PolicyError('policy.data_dir_variable', { file, variable: missing });
  if (!absolutePath(expanded)) throw new PolicyError('policy.data_dir_relative', { file, dataDir: expanded });
  return expanded;
}

// ---------------------------------------------------------------------------------------------
// What the policy allows

/** The address the policy fixes for an environment; null when it leaves it to the agent. */
export function managedBaseUrl(loaded: LoadedPolicy, env: Environment): string | null {
  if (env === 'demo') return null;
  const given = loaded.policy.environments?.[env]?.base_url;
  if (given === undefined) return null;
  const checked = checkBaseUrl(given);
  return checked.ok ? checked.url : null;
}

export type PolicyRefusal =
  | { rule: 'environments'; environment: Environment; baseUrl: string }
  | { rule: 'allow_custom_base_url'; environment: Environment }
  | { rule: 'allow_demo' }
  | { rule: 'data_dir'; dataDir: string }
  | { rule: 'language'; language: string }
  | { rule: 'retention_days'; retentionDays: number };

/** Why the policy refuses this base URL for `env` (already checked as a URL); null when it allows it. */
export function refuseBaseUrl(loaded: LoadedPolicy, env: Environment, baseUrl: string | null): PolicyRefusal | null {
  if (env === 'demo') return loaded.policy.allow_demo === false ? { rule: 'allow_demo' } : null;
  const fixed = managedBaseUrl(loaded, env);
  if (fixed !== null) return baseUrl === null || sameUrl(baseUrl, fixed) ? null : { rule: 'environments', environment: env, baseUrl: fixed };
  if (loaded.policy.allow_custom_base_url === false) return { rule: 'allow_custom_base_url', environment: env };
  return null;
}

/** Whether an environment can be used at all under the policy. */
export function environmentAllowed(loaded: LoadedPolicy, env: Environment): boolean {
  if (env === 'demo') return loaded.policy.allow_demo !== false;
  return managedBaseUrl(loaded, env) !== null || loaded.policy.allow_custom_base_url !== false;
}

function sameUrl(a: string, b: string): boolean {
  const x = checkBaseUrl(a);
  return x.ok && x.url === b;
}

/** The refusal as a failure of the catalog ('policy.locked' class); its words always name the policy file. */
export function refusalFailure(loaded: LoadedPolicy, refusal: PolicyRefusal): FailureData {
  const file = loaded.file ?? 'policy';
  switch (refusal.rule) {
    case 'environments':
      return { code: 'policy.environment_fixed', params: { rule: refusal.rule, environment: refusal.environment, baseUrl: refusal.baseUrl, file } };
    case 'allow_custom_base_url':
      return { code: 'policy.custom_url_refused', params: { rule: refusal.rule, environment: refusal.environment, file } };
    case 'allow_demo':
      return { code: 'policy.demo_off', params: { rule: refusal.rule, environment: 'demo', file } };
    case 'data_dir':
      return { code: 'policy.data_dir_fixed', params: { rule: refusal.rule, dataDir: refusal.dataDir, file } };
    case 'language':
      return { code: 'policy.language_fixed', params: { rule: refusal.rule, language: refusal.language, file } };
    case 'retention_days':
      return { code: 'policy.retention_fixed', params: { rule: refusal.rule, retentionDays: refusal.retentionDays, file } };
  }
}

/** The refusal in words an agent or IT can act on. */
export function describeRefusal(loaded: LoadedPolicy, refusal: PolicyRefusal, lang: FailureLang = 'en'): string {
  const { code, params } = refusalFailure(loaded, refusal);
  return formatFailure(lang, code, params);
}

/** The policy as `casedesk policy` and diagnostics show it: what it sets, and from where. */
export function effectivePolicy(loaded: LoadedPolicy): { file: string | null; policy: Policy; warnings: PolicyWarning[]; defaults: Record<string, unknown> } {
  return {
    file: loaded.file,
    policy: loaded.policy,
    warnings: loaded.warnings,
    // What applies where the policy is silent.
    defaults: {
      require_keychain: false,
      allow_custom_base_url: true,
      allow_demo: true,
      // Unset is neither true nor false: a named list that cannot be read refuses uploads, not preparing.
      shared_ledger_required: 'uploads',
    },
  };
}
