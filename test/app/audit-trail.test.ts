// An agent's day through the command surface, against a real emulator, and what the audit trail says
// of it: every action with who did it, and not one debtor's name, code, phone, amount, nor a token or
// a password anywhere in its files.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../src-main/domain/audit-events';
import { createAppContext } from '../../src-main/surface/app-context';
import type { BatchCaseView, ProcedureName, ProcedureOutputs } from '../../src-main/surface/procedures';
import { createSurface } from '../../src-main/surface/surface';
import { newCampaign, control } from '../client/helpers';
import { DEMO_USER, useEmulator } from '../support/emulator';

const SAMPLE = join(import.meta.dirname, '../../resources/samples/cartera-banco-del-sur.xlsx');
const dir = mkdtempSync(join(tmpdir(), 'casedesk-audit-day-'));
const emulator = useEmulator({ speed: 1 });
const ctx = createAppContext({ dataDir: dir });
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

async function call<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  const answer = await createSurface(ctx).call(name, input);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.value;
}

/** Everything the audit folder holds, as written. */
const auditText = () =>
  readdirSync(join(dir, 'audit'))
    .map((f) => readFileSync(join(dir, 'audit', f), 'utf8'))
    .join('\n');

describe('the audit trail of an agent’s day', () => {
  const secrets = new Set<string>([DEMO_USER.password, 'contraseña-equivocada']);
  let entries: AuditEntry[] = [];
  let batchId = 0;
  let campaignId = 0;

  it('records each step of the day', async () => {
    await call('environments:setBaseUrl', { environment: 'test', baseUrl: emulator.current.url });
    expect((await createSurface(ctx).call('session:signIn', { environment: 'test', email: DEMO_USER.email, password: 'contraseña-equivocada' })).ok).toBe(
      false,
    );
    await call('session:signIn', { environment: 'test', ...DEMO_USER });
    secrets.add(await ctx.connections.get('test')!.session.accessToken());

    const received = await call('files:receive', { name: 'cartera-banco-del-sur.xlsx', base64: readFileSync(SAMPLE).toString('base64') });
    const prepared = await call('batches:prepare', { environment: 'test', fileId: received.fileId, maxPhonePriority: 2 });
    batchId = prepared.batchId;

    // What the trail must never say: every debtor's code, name, phone, operation and amount.
    const cases = await call('batches:cases', { batchId, limit: 1000 });
    expect(cases).toHaveLength(11);
    for (const c of cases) {
      for (const value of [c.code, c.firstName, c.lastName, ...c.phones]) if (value.length >= 4) secrets.add(value);
      for (const p of c.products) secrets.add(p.debtCode).add(p.debt);
    }
    const luis = cases.find((c) => c.code === '07654321') as BatchCaseView;
    await call('batches:editCase', { batchId, caseId: luis.id, changes: { firstName: 'Luis Alberto', phones: ['3514561234'] } });
    secrets.add('Luis Alberto').add('3514561234');

    await call('batches:exportErrors', { batchId });
    await call('batches:exportClean', { batchId });
    campaignId = (await call('campaigns:create', { environment: 'test', campaign: newCampaign('Banco del Sur marzo') })).campaign.id;
    const upload = await call('sync:upload', { environment: 'test', batchId, campaignId });
    expect(upload).toMatchObject({ status: 'done', loaded: 8 });
    await call('campaigns:action', { environment: 'test', campaignId, action: 'start' });
    await control(emulator.current.url, 'advance', { seconds: 120 });
    await call('campaigns:action', { environment: 'test', campaignId, action: 'stop' });
    await call('results:download', { environment: 'test', campaignId, recordings: false });
    await call('results:export', { environment: 'test', campaignId });
    await call('settings:set', { defaultAreaCode: '351', uploadSpacingMs: 1000 });
    await call('session:signOut', { environment: 'test' });

    const listing = await call('audit:list', {});
    expect(listing.chainOk).toBe(true);
    entries = [...listing.entries].reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'environment.addressSet',
      'procedure.failed',
      'session.signedIn',
      'file.received',
      'batch.prepared',
      'batch.caseEdited',
      'export.written',
      'export.written',
      'campaign.created',
      'upload.started',
      'upload.finished',
      'campaign.started',
      'campaign.stopped',
      'results.downloaded',
      'export.written',
      'settings.changed',
      'session.signedOut',
    ]);
  });

  it('says what each step did, in counts and ids', () => {
    const find = (action: string, n = 0) => entries.filter((e) => e.action === action)[n];
    expect(find('procedure.failed')).toMatchObject({ procedure: 'session:signIn', code: 'service.sign_in_refused', environment: 'test' });
    expect(find('file.received')).toMatchObject({ file: 'cartera-banco-del-sur.xlsx', bytes: readFileSync(SAMPLE).length });
    // 13 rows of debtors (two debtors owe twice) and the totals row, which made no case.
    expect(find('batch.prepared')).toMatchObject({
      batchId,
      environment: 'test',
      file: 'cartera-banco-del-sur.xlsx',
      rows: 14,
      cases: 11,
      ready: 8,
      rejected: 3,
      rowErrors: 1,
      mapping: 'suggested',
    });
    expect(find('batch.caseEdited')).toMatchObject({ batchId, fields: ['firstName', 'phones'] });
    // Rejected cases and cases with warnings: 3 + 3 (the edit fixed one; 00012345 is a DNI-looking code below 1,000,000).
    expect(find('export.written', 0)).toMatchObject({ kind: 'error-report', batchId, count: 6, to: 'download', path: null });
    expect(find('export.written', 1)).toMatchObject({ kind: 'clean-batch', batchId, count: 8, to: 'download' });
    expect(find('upload.started')).toMatchObject({ batchId, campaignId, pending: 8 });
    expect(find('upload.finished')).toMatchObject({
      batchId,
      campaignId,
      status: 'done',
      loaded: 8,
      rejected: 0,
      inDoubt: 0,
      requests: 1,
      skippedDuplicates: 0,
      reloadDuplicates: false,
    });
    expect(find('campaign.started')).toMatchObject({ campaignId, status: 'ONGOING' });
    expect(find('results.downloaded')).toMatchObject({ campaignId, cases: 8, cancelled: false });
    expect(find('export.written', 2)).toMatchObject({ kind: 'results', campaignId, count: 8, to: 'download' });
    expect(find('settings.changed')).toMatchObject({ changes: { defaultAreaCode: { from: '', to: '351' } } });
    // Unchanged settings are not mentioned.
    expect(Object.keys(find('settings.changed')?.changes as object)).toEqual(['defaultAreaCode']);
  });

  it('names this computer’s user and the service’s user of the environment, signing out included', () => {
    const who = (action: string) => entries.find((e) => e.action === action)?.actor;
    expect(who('session.signedIn')).toEqual({ osUser: userInfo().username, serviceUser: DEMO_USER.email, environment: 'test', face: 'app' });
    expect(who('batch.prepared')).toMatchObject({ serviceUser: DEMO_USER.email, environment: 'test' });
    expect(who('session.signedOut')).toMatchObject({ serviceUser: DEMO_USER.email, environment: 'test' });
    expect(who('procedure.failed')).toMatchObject({ serviceUser: null, environment: 'test' });
  });

  it('holds no debtor data, token or password in its files', () => {
    const text = auditText();
    expect(secrets.size).toBeGreaterThan(40);
    for (const secret of secrets) expect(text, `the audit trail holds "${secret}"`).not.toContain(secret);
    expect(text).not.toMatch(/eyJ[\w-]{10,}/);
  });

  it('holds no personal data in its files at all: who acted and which file only as ids, their names in the encrypted store', () => {
    const text = auditText();
    for (const personal of [DEMO_USER.email, userInfo().username, 'cartera-banco-del-sur'])
      expect(text, `the audit trail holds "${personal}"`).not.toContain(personal);
    const written = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditEntry);
    expect(written.find((e) => e.action === 'session.signedIn')?.actor).toEqual({
      osUserId: expect.stringMatching(/^[0-9a-f]{16}$/),
      serviceUserId: expect.stringMatching(/^[0-9a-f]{16}$/),
      environment: 'test',
      face: 'app',
    });
    expect(written.find((e) => e.action === 'file.received')).toMatchObject({ fileId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    // The same person and the same file keep the same id; the names are what audit:list showed above.
    expect(new Set(written.map((e) => ('osUserId' in e.actor ? e.actor.osUserId : null))).size).toBe(1);
    expect(written.find((e) => e.action === 'batch.prepared')?.fileId).toBe(written.find((e) => e.action === 'file.received')?.fileId);
  });
});

