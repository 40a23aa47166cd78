// `casedesk diagnostics --out FILE.zip`: the zip for IT that Settings exports (no personal data, no
// secret), written 0600 as every export (../export-file.ts); an existing file is replaced only with --force.
import { Command } from 'commander';
import { noteLine } from '../cli-globals';
import type { HelpWords } from '../cli-help';

export function diagnosticsCommand(help: HelpWords): Command {
  return new Command('diagnostics')
    .description(help('help.diagnostics.what'))
    .requiredOption('--out <file>', help('help.diagnostics.out'))
    .option('--force', help('help.common.force'), false)
    .action(async (opts: { out: string; force: boolean }, command: Command) => {
      // Loaded when the command runs: the app's code is only needed then.
      const { resolve } = await import('node:path');
      const { call, globals, printJson, withApp } = await import('../cli-context');
      const { refuseTakenPath, writeExportFile } = await import('../export-file');
      const { audit } = await import('../../app/audit-trail');
      const file = resolve(opts.out);
      refuseTakenPath(opts.out, opts.force);
      await withApp(command, async (ctx) => {
        const download = await call(ctx, 'diagnostics:export', {});
        const bytes = Buffer.from(download.base64, 'base64');
        await writeExportFile(opts.out, bytes, opts.force);
        audit(ctx, { action: 'diagnostics.exported', bytes: bytes.length, to: 'file', path: file });
        const { json, lang } = globals(command);
        if (json) printJson({ file, bytes: bytes.length });
        else process.stderr.write(noteLine('note', { code: 'diagnostics.written', params: { file, bytes: bytes.length } }, lang));
      });
    });
}
