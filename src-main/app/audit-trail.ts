// The audit trail as the app and the CLI use it: who is acting (this computer's account, the
// service's user), and the trail's head kept in the store, where it cannot be rewritten without the
// data key. So are the readable values of the trail's pseudonyms (who acted, which file), by id: the
// files hold only the ids, and audit:list shows the names to whoever opens the store. Recording never
// fails the work it records: the work is already done by then.
import { userInfo } from 'node:os';
import type { AuditActor, AuditEntry, AuditEvent, ShownAuditEntry } from '../domain/audit-events';
import { appendAudit, readAudit, revealEntry, type AuditHead, type AuditReading, type ReadOptions } from '../audit/audit-log';
import { keyedPseudonyms, type Pseudonyms } from '../audit/audit-pseudonyms';
import type { Environment } from '../domain/environments';
import { getSetting, setSetting } from '../store';
import type { AppParts } from './app-parts';

const HEAD_SETTING = 'auditHead';
/** A pseudonym's readable value is the setting `auditName:<id>` (the store is encrypted; a settings row needs no new table). */
const NAME_SETTING = 'auditName:';

export interface Who {
  /** The environment involved; its signed-in user is the service user. */
  environment?: Environment | null;
  /** When known better than the live connection (e.g. the user who just signed out). */
  serviceUser?: string | null;
}

/** What recording an event reaches of the app: the folder, the store, the key and who is signed in. */
export type AuditingContext = Pick<AppParts, 'connections' | 'dataKey' | 'options' | 'store'>;

/** Records an event; a failure to write is reported on stderr (its code only) and otherwise ignored. */
export function audit(ctx: AuditingContext, event: AuditEvent, who: Who = {}): void {
  try {
    appendAudit(ctx.options.dataDir, event, actorOf(ctx, who), {
      pseudonyms: storePseudonyms(ctx),
      kept: { read: () => getSetting<AuditHead | null>(ctx.store.db, HEAD_SETTING, null), write: (head) => keepHead(ctx, head) },
    });
  } catch (err) {
    console.error(`CaseDesk could not add to its audit trail (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`);
  }
}

/** Ids under this folder's data key, each readable value kept once in the store. */
function storePseudonyms(ctx: Pick<AppParts, 'dataKey' | 'store'>): Pseudonyms {
  return keyedPseudonyms(ctx.dataKey.key, (id, value) => {
    if (getSetting<string | null>(ctx.store.db, NAME_SETTING + id, null) !== value) setSetting(ctx.store.db, NAME_SETTING + id, value);
  });
}

/** Entries with the readable values the store keeps for their ids (for the key's holder: audit:list, never the diagnostics). */
export function revealTrail(ctx: Pick<AppParts, 'store'>, entries: AuditEntry[]): ShownAuditEntry[] {
  // The same few people and files come back on every line: each id is looked up once.
  const names = new Map<string, string | null>();
  const name = (id: string) => {
    if (!names.has(id)) names.set(id, getSetting<string | null>(ctx.store.db, NAME_SETTING + id, null));
    return names.get(id) ?? null;
  };
  return entries.map((entry) => revealEntry(entry, name));
}

/** The trail, checked against the head this store kept. */
export function readTrail(ctx: Pick<AppParts, 'options' | 'store'>, options: Omit<ReadOptions, 'head'> = {}): AuditReading {
  return readAudit(ctx.options.dataDir, { ...options, head: getSetting<AuditHead | null>(ctx.store.db, HEAD_SETTING, null) });
}

export function actorOf(ctx: Pick<AppParts, 'connections' | 'options'>, who: Who): AuditActor {
  const environment = who.environment ?? null;
  const serviceUser = who.serviceUser !== undefined ? who.serviceUser : environment ? (ctx.connections.get(environment)?.email ?? null) : null;
  return { osUser: osUser(), serviceUser, environment, face: ctx.options.face ?? 'app' };
}

function osUser(): string | null {
  try {
    return userInfo().username;
  } catch {
    // No entry for this uid (some containers): the environment's word is better than nothing.
    return process.env.USER ?? process.env.USERNAME ?? null;
  }
}

/** Only forward: a guard, as the trail's lock already orders the writers of every process. */
function keepHead(ctx: Pick<AppParts, 'store'>, head: AuditHead): void {
  ctx.store.db
    .transaction(() => {
      const kept = getSetting<AuditHead | null>(ctx.store.db, HEAD_SETTING, null);
      if (!kept || kept.seq < head.seq) setSetting(ctx.store.db, HEAD_SETTING, head);
    })
    .immediate();
}
