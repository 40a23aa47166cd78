// The command-line face of CaseDesk. Each command lives in ./commands and shares the app's code.
import { Command, CommanderError, Option } from 'commander';
import { homedir } from 'node:os';
import { defaultDataDir, homeOf } from '../store/default-data-dir';
import { Failure } from '../domain/failures/failure';
import { CliFailure } from './cli-context';
import type { FailureLang } from '../domain/failures/failure';
import { defaultLang, exitCodeOf, failureWords, languageOf, printableText, terminalWords, type GlobalOptions } from './cli-globals';
import { helpWords, wordHelp } from './cli-help';
import { refuseWithFailures } from './cli-usage';
import { auditCommand } from './commands/audit';
import { diagnosticsCommand } from './commands/diagnostics';
import { emulatorCommand } from './commands/emulator';
import { addResultsSummary, followupCommand } from './commands/followup';
import { addResultsDelete, batchesCommand, purgeCommand, wipeCommand } from './commands/lifecycle';
import { batchCommands } from './commands/batches';
import { addInboundSync, resultsCommands } from './commands/results';
import { policyCommand } from './commands/policy';
import { startCommand } from './commands/start';
import { serviceCommands } from './commands/service';
import { addCampaignControl, uploadCommand } from './commands/sync';
import { sessionCommands } from './commands/session';
import { suppressCommand } from './commands/suppress';

/** The folder --help names: CASEDESK_DATA_DIR, else the default the app uses too (cli-policy.ts decides, and moves an old store). */
export function shownDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CASEDESK_DATA_DIR || defaultDataDir({ platform: process.platform, env, home: homeOf(env, homedir) });
}

/** The whole `casedesk` program, its help worded in `lang` (the run's: see languageOf). */
export function buildProgram(lang: FailureLang): Command {
  const help = helpWords(lang);
  const program = new Command('casedesk')
    .description(help('help.program'))
    .option('--data-dir <dir>', help('help.global.data_dir'), shownDataDir())
    .option('--json', help('help.global.json'), false)
    .addOption(new Option('--lang <lang>', help('help.global.lang')).choices(['en', 'es']).default(defaultLang()))
    .showHelpAfterError()
    .exitOverride();
  const service = serviceCommands(help);
  const campaigns = service.find((c) => c.name() === 'campaigns');
  if (campaigns) addCampaignControl(campaigns, help);
  const inbound = service.find((c) => c.name() === 'inbound');
  if (inbound) addInboundSync(inbound, help);
  const results = resultsCommands(help);
  const resultsCommand = results.find((c) => c.name() === 'results');
  if (resultsCommand) {
    addResultsDelete(resultsCommand, help);
    addResultsSummary(resultsCommand, help);
  }
  for (const command of [
    ...sessionCommands(help),
    ...service,
    ...batchCommands(help),
    uploadCommand(help),
    followupCommand(help),
    ...results,
    auditCommand(help),
    startCommand(help),
    emulatorCommand(help),
  ])
    program.addCommand(command);
  for (const command of [batchesCommand(help), purgeCommand(help), wipeCommand(help), policyCommand(help)]) program.addCommand(command);
  program.addCommand(diagnosticsCommand(help));
  program.addCommand(suppressCommand(help));
  overrideExits(program);
  wordHelp(program, lang);
  return program;
}

/**
 * Commands built apart do not inherit the program's exitOverride: each throws to main() instead of
 * exiting; and each refuses a bad command line with a failure of the catalog (worded in --lang).
 */
function overrideExits(command: Command): void {
  command.exitOverride();
  refuseWithFailures(command);
  for (const sub of command.commands) overrideExits(sub);
}

/** Runs the CLI with these arguments; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram(languageOf(argv));
  try {
    await program.parseAsync(argv, { from: 'user' });
    // A command that ends well can still have something to say by its exit code (an upload that paused: 4);
    // it sets process.exitCode, and the caller (casedesk.mjs) writes what main returns over it.
    return exitCodeSetByCommand();
  } catch (err) {
    // Commander has printed its own words; help and version end well, anything else was bad input.
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    // A failure of the catalog is worded in the run's language; only an unforeseen error says its own message.
    const lang = program.opts<Partial<GlobalOptions>>().lang ?? defaultLang();
    if (err instanceof CliFailure && err.failure) {
      const hint = err.hint ? ` ${terminalWords(lang, err.hint)}` : '';
      console.error(`casedesk: ${failureWords(err.failure, lang)}${hint}`);
    } else if (err instanceof Failure) console.error(`casedesk: ${failureWords(err.toData(), lang)}`);
    else console.error(`casedesk: ${printableText(String((err as Error)?.message ?? err))}`);
    if (err instanceof Failure) return exitCodeOf(err.toData());
    return err instanceof CliFailure ? err.exitCode : 1;
  }
}

function exitCodeSetByCommand(): number {
  const code = Number(process.exitCode ?? 0);
  return Number.isInteger(code) ? code : 1;
}
