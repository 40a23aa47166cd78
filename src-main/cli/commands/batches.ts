// `casedesk prepare`, `payload`, `issues`: preparing batches offline.
import { readMappingFile } from '../cli-mapping';
import { Failure, type FailureLang } from '../../domain/failures/failure';
import type { CliTextCode } from '../texts/cli-text';
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import type { MappingFile } from '../../domain/mapping-file';
import { reportedCaseCount } from '../../domain/case-status';
import { formatIssueText } from '../../domain/issue-texts/issue-text';
import type { AppContext } from '../../surface/app-context-types';
import type { IssueView } from '../../surface/procedures';
import type { PrepareSummary } from '../../preparation/preparation-types';
import { call, globals, openLocalFile, pagedAnswer, printAnswer, withApp } from '../cli-context';
import { noteLine, words } from '../cli-globals';
import { refuseTakenPath, writeExportFile } from '../export-file';
import { envOption, wholeNumber } from '../cli-options';
import { noticeLine } from './notices';
import type { HelpWords } from '../cli-help';

async function readMapping(file: string): Promise<MappingFile> {
  const { MappingFile } = await import('../../domain/mapping-file');
  return readMappingFile(file, MappingFile);
}

/** A batch's cases written out by the CLI itself: the audit trail names the file. */
async function auditBatchExport(
  ctx: AppContext,
  batchId: number,
  what: { kind: 'payload' | 'error-report' | 'clean-batch'; count: number; bytes: number; to: 'file' | 'stdout'; path: string | null },
): Promise<void> {
  const [{ audit }, { getBatch }] = await Promise.all([import('../../app/audit-trail'), import('../../store')]);
  audit(ctx, { action: 'export.written', batchId, ...what }, { environment: getBatch(ctx.store.db, batchId)?.environment ?? null });
}

const MAPPING_SOURCES = {
  file: 'line.batch.mapping.file',
  template: 'line.batch.mapping.template',
  suggested: 'line.batch.mapping.suggested',
  batch: 'line.batch.mapping.batch',
} as const satisfies Record<PrepareSummary['mappingSource'], CliTextCode>;

type Counts = Pick<PrepareSummary, 'ready' | 'rejected' | 'warnings' | 'fixes' | 'rowErrors'>;

/** The counts of a prepared batch (prepare, followup), one indented line in --lang. */
export function countsLine(s: Counts, lang: FailureLang): string {
  return `  ${words(lang, 'line.batch.counts', { ready: s.ready, rejected: s.rejected, warnings: s.warnings, fixes: s.fixes, rowErrors: s.rowErrors })}\n`;
}

/** What `prepare` prints (stdout) in --lang; the sheet's name is the file's: printable. */
export function prepareReport(s: PrepareSummary, lang: FailureLang): string {
  const mapping = words(lang, MAPPING_SOURCES[s.mappingSource], {});
  return (
    `${words(lang, 'line.batch.prepared', { batchId: s.batchId, cases: s.cases, sheet: s.sheet, headerRow: s.headerRow, mapping })}\n` +
    countsLine(s, lang) +
    `  ${words(lang, 'line.batch.suppressed', { ...s.suppressed })}\n` +
    (s.duplicates > 0 ? `  ${words(lang, 'line.batch.duplicates', { duplicates: s.duplicates, batchId: s.batchId })}\n` : '')
  );
}

