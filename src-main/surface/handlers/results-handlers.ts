// Results of campaigns and inbound calls: downloaded into the store, read back from it (offline too).
import { campaignDownloadWork, inboundDownloadWork, isRecordingWorkOf, recordingWork, type WorkKey } from '../../app/work-keys';
import { isCancelled, type ServiceClient } from '../../client';
import type { Environment } from '../../domain/environments';
import { campaignResultsBytes } from '../../exports/results-export';
import { BatchRefusal, getRecording, pageInboundCases } from '../../store';
import { inboundCaseView, resultCallView, resultCaseView } from '../service-views';
import { pageResultRows, resultCalls, resultCaseRow } from '../../results/result-rows';
import type { ResultCaseRow as StoredResultRow } from '../../results/case-figures';
import { ensureRecording, downloadCampaignResults } from '../../sync/results-download';
import { downloadInboundCases } from '../../sync/inbound-download';
import type { HandlersOf } from './handler';
import { readRecordingAudio, recordingSealer, recordingsDir } from '../../app/recordings-at-rest';
import type { AppContext } from '../app-context-types';
import { SurfaceFailure } from '../../app/surface-failure';
import { connectionFor } from './session-handlers';

/** What these handlers reach of the app context. */
type ResultsContext = Pick<
  AppContext,
  'baseUrl' | 'cancel' | 'connect' | 'connections' | 'currentEnvironment' | 'dataKey' | 'emit' | 'options' | 'runningWork' | 'store' | 'track'
>;

export const resultsHandlers: HandlersOf<
  | 'downloads:cancel'
  | 'results:download'
  | 'results:cases'
  | 'results:calls'
  | 'results:case'
  | 'results:export'
  | 'recordings:get'
  | 'inbound:download'
  | 'inbound:cases',
  ResultsContext
