// What a diagnostics export holds, part by part: what an IT person needs to help an agent, and
// nothing they should not see. Every part is built from counts, codes, versions, names of our own
// files and the organization's own settings; what comes from elsewhere (log lines, audit entries)
// is rebuilt from an allowlist of fields, never copied as it is. A last pass over every part
// removes what must never leave in any case (the data key, a JWT, the home folder's path).
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { arch, cpus, homedir, platform, release, totalmem, version as osVersion } from 'node:os';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import type { AuditEntry } from '../domain/audit-events';
import { dataFolderContents, sqliteVersions, storeCounts, type Db } from '../store';
import type { ConnectivityCheck } from './connectivity';
import { LOG_FILE, logFolder } from './diagnostic-log';

/** Lines of the diagnostic log and of the audit trail an export carries (the latest). */
export const DIAGNOSTIC_LOG_LINES = 300;
export const AUDIT_LINES = 300;

export interface DiagnosticsPart {
  name: string;
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Paths and secrets

/** The user's home folder as ~ (its name is the account's, and often the person's). */
export function shortenHome(text: string, home: string = homedir()): string {
  if (home.length <= 1) return text;
  return text.split(home).join('~');
}

/** Values shortened the same way, wherever they are in a JSON value. */
function shortenHomeDeep<T>(value: T, home: string): T {
  if (typeof value === 'string') return shortenHome(value, home) as T;
  if (Array.isArray(value)) return value.map((v) => shortenHomeDeep(v, home)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortenHomeDeep(v, home)])) as T;
  return value;
}

const JWT = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]{8,}/g;

/** The last word on every part: no data key (in either case), no JWT, no home folder. */
export function withoutSecrets(text: string, secrets: readonly string[], home: string = homedir()): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 8) continue;
    for (const form of new Set([secret, secret.toLowerCase(), secret.toUpperCase()])) out = out.split(form).join('[hidden]');
  }
  return shortenHome(out.replace(JWT, '[token]'), home);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// ---------------------------------------------------------------------------------------------
// Versions and the operating system

export function versions(db: Db): Record<string, string | null> {
  return {
    casedesk: pkg.version,
    node: process.versions.node,
    electron: process.versions.electron ?? null,
    chrome: process.versions.chrome ?? null,
    v8: process.versions.v8,
    ...sqliteVersions(db),
  };
}

/** The machine as IT needs it; never the user's or the computer's name. */
export function osInfo(env: NodeJS.ProcessEnv = process.env): Record<string, unknown> {
  const intl = Intl.DateTimeFormat().resolvedOptions();
  return {
    platform: platform(),
    release: release(),
    version: safe(() => osVersion()),
    arch: arch(),
    locale: intl.locale,
    timeZone: intl.timeZone,
    lang: env.LC_ALL ?? env.LANG ?? null,
    cpus: safe(() => cpus().length),
    memoryMiB: Math.round(totalmem() / (1024 * 1024)),
  };
}

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The store

/** How much is where: rows by table and state, files by our own folder names, the schema history. */
export function storeStatistics(db: Db, dataDir: string, encrypted: boolean): Record<string, unknown> {
  return { ...storeCounts(db, encrypted), files: folderSizes(dataDir) };
}

/** CaseDesk's entries of the data folder (fixed names), each with how many files and bytes it holds. */
function folderSizes(dataDir: string): Record<string, { files: number; bytes: number }> {
  const out: Record<string, { files: number; bytes: number }> = {};
  for (const name of dataFolderContents(dataDir).ours) out[name] = sizeOf(join(dataDir, name));
  return out;
}

