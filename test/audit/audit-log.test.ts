// The audit trail on disk: append-only JSON lines, private files, rotation, a hash chain that shows
// where the trail was changed, and the torn line a crash can leave.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditActor, AuditEvent } from '../../src-main/domain/audit-events';
import { appendAudit, readAudit, revealEntry, type AuditHead } from '../../src-main/audit/audit-log';
import { keyedPseudonyms, pseudonym, pseudonymKey } from '../../src-main/audit/audit-pseudonyms';

const root = mkdtempSync(join(tmpdir(), 'casedesk-audit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDataDir = () => join(root, `data-${++folders}`);

const agent: AuditActor = { osUser: 'agente', serviceUser: 'demo@casedesk.local', environment: 'demo', face: 'app' };
const DATA_KEY = Buffer.alloc(32, 1);
/** What the store keeps: each id's readable value. */
const names = new Map<string, string>();
const pseudonyms = keyedPseudonyms(DATA_KEY, (id, value) => names.set(id, value));
const idOf = (value: string) => pseudonym(pseudonymKey(DATA_KEY), value);
const received = (i: number): AuditEvent => ({ action: 'file.received', file: `cartera-${i}.xlsx`, bytes: 1000 + i });
const lines = (dataDir: string, file = 'audit.jsonl') =>
  readFileSync(join(dataDir, 'audit', file), 'utf8')
    .split('\n')
    .filter(Boolean);
const rewrite = (dataDir: string, edit: (lines: string[]) => string[], file = 'audit.jsonl') =>
  writeFileSync(
    join(dataDir, 'audit', file),
    edit(lines(dataDir, file))
      .map((l) => `${l}\n`)
      .join(''),
  );

describe('appendAudit', () => {
  it('writes one JSON line per event with its time, sequence, the hash of the line before, and who and which file as ids only', () => {
    const dataDir = freshDataDir();
    const head = appendAudit(dataDir, received(1), agent, { pseudonyms, now: new Date('2026-03-02T13:00:00Z') });
    appendAudit(dataDir, { action: 'session.signedOut', environment: 'demo' }, agent, { pseudonyms });
    const [first, second] = lines(dataDir).map((l) => JSON.parse(l) as Record<string, unknown>);
    const actor = { osUserId: idOf('agente'), serviceUserId: idOf('demo@casedesk.local'), environment: 'demo', face: 'app' };
    expect(first).toEqual({ at: '2026-03-02T13:00:00.000Z', seq: 1, prev: null, actor, action: 'file.received', fileId: idOf('cartera-1.xlsx'), bytes: 1001 });
    expect(second).toMatchObject({ seq: 2, prev: head.hash, action: 'session.signedOut', actor });
    expect(head).toEqual({ seq: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The files name no one and no file: the readable values are the store's (here, `names`).
    const text = readFileSync(join(dataDir, 'audit', 'audit.jsonl'), 'utf8');
    for (const value of ['agente', 'demo@casedesk.local', 'cartera-1.xlsx']) {
      expect(text).not.toContain(value);
      expect(names.get(idOf(value))).toBe(value);
    }
  });

  it('writes an export’s path as its id, and null ids when there is no key (the first line after a wipe)', () => {
    const dataDir = freshDataDir();
    const path = '/home/agente/Escritorio/Banco del Sur/errores.xlsx';
    const exported: AuditEvent = { action: 'export.written', kind: 'error-report', batchId: 3, count: 2, to: 'file', path };
    appendAudit(dataDir, exported, agent, { pseudonyms });
    appendAudit(dataDir, { ...exported, to: 'download', path: null }, agent, { pseudonyms });
    appendAudit(dataDir, { action: 'workstation.wiped' }, { ...agent, serviceUser: null }, { pseudonyms: null });
    const [file, download, wiped] = lines(dataDir).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(file).toMatchObject({ kind: 'error-report', to: 'file', pathId: idOf(path) });
    expect(Object.keys(file as object)).not.toContain('path');
    expect(download).toMatchObject({ to: 'download', pathId: null });
    expect(wiped).toMatchObject({ actor: { osUserId: null, serviceUserId: null } });
    expect(lines(dataDir).join('\n')).not.toMatch(/agente|Banco del Sur|errores/);
  });

  it('keeps the folder and its files private, tightening ones that were open to others', () => {
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, 'audit'), { recursive: true, mode: 0o755 });
    chmodSync(join(dataDir, 'audit'), 0o755);
    writeFileSync(join(dataDir, 'audit', 'audit.jsonl'), '', { mode: 0o644 });
    chmodSync(join(dataDir, 'audit', 'audit.jsonl'), 0o644);
    appendAudit(dataDir, received(1), agent, { pseudonyms });
    expect(statSync(join(dataDir, 'audit')).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'audit', 'audit.jsonl')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dataDir, 'audit'))).toEqual(['audit.jsonl']);
  });

  it('refuses any field an event does not list, and text that a terminal would run', () => {
    const dataDir = freshDataDir();
    const withName = { ...received(1), firstName: 'Juan' } as unknown as AuditEvent;
    // eslint-disable-next-line no-restricted-syntax -- the guard against personal data in the trail is a programmer's error: no code, it names the field
    expect(() => appendAudit(dataDir, withName, agent, { pseudonyms })).toThrow(/firstName/);
    const amounts = {
      action: 'upload.finished',
      environment: 'demo',
      batchId: 1,
      campaignId: 2,
      status: 'done',
      loaded: 1,
      rejected: 0,
      pending: 0,
      inDoubt: 0,
      requests: 1,
      rejectedCodes: ['20123456'],
    } as unknown as AuditEvent;
    // eslint-disable-next-line no-restricted-syntax -- the guard against personal data in the trail is a programmer's error: no code, it names the field
    expect(() => appendAudit(dataDir, amounts, agent, { pseudonyms })).toThrow(/rejectedCodes/);
    // eslint-disable-next-line no-restricted-syntax -- the guard against personal data in the trail is a programmer's error: no code, it names the field
    expect(() => appendAudit(dataDir, { action: 'file.received', file: 'x\u001b[2Jy.xlsx', bytes: 1 }, agent, { pseudonyms })).toThrow(/control/);
    expect(readAudit(dataDir).entries).toEqual([]);
  });

  it('rotates by size, keeps every file, and reads across them in order', () => {
    const dataDir = freshDataDir();
    for (let i = 1; i <= 12; i++) appendAudit(dataDir, received(i), agent, { pseudonyms, rotateAtBytes: 700 });
    const files = readdirSync(join(dataDir, 'audit')).sort();
    expect(files.length).toBeGreaterThan(3);
    expect(files).toContain('audit-000001.jsonl');
    const reading = readAudit(dataDir);
    expect(reading.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(reading.chain).toEqual({ ok: true, breaks: [], unreadable: 0 });
    expect(reading.head?.seq).toBe(12);
  });

  it('is written by one process at a time: two appending together leave one unbroken chain', async () => {
    const dataDir = freshDataDir();
    const child = (tag: string) =>
      new Promise<number | null>((resolve) =>
        spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fixtures/append-child.ts'), dataDir, '40', tag], { stdio: 'inherit' }).once(
          'exit',
          resolve,
        ),
      );
    expect(await Promise.all([child('uno'), child('dos')])).toEqual([0, 0]);
    const reading = readAudit(dataDir);
    expect(reading.chain.ok).toBe(true);
    expect(reading.entries.map((e) => e.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    // Each process's user by the same id (the children derive it from the same data key).
    const key = pseudonymKey(Buffer.alloc(32, 7));
    expect(new Set(reading.entries.map((e) => ('osUserId' in e.actor ? e.actor.osUserId : null)))).toEqual(
      new Set([pseudonym(key, 'uno'), pseudonym(key, 'dos')]),
    );
  });
});

describe('readAudit', () => {
  function trailOf(n: number) {
    const dataDir = freshDataDir();
    let head = appendAudit(dataDir, received(1), agent, { pseudonyms });
    for (let i = 2; i <= n; i++) head = appendAudit(dataDir, received(i), agent, { pseudonyms });
    return { dataDir, head };
  }

  it('filters by time and keeps the latest entries up to a limit, oldest first', () => {
    const dataDir = freshDataDir();
    for (let day = 1; day <= 5; day++) appendAudit(dataDir, received(day), agent, { pseudonyms, now: new Date(`2026-03-0${day}T12:00:00Z`) });
    expect(readAudit(dataDir, { since: new Date('2026-03-03T00:00:00Z') }).entries.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(readAudit(dataDir, { limit: 2 }).entries.map((e) => e.seq)).toEqual([4, 5]);
    expect(readAudit(freshDataDir())).toEqual({ entries: [], chain: { ok: true, breaks: [], unreadable: 0 }, head: null });
  });

  it('shows an edited entry where the chain breaks', () => {
    const { dataDir } = trailOf(4);
    rewrite(dataDir, (ls) => ls.map((l, i) => (i === 1 ? l.replace('"bytes":1002', '"bytes":9') : l)));
    expect(readAudit(dataDir).chain).toMatchObject({ ok: false, breaks: [{ seq: 3, reason: 'prev-mismatch' }] });
  });

  it('shows a removed entry', () => {
    const { dataDir } = trailOf(4);
    rewrite(dataDir, (ls) => ls.filter((_, i) => i !== 1));
    expect(readAudit(dataDir).chain).toMatchObject({ ok: false, breaks: [{ seq: 3, reason: 'prev-mismatch' }] });
  });

  it('shows that the oldest file was removed', () => {
    const dataDir = freshDataDir();
    for (let i = 1; i <= 8; i++) appendAudit(dataDir, received(i), agent, { pseudonyms, rotateAtBytes: 700 });
    rmSync(join(dataDir, 'audit', 'audit-000001.jsonl'));
    expect(readAudit(dataDir).chain).toMatchObject({ ok: false, breaks: [{ reason: 'start-missing' }] });
  });

  it('shows the latest entries cut off, or the whole trail rewritten, against the head kept elsewhere', () => {
    const { dataDir, head } = trailOf(4);
    expect(readAudit(dataDir, { head }).chain.ok).toBe(true);
    rewrite(dataDir, (ls) => ls.slice(0, 3));
    expect(readAudit(dataDir).chain.ok).toBe(true);
    expect(readAudit(dataDir, { head }).chain).toMatchObject({ ok: false, breaks: [{ seq: 4, reason: 'head-missing' }] });
    rmSync(join(dataDir, 'audit'), { recursive: true });
    appendAudit(dataDir, received(1), agent, { pseudonyms });
    expect(readAudit(dataDir, { head }).chain.ok).toBe(false);
  });

  it('does not vouch for entries chained after the kept head: whoever wrote them had no data key', () => {
    const { dataDir, head } = trailOf(3);
    // Correctly chained lines, as anyone who can write the file (but not the store) can add them.
    let prev = head.hash;
    for (const seq of [4, 5]) {
      const line = JSON.stringify({ at: '2026-03-02T13:00:00.000Z', seq, prev, actor: agent, action: 'workstation.wiped' });
      appendFileSync(join(dataDir, 'audit', 'audit.jsonl'), `${line}\n`);
      prev = createHash('sha256').update(line, 'utf8').digest('hex');
    }
    expect(readAudit(dataDir).chain.ok).toBe(true);
    expect(readAudit(dataDir, { head }).chain).toEqual({ ok: false, breaks: [{ seq: 4, file: 'audit.jsonl', reason: 'after-head', count: 2 }], unreadable: 0 });
  });

  it('builds the next entry on the kept head, never on forged lines past it, so the forgery stays shown', () => {
    const { dataDir, head } = trailOf(3);
    const forged = JSON.stringify({ at: '2026-03-02T13:00:00.000Z', seq: 4, prev: head.hash, actor: agent, action: 'workstation.wiped' });
    appendFileSync(join(dataDir, 'audit', 'audit.jsonl'), `${forged}\n`);
    let kept: AuditHead = head;
    const next = appendAudit(dataDir, received(4), agent, { pseudonyms, kept: { read: () => kept, write: (h) => (kept = h) } });
    expect(kept).toEqual(next);
    expect(JSON.parse(lines(dataDir).at(-1) as string)).toMatchObject({ seq: 4, prev: head.hash, fileId: idOf('cartera-4.xlsx') });
    // The real entry follows the real head; the forged line sits in between, breaking the chain for good.
    expect(readAudit(dataDir, { head: kept }).chain).toMatchObject({ ok: false, breaks: [{ seq: 4, reason: 'prev-mismatch' }] });
  });

  it('keeps the head with each append, under the lock: the kept head is always the last line', () => {
    const dataDir = freshDataDir();
    let kept: AuditHead | null = null;
    const store = { read: () => kept, write: (h: AuditHead) => (kept = h) };
    for (let i = 1; i <= 3; i++) appendAudit(dataDir, received(i), agent, { pseudonyms, kept: store });
    expect(kept).toMatchObject({ seq: 3 });
    expect(readAudit(dataDir, { head: kept }).chain).toEqual({ ok: true, breaks: [], unreadable: 0 });
  });

  it('tolerates the torn line of a crash mid-write, and the next event starts on its own line', () => {
    const { dataDir } = trailOf(3);
    appendFileSync(join(dataDir, 'audit', 'audit.jsonl'), '{"at":"2026-03-02T13:00:00.000Z","seq":4,"pr');
    expect(readAudit(dataDir).chain).toEqual({ ok: true, breaks: [], unreadable: 1 });
    appendAudit(dataDir, received(4), agent, { pseudonyms });
    const reading = readAudit(dataDir);
    expect(reading.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(reading.chain).toEqual({ ok: true, breaks: [], unreadable: 1 });
  });
});

describe('revealEntry (what the holder of the data key is shown)', () => {
  it('puts each readable value back in place of its id, the id itself where the store has none', () => {
    const dataDir = freshDataDir();
    appendAudit(dataDir, received(1), agent, { pseudonyms });
    appendAudit(dataDir, received(2), { ...agent, osUser: 'otro' }, { pseudonyms: keyedPseudonyms(DATA_KEY, () => undefined) });
    const [kept, unknown] = readAudit(dataDir).entries.map((e) => revealEntry(e, (id) => names.get(id) ?? null));
    expect(kept).toEqual({ at: expect.any(String), seq: 1, prev: null, actor: agent, action: 'file.received', file: 'cartera-1.xlsx', bytes: 1001 });
    expect(unknown).toMatchObject({ actor: { osUser: idOf('otro'), serviceUser: 'demo@casedesk.local' }, file: 'cartera-2.xlsx' });
  });
});

describe('a line of a newer CaseDesk that says more of who acted', () => {
  it('is still read and chained', () => {
    const dataDir = freshDataDir();
    const head = appendAudit(dataDir, received(1), agent, { pseudonyms });
    const actor = { osUserId: idOf('agente'), serviceUserId: null, environment: null, face: 'cli', device: 'a1b2' };
    appendFileSync(
      join(dataDir, 'audit', 'audit.jsonl'),
      `${JSON.stringify({ at: '2026-03-02T13:00:00.000Z', seq: 2, prev: head.hash, actor, action: 'x.y' })}\n`,
    );
    expect(readAudit(dataDir)).toMatchObject({ entries: [{ seq: 1 }, { seq: 2, action: 'x.y' }], chain: { ok: true, unreadable: 0 } });
  });
});

describe('lines written before pseudonyms (readable actor and file)', () => {
  it('are read, chained on and verified with the new ones, and shown as they were', () => {
    const dataDir = freshDataDir();
    // As the previous version wrote them.
    mkdirSync(join(dataDir, 'audit'), { recursive: true, mode: 0o700 });
    let prev: string | null = null;
    const old: string[] = [];
    for (const seq of [1, 2]) {
      const line: string = JSON.stringify({
        at: '2026-03-01T12:00:00.000Z',
        seq,
        prev,
        actor: agent,
        action: 'file.received',
        file: `vieja-${seq}.xlsx`,
        bytes: seq,
      });
      old.push(line);
      prev = createHash('sha256').update(line, 'utf8').digest('hex');
    }
    writeFileSync(join(dataDir, 'audit', 'audit.jsonl'), old.map((l) => `${l}\n`).join(''), { mode: 0o600 });
    let kept: AuditHead | null = { seq: 2, hash: prev as string };
    const store = { read: () => kept, write: (h: AuditHead) => (kept = h) };
    appendAudit(dataDir, received(3), agent, { pseudonyms, kept: store });
    const reading = readAudit(dataDir, { head: kept });
    expect(reading.chain).toEqual({ ok: true, breaks: [], unreadable: 0 });
    const shown = reading.entries.map((e) => revealEntry(e, (id) => names.get(id) ?? null));
    expect(shown.map((e) => [e.seq, e.actor.osUser, e.actor.serviceUser, e.file])).toEqual([
      [1, 'agente', 'demo@casedesk.local', 'vieja-1.xlsx'],
      [2, 'agente', 'demo@casedesk.local', 'vieja-2.xlsx'],
      [3, 'agente', 'demo@casedesk.local', 'cartera-3.xlsx'],
    ]);
  });
});
