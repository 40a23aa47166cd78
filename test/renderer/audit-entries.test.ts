// The Settings screen's activity log in the agent's language: every action the trail can hold has
// a sentence in Spanish and in English, each sentence fills all its blanks, and an entry from a
// newer CaseDesk still shows.
import { describe, expect, it } from 'vitest';
import { createI18n } from 'vue-i18n';
import { AuditEvent, type ShownAuditEntry } from '../../src-main/domain/audit-events';
import { auditRules } from '../../src-main/surface/audit-rules';
import { describeActor, describeEntry, procedureWords } from '../../src-renderer/src/components/settings/audit-entries';
import common from '../../src-renderer/src/i18n/messages/common';
import issue from '../../src-renderer/src/i18n/messages/issue';
import settings from '../../src-renderer/src/i18n/messages/settings';
import { splitTexts } from '../../src-renderer/src/i18n/texts';

const actor = { osUser: 'agente', serviceUser: 'demo@casedesk.local', environment: 'test' as const, face: 'app' as const };
const entry = (fields: Record<string, unknown>): ShownAuditEntry => ({ at: '2026-03-02T13:00:00.000Z', seq: 7, prev: null, actor, action: 'x', ...fields });

/** One example of every event, with every field of it. */
const examples: Record<string, unknown>[] = [
  { action: 'session.signedIn', environment: 'test', service: 'https://api.example.com' },
  { action: 'session.signedOut', environment: 'test' },
  { action: 'environment.addressSet', environment: 'test', address: 'https://api.example.com' },
  { action: 'file.received', file: 'cartera.xlsx', bytes: 7395 },
  {
    action: 'batch.prepared',
    batchId: 3,
    environment: 'test',
    file: 'cartera.xlsx',
    rows: 14,
    cases: 11,
    ready: 8,
    rejected: 3,
    warnings: 6,
    fixes: 22,
    rowErrors: 1,
    mapping: 'suggested',
  },
  { action: 'batch.caseEdited', batchId: 3, caseId: 9, fields: ['firstName', 'phones'], status: 'ready' },
  { action: 'batch.bulkFixed', batchId: 3, fix: 'default-area-code', changed: 4 },
  { action: 'batch.campaignDrafted', batchId: 3, draft: true },
  { action: 'batch.deleted', batchId: 3, environment: 'test', cases: 11 },
  { action: 'corrections.imported', batchId: 3, updated: 2, nowReady: 2, stillRejected: 0, unknownCodes: 0, alreadySent: 0 },
  { action: 'export.written', kind: 'error-report', batchId: 3, count: 6, bytes: 12000, to: 'file', path: '/home/agente/errores.xlsx' },
  { action: 'upload.started', environment: 'test', batchId: 3, campaignId: 5, pending: 8 },
  { action: 'upload.finished', environment: 'test', batchId: 3, campaignId: 5, status: 'done', loaded: 8, rejected: 0, pending: 0, inDoubt: 0, requests: 1 },
  { action: 'campaign.created', environment: 'test', campaignId: 5, botId: 101 },
  { action: 'campaign.started', environment: 'test', campaignId: 5, status: 'ONGOING' },
  { action: 'campaign.stopped', environment: 'test', campaignId: 5, status: 'PAUSED' },
  { action: 'campaign.ended', environment: 'test', campaignId: 5, status: 'CLOSED' },
  { action: 'results.downloaded', environment: 'test', campaignId: 5, cases: 8, changedCases: 8, calls: 15, recordings: 15, cancelled: false },
  { action: 'inbound.downloaded', environment: 'test', botId: 201, cases: 4, changedCases: 4, recordings: 3, cancelled: false },
  { action: 'results.deleted', environment: 'test', campaignId: 5, cases: 8, calls: 15, recordings: 15 },
  { action: 'retention.purged', olderThanDays: 90, batches: 2, results: 1, recordings: 30, files: 2 },
  { action: 'workstation.wiped' },
  { action: 'dataFolder.moved', path: '/home/agente/.casedesk', method: 'rename', entries: 5, bytes: 40960 },
  { action: 'settings.changed', changes: { defaultAreaCode: { from: '', to: '351' } } },
  { action: 'procedure.failed', procedure: 'sync:upload', code: 'offline', environment: 'test', batchId: 3 },
  { action: 'diagnostics.exported', bytes: 5120, to: 'file', path: '/home/agente/diagnostico.zip' },
  {
    action: 'batch.followedUp',
    batchId: 4,
    environment: 'test',
    campaignId: 5,
    outcome: 'non-final',
    resultNames: 0,
    fromBatches: 1,
    cases: 3,
    ready: 3,
    rejected: 0,
    notFound: 0,
  },
  { action: 'ledger.entryAdded', entryId: 4, kind: 'phone', reason: 'wrong-number', until: '2027-01-31', creditorScoped: false, replaced: false },
  { action: 'ledger.entryRemoved', entryId: 4, kind: 'code', reason: 'legal' },
  { action: 'ledger.imported', file: 'no-llamar.xlsx', added: 120, updated: 3, badRows: 2 },
];

