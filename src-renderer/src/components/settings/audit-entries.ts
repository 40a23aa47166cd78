// An audit entry as a sentence in the agent's language. Entries from a newer CaseDesk (an action this
// version has no sentence for) are shown by their name and fields, never dropped.
import { eventFields, type ShownAuditEntry } from '../../../../src-main/domain/audit-events';
import { formatBytes } from '../../i18n/sizes';

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

const base = 'settings.audit';

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(text).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A translated word for `value` when the messages have one, else the value itself. */
function word(t: Translate, te: Exists, group: string, value: unknown, params: Record<string, string> = {}): string {
  const key = `${base}.${group}.${String(value)}`;
  return te(key) ? t(key, params) : text(value);
}

/** A do-not-contact reason in the words preparation's issues use for it (issue.dnc_reason.*), else as stored. */
function ledgerReason(t: Translate, te: Exists, reason: unknown): string {
  const key = `issue.dnc_reason.${String(reason).replaceAll('-', '_')}`;
  return te(key) ? t(key) : text(reason);
}

/** What the agent tried to do, for a procedure the trail names ("campaigns:followup" → "armar el lote de seguimiento"). */
export function procedureWords(t: Translate, te: Exists, procedure: unknown): string {
  const name = text(procedure);
  const key = `${base}.procedures.${name.replace(':', '.')}`;
  return /^[a-z]+:[a-zA-Z]+$/.test(name) && te(key) ? t(key) : t(`${base}.unknownProcedure`, { name });
}

export function describeEntry(entry: ShownAuditEntry, t: Translate, te: Exists, locale = 'es'): string {
  const fields = eventFields(entry);
  const size = typeof fields.bytes === 'number' ? formatBytes(fields.bytes, locale) : text(fields.bytes);
  if (entry.action === 'export.written') {
    const ids = { batchId: text(fields.batchId), campaignId: text(fields.campaignId) };
    const what = word(t, te, 'exports', fields.kind, ids);
    const where = word(t, te, 'destinations', fields.to, { path: text(fields.path) });
    return t(`${base}.actions.export.written`, { what, where, count: text(fields.count) });
  }
  if (entry.action === 'diagnostics.exported') {
    const where = word(t, te, 'destinations', fields.to, { path: text(fields.path) });
    return t(`${base}.actions.diagnostics.exported`, { size, where });
  }
  if (entry.action === 'procedure.failed') {
    const what = procedureWords(t, te, fields.procedure);
    return t(`${base}.actions.procedure.failed`, { procedure: what, code: text(fields.code) });
  }
  const key = `${base}.actions.${entry.action}`;
  if (!te(key))
    return `${entry.action} ${Object.entries(fields)
      .map(([k, v]) => `${k}=${text(v)}`)
      .join(' ')}`.trim();
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) params[name] = text(value);
  params.size = size;
  if (Array.isArray(fields.fields)) params.fields = fields.fields.map((f) => word(t, te, 'caseFields', f)).join(', ');
  if (fields.status !== undefined) params.status = word(t, te, 'uploadStatus', fields.status);
  if (fields.fix !== undefined) params.fix = word(t, te, 'fixes', fields.fix);
  if (entry.action.startsWith('ledger.')) {
    if (fields.reason !== undefined) params.reason = ledgerReason(t, te, fields.reason);
    if (fields.kind !== undefined) params.kind = word(t, te, 'ledgerKinds', fields.kind);
  }
  if (fields.changes && typeof fields.changes === 'object') {
    params.changes = Object.entries(fields.changes as Record<string, { from: unknown; to: unknown }>)
      .map(([setting, { from, to }]) => `${word(t, te, 'settingNames', setting)}: ${text(from) || '—'} → ${text(to) || '—'}`)
      .join('; ');
  }
  return t(key, params);
}

/** Who acted: this computer's account and the service's user, when there was one. */
export function describeActor(entry: ShownAuditEntry): string {
  return [entry.actor.osUser, entry.actor.serviceUser].filter((v): v is string => typeof v === 'string' && v !== '').join(' · ');
}
