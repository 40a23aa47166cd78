// `casedesk suppress add|import|list|remove`: the do-not-contact ledger from the command line.
import { readMappingFile } from '../cli-mapping';
import { Failure, type FailureLang } from '../../domain/failures/failure';
import type { CliTextCode } from '../texts/cli-text';
import { Command } from 'commander';
import { LEDGER_REASONS, type LedgerEntry, type LedgerReason, type LedgerRowProblem, type LedgerRowProblemCode } from '../../domain/ledger';
import { call, globals, openLocalFile, printAnswer, withApp } from '../cli-context';
import { words } from '../cli-globals';
import type { HelpWords } from '../cli-help';
import { noticeLine } from './notices';
import { wholeNumber, wholeNumberIn } from '../cli-options';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Problems that keep a row from giving any entry (its phone or code); the others leave it held on the safe side. */
const KEY_PROBLEMS = new Set<LedgerRowProblemCode>(['phone-invalid', 'code-empty', 'no-phone-or-code']);

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

/** An entry as `add` and `remove` print it: its kind and value, with `details` its reason, last day and creditor. */
export function entryWords(entry: Pick<LedgerEntry, 'kind' | 'value' | 'reason' | 'until' | 'creditor'>, lang: FailureLang, details: boolean): string {
  const what = words(lang, entry.kind === 'phone' ? 'line.ledger.phone' : 'line.ledger.code', { value: entry.value });
  if (!details) return what;
  const more = [
    entry.reason,
    ...(entry.until ? [words(lang, 'line.ledger.until', { until: entry.until })] : []),
    ...(entry.creditor ? [words(lang, 'line.ledger.creditor', { creditor: entry.creditor })] : []),
  ];
  return `${what} (${more.join(', ')})`;
}

const ROW_PROBLEMS = {
  'phone-invalid': 'line.ledger_row.phone_invalid',
  'code-empty': 'line.ledger_row.code_empty',
  'no-phone-or-code': 'line.ledger_row.no_phone_or_code',
  'reason-unknown': 'line.ledger_row.reason_unknown',
  'until-invalid': 'line.ledger_row.until_invalid',
} as const satisfies Record<LedgerRowProblemCode, CliTextCode>;

/** A row `import` did not take, one stderr line in --lang: where it is, and what is wrong (the cell's words from the file, printable). */
export function rowProblemLine(p: LedgerRowProblem, lang: FailureLang): string {
  const at = { file: p.file, sheet: p.sheet, row: p.row };
  const where = p.column ? words(lang, 'line.ledger_row.at', { ...at, column: p.column }) : words(lang, 'line.ledger_row.at_row', at);
  return `casedesk: ${words(lang, ROW_PROBLEMS[p.code], { value: p.params.value ?? '', why: p.params.why ?? '', where })}\n`;
}

async function readLedgerMapping(file: string): Promise<unknown> {
  const { LedgerMapping } = await import('../../domain/ledger-mapping');
  return readMappingFile(file, LedgerMapping);
}

/** What `suppress import --mapping` reads, shown in its help. */
const LEDGER_MAPPING_EXAMPLE = '{"columns": {"phone": "Tel", "code": "DNI", "reason": "Motivo", "until": "Hasta", "creditor": "Acreedor"}}';

