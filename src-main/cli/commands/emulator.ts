// `casedesk emulator`: the local service, for development, tests and the Demo environment.
import { Failure } from '../../domain/failures/failure';
import { Command, Option } from 'commander';
import { parseHost } from '../../emulator/request-guard';
import { globals, noteLine } from '../cli-globals';
import { BadValue, portNumber, wholeNumber } from '../cli-options';
import { lstatSync, readFileSync } from 'node:fs';
import type { HelpWords } from '../cli-help';

function positiveNumber(value: string) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new BadValue('cli.bad_value.positive_number', value);
  return n;
}

/** Another user's link at --db (or its -wal, -shm) would have its target written and its mode changed: refused. */
export function refuseDbLinks(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw new Failure('emulator.db_link', { path });
  }
}

/** Collects --allowed-host values, each a host name as a Host header would carry it. */
function hostName(value: string, names: string[]): string[] {
  if (!parseHost(value)) throw new BadValue('cli.bad_value.host', value);
  return [...names, value];
}

function readPem(file: string, flag: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Failure('cli.pem_unreadable', { option: flag, file });
  }
  if (!text.includes('-----BEGIN ')) throw new Failure('cli.not_pem', { option: flag, file });
  return text;
}

/** The options as commander parses them. */
interface EmulatorOptions {
  port: number;
  host: string;
  allowedHost: string[];
  seed?: string;
  db?: string;
  speed?: number;
  faults: boolean;
  pageSize: number;
  accessTtl: number;
  refreshTtl: number;
  uploadLimit?: number;
  randomSeed: number;
  createStatus: 'paused' | 'guide';
  tlsCert?: string;
  tlsKey?: string;
}

export function emulatorCommand(help: HelpWords): Command {
  return new Command('emulator')
    .description(help('help.emulator.what'))
    .option('--port <n>', help('help.emulator.port'), portNumber, 0)
    .option('--host <host>', help('help.emulator.host'), '127.0.0.1')
    .option('--allowed-host <name>', help('help.emulator.allowed_host'), hostName, [] as string[])
    .option('--seed <file>', help('help.emulator.seed'))
    .option('--db <file>', help('help.emulator.db'))
    .option('--speed <x>', help('help.emulator.speed'), positiveNumber)
    .option('--faults', help('help.emulator.faults'), false)
    .option('--page-size <n>', help('help.emulator.page_size'), wholeNumber(1), 20)
    .option('--access-ttl <seconds>', help('help.emulator.access_ttl'), wholeNumber(1), 300)
    .option('--refresh-ttl <seconds>', help('help.emulator.refresh_ttl'), wholeNumber(1), 86_400)
    .option('--upload-limit <bytes>', help('help.emulator.upload_limit'), wholeNumber(1))
    .option('--random-seed <n>', help('help.emulator.random_seed'), wholeNumber(0), 42)
    .option('--tls-cert <file>', help('help.emulator.tls_cert'))
    .option('--tls-key <file>', help('help.emulator.tls_key'))
    .addOption(new Option('--create-status <story>', help('help.emulator.create_status')).choices(['paused', 'guide']).default('paused'))
    .action(async (opts: EmulatorOptions, command: Command) => {
      if ((opts.tlsCert === undefined) !== (opts.tlsKey === undefined)) throw new Failure('cli.options_together', { options: ['--tls-cert', '--tls-key'] });
      const tls =
        opts.tlsCert !== undefined && opts.tlsKey !== undefined
          ? { cert: readPem(opts.tlsCert, '--tls-cert'), key: readPem(opts.tlsKey, '--tls-key') }
          : undefined;
      if (opts.db !== undefined) refuseDbLinks(opts.db);
      const { startEmulator } = await import('../../emulator');
      const emulator = await startEmulator({
        tls,
        port: opts.port,
        host: opts.host,
        allowedHosts: opts.allowedHost,
        seedFile: opts.seed,
        dbFile: opts.db,
        speed: opts.speed,
        faults: opts.faults,
        pageSize: opts.pageSize,
        accessTtlSeconds: opts.accessTtl,
        refreshTtlSeconds: opts.refreshTtl,
        uploadBodyLimit: opts.uploadLimit,
        randomSeed: opts.randomSeed,
        createStatus: opts.createStatus,
      });
      // A protocol line, not a message: tests and scripts read the URL off it, so it is never worded in --lang.
      console.log(`listening on ${emulator.url}`);
      if (opts.host !== '127.0.0.1' && opts.host !== 'localhost' && opts.host !== '::1') {
        const { lang } = globals(command);
        process.stderr.write(noteLine('warning', { code: 'emulator.reachable', params: {} }, lang));
        // Without this, another machine's requests (Host: this machine's name or address) get 421.
        if (opts.allowedHost.length === 0) process.stderr.write(noteLine('note', { code: 'emulator.own_address_only', params: {} }, lang));
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          emulator.close().then(resolve, resolve);
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