describe('lines added to the trail by someone without the data key', () => {
  it('are not vouched for, and the next real entry does not adopt them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'casedesk-audit-forged-'));
    const other = createAppContext({ dataDir: folder });
    const surface = createSurface(other);
    const list = async () => {
      const answer = await surface.call('audit:list', {});
      if (!answer.ok) throw new Error(answer.error.code);
      return answer.value;
    };
    try {
      expect((await surface.call('settings:set', { defaultAreaCode: '11' })).ok).toBe(true);
      expect((await list()).chainOk).toBe(true);
      // A forged line, chained correctly onto the last real one: only the store's head tells it apart.
      const file = join(folder, 'audit', 'audit.jsonl');
      const last = readFileSync(file, 'utf8').trimEnd().split('\n').at(-1) as string;
      const { seq, actor } = JSON.parse(last) as AuditEntry;
      const forged = {
        at: new Date().toISOString(),
        seq: seq + 1,
        prev: createHash('sha256').update(last, 'utf8').digest('hex'),
        actor,
        action: 'workstation.wiped',
      };
      appendFileSync(file, `${JSON.stringify(forged)}\n`);
      expect(await list()).toMatchObject({ chainOk: false, breaks: [{ seq: seq + 1, reason: 'after-head', count: 1 }] });

      expect((await surface.call('settings:set', { defaultAreaCode: '351' })).ok).toBe(true);
      const after = await list();
      expect(after.chainOk).toBe(false);
      expect(after.entries[0]).toMatchObject({ action: 'settings.changed', seq: seq + 1 });
    } finally {
      await other.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('when the trail cannot be written', () => {
  it('the work is done and answered all the same, and stderr says so with a code only', async () => {
    const blocked = mkdtempSync(join(tmpdir(), 'casedesk-audit-blocked-'));
    // A file where the folder should be: nothing can be appended.
    writeFileSync(join(blocked, 'audit'), '');
    const other = createAppContext({ dataDir: blocked });
    const complaints = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const answer = await createSurface(other).call('settings:set', { defaultAreaCode: '11' });
      expect(answer).toMatchObject({ ok: true, value: { defaultAreaCode: '11' } });
      expect(complaints.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/^CaseDesk could not add to its audit trail \([A-Z]+\)\.$/)]);
    } finally {
      complaints.mockRestore();
      await other.close();
      rmSync(blocked, { recursive: true, force: true });
    }
  });
});
