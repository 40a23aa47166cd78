// Whether a policy file can be trusted: only administrators may be able to change it, or any folder
// above it (else a standard user plants or edits the policy of every agent of the PC). The checks are
// pure functions over what was read of each path (stat results, ACLs), so the tests drive them with
// any owner and mode; the readers around them are the real file system and, on Windows, an injected
// owner/ACL reader (the real one asks PowerShell's Get-Acl; tests on Linux use a fake).
import { execFileSync } from 'node:child_process';
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, type Stats } from 'node:fs';
import { dirname, win32 } from 'node:path';

/** Why a path makes the policy untrustworthy; worded in the catalog under policy.protection.*. */
export type ProtectionReason = 'owner' | 'group_writable' | 'world_writable' | 'writable_by_others' | 'not_a_file' | 'unverifiable';

export interface ProtectionProblem {
  /** The file itself, or the folder above it that others may change. */
  path: string;
  reason: ProtectionReason;
}

/** One path of the chain as stat saw it: the file first, then its folder, then each folder above it up to the root. */
export interface PathStat {
  path: string;
  uid: number;
  mode: number;
  kind: 'file' | 'folder' | 'other';
}

const STICKY = 0o1000;

/**
 * POSIX (Linux, macOS): each path owned by root (uid 0), or by one of `owners` besides, and writable by
 * no one else (no group or world write bit). Above the file's own folder, a folder with the sticky bit
 * (/tmp) counts as protected: others may add entries there but cannot rename or remove its owner's, so
 * the path to the file stays theirs. The file's own folder gets no such allowance.
 */
export function posixProblem(chain: readonly PathStat[], owners: readonly number[] = []): ProtectionProblem | null {
  for (const [index, entry] of chain.entries()) {
    if (index === 0 && entry.kind !== 'file') return { path: entry.path, reason: 'not_a_file' };
    if (entry.uid !== 0 && !owners.includes(entry.uid)) return { path: entry.path, reason: 'owner' };
    if (index >= 2 && entry.kind === 'folder' && entry.mode & STICKY) continue;
    if (entry.mode & 0o002) return { path: entry.path, reason: 'world_writable' };
    if (entry.mode & 0o020) return { path: entry.path, reason: 'group_writable' };
  }
  return null;
}

/** A path's owner and the access rules that apply to it, by SID (words of no language). */
export interface WindowsAcl {
  owner: string;
  /** Allow rules only; a rule that only passes on to what the folder holds (inherit-only) is left out by the reader. */
  allows: { sid: string; rights: number }[];
}

/**
 * Reads on Windows the owner and ACL of each path (in order), and the SID of this process's user, at
 * once: one process for the whole chain, at every start. Throws when it cannot.
 */
export interface WindowsAclReader {
  read(paths: readonly string[]): { user: string; acls: WindowsAcl[] };
}

/** SYSTEM, Administrators, TrustedInstaller: the accounts that may own and change a policy. */
const TRUSTED_SIDS = new Set(['S-1-5-18', 'S-1-5-32-544', 'S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464']);
// FileSystemRights that change a file or a folder's entries, its ACL or its owner.
const WRITE_DATA = 0x2; // a folder: add a file
const APPEND_DATA = 0x4; // a folder: add a subfolder
const WRITE_EA = 0x10;
const DELETE_CHILD = 0x40;
const WRITE_ATTRIBUTES = 0x100;
const DELETE = 0x10000;
const WRITE_DAC = 0x40000;
const WRITE_OWNER = 0x80000;
const GENERIC_ALL = 0x10000000;
const GENERIC_WRITE = 0x40000000;
const ANY_WRITE = WRITE_DATA | APPEND_DATA | WRITE_EA | DELETE_CHILD | WRITE_ATTRIBUTES | DELETE | WRITE_DAC | WRITE_OWNER | GENERIC_ALL | GENERIC_WRITE;
/** What C:\ and C:\ProgramData grant Users: adding entries, never removing or replacing others' (Windows' sticky bit). */
const ADD_ONLY = WRITE_DATA | APPEND_DATA | WRITE_EA | WRITE_ATTRIBUTES;

/**
 * Windows: each path owned by SYSTEM, Administrators or TrustedInstaller (or one of `owners` besides),
 * and no other account allowed to change it. Above the file's own folder, others may add entries (as
 * Users may in C:\ProgramData) but not delete, rename, or change an ACL or owner.
 */
export function windowsProblem(chain: readonly { path: string; acl: WindowsAcl }[], owners: readonly string[] = []): ProtectionProblem | null {
  const trusted = (sid: string) => TRUSTED_SIDS.has(sid) || owners.includes(sid);
  for (const [index, { path, acl }] of chain.entries()) {
    if (!trusted(acl.owner)) return { path, reason: 'owner' };
    const allowed = index >= 2 ? ADD_ONLY : 0;
    if (acl.allows.some((rule) => !trusted(rule.sid) && (rule.rights & ANY_WRITE & ~allowed) !== 0)) return { path, reason: 'writable_by_others' };
  }
  return null;
}