describe.each(['es', 'en'] as const)('the activity log in %s', (locale) => {
  const i18n = createI18n({
    legacy: false,
    locale,
    messages: splitTexts({ common, issue, settings }),
  });
  const { t, te } = i18n.global;

  it('has one example for every action the trail can hold, each a valid event', () => {
    const actions = AuditEvent.options.map((o) => o.shape.action.value);
    expect(examples.map((e) => e.action).sort()).toEqual([...actions].sort());
    for (const example of examples) expect(AuditEvent.safeParse(example).success, String(example.action)).toBe(true);
  });

  it.each(examples.map((e) => [e.action, e] as const))('says %s in a sentence with every blank filled', (_action, example) => {
    const sentence = describeEntry(entry(example), t, te);
    expect(sentence).not.toMatch(/[{}]|undefined|settings\.audit/);
    expect(sentence).not.toContain(String(example.action));
  });

  it('names the place a file went, and the fields edited in the agent’s words', () => {
    expect(describeEntry(entry(examples[10] as Record<string, unknown>), t, te)).toContain('/home/agente/errores.xlsx');
    expect(describeEntry(entry(examples[5] as Record<string, unknown>), t, te)).toContain(locale === 'es' ? 'nombre, teléfonos' : 'first name, phones');
    const diagnostics = examples.find((e) => e.action === 'diagnostics.exported') as Record<string, unknown>;
    expect(describeEntry(entry(diagnostics), t, te)).toContain('/home/agente/diagnostico.zip');
    expect(describeEntry(entry({ ...diagnostics, to: 'download', path: null }), t, te)).toContain(
      locale === 'es' ? 'descargado desde la aplicación' : 'downloaded from the app',
    );
  });

  it('says a size in the agent’s units and numbers', () => {
    const received = examples.find((e) => e.action === 'file.received') as Record<string, unknown>;
    expect(describeEntry(entry(received), t, te, locale)).toBe(
      locale === 'es' ? 'Recibió el archivo cartera.xlsx (7,2 KB)' : 'Received the file cartera.xlsx (7.2 KB)',
    );
    expect(describeEntry(entry({ ...received, bytes: 47 }), t, te, locale)).toContain('(47 bytes)');
  });

  it('says a do-not-contact reason in the words the batch screen uses for it', () => {
    const added = examples.find((e) => e.action === 'ledger.entryAdded') as Record<string, unknown>;
    expect(describeEntry(entry(added), t, te)).toContain(locale === 'es' ? 'número equivocado' : 'wrong number');
    expect(describeEntry(entry({ ...added, reason: 'creditor-instruction' }), t, te)).toContain(
      locale === 'es' ? 'instrucción del acreedor' : "creditor's instruction",
    );
    expect(describeEntry(entry({ ...added, reason: 'moved-abroad' }), t, te)).toContain('moved-abroad');
  });

  it.each(Object.keys(auditRules))('says what the agent tried to do for the audited procedure %s, not its name', (procedure) => {
    expect(te(`settings.audit.procedures.${procedure.replace(':', '.')}`, locale)).toBe(true);
    const sentence = describeEntry(entry({ action: 'procedure.failed', procedure, code: 'service.offline' }), t, te);
    expect(sentence).not.toContain(procedure);
    expect(sentence).toContain(procedureWords(t, te, procedure));
  });

  it('says a failed procedure in a sentence, and one a newer CaseDesk audits by its name', () => {
    const failed = (procedure: string) => describeEntry(entry({ action: 'procedure.failed', procedure, code: 'followup.nothing' }), t, te);
    expect(failed('campaigns:followup')).toBe(
      locale === 'es' ? 'No se pudo armar el lote de seguimiento (followup.nothing)' : 'Could not make a follow-up batch (followup.nothing)',
    );
    expect(failed('campaigns:archive')).toBe(
      locale === 'es' ? 'No se pudo completar «campaigns:archive» (followup.nothing)' : 'Could not complete “campaigns:archive” (followup.nothing)',
    );
  });

  it('shows an action from a newer CaseDesk by its name and fields', () => {
    expect(describeEntry(entry({ action: 'batch.archived', batchId: 4 }), t, te)).toBe('batch.archived batchId=4');
    expect(describeActor(entry({}))).toBe('agente · demo@casedesk.local');
  });
});
