// `casedesk diagnostics --out FILE.zip`: the zip for IT that Settings exports (no personal data, no
// secret), written 0600; an existing file is replaced only with --force.
import { Failure } from '../../domain/failures/failure';
import { Command } from 'commander';
import { noteLine } from '../cli-globals';
import type { HelpWords } from '../cli-help';

export function diagnosticsCommand(help: HelpWords): Command {
  return new Command('diagnostics')
    .description(help('help.diagnostics.what'))
    .requiredOption('--out <file>', help('help.diagnostics.out'))
    .option('--force', help('help.diagnostics.force'), false)
    .action(async (opts: { out: string; force: boolean }, command: Command) => {
      // Loaded when the command runs: the app's code is only needed then.
      const { existsSync } = await import('node:fs');
      const { resolve } = await import('node:path');
      const { call, globals, printJson, withApp } = await import('../cli-context');
      const { audit } = await import('../../surface/audit-trail');
      const file = resolve(opts.out);
      if (!opts.force && existsSync(file)) throw new Failure('cli.file_exists', { file: opts.out });
      await withApp(command, async (ctx) => {
        const download = await call(ctx, 'diagnostics:export', {});
        const bytes = Buffer.from(download.base64, 'base64');
        await writePrivate(file, bytes, opts.force, () => new Failure('cli.file_exists', { file: opts.out }));
        audit(ctx, { action: 'diagnostics.exported', bytes: bytes.length, to: 'file', path: file });
        const { json, lang } = globals(command);
        if (json) printJson({ file, bytes: bytes.length });
        else process.stderr.write(noteLine('note', { code: 'diagnostics.written', params: { file, bytes: bytes.length } }, lang));
      });
    });
}

/**
 * Written 0600. Without `replace`, a file that appeared meanwhile is still not overwritten; with it,
 * the new file is complete before it takes the old one's place. Other refusals (a missing folder, a
 * read-only one, a full disk) are failures of the catalog (exports/write-failure.ts).
 */
async function writePrivate(file: string, bytes: Buffer, replace: boolean, exists: () => Error): Promise<void> {
  const { randomBytes } = await import('node:crypto');
  const { rename, rm, writeFile } = await import('node:fs/promises');
  const { writeFailure } = await import('../../exports/write-failure');
  // Said of the file the agent named, even when the temporary one beside it was refused.
  const refusal = (err: unknown) => ((err as NodeJS.ErrnoException).code === 'EEXIST' && !replace ? exists() : (writeFailure(err, file) ?? err));
  if (!replace) {
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 }).catch((err: unknown) => {
      throw refusal(err);
    });
    return;
  }
  const part = `${file}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(part, bytes, { flag: 'wx', mode: 0o600 });
    await rename(part, file);
  } catch (err) {
    throw refusal(err);
  } finally {
    // Gone once renamed; never there when its folder is not (ENOTDIR is not what force forgives).
    await rm(part, { force: true }).catch(() => undefined);
  }
}
