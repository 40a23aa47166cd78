// The managed policy on Windows: HKLM\SOFTWARE\Policies\CaseDesk, where Group Policy writes it (the
// ADMX template in resources/policy/) and only administrators can. The values are the keys of
// policy.json: REG_SZ / REG_EXPAND_SZ for text, REG_DWORD for booleans (0 or 1) and numbers; the
// nested keys are subkeys (environments\production, environments\test, contact_hours, whose `days`
// is REG_MULTI_SZ or one REG_SZ such as "mon,tue,wed"). The reader is injected: the real one runs
// reg.exe; the tests, which run on Linux, drive the conversion with a fake one.
import { execFileSync } from 'node:child_process';

/** Where the policy lives in the registry, as messages name it. */
export const REGISTRY_POLICY_KEY = 'HKLM\\SOFTWARE\\Policies\\CaseDesk';

export type RegistryValue =
  | { type: 'REG_SZ' | 'REG_EXPAND_SZ'; data: string }
  | { type: 'REG_MULTI_SZ'; data: string[] }
  | { type: 'REG_DWORD' | 'REG_QWORD'; data: number }
  /** Any other type (REG_BINARY…): kept as printed, so the policy's check refuses it by its key. */
  | { type: 'other'; data: string };

export interface RegistryKey {
  values: Record<string, RegistryValue>;
  subkeys: Record<string, RegistryKey>;
}

/** Reads REGISTRY_POLICY_KEY with its subkeys; null when the key does not exist (nothing is managed there). Throws when it cannot tell. */
export interface RegistryReader {
  read(): RegistryKey | null;
}

/** Keys whose REG_DWORD is a boolean: 0 false, 1 true (anything else is left as a number, and refused). */
const BOOLEAN_KEYS = new Set(['require_keychain', 'allow_custom_base_url', 'allow_demo', 'shared_ledger_required']);

/** The registry's policy as the object policy.json would hold, checked by the same rules. */
export function registryPolicy(key: RegistryKey): Record<string, unknown> {
  const raw = valuesOf(key);
  for (const [name, sub] of Object.entries(key.subkeys)) {
    if (name === 'environments') raw.environments = Object.fromEntries(Object.entries(sub.subkeys).map(([env, k]) => [env, valuesOf(k)]));
    else raw[name] = valuesOf(sub);
  }
  const hours = raw.contact_hours as Record<string, unknown> | undefined;
  // Group Policy's text box writes one string; a list written by hand is REG_MULTI_SZ.
  if (hours && typeof hours.days === 'string') hours.days = hours.days.split(/[\s,;]+/).filter(Boolean);
  return raw;
}

function valuesOf(key: RegistryKey): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(key.values)) {
    if (name === '') continue;
    out[name] = value.type === 'REG_DWORD' && BOOLEAN_KEYS.has(name) && (value.data === 0 || value.data === 1) ? value.data === 1 : value.data;
  }
  return out;
}

/**
 * What `reg.exe query KEY /s` prints, as a tree under `root` (the key as reg.exe spells it,
 * HKEY_LOCAL_MACHINE\…). Each key is a line of its own, each value `    name    TYPE    data`.
 */
export function parseRegQuery(output: string, root = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\CaseDesk'): RegistryKey | null {
  const tree: RegistryKey = { values: {}, subkeys: {} };
  let current: RegistryKey | null = null;
  let seen = false;
  for (const line of output.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    if (!line.startsWith(' ')) {
      const path = line.trim();
      if (path.toLowerCase() === root.toLowerCase()) current = tree;
      else if (path.toLowerCase().startsWith(`${root.toLowerCase()}\\`)) {
        current = tree;
        for (const part of path.slice(root.length + 1).split('\\')) current = current.subkeys[part] ??= { values: {}, subkeys: {} };
      } else current = null;
      seen ||= current !== null;
      continue;
    }
    const value = /^ {4}(.+?) {4}(REG_[A-Z0-9_]+)(?: {4}(.*))?$/.exec(line);
    if (!value || current === null) continue;
    const [, name = '', type, data = ''] = value;
    current.values[name === '(Default)' ? '' : name] = registryValue(type ?? '', data);
  }
  return seen ? tree : null;
}

function registryValue(type: string, data: string): RegistryValue {
  if (type === 'REG_SZ' || type === 'REG_EXPAND_SZ') return { type, data };
  // reg.exe prints a list's strings joined by the two characters \0.
  if (type === 'REG_MULTI_SZ') return { type, data: data === '' ? [] : data.split('\\0').filter((s) => s !== '') };
  if ((type === 'REG_DWORD' || type === 'REG_QWORD') && /^0x[0-9a-fA-F]+$/.test(data)) return { type, data: Number.parseInt(data.slice(2), 16) };
  return { type: 'other', data };
}

/** reg.exe by its fixed path (PATH is the user's to set), the 64-bit view whatever the process is. */
const REG_EXE = 'C:\\Windows\\System32\\reg.exe';

/**
 * The real reader (Windows only): reg.exe with fixed arguments, its output parsed. reg.exe exits 1
 * with nothing on stdout when the key does not exist: nothing is managed there. Any other failure is
 * thrown, and the caller stops (fail closed). reg.exe prints in the console's code page: keep the
 * values ASCII (addresses, %VAR% paths, UNC paths).
 */
export const regExeReader: RegistryReader = {
  read() {
    try {
      const out = execFileSync(REG_EXE, ['query', REGISTRY_POLICY_KEY, '/s', '/reg:64'], { encoding: 'utf8', windowsHide: true, timeout: 10_000 });
      return parseRegQuery(out);
    } catch (err) {
      const failed = err as { status?: number | null; stdout?: string };
      if (failed.status === 1 && !failed.stdout?.trim()) return null;
      throw err;
    }
  },
};