export function suppressCommand(help: HelpWords): Command {
  const reasons = LEDGER_REASONS.join(' | ');
  const suppress = new Command('suppress').description(help('help.suppress.what'));

  suppress
    .command('add')
    .description(help('help.suppress_add.what'))
    .option('--phone <phone>', help('help.suppress_add.phone'))
    .option('--code <code>', help('help.suppress_add.code'))
    .option('--reason <reason>', help('help.suppress_add.reason', { reasons }), 'other')
    .option('--until <YYYY-MM-DD>', help('help.suppress_add.until'))
    .option('--creditor <name>', help('help.suppress_add.creditor'))
    .action(async (opts: { phone?: string; code?: string; reason?: string; until?: string; creditor?: string }, command: Command) => {
      if ((opts.phone === undefined) === (opts.code === undefined)) throw new Failure('cli.give_exactly_one', { options: ['--phone P', '--code C'] });
      const input = { phone: opts.phone, code: opts.code, reason: reasonOf(opts.reason), until: untilOf(opts.until), creditor: opts.creditor };
      await withApp(command, async (ctx) => {
        const { entry, created } = await call(ctx, 'ledger:add', input);
        await printAnswer(
          command,
          { ...entry, created },
          (lang) => `${words(lang, created ? 'line.ledger.added' : 'line.ledger.replaced', { id: entry.id, entry: entryWords(entry, lang, true) })}\n`,
        );
      });
    });

  suppress
    .command('import')
    .description(help('help.suppress_import.what'))
    .argument('<file>', help('help.common.sheet_file'))
    .option('--mapping <file>', help('help.suppress_import.mapping', { example: LEDGER_MAPPING_EXAMPLE }))
    .option('--reason <reason>', help('help.suppress_import.reason', { reasons }), 'other')
    .action(async (file: string, opts: { mapping?: string; reason?: string }, command: Command) => {
      const mapping = opts.mapping ? await readLedgerMapping(opts.mapping) : undefined;
      const reason = reasonOf(opts.reason);
      await withApp(command, async (ctx) => {
        const fileId = await openLocalFile(ctx, file);
        const s = await call(ctx, 'ledger:import', { fileId, mapping, reason });
        await printAnswer(
          command,
          s,
          (lang) => `${words(lang, 'line.ledger.imported', { file: s.file, sheet: s.sheet, added: s.added, updated: s.updated })}\n`,
        );
        const { lang } = globals(command);
        for (const p of s.problems) process.stderr.write(rowProblemLine(p, lang));
        // A row whose phone or code could not be read gave nothing; one whose reason or last day could not,
        // was held anyway (the safe side): either is said, exit 2.
        const lost = new Set(s.problems.filter((p) => KEY_PROBLEMS.has(p.code)).map((p) => p.row)).size;
        if (lost > 0) throw new Failure('cli.rows_not_imported', { count: lost, file: s.file });
        const held = new Set(s.problems.map((p) => p.row)).size;
        if (held > 0) throw new Failure('cli.rows_imported_held', { count: held, file: s.file });
      });
    });

  suppress
    .command('list')
    .description(help('help.suppress_list.what'))
    .option('--search <phone-or-code>', help('help.suppress_list.search'))
    .option('--offset <n>', help('help.suppress_list.offset'), wholeNumber(0), 0)
    .option('--limit <n>', help('help.suppress_list.limit'), wholeNumberIn(1, 1000), 100)
    .action(async (opts: { search?: string; offset: number; limit: number }, command: Command) => {
      await withApp(command, async (ctx) => {
        const listing = await call(ctx, 'ledger:list', { search: opts.search, offset: opts.offset, limit: opts.limit });
        const { lang } = globals(command);
        for (const n of listing.notices) process.stderr.write(noticeLine(n, lang));
        // A list of millions is paged: say which part of it this is (on stderr: the table stays the table).
        const shared = listing.shared;
        if (shared && !globals(command).json)
          process.stderr.write(
            `${words(lang, 'line.ledger.shared_page', { file: shared.file, count: shared.count, matching: shared.matching, from: Math.min(shared.offset + 1, shared.matching), to: Math.min(shared.offset + shared.limit, shared.matching) })}\n`,
          );
        await printAnswer(command, listing, (lang) => ({
          head: ['id', 'list', 'kind', 'value', 'reason', 'until', 'creditor', 'active', 'added by', 'added'],
          rows: listing.entries.map((e) => [
            e.id,
            e.source,
            e.kind,
            e.value,
            e.reason,
            e.until,
            e.creditor,
            words(lang, e.active ? 'line.table.yes' : 'line.table.expired', {}),
            e.addedBy,
            e.addedAt.slice(0, 10),
          ]),
        }));
      });
    });

  suppress
    .command('remove')
    .description(help('help.suppress_remove.what'))
    .argument('<id>', help('help.suppress_remove.id'))
    .action(async (id: string, _opts: unknown, command: Command) => {
      if (!/^\d+$/.test(id) || Number(id) < 1) throw new Failure('cli.bad_value.whole_number', { what: '<id>', value: id, min: 1 });
      await withApp(command, async (ctx) => {
        const { removed, released } = await call(ctx, 'ledger:remove', { id: Number(id) });
        await printAnswer(command, { ...removed, released }, (lang) => [
          `${words(lang, 'line.ledger.removed', { id: removed.id, entry: entryWords(removed, lang, false) })}\n`,
          released > 0 ? `${words(lang, 'line.ledger.released', { count: released })}\n` : '',
        ]);
      });
    });

  return suppress;
}