> = {
  async 'downloads:cancel'(ctx, { what, campaignId, environment, kind, refId, ask }) {
    if (what === 'recording') {
      const env = environment ?? ctx.currentEnvironment();
      // The one named, else every recording being fetched for env; with an ask, only the download it started.
      const one = kind !== undefined && refId !== undefined ? recordingWork(env, kind, refId) : null;
      const keys = ctx
        .runningWork()
        .filter((key) => (one ? key === one : isRecordingWorkOf(env, key)))
        .filter((key) => ask === undefined || startedBy(ctx).get(key) === ask);
      const cancelled = keys.filter((key) => ctx.cancel(key)).length > 0;
      if (!cancelled && ask !== undefined) rememberStopped(ctx, ask);
      return { cancelled };
    }
    const env = environment ?? ctx.currentEnvironment();
    if (what === 'inbound') return { cancelled: ctx.cancel(inboundDownloadWork(env)) };
    return { cancelled: campaignId !== undefined && ctx.cancel(campaignDownloadWork(env, campaignId)) };
  },

  async 'results:download'(ctx, { environment, campaignId, recordings }) {
    const env = environment ?? ctx.currentEnvironment();
    return trackedDownload(
      ctx,
      env,
      campaignDownloadWork(env, campaignId),
      (client, signal) =>
        downloadCampaignResults({ store: ctx.store, client, environment: env, sealRecording: recordingSealer(ctx) }, campaignId, {
          signal,
          recordingsDir: recordings ? recordingsDir(ctx, env) : undefined,
          onProgress: (p) => ctx.emit('download:progress', { what: 'campaign', campaignId, ...p }),
        }),
      { stoppedEarly: () => ({ cases: 0, changedCases: 0, calls: 0, recordings: 0, recordingsSkipped: 0, cancelled: true }) },
    );
  },

  async 'results:cases'(ctx, { environment, campaignId, offset, limit, filter, results }) {
    const page = pageResultRows(ctx.store.db, environment ?? ctx.currentEnvironment(), campaignId, { offset, limit, filter, results });
    return { total: page.total, cases: page.cases.map(resultRowView) };
  },

  async 'results:calls'(ctx, { environment, campaignId, caseId }) {
    return resultCalls(ctx.store.db, environment ?? ctx.currentEnvironment(), campaignId, caseId).map(({ phoneIndex, ...call }) => ({
      ...resultCallView(call),
      phoneIndex,
    }));
  },

  async 'results:case'(ctx, { environment, campaignId, caseId }) {
    const row = resultCaseRow(ctx.store.db, environment ?? ctx.currentEnvironment(), campaignId, caseId);
    return row === null ? null : resultRowView(row);
  },

  async 'results:export'(ctx, { environment, campaignId }) {
    const env = environment ?? ctx.currentEnvironment();
    // Built in memory: debtor data never lands in a temporary file. Nothing stored: results.not_stored.
    const bytes = await campaignResultsBytes(ctx.store, env, campaignId);
    return {
      name: `resultados-campania-${campaignId}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      base64: bytes.toString('base64'),
    };
  },

  async 'recordings:get'(ctx, { environment, kind, refId, ask }) {
    if (ask !== undefined && forgetStopped(ctx, ask)) throw new SurfaceFailure('service.cancelled', { request: 'recordings:get' });
    const env = environment ?? ctx.currentEnvironment();
    let row = getRecording(ctx.store.db, env, kind, refId);
    if (!row) {
      // Not downloaded yet: fetch it now (needs a connection), then serve it from disk. Long work like
      // any download: a wipe waits for it, and downloads:cancel stops it, in the sign-in or mid-body.
      await trackedDownload(
        ctx,
        env,
        recordingWork(env, kind, refId),
        (client, signal) =>
          ensureRecording(
            { store: ctx.store, client, environment: env, sealRecording: recordingSealer(ctx) },
            kind,
            refId,
            new Date().toISOString(),
            recordingsDir(ctx, env),
            signal,
          ),
        { ask },
      );
      row = getRecording(ctx.store.db, env, kind, refId);
    }
    if (!row) return null;
    return { contentType: row.contentType, format: row.format, base64: readRecordingAudio(ctx, row.path, kind, refId).toString('base64') };
  },

  async 'inbound:download'(ctx, { environment, botId, from, to, recordings }) {
    const env = environment ?? ctx.currentEnvironment();
    return trackedDownload(
      ctx,
      env,
      inboundDownloadWork(env),
      (client, signal) =>
        downloadInboundCases(
          { store: ctx.store, client, environment: env, sealRecording: recordingSealer(ctx) },
          { botId, from, to },
          {
            signal,
            recordingsDir: recordings ? recordingsDir(ctx, env) : undefined,
            onProgress: (p) => ctx.emit('download:progress', { what: 'inbound', ...p }),
          },
        ),
      { stoppedEarly: () => ({ cases: 0, changedCases: 0, recordings: 0, recordingsSkipped: 0, cancelled: true }) },
    );
  },

  async 'inbound:cases'(ctx, { environment, botId, from, to, offset, limit }) {
    return pageInboundCases(ctx.store.db, environment ?? ctx.currentEnvironment(), { botId, from, to }, offset, limit).map(inboundCaseView);
  },
};

/** Which ask started each download running (by work key), for those asked for with one; one map per app context. */
const starters = new WeakMap<object, Map<string, string>>();
function startedBy(ctx: Pick<AppContext, never>): Map<string, string> {
  let started = starters.get(ctx);
  if (!started) starters.set(ctx, (started = new Map()));
  return started;
}

/**
 * Asks stopped before their recordings:get arrived: over the browser host the stop and the ask are two
 * requests that may cross. Such an ask, when it comes, answers cancelled and starts nothing (else it
 * would fetch for nobody, and the same call opened again would be refused as already running). Ask ids
 * are the renderer's, unique to its page; a few are kept, for a minute.
 */
const stoppedBeforeAsked = new WeakMap<object, Map<string, number>>();
const STOPPED_KEPT = 64;
const STOPPED_KEPT_MS = 60_000;

function stoppedAsks(ctx: Pick<AppContext, never>): Map<string, number> {
  let asks = stoppedBeforeAsked.get(ctx);
  if (!asks) stoppedBeforeAsked.set(ctx, (asks = new Map()));
  const now = Date.now();
  for (const [ask, at] of asks) if (now - at > STOPPED_KEPT_MS || now < at) asks.delete(ask);
  return asks;
}

function rememberStopped(ctx: Pick<AppContext, never>, ask: string): void {
  const asks = stoppedAsks(ctx);
  asks.set(ask, Date.now());
  // The oldest go first (a Map keeps the order they were set in).
  for (const oldest of asks.keys()) {
    if (asks.size <= STOPPED_KEPT) break;
    asks.delete(oldest);
  }
}

/** Whether this ask was stopped before it came; it is forgotten either way. */
function forgetStopped(ctx: Pick<AppContext, never>, ask: string): boolean {
  return stoppedAsks(ctx).delete(ask);
}

/**
 * A download, tracked under `key` from its first moment: the sign-in it may need (seconds) is part of
 * it, so Stop works then too, a wipe waits, and asking again meanwhile is a double click. A Stop during
 * the sign-in answers `stoppedEarly()` when given (the download's own "cancelled, nothing fetched"),
 * else service.cancelled; one just after it reaches `work` with the signal already aborted. `ask`
 * names who started it, from that first moment too (an ask refused as a double click starts nothing).
 */
function trackedDownload<T>(
  ctx: Pick<AppContext, 'baseUrl' | 'connect' | 'connections' | 'options' | 'track'>,
  env: Environment,
  key: WorkKey,
  work: (client: ServiceClient, signal: AbortSignal) => Promise<T>,
  { stoppedEarly, ask }: { stoppedEarly?: () => T; ask?: string } = {},
): Promise<T> {
  return busyAware(() =>
    ctx.track(key, async (signal) => {
      if (ask !== undefined) startedBy(ctx).set(key, ask);
      try {
        let client: ServiceClient;
        try {
          ({ client } = await connectionFor(ctx, env, signal));
        } catch (err) {
          if (stoppedEarly && signal.aborted && isCancelled(err)) return stoppedEarly();
          throw err;
        }
        return await work(client, signal);
      } finally {
        startedBy(ctx).delete(key);
      }
    }),
  );
}

/** A second download of the same thing while one runs is the agent's double click: say so. */
async function busyAware<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof BatchRefusal && err.code === 'work.busy') throw new SurfaceFailure('results.download_running', {});
    throw err;
  }
}

const resultRowView = ({ figures, ...found }: StoredResultRow) => ({ ...resultCaseView(found), figures });
