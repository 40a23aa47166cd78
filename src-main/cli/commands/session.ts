// `casedesk login`, `logout`, `whoami`.
import { Command } from 'commander';
import type { Environment } from '../../domain/environments';
import { call, envCredentials, globals, printJson, withApp } from '../cli-context';
import { ask } from '../prompt';
import { envOption } from '../cli-options';

export function sessionCommands(): Command[] {
  const login = new Command('login')
    .description('sign in (e-mail and password from CASEDESK_EMAIL / CASEDESK_PASSWORD, or asked)')
    .addOption(envOption('environment').default('demo'))
    .option('--base-url <url>', 'the service address of test or production (https)')
    .action(async (opts: { env: Environment; baseUrl?: string }, command: Command) => {
      const given = envCredentials();
      const email = given?.email ?? (await ask(`E-mail for ${opts.env}${opts.env === 'demo' ? ' (demo@casedesk.local)' : ''}: `));
      const password = given?.password ?? (await ask('Password: ', { secret: true }));
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:signIn', { environment: opts.env, email, password, baseUrl: opts.baseUrl });
        if (globals(command).json) printJson(status);
        else process.stdout.write(`Signed in to ${status.environment} as ${status.email}.\n`);
        // The access token lives in memory only, and refresh needs it: each later run signs in again.
        if (!given && !globals(command).json) process.stdout.write('Set CASEDESK_EMAIL and CASEDESK_PASSWORD to let later commands sign in by themselves.\n');
      });
    });

  const logout = new Command('logout')
    .description('sign out and forget the tokens')
    .addOption(envOption('environment'))
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:signOut', { environment: opts.env });
        if (globals(command).json) printJson(status);
        else process.stdout.write(`Signed out of ${status.environment}.\n`);
      });
    });

  const whoami = new Command('whoami')
    .description('who is signed in, where')
    .addOption(envOption('environment'))
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:status', { environment: opts.env });
        if (globals(command).json) printJson(status);
        else if (status.email)
          process.stdout.write(`${status.email} on ${status.environment} (${status.state})${status.baseUrl ? ` at ${status.baseUrl}` : ''}\n`);
        else process.stdout.write(`Nobody is signed in to ${status.environment}.\n`);
      });
    });

  return [login, logout, whoami];
}