export function batchCommands(help: HelpWords): Command[] {
  const prepare = new Command('prepare')
    .description(help('help.prepare.what'))
    .argument('<file>', help('help.common.sheet_file'))
    .option('--mapping <file>', help('help.prepare.mapping'))
    .option('--sheet <name>', help('help.prepare.sheet'))
    .option('--header-row <n>', help('help.prepare.header_row'), wholeNumber(1))
    .option('--campaign <id>', help('help.prepare.campaign'), wholeNumber(1))
    .option('--max-phone-priority <n>', help('help.prepare.max_phone_priority'), wholeNumber(0))
    .option('--creditor <name>', help('help.prepare.creditor'))
    .addOption(envOption(help('help.common.env')))
    .action(
      async (
        file: string,
        opts: { mapping?: string; sheet?: string; headerRow?: number; campaign?: number; maxPhonePriority?: number; creditor?: string; env?: string },
        command: Command,
      ) => {
        if (opts.campaign === undefined && opts.maxPhonePriority === undefined)
          throw new Failure('cli.give_one_of', { options: ['--campaign ID', '--max-phone-priority N'] });
        const mapping = opts.mapping ? await readMapping(opts.mapping) : undefined;
        await withApp(command, async (ctx) => {
          const fileId = await openLocalFile(ctx, file);
          const s = await call(ctx, 'batches:prepare', {
            environment: opts.env,
            fileId,
            mapping,
            sheet: opts.sheet,
            headerRow: opts.headerRow,
            campaignId: opts.campaign,
            maxPhonePriority: opts.maxPhonePriority,
            creditor: opts.creditor,
          });
          for (const n of s.notices) process.stderr.write(noticeLine(n, globals(command).lang));
          await printAnswer(command, s, (lang) => prepareReport(s, lang));
        });
      },
    );

  const payload = new Command('payload')
    .description(help('help.payload.what'))
    .argument('<batch>', help('help.common.batch_id'), wholeNumber(1))
    .option('--out <file>', help('help.common.out_or_print'))
    .option('--force', help('help.common.force'), false)
    .action(async (batchId: number, opts: { out?: string; force: boolean }, command: Command) => {
      if (opts.out) refuseTakenPath(opts.out, opts.force);
      await withApp(command, async (ctx) => {
        const p = await call(ctx, 'batches:payload', { batchId });
        if (opts.out) {
          await writeExportFile(opts.out, p.json, opts.force);
          const note = { code: 'payload.written', params: { cases: p.cases, chunks: p.chunks, file: opts.out } } as const;
          process.stderr.write(noteLine('note', note, globals(command).lang));
        } else process.stdout.write(`${p.json}\n`);
        await auditBatchExport(ctx, batchId, {
          kind: 'payload',
          count: p.cases,
          bytes: Buffer.byteLength(p.json),
          to: opts.out ? 'file' : 'stdout',
          path: opts.out ? resolve(opts.out) : null,
        });
      });
    });

  const issues = new Command('issues')
    .description(help('help.issues.what'))
    .argument('<batch>', help('help.common.batch_id'), wholeNumber(1))
    .addOption(new Option('--severity <s>', help('help.issues.severity')).choices(['error', 'warning', 'fix']))
    .action(async (batchId: number, opts: { severity?: 'error' | 'warning' | 'fix' }, command: Command) => {
      await withApp(command, async (ctx) => {
        const { lang } = globals(command);
        // Loaded here, not at the top: --help must not load the phone library.
        const [{ readablePhone }, { ISSUE_PAGE_MAX_CASES }] = await Promise.all([import('../../domain/phone-display'), import('../../surface/procedures')]);
        // Worded in the run's --lang; --json keeps the text as data too, for scripts that decide by code.
        const answer = pagedAnswer(command, {
          head: ['case', 'rows', 'severity', 'field', 'message'],
          row: (i: IssueView & { message: string }) => [i.code ?? '—', i.rows.join(', '), i.severity, i.field, i.message],
        });
        // A page at a time (the rows that became no case, then the cases): a million-case batch has
        // millions of issues, never held at once.
        for (let after: { caseId: number; rowId?: number } | null = { caseId: 0 }; after !== null;) {
          const page: { issues: IssueView[]; next: number | null; nextRowId: number | null } = await call(ctx, 'batches:issuePage', {
            batchId,
            severity: opts.severity,
            afterCaseId: after.caseId,
            afterRowId: after.rowId,
            cases: ISSUE_PAGE_MAX_CASES,
          });
          await answer.add(page.issues.map((i) => ({ ...i, message: formatIssueText(lang, i.text, readablePhone) })));
          after = page.nextRowId !== null ? { caseId: 0, rowId: page.nextRowId } : page.next !== null ? { caseId: page.next } : null;
        }
        await answer.end();
      });
    });

  const exportCmd = new Command('export')
    .description(help('help.export.what'))
    .argument('<batch>', help('help.common.batch_id'), wholeNumber(1))
    .option('--errors <file>', help('help.export.errors'))
    .option('--clean <file>', help('help.export.clean'))
    .option('--force', help('help.common.force'), false)
    .action(async (batchId: number, opts: { errors?: string; clean?: string; force: boolean }, command: Command) => {
      if (!opts.errors && !opts.clean) throw new Failure('cli.give_one_of', { options: ['--errors FILE', '--clean FILE'] });
      for (const file of [opts.errors, opts.clean]) if (file) refuseTakenPath(file, opts.force);
      await withApp(command, async (ctx) => {
        for (const [file, name] of [
          [opts.errors, 'batches:exportErrors'],
          [opts.clean, 'batches:exportClean'],
        ] as const) {
          if (!file) continue;
          const download = await call(ctx, name, { batchId });
          const bytes = Buffer.from(download.base64, 'base64');
          await writeExportFile(file, bytes, opts.force);
          const errors = name === 'batches:exportErrors';
          const written = { code: errors ? 'export.error_report_written' : 'export.clean_batch_written', params: { file } } as const;
          process.stderr.write(noteLine('note', written, globals(command).lang));
          const { countCasesByStatus } = await import('../../store');
          const counts = countCasesByStatus(ctx.store.db, batchId);
          await auditBatchExport(ctx, batchId, {
            kind: errors ? 'error-report' : 'clean-batch',
            // The report's cases, suppressed ones too, as the app's record of a download counts them.
            count: errors ? reportedCaseCount(counts) : counts.ready + counts.warning,
            bytes: bytes.length,
            to: 'file',
            path: resolve(file),
          });
        }
      });
    });

  const importCorrections = new Command('import-corrections')
    .description(help('help.import_corrections.what'))
    .argument('<batch>', help('help.common.batch_id'), wholeNumber(1))
    .argument('<file>', help('help.import_corrections.file'))
    .action(async (batchId: number, file: string, _opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const s = await call(ctx, 'batches:importCorrections', { batchId, fileId: await openLocalFile(ctx, file) });
        await printAnswer(command, s, (lang) => [
          `${words(lang, 'line.batch.corrected', { updated: s.updated, nowReady: s.nowReady, stillRejected: s.stillRejected })}\n`,
          s.unchanged ? `${words(lang, 'line.batch.unchanged', { unchanged: s.unchanged })}\n` : '',
          // The codes are the corrected file's: printable.
          s.unknownCodes.length ? `${words(lang, 'line.batch.not_in_batch', { codes: s.unknownCodes })}\n` : '',
          s.alreadySent.length ? `${words(lang, 'line.batch.already_sent', { codes: s.alreadySent })}\n` : '',
        ]);
      });
    });

  const templates = new Command('templates').description(help('help.templates.what'));
  templates
    .command('list')
    .description(help('help.templates_list.what'))
    .action(async (_opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const list = await call(ctx, 'templates:list', {});
        await printAnswer(command, list, () => ({
          head: ['creditor', 'columns'],
          rows: list.map((t) => [t.creditor, t.headerSignature.split('|').join(', ')]),
        }));
      });
    });
  templates
    .command('export')
    .description(help('help.templates_export.what'))
    .requiredOption('--creditor <name>', help('help.templates_export.creditor'))
    .option('--out <file>', help('help.common.out_or_print'))
    .option('--force', help('help.common.force'), false)
    .action(async (opts: { creditor: string; out?: string; force: boolean }, command: Command) => {
      if (opts.out) refuseTakenPath(opts.out, opts.force);
      await withApp(command, async (ctx) => {
        const found = (await call(ctx, 'templates:list', {})).filter((t) => t.creditor === opts.creditor);
        if (found.length === 0) throw new Failure('cli.no_template', { creditor: opts.creditor });
        const text = `${JSON.stringify(found[0]?.mapping, null, 2)}\n`;
        if (opts.out) await writeExportFile(opts.out, text, opts.force);
        else process.stdout.write(text);
      });
    });

  return [prepare, payload, issues, exportCmd, importCorrections, templates];
}