/** The policy file refused: which path and why. */
export class PolicyNotProtected extends Error {
  constructor(readonly problem: ProtectionProblem) {
    super(`${problem.path}: ${problem.reason}`);
    this.name = 'PolicyNotProtected';
  }
}

/**
 * The file's text, read only after it and every folder above it passed the check. POSIX: the file is
 * opened without following a link and checked by fstat on the very descriptor that is read; the
 * folders of its real path by lstat, and since only their owners can change them, nothing can be
 * swapped in between. `usersOwn`: this process's user may own them too (CASEDESK_POLICY, which only
 * steers that user's own runs); the machine's policy must be the administrators'. Throws
 * PolicyNotProtected, or the file system's error.
 */
export function readProtectedFile(file: string, platform: NodeJS.Platform, acl: WindowsAclReader, usersOwn = false): string {
  if (platform === 'win32') {
    const real = realpathSync(file);
    const paths = ancestry(real, win32.dirname);
    let read: { user: string; acls: WindowsAcl[] };
    try {
      read = acl.read(paths);
    } catch {
      read = { user: '', acls: [] };
    }
    if (read.acls.length !== paths.length) throw new PolicyNotProtected({ path: real, reason: 'unverifiable' });
    const chain = paths.map((path, i) => ({ path, acl: read.acls[i] as WindowsAcl }));
    const problem = windowsProblem(chain, usersOwn ? [read.user] : []);
    if (problem) throw new PolicyNotProtected(problem);
    return readFileSync(real, 'utf8');
  }
  const real = realpathSync(file);
  const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const chain = [
      pathStat(real, fstatSync(fd)),
      ...ancestry(real, dirname)
        .slice(1)
        .map((path) => pathStat(path, lstatSync(path))),
    ];
    const problem = posixProblem(chain, usersOwn && process.geteuid ? [process.geteuid()] : []);
    if (problem) throw new PolicyNotProtected(problem);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

function pathStat(path: string, stat: Stats): PathStat {
  return { path, uid: stat.uid, mode: stat.mode, kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other' };
}

/** The path, then each folder above it up to the root. */
function ancestry(path: string, parent: (p: string) => string): string[] {
  const chain = [path];
  for (let up = parent(path); up !== chain.at(-1); up = parent(up)) chain.push(up);
  return chain;
}

/** PowerShell by its fixed path (PATH is the user's to set). */
const POWERSHELL = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
// Get-Acl by SID (words of no language: account names are translated), allow rules that apply to the
// path itself (inherit-only ones left out). The paths come in a variable, joined by | (never in a
// Windows path), never inside the command. Rights masked to 31 bits: GenericRead's top bit says
// nothing of writing.
const GET_ACLS = [
  "$ErrorActionPreference = 'Stop'",
  '$sid = [System.Security.Principal.SecurityIdentifier]',
  "$acls = @($env:CASEDESK_ACL_PATHS -split '\\|' | ForEach-Object { $acl = Get-Acl -LiteralPath $_; @{ owner = $acl.GetOwner($sid).Value; allows = @($acl.GetAccessRules($true, $true, $sid) | Where-Object { $_.AccessControlType -eq 'Allow' -and -not ($_.PropagationFlags -band 2) } | ForEach-Object { @{ sid = $_.IdentityReference.Value; rights = ([int]$_.FileSystemRights) -band 0x7FFFFFFF } }) } })",
  '@{ user = [System.Security.Principal.WindowsIdentity]::GetCurrent().User.Value; acls = $acls } | ConvertTo-Json -Compress -Depth 5',
].join('; ');

/** The real reader (Windows only; not run by the tests, which run on Linux, where parseAcls is). */
export const powershellAclReader: WindowsAclReader = {
  read(paths) {
    const out = execFileSync(POWERSHELL, ['-NoProfile', '-NonInteractive', '-Command', GET_ACLS], {
      encoding: 'utf8',
      windowsHide: true,
      timeout: 15_000,
      env: { ...process.env, CASEDESK_ACL_PATHS: paths.join('|') },
    });
    return parseAcls(out);
  },
};

/** What GET_ACLS prints (ConvertTo-Json writes a one-item list as the item itself). */
export function parseAcls(out: string): { user: string; acls: WindowsAcl[] } {
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
  const parsed = JSON.parse(out) as { user?: unknown; acls?: unknown };
  if (typeof parsed.user !== 'string') throw new Error('no user SID');
  const acls = list(parsed.acls).map((acl) => {
    const { owner, allows } = acl as { owner?: unknown; allows?: unknown };
    if (typeof owner !== 'string') throw new Error('no owner');
    return {
      owner,
      allows: list(allows).map((rule) => {
        const { sid, rights } = rule as { sid?: unknown; rights?: unknown };
        if (typeof sid !== 'string' || typeof rights !== 'number') throw new Error('unreadable rule');
        return { sid, rights };
      }),
    };
  });
  return { user: parsed.user, acls };
}
