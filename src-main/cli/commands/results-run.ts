// What `casedesk results` and `casedesk inbound sync` do, apart from their definitions in
// results.ts: loaded when one of them runs, with the downloads, the export and the client.
import { Failure, formatFailure, type FailureLang } from '../../domain/failures/failure';
import type { CliTextCode } from '../texts/cli-text';
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { isServiceError, serviceFailure } from '../../client';
import { paths } from '../../contract';
import type { Environment } from '../../domain/environments';
import { exportCampaignResults, type ResultsExportSummary } from '../../exports/results-export';
import { refuseTakenPath, writeExportFile } from '../export-file';
import type { AppContext } from '../../surface/app-context-types';
import { audit } from '../../app/audit-trail';
import { connectionFor } from '../../surface/handlers/session-handlers';
import { downloadInboundCases } from '../../sync/inbound-download';
import { downloadCampaignResults, type DownloadPhase, type DownloadProgress, type DownloadDeps } from '../../sync/results-download';
import { CliFailure, globals, printAnswer, withApp } from '../cli-context';
import { exitCodeOf, noteLine, words } from '../cli-globals';

/** Exit code of a download interrupted with Ctrl-C (128 + SIGINT), as shells expect. */
const INTERRUPTED_EXIT_CODE = 130;

const PHASES = {
  cases: 'line.download.cases',
  calls: 'line.download.calls',
  recordings: 'line.download.recordings',
} as const satisfies Record<Exclude<DownloadPhase, 'campaign'>, CliTextCode>;

/** The phases of a download so far as one status line in --lang ("cases 3/6 · calls 4"); the campaign's own fetch is not one. */
export function downloadLine(latest: Iterable<DownloadProgress>, lang: FailureLang): string {
  return [...latest]
    .flatMap((p) => (p.phase === 'campaign' ? [] : [`${words(lang, PHASES[p.phase], {})} ${p.done}${p.total === null ? '' : `/${p.total}`}`]))
    .join(' · ');
}

/**
 * Progress on stderr, one status line: rewritten in place on a terminal, at most once a second
 * otherwise (logs, pipes). Counts only: no name, phone or transcript is ever printed.
 */
function progressLine(lang: FailureLang) {
  const tty = process.stderr.isTTY === true;
  const latest = new Map<DownloadPhase, DownloadProgress>();
  let shownAt = 0;
  let shown = '';
  const line = () => downloadLine(latest.values(), lang);
  const show = (force: boolean) => {
    const now = Date.now();
    const text = line();
    if (text === '' || text === shown || (!force && now - shownAt < (tty ? 100 : 1000))) return;
    process.stderr.write(tty ? `\r${text}\x1b[K` : `${text}\n`);
    shown = text;
    shownAt = now;
  };
  return {
    onProgress(progress: DownloadProgress) {
      latest.set(progress.phase, progress);
      show(false);
    },
    finish() {
      show(true);
      if (tty && shown !== '') process.stderr.write('\n');
    },
  };
}

