// `casedesk suppress add|import|list|remove`: the do-not-contact ledger from the command line.
import { readMappingFile } from '../cli-mapping';
import { Failure } from '../../domain/failures/failure';
import { Command } from 'commander';
import { LEDGER_REASONS, type LedgerReason } from '../../domain/ledger';
import { call, globals, openLocalFile, printJson, printTable, withApp } from '../cli-context';
import { noticeLine } from './notices';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function reasonOf(given: string | undefined): LedgerReason | undefined {
  if (given === undefined) return undefined;
  if (!(LEDGER_REASONS as readonly string[]).includes(given))
    throw new Failure('cli.bad_value.choice', { what: '--reason', value: given, choices: [...LEDGER_REASONS] });
  return given as LedgerReason;
}

/** A real calendar day as YYYY-MM-DD (31/12/2026 or 2026-02-30 are refused here, with the option named). */
function untilOf(given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  const day = new Date(`${given}T00:00:00Z`);
  if (!ISO_DAY.test(given) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== given)
    throw new Failure('cli.bad_value.day', { what: '--until', value: given });
  return given;
}

async function readLedgerMapping(file: string): Promise<unknown> {
  const { LedgerMapping } = await import('../../domain/ledger-mapping');
  return readMappingFile(file, LedgerMapping);
}

export function suppressCommand(): Command {
  const suppress = new Command('suppress').description('the do-not-contact ledger: phones and case codes never to be loaded');

  suppress
    .command('add')
    .description('add a phone (written any way) or a case code; the same one again replaces its reason and expiry')
    .option('--phone <phone>', 'a phone number, e.g. "011 15-4444-5555"')
    .option('--code <code>', 'a case code')
    .option('--reason <reason>', LEDGER_REASONS.join(' | '), 'other')
    .option('--until <YYYY-MM-DD>', 'the last day it applies')
    .option('--creditor <name>', "only this creditor's batches")
    .action(async (opts: { phone?: string; code?: string; reason?: string; until?: string; creditor?: string }, command: Command) => {
      if ((opts.phone === undefined) === (opts.code === undefined)) throw new Failure('cli.give_exactly_one', { options: ['--phone P', '--code C'] });
      const input = { phone: opts.phone, code: opts.code, reason: reasonOf(opts.reason), until: untilOf(opts.until), creditor: opts.creditor };
      await withApp(command, async (ctx) => {
        const { entry, created } = await call(ctx, 'ledger:add', input);
        if (globals(command).json) return printJson({ ...entry, created });
        process.stdout.write(
          `${created ? 'Added' : 'Replaced'} entry ${entry.id}: ${entry.kind} ${entry.value} (${entry.reason}${entry.until ? `, until ${entry.until}` : ''}${entry.creditor ? `, creditor ${entry.creditor}` : ''}).\n`,
        );
      });
    });

  suppress
    .command('import')
    .description('add the phones and codes of a .xlsx/.csv list (columns phone and/or code, reason, until, creditor)')
    .argument('<file>', '.xlsx, .xls, .ods, .csv or .txt')
    .option(
      '--mapping <file>',
      'JSON naming the columns: {"columns": {"phone": "Tel", "code": "DNI", "reason": "Motivo", "until": "Hasta", "creditor": "Acreedor"}}',
    )
    .option('--reason <reason>', `for rows without one: ${LEDGER_REASONS.join(' | ')}`, 'other')
    .action(async (file: string, opts: { mapping?: string; reason?: string }, command: Command) => {
      const mapping = opts.mapping ? await readLedgerMapping(opts.mapping) : undefined;
      const reason = reasonOf(opts.reason);
      await withApp(command, async (ctx) => {
        const fileId = await openLocalFile(ctx, file);
        const s = await call(ctx, 'ledger:import', { fileId, mapping, reason });
        if (globals(command).json) printJson(s);
        else process.stdout.write(`${s.file}, sheet "${s.sheet}": ${s.added} added, ${s.updated} replaced.\n`);
        for (const p of s.problems) {
          const where = `${p.file}, sheet "${p.sheet}", row ${p.row}${p.column ? `, column ${p.column}` : ''}`;
          process.stderr.write(
            `casedesk: ${where}: ${p.code}${p.params.value !== undefined ? ` ("${p.params.value}"${p.params.why ? `: ${p.params.why}` : ''})` : ''}\n`,
          );
        }
        const bad = new Set(s.problems.map((p) => p.row)).size;
        if (bad > 0) throw new Failure('cli.rows_not_imported', { count: bad, file: s.file });
      });
    });

  suppress
    .command('list')
    .description("this workstation's entries and the organization's shared list")
    .action(async (_opts: unknown, command: Command) => {
      await withApp(command, async (ctx) => {
        const listing = await call(ctx, 'ledger:list', {});
        for (const n of listing.notices) process.stderr.write(noticeLine(n, globals(command).lang));
        if (globals(command).json) return printJson(listing);
        await printTable(
          ['id', 'list', 'kind', 'value', 'reason', 'until', 'creditor', 'active', 'added by', 'added'],
          listing.entries.map((e) => [
            e.id,
            e.source,
            e.kind,
            e.value,
            e.reason,
            e.until,
            e.creditor,
            e.active ? 'yes' : 'expired',
            e.addedBy,
            e.addedAt.slice(0, 10),
          ]),
        );
      });
    });

  suppress
    .command('remove')
    .description("remove one of this workstation's entries (the shared list is the organization's)")
    .argument('<id>', 'entry id (see suppress list)')
    .action(async (id: string, _opts: unknown, command: Command) => {
      if (!/^\d+$/.test(id) || Number(id) < 1) throw new Failure('cli.bad_value.whole_number', { what: '<id>', value: id, min: 1 });
      await withApp(command, async (ctx) => {
        const { removed, released } = await call(ctx, 'ledger:remove', { id: Number(id) });
        if (globals(command).json) return printJson({ ...removed, released });
        process.stdout.write(`Removed entry ${removed.id}: ${removed.kind} ${removed.value}.\n`);
        if (released > 0) process.stdout.write(`${released} case(s) it held back in batches not yet sent can be loaded again.\n`);
      });
    });

  return suppress;
}