function sizeOf(path: string): { files: number; bytes: number } {
  const stat = safe(() => lstatSync(path));
  if (!stat) return { files: 0, bytes: 0 };
  if (!stat.isDirectory()) return { files: 1, bytes: stat.size };
  const total = { files: 0, bytes: 0 };
  for (const name of safe(() => readdirSync(path)) ?? []) {
    const inner = sizeOf(join(path, name));
    total.files += inner.files;
    total.bytes += inner.bytes;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// The diagnostic log

const IDENTIFIER = /^[\w$.<>-]{1,80}$/;
/** Runs of digits as long as a phone's are not part of any frame (line and column numbers are short). */
const frameText = (frame: string) => frame.replace(/\+?\d(?:[ -]?\d){6,}/g, '[number]').slice(0, 400);

interface LoggedFailure {
  type: string;
  frames: string[];
  cause?: LoggedFailure;
}

function failureOf(value: unknown, depth = 0): LoggedFailure | undefined {
  if (typeof value !== 'object' || value === null || depth > 3) return undefined;
  const f = value as { type?: unknown; frames?: unknown; cause?: unknown };
  const frames = Array.isArray(f.frames) ? f.frames.filter((x): x is string => typeof x === 'string' && /^at\s/.test(x)).map(frameText) : [];
  const cause = failureOf(f.cause, depth + 1);
  return { type: typeof f.type === 'string' && IDENTIFIER.test(f.type) ? f.type : '?', frames, ...(cause ? { cause } : {}) };
}

/** One line of the log rebuilt from the fields the log is meant to hold; null for anything else. */
export function reduceLogLine(line: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const l = parsed as Record<string, unknown>;
  const text = (value: unknown, pattern: RegExp) => (typeof value === 'string' && pattern.test(value) ? value : undefined);
  const reduced: Record<string, unknown> = {
    time: text(l.time, /^[\dT:.+Z-]{10,40}$/),
    level: typeof l.level === 'number' ? l.level : undefined,
    event: text(l.event, /^[a-z-]{1,40}$/),
    incident: text(l.incident, /^[0-9A-F]{8}$/),
    procedure: text(l.procedure, /^[a-z]+:[a-zA-Z]+$/),
    failure: failureOf(l.failure),
  };
  return Object.fromEntries(Object.entries(reduced).filter(([, v]) => v !== undefined));
}

/** The log's files, oldest first (rotated ones carry a number: the higher, the older). */
function logFiles(dataDir: string): string[] {
  const folder = logFolder(dataDir);
  if (!existsSync(folder)) return [];
  const names = readdirSync(folder).filter((n) => n === LOG_FILE || /^casedesk\.log\.\d+$/.test(n));
  const rank = (n: string) => (n === LOG_FILE ? 0 : Number(n.slice(LOG_FILE.length + 1)));
  return names.sort((a, b) => rank(b) - rank(a)).map((n) => join(folder, n));
}

/** The last `limit` lines of the log, each reduced; how many lines were left out as unreadable. */
export function recentLogLines(dataDir: string, limit = DIAGNOSTIC_LOG_LINES): { lines: Record<string, unknown>[]; dropped: number } {
  const raw = logFiles(dataDir).flatMap((file) => (safe(() => readFileSync(file, 'utf8')) ?? '').split('\n').filter((l) => l.trim() !== ''));
  const reduced = raw.slice(-limit).map(reduceLogLine);
  return { lines: reduced.filter((l): l is Record<string, unknown> => l !== null), dropped: reduced.filter((l) => l === null).length };
}

// ---------------------------------------------------------------------------------------------
// The audit trail

/** Fields whose text is one of our own words (an environment, a kind, a status, an error code). */
const WORD_FIELDS = new Set(['environment', 'kind', 'to', 'status', 'mapping', 'fix', 'procedure', 'code']);
const WORD = /^[A-Za-z0-9_.:-]{1,40}$/;

/**
 * An audit entry with what cannot carry personal data: when, what, in which environment, through which
 * face, ids, counts, flags and our own words. Free text (file names, paths, addresses) and who acted
 * (the account names) are left out.
 */
export function reduceAuditEntry(entry: AuditEntry): Record<string, unknown> {
  const { at, seq, action, actor, prev: _prev, ...fields } = entry;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) kept[key] = value;
    else if (typeof value === 'string' && WORD_FIELDS.has(key) && WORD.test(value)) kept[key] = value;
    else if (key === 'fields' && Array.isArray(value) && value.every((v) => typeof v === 'string' && WORD.test(v))) kept[key] = value;
    // Which settings changed, not to what.
    else if (key === 'changes' && value && typeof value === 'object') kept[key] = Object.keys(value).filter((k) => WORD.test(k));
  }
  return { at, seq, action: WORD.test(action) ? action : '?', actor: { environment: actor.environment, face: actor.face }, ...kept };
}

