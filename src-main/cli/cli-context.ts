// What every CLI command shares: the global options, credentials from the environment, failures
// with their exit code, output as a table or (with --json) as the service's own objects. Only
// commander and Node here: the app itself (store, surface, SheetJS, HTTP) is in cli-app.ts and loads
// with the first command that runs, so `casedesk --help` starts at once.
import type { Command } from 'commander';
import type { AppContext } from '../surface/app-context-types';
import type { FailureLang } from '../domain/failures/failure';
import { globals, printableText, words } from './cli-globals';
import type { ProcedureName, ProcedureOutputs } from '../surface/procedures';
import type { AsSentName, AsSentOutputs } from '../surface/as-sent';

// Kept apart so cli-app.ts and cli-policy.ts can use them without importing this file back.
export { CliFailure, envCredentials, globals, type GlobalOptions } from './cli-globals';

const app = () => import('./cli-app');

/** Runs `work` with an app context for this run's data folder (the policy's, when it sets one), and always closes it. */
export async function withApp<T>(command: Command, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  return (await app()).withApp(command, work);
}

/** Calls a procedure; its failure becomes a CliFailure with the surface's plain message. */
export async function call<N extends ProcedureName>(ctx: AppContext, name: N, input: unknown): Promise<ProcedureOutputs[N]> {
  return (await app()).call(ctx, name, input);
}

/**
 * Calls a procedure that answers with a service object and gives the object as the service sent it:
 * the CLI's output for scripts (--json) is the service's own, what it printed before the surface had views.
 */
export async function callAsSent<N extends AsSentName>(ctx: AppContext, name: N, input: unknown): Promise<AsSentOutputs[N]> {
  return (await app()).callAsSent(ctx, name, input);
}

/** A file the user named on the command line, as the id the file procedures take. */
export async function openLocalFile(ctx: AppContext, path: string): Promise<string> {
  return (await app()).openLocalFile(ctx, path);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

type Cell = string | number | null | undefined;

/** The line a table without rows prints instead. */
type NoneLine = 'line.table.none' | 'line.bots.none';

/** A table for a person: its column keys as they are, its rows, and what it says when it has none. */
export interface Table {
  head: string[];
  rows: Cell[][];
  none?: NoneLine;
}

/** What a command shows a person: a table, text as it is (its own line ends), or several in order. */
export type ForAPerson = Table | string | readonly (Table | string)[];

/**
 * A command's answer: with --json `value` as it is (what scripts read), else what `forAPerson` shows
 * of it in the run's --lang.
 */
export async function printAnswer(command: Command, value: unknown, forAPerson: (lang: FailureLang) => ForAPerson): Promise<void> {
  const { json, lang } = globals(command);
  if (json) return printJson(value);
  for (const part of [forAPerson(lang)].flat()) {
    if (typeof part === 'string') process.stdout.write(part);
    else await printTable(part.head, part.rows, lang, part.none);
  }
}

/**
 * Rows a table for a person takes; more are printed as several tables, each with its header. The
 * table module lays a table out whole, and past about 100,000 rows it failed (its call stack ran out).
 */
export const TABLE_ROWS = 100;

/** A table for a person (its column keys as they are, `(none)` worded in `lang`); --json is what scripts read. */
export async function printTable(head: string[], rows: Cell[][], lang: FailureLang, none: NoneLine = 'line.table.none'): Promise<void> {
  if (rows.length === 0) {
    await writeOut(`${words(lang, none, {})}\n`);
    return;
  }
  const { default: CliTable } = await import('cli-table3');
  for (let from = 0; from < rows.length; from += TABLE_ROWS) {
    const table = new CliTable({ head: head.map(printableText), style: { head: [], border: [], compact: true } });
    // Names and reasons come from files and the service: no escape sequence reaches the terminal.
    for (const row of rows.slice(from, from + TABLE_ROWS)) table.push(row.map((v) => (v === null || v === undefined ? '' : printableText(String(v)))));
    await writeOut(`${table.toString()}\n`);
  }
}

/** Writes to stdout, waiting while a slow reader (a pipe, a pager) has not taken what was written before. */
async function writeOut(text: string): Promise<void> {
  if (process.stdout.write(text)) return;
  // A reader gone (casedesk.mjs ends the run on EPIPE) never drains: its error or close ends the wait too.
  await new Promise<void>((resolve) => {
    const done = () => {
      for (const event of ['drain', 'error', 'close'] as const) process.stdout.off(event, done);
      resolve();
    };
    for (const event of ['drain', 'error', 'close'] as const) process.stdout.once(event, done);
  });
}

/**
 * An answer that comes a page at a time (a million-case batch's issues): with --json one array,
 * written as its items come and as printJson writes it; for a person, tables of the rows so far.
 */
export function pagedAnswer<T>(
  command: Command,
  table: { head: string[]; row: (item: T) => Cell[] },
): { add(items: readonly T[]): Promise<void>; end(): Promise<void> } {
  const { json, lang } = globals(command);
  let count = 0;
  return {
    async add(items) {
      if (items.length === 0) return;
      if (json) {
        // Indented at its line breaks only: `^` with the m flag also matches after U+2028 in a string.
        const text = items.map((item) => `  ${JSON.stringify(item, null, 2).replaceAll('\n', '\n  ')}`).join(',\n');
        await writeOut(`${count === 0 ? '[\n' : ',\n'}${text}`);
      } else await printTable(table.head, items.map(table.row), lang);
      count += items.length;
    },
    async end() {
      if (json) await writeOut(count === 0 ? '[]\n' : '\n]\n');
      else if (count === 0) await printTable(table.head, [], lang);
    },
  };
}
