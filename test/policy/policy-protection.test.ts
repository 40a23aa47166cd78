// A policy file is trusted only when administrators alone can change it and every folder above it:
// anything else (a file planted where IT put none, a group- or world-writable one, one owned by an
// ordinary user) is refused as bad input naming the file, CASEDESK_POLICY included. These tests run as
// root (CI), so the files they write are root's: refusals are made with chmod and with chown to nobody.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureWords } from '../../src-main/cli/cli-globals';
import { failureClass, formatFailure } from '../../src-main/domain/failures/failure';
import { loadPolicy, PolicyError, type PolicySources } from '../../src-main/policy/policy';
import { parseAcls, posixProblem, windowsProblem, type PathStat, type WindowsAcl } from '../../src-main/policy/policy-protection';

const NOBODY = 65534;
const CA_PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const root = mkdtempSync(join(tmpdir(), 'casedesk-policy-protection-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;

/** A root-owned 0644 policy in a root-owned 0755 folder of its own (under the 0700 mkdtemp folder, under sticky /tmp). */
function protectedPolicy(body: Record<string, unknown> = { retention_days: 30 }): { folder: string; file: string } {
  const folder = join(root, `it-${++folders}`);
  mkdirSync(folder);
  chmodSync(folder, 0o755);
  const file = join(folder, 'policy.json');
  writeFileSync(file, JSON.stringify(body));
  chmodSync(file, 0o644);
  return { folder, file };
}

const absent = join(root, 'no-machine-policy.json');
const viaVariable = (file: string) => loadPolicy({ CASEDESK_POLICY: file }, 'linux', absent);

function refusal(work: () => unknown): PolicyError {
  try {
    work();
  } catch (err) {
    if (err instanceof PolicyError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('a policy file on Linux and macOS', () => {
  it('is read when root owns it and its folders and no one else may write them (0644 in 0755, under sticky /tmp)', () => {
    const { file } = protectedPolicy();
    expect(viaVariable(file)).toMatchObject({ file, policy: { retention_days: 30 } });
  });

  it.each([
    ['world-writable', 0o666, 'world_writable'],
    ['group-writable', 0o664, 'group_writable'],
  ])('is refused when %s, naming the file, as bad input (CASEDESK_POLICY included)', (_name, mode, reason) => {
    const { file } = protectedPolicy();
    chmodSync(file, mode);
    const err = refusal(() => viaVariable(file));
    expect(err.toData()).toEqual({ code: 'policy.not_protected', params: { file, path: file, reason } });
    expect(failureClass(err.code)).toBe('invalid-input');
    for (const lang of ['en', 'es'] as const) expect(failureWords(err.toData(), lang)).toContain(file);
  });

  it('is refused when an ordinary user owns it', () => {
    const { file } = protectedPolicy();
    chownSync(file, NOBODY, NOBODY);
    expect(refusal(() => viaVariable(file)).toData()).toEqual({ code: 'policy.not_protected', params: { file, path: file, reason: 'owner' } });
  });

  it('is refused when its own folder may be changed by others: owned by a user, writable by all, even sticky', () => {
    const owned = protectedPolicy();
    chownSync(owned.folder, NOBODY, NOBODY);
    expect(refusal(() => viaVariable(owned.file)).params).toEqual({ file: owned.file, path: owned.folder, reason: 'owner' });
    const open = protectedPolicy();
    chmodSync(open.folder, 0o777);
    expect(refusal(() => viaVariable(open.file)).params).toMatchObject({ path: open.folder, reason: 'world_writable' });
    chmodSync(open.folder, 0o1777);
    expect(refusal(() => viaVariable(open.file)).params).toMatchObject({ path: open.folder, reason: 'world_writable' });
  });

  it('takes a sticky root-owned folder above its own (as /tmp), but not a plain writable one', () => {
    const above = join(root, 'shared-above');
    mkdirSync(join(above, 'casedesk'), { recursive: true });
    chmodSync(join(above, 'casedesk'), 0o755);
    const file = join(above, 'casedesk', 'policy.json');
    writeFileSync(file, '{}');
    chmodSync(above, 0o1777);
    expect(viaVariable(file).file).toBe(file);
    chmodSync(above, 0o777);
    expect(refusal(() => viaVariable(file)).params).toMatchObject({ path: above, reason: 'world_writable' });
    chmodSync(above, 0o755);
  });

  it('refuses the machine’s own file when it was planted by a user, whatever CASEDESK_POLICY says', () => {
    const planted = protectedPolicy({ environments: { production: { base_url: 'https://evil.example.net' } } });
    chownSync(planted.file, NOBODY, NOBODY);
    const own = protectedPolicy();
    const err = refusal(() => loadPolicy({ CASEDESK_POLICY: own.file }, 'linux', planted.file));
    expect(err.toData()).toEqual({ code: 'policy.not_protected', params: { file: planted.file, path: planted.file, reason: 'owner' } });
  });

  it('is checked where a link leads: a protected file through a link is read, an open one refused by its real path', () => {
    const target = protectedPolicy();
    const userFolder = join(root, 'user-links');
    mkdirSync(userFolder);
    chownSync(userFolder, NOBODY, NOBODY);
    const link = join(userFolder, 'policy.json');
    symlinkSync(target.file, link);
    expect(viaVariable(link)).toMatchObject({ file: link, policy: { retention_days: 30 } });
    chmodSync(target.file, 0o646);
    expect(refusal(() => viaVariable(link)).params).toEqual({ file: link, path: target.file, reason: 'world_writable' });
  });

  it('refuses a ca_file others may change, as the policy itself (a CA they replace would read every agent’s traffic)', () => {
    const { folder, file } = protectedPolicy({ environments: { production: { base_url: 'https://bots.example.com', ca_file: 'corp-ca.pem' } } });
    const ca = join(folder, 'corp-ca.pem');
    writeFileSync(ca, CA_PEM);
    chmodSync(ca, 0o644);
    expect(viaVariable(file).caCertificates).toEqual({ production: CA_PEM });
    chownSync(ca, NOBODY, NOBODY);
    expect(refusal(() => viaVariable(file)).toData()).toEqual({
      code: 'policy.not_protected',
      params: { file, path: ca, reason: 'owner', key: 'environments.production.ca_file' },
    });
  });

  it('words the reason in either language', () => {
    const params = { file: '/etc/casedesk/policy.json', path: '/etc/casedesk', reason: 'world_writable' };
    expect(formatFailure('en', 'policy.not_protected', params)).toContain('/etc/casedesk can be changed by every user.');
    expect(formatFailure('es', 'policy.not_protected', params)).toContain('/etc/casedesk puede modificarlo cualquier usuario.');
  });
});

describe('posixProblem (the check, over stat results)', () => {
  const file = (uid: number, mode: number): PathStat => ({ path: '/p/policy.json', uid, mode: 0o100000 | mode, kind: 'file' });
  const folder = (path: string, uid: number, mode: number): PathStat => ({ path, uid, mode: 0o040000 | mode, kind: 'folder' });
  const above = [folder('/p', 0, 0o755), folder('/', 0, 0o755)];

  it('holds for root-owned paths nobody else may write', () => {
    expect(posixProblem([file(0, 0o644), ...above])).toBeNull();
    expect(posixProblem([file(0, 0o600), folder('/p', 0, 0o700), folder('/tmp', 0, 0o1777), folder('/', 0, 0o755)])).toBeNull();
  });

  it('takes paths of an owner it is given (CASEDESK_POLICY: this user’s own), no other', () => {
    expect(posixProblem([file(1000, 0o644), folder('/p', 1000, 0o755), folder('/', 0, 0o755)], [1000])).toBeNull();
    expect(posixProblem([file(1001, 0o644), ...above], [1000])).toEqual({ path: '/p/policy.json', reason: 'owner' });
    expect(posixProblem([file(1000, 0o664), ...above], [1000])).toEqual({ path: '/p/policy.json', reason: 'group_writable' });
  });

  it('names the first path others may change, and why', () => {
    expect(posixProblem([file(1000, 0o644), ...above])).toEqual({ path: '/p/policy.json', reason: 'owner' });
    expect(posixProblem([file(0, 0o620), ...above])).toEqual({ path: '/p/policy.json', reason: 'group_writable' });
    expect(posixProblem([file(0, 0o644), folder('/p', 0, 0o1777), folder('/', 0, 0o755)])).toEqual({ path: '/p', reason: 'world_writable' });
    expect(posixProblem([file(0, 0o644), folder('/p', 0, 0o755), folder('/', 1000, 0o755)])).toEqual({ path: '/', reason: 'owner' });
    expect(posixProblem([file(0, 0o644), folder('/p', 0, 0o755), folder('/q', 1000, 0o1777), folder('/', 0, 0o755)])).toEqual({ path: '/q', reason: 'owner' });
    expect(posixProblem([{ ...file(0, 0o644), kind: 'other' }, ...above])).toEqual({ path: '/p/policy.json', reason: 'not_a_file' });
  });
});

describe('a policy file on Windows (owner and ACL through an injected reader; a fake here)', () => {
  const SYSTEM = 'S-1-5-18';
  const ADMINS = 'S-1-5-32-544';
  const USERS = 'S-1-5-32-545';
  const AGENT = 'S-1-5-21-1-2-3-1001';
  const READ = 0x1200a9;
  const ADD_FILE_AND_FOLDER = 0x2 | 0x4 | 0x10 | 0x100;
  const MODIFY = 0x1301bf;
  const locked: WindowsAcl = {
    owner: ADMINS,
    allows: [
      { sid: SYSTEM, rights: 0x1f01ff },
      { sid: ADMINS, rights: 0x1f01ff },
      { sid: USERS, rights: READ },
    ],
  };
  /** What C:\ProgramData grants Users: adding entries, not removing others'. */
  const programData: WindowsAcl = { ...locked, owner: SYSTEM, allows: [...locked.allows, { sid: USERS, rights: ADD_FILE_AND_FOLDER }] };

  function windows(acls: (path: string, index: number) => WindowsAcl): PolicySources {
    return {
      registry: { read: () => null },
      // One read for the whole chain: the file, its folder, then each folder above it.
      windowsAcl: { read: (paths) => ({ user: AGENT, acls: paths.map((path, i) => acls(path, i)) }) },
    };
  }

  it('reads a file only administrators can change, in a folder of theirs, under folders where users may only add', () => {
    const { file } = protectedPolicy();
    const loaded = loadPolicy(
      {},
      'win32',
      file,
      windows((_p, i) => (i < 2 ? locked : programData)),
    );
    expect(loaded).toMatchObject({ file, policy: { retention_days: 30 } });
  });

  it.each([
    ['the file is the agent’s own', 0, { ...locked, owner: AGENT }, 'owner'],
    ['users may change the file', 0, { ...locked, allows: [...locked.allows, { sid: USERS, rights: MODIFY }] }, 'writable_by_others'],
    ['users may add files to its own folder (C:\\ProgramData\\CaseDesk left inheriting)', 1, programData, 'writable_by_others'],
    ['the agent may delete in a folder above', 2, { ...programData, allows: [...programData.allows, { sid: AGENT, rights: 0x40 }] }, 'writable_by_others'],
  ])('refuses it when %s', (_name, at, acl, reason) => {
    const { file } = protectedPolicy();
    const err = refusal(() =>
      loadPolicy(
        {},
        'win32',
        file,
        windows((_p, i) => (i === at ? acl : i < 2 ? locked : programData)),
      ),
    );
    expect(err.code).toBe('policy.not_protected');
    expect(err.params).toMatchObject({ file, reason });
  });

  it('takes the agent’s own file as CASEDESK_POLICY (it steers only their runs), never as the machine’s', () => {
    const { file } = protectedPolicy();
    const agents: WindowsAcl = { owner: AGENT, allows: [...locked.allows, { sid: AGENT, rights: MODIFY }] };
    const acls = (_p: string, i: number) => (i === 0 ? agents : i === 1 ? locked : programData);
    expect(loadPolicy({ CASEDESK_POLICY: file }, 'win32', join(root, 'absent.json'), windows(acls)).file).toBe(file);
    expect(refusal(() => loadPolicy({}, 'win32', file, windows(acls))).params).toMatchObject({ file, reason: 'owner' });
    const shared: WindowsAcl = { ...agents, allows: [...agents.allows, { sid: USERS, rights: MODIFY }] };
    const sharedAcls = (_p: string, i: number) => (i === 0 ? shared : i === 1 ? locked : programData);
    expect(refusal(() => loadPolicy({ CASEDESK_POLICY: file }, 'win32', join(root, 'absent.json'), windows(sharedAcls))).params).toMatchObject({
      reason: 'writable_by_others',
    });
  });

  it('refuses it when its ACL cannot be read', () => {
    const { file } = protectedPolicy();
    const reader: PolicySources = {
      registry: null,
      windowsAcl: {
        read: () => {
          throw new Error('Get-Acl failed');
        },
      },
    };
    expect(refusal(() => loadPolicy({}, 'win32', file, reader)).params).toEqual({ file, path: file, reason: 'unverifiable' });
  });

  it('reads what the real reader’s PowerShell prints (a one-item list printed as the item)', () => {
    const printed = JSON.stringify({
      user: AGENT,
      acls: [
        {
          owner: ADMINS,
          allows: [
            { sid: SYSTEM, rights: 0x1f01ff },
            { sid: USERS, rights: READ },
          ],
        },
        { owner: SYSTEM, allows: { sid: ADMINS, rights: 0x1f01ff } },
      ],
    });
    expect(parseAcls(printed)).toEqual({
      user: AGENT,
      acls: [
        {
          owner: ADMINS,
          allows: [
            { sid: SYSTEM, rights: 0x1f01ff },
            { sid: USERS, rights: READ },
          ],
        },
        { owner: SYSTEM, allows: [{ sid: ADMINS, rights: 0x1f01ff }] },
      ],
    });
    expect(() => parseAcls(JSON.stringify({ acls: [] }))).toThrow();
  });

  it('windowsProblem allows adding entries above the file’s own folder, nothing more', () => {
    const chain = (acl: WindowsAcl) => [
      { path: 'C:\\ProgramData\\CaseDesk\\policy.json', acl: locked },
      { path: 'C:\\ProgramData\\CaseDesk', acl: locked },
      { path: 'C:\\ProgramData', acl },
      { path: 'C:\\', acl: programData },
    ];
    expect(windowsProblem(chain(programData))).toBeNull();
    expect(windowsProblem(chain({ ...programData, allows: [{ sid: USERS, rights: 0x10000000 }] }))).toEqual({
      path: 'C:\\ProgramData',
      reason: 'writable_by_others',
    });
  });
});