/** Ctrl-C stops the download between two items (what is done is kept); a second Ctrl-C quits at once. */
async function interruptible<T>(lang: FailureLang, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(INTERRUPTED_EXIT_CODE);
    // On a line of its own (after the progress line), tagged with its code as docs/cli.md's notes are.
    process.stderr.write(`\n${noteLine('note', { code: 'results.stopping', params: {} }, lang)}`);
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** What a download needs: the store and a client signed in to `env` (from CASEDESK_EMAIL / CASEDESK_PASSWORD). */
async function downloadDeps(ctx: AppContext, env: Environment): Promise<DownloadDeps> {
  const { client } = await connectionFor(ctx, env);
  return { store: ctx.store, client, environment: env };
}

/**
 * Failures the agent can act on, as codes of the catalog (main() words them in --lang, with the sign-in
 * hint where it helps); anything else goes on as it is.
 */
function asCliFailure(error: unknown, campaignId?: number): unknown {
  if (error instanceof Failure) return error;
  if (isServiceError(error)) {
    if (campaignId !== undefined && error.status === 404 && error.path === paths.campaign(campaignId))
      return new Failure('results.campaign_not_found', { campaignId });
    const failure = serviceFailure(error);
    const resumable = error.kind === 'offline' || error.kind === 'timeout' || error.kind === 'server';
    return new CliFailure(error.message, exitCodeOf(failure), failure, resumable ? { code: 'results.download_kept', params: {} } : undefined);
  }
  if (error instanceof RangeError) return new CliFailure(error.message, 2);
  return error;
}

/** A download stopped with Ctrl-C: main() words it in --lang; the exit code stays 130. */
const interrupted = () => {
  const failure = { code: 'results.interrupted', params: {} } as const;
  return new CliFailure(formatFailure('en', failure.code, failure.params), INTERRUPTED_EXIT_CODE, failure);
};

export interface ResultsOptions {
  out?: string;
  /** Replace --out when a file is already there (else cli.file_exists, before any download). */
  force?: boolean;
  recordings?: string;
  offline?: boolean;
  env?: Environment;
}

export async function runResults(campaignId: number, opts: ResultsOptions, command: Command): Promise<void> {
  if (opts.offline && !opts.out) throw new Failure('cli.offline_needs_out', {});
  const { lang } = globals(command);
  const out = opts.out ? resolve(opts.out) : null;
  const force = opts.force === true;
  // A file already at --out is the agent's: refused before anything is downloaded, as every export is.
  if (out) refuseTakenPath(out, force);
  await withApp(command, async (ctx) => {
    const env = opts.env ?? ctx.currentEnvironment();
    let download: Awaited<ReturnType<typeof downloadCampaignResults>> | null = null;
    try {
      if (!opts.offline) {
        const deps = await downloadDeps(ctx, env);
        const progress = progressLine(lang);
        try {
          download = await interruptible(lang, (signal) =>
            downloadCampaignResults(deps, campaignId, {
              recordingsDir: opts.recordings ? resolve(opts.recordings) : undefined,
              signal,
              onProgress: progress.onProgress,
            }),
          );
        } finally {
          progress.finish();
        }
      }
    } catch (error) {
      throw asCliFailure(error, campaignId);
    }
    if (download) {
      const d = download;
      audit(
        ctx,
        {
          action: 'results.downloaded',
          environment: env,
          campaignId,
          cases: d.cases,
          changedCases: d.changedCases,
          calls: d.calls,
          recordings: d.recordings,
          cancelled: d.cancelled,
        },
        { environment: env },
      );
      if (opts.recordings && d.recordings > 0)
        audit(
          ctx,
          { action: 'export.written', kind: 'recordings', campaignId, environment: env, count: d.recordings, to: 'folder', path: resolve(opts.recordings) },
          { environment: env },
        );
    }
    // A half-finished download is not sent to anyone: the export waits for a complete one.
    const exported: ResultsExportSummary | null =
      out && !download?.cancelled ? await exportCampaignResults(ctx.store, env, campaignId, out, (file, bytes) => writeExportFile(file, bytes, force)) : null;
    if (exported)
      audit(
        ctx,
        { action: 'export.written', kind: 'results', campaignId, environment: env, count: exported.cases, to: 'file', path: exported.file },
        { environment: env },
      );

    const downloadedLine = (d: NonNullable<typeof download>) => {
      const counts = { campaignId, environment: env, cases: d.cases, changed: d.changedCases, calls: d.calls };
      return opts.recordings
        ? words(lang, 'line.results.downloaded_recordings', { ...counts, recordings: d.recordings, skipped: d.recordingsSkipped })
        : words(lang, 'line.results.downloaded', counts);
    };
    await printAnswer(command, { environment: env, campaignId, download, export: exported }, () => [
      download ? `${downloadedLine(download)}\n` : '',
      exported ? `${words(lang, 'line.results.exported', { cases: exported.cases, calls: exported.calls, file: exported.file })}\n` : '',
    ]);
    if (download?.cancelled) throw interrupted();
  });
}

export interface InboundSyncOptions {
  bot?: number;
  from?: string;
  to?: string;
  recordings?: string;
  env?: Environment;
}

export async function runInboundSync(opts: InboundSyncOptions, command: Command): Promise<void> {
  const { lang } = globals(command);
  await withApp(command, async (ctx) => {
    const env = opts.env ?? ctx.currentEnvironment();
    let summary: Awaited<ReturnType<typeof downloadInboundCases>>;
    try {
      const deps = await downloadDeps(ctx, env);
      const progress = progressLine(lang);
      try {
        summary = await interruptible(lang, (signal) =>
          downloadInboundCases(
            deps,
            { botId: opts.bot, from: opts.from, to: opts.to },
            { recordingsDir: opts.recordings ? resolve(opts.recordings) : undefined, signal, onProgress: progress.onProgress },
          ),
        );
      } finally {
        progress.finish();
      }
    } catch (error) {
      throw asCliFailure(error);
    }
    audit(
      ctx,
      {
        action: 'inbound.downloaded',
        environment: env,
        botId: opts.bot ?? null,
        cases: summary.cases,
        changedCases: summary.changedCases,
        recordings: summary.recordings,
        cancelled: summary.cancelled,
      },
      { environment: env },
    );
    if (opts.recordings && summary.recordings > 0)
      audit(
        ctx,
        { action: 'export.written', kind: 'recordings', environment: env, count: summary.recordings, to: 'folder', path: resolve(opts.recordings) },
        { environment: env },
      );
    const counts = { environment: env, cases: summary.cases, changed: summary.changedCases };
    const line = opts.recordings
      ? words(lang, 'line.inbound.downloaded_recordings', { ...counts, recordings: summary.recordings, skipped: summary.recordingsSkipped })
      : words(lang, 'line.inbound.downloaded', counts);
    const filter = { botId: opts.bot ?? null, from: opts.from ?? null, to: opts.to ?? null };
    await printAnswer(command, { environment: env, filter, ...summary }, () => `${line}\n`);
    if (summary.cancelled) throw interrupted();
  });
}