// ---------------------------------------------------------------------------------------------
// The whole export

export interface DiagnosticsInput {
  generatedAt: Date;
  db: Db;
  dataDir: string;
  encrypted: boolean;
  env: NodeJS.ProcessEnv;
  /** effectivePolicy() of the loaded policy. */
  policy: unknown;
  /** Settings as the Settings screen reads them, and the environments, without anything secret. */
  settings: Record<string, unknown>;
  audit: { entries: AuditEntry[]; chainOk: boolean; breaks: number; unreadable: number };
  connectivity: (ConnectivityCheck | { environment: string; skipped: 'built-in' | 'not-allowed' | 'no-address' })[];
  /** What must not appear in any part whatever happens (the data key in hex). */
  secrets: string[];
  home?: string;
}

export function diagnosticsParts(input: DiagnosticsInput): DiagnosticsPart[] {
  const home = input.home ?? homedir();
  const log = recentLogLines(input.dataDir);
  const parts: DiagnosticsPart[] = [
    { name: 'versions.json', text: json(versions(input.db)) },
    { name: 'os.json', text: json(osInfo(input.env)) },
    { name: 'policy.json', text: json(shortenHomeDeep(input.policy, home)) },
    { name: 'settings.json', text: json(shortenHomeDeep(input.settings, home)) },
    { name: 'store.json', text: json(storeStatistics(input.db, input.dataDir, input.encrypted)) },
    { name: 'connectivity.json', text: json(input.connectivity) },
    { name: 'diagnostic-log.jsonl', text: log.lines.map((l) => `${JSON.stringify(l)}\n`).join('') },
    {
      name: 'audit.jsonl',
      text: input.audit.entries.map((e) => `${JSON.stringify(reduceAuditEntry(e))}\n`).join(''),
    },
  ];
  const readme = [
    `CaseDesk diagnostics, ${input.generatedAt.toISOString()} (CaseDesk ${pkg.version}).`,
    '',
    'versions.json      CaseDesk, Node, Electron and SQLite versions',
    'os.json            operating system, architecture, locale and time zone',
    "policy.json        the organization's effective policy and the file it came from",
    'settings.json      settings and service addresses',
    'store.json         how many batches, cases, results and recordings are stored; file sizes; schema migrations',
    'connectivity.json  per environment: DNS, proxy, TLS certificate, and whether the sign-in address answers',
    `diagnostic-log.jsonl  the latest ${DIAGNOSTIC_LOG_LINES} lines of the diagnostic log (incidents: class and stack frames)${log.dropped ? `; ${log.dropped} unreadable line(s) left out` : ''}`,
    `audit.jsonl        the latest ${AUDIT_LINES} audit entries, ids and counts only; the trail's chain is ${input.audit.chainOk ? 'intact' : `broken (${input.audit.breaks} break(s))`}${input.audit.unreadable ? `, ${input.audit.unreadable} unreadable line(s)` : ''}`,
    '',
    "Not included: debtors' names, phones, debts, case codes, transcripts or recordings; file names;",
    'account names; tokens, passwords or the data key. The home folder is shown as ~.',
    '',
  ].join('\n');
  return [{ name: 'README.txt', text: readme }, ...parts].map((part) => ({ name: part.name, text: withoutSecrets(part.text, input.secrets, home) }));
}
