// `casedesk login`, `logout`, `whoami`.
import { Command } from 'commander';
import type { Environment } from '../../domain/environments';
import type { FailureLang } from '../../domain/failures/failure';
import type { CliTextCode } from '../texts/cli-text';
import type { SessionStatus } from '../../surface/procedures';
import { call, envCredentials, globals, printAnswer, withApp } from '../cli-context';
import { words } from '../cli-globals';
import { ask } from '../prompt';
import { envOption } from '../cli-options';
import type { HelpWords } from '../cli-help';

/** The demo account, named in the prompt (the app's Demo service takes any password for it). */
const DEMO_EMAIL = 'demo@casedesk.local';

const SESSION_STATES = {
  active: 'line.session.state.active',
  expired: 'line.session.state.expired',
  'signed-out': 'line.session.state.signed_out',
} as const satisfies Record<SessionStatus['state'], CliTextCode>;

/** Who is signed in where, as `whoami` prints it; the e-mail and address are the service's and the user's: printable. */
export function whoLine(status: SessionStatus, lang: FailureLang): string {
  if (!status.email) return `${words(lang, 'line.session.nobody', { environment: status.environment })}\n`;
  const state = words(lang, SESSION_STATES[status.state], {});
  const who = { email: status.email, environment: status.environment, state };
  return `${status.baseUrl ? words(lang, 'line.session.who_at', { ...who, baseUrl: status.baseUrl }) : words(lang, 'line.session.who', who)}\n`;
}

export function sessionCommands(help: HelpWords): Command[] {
  const login = new Command('login')
    .description(help('help.login.what'))
    .addOption(envOption(help('help.common.env')).default('demo'))
    .option('--base-url <url>', help('help.login.base_url'))
    .action(async (opts: { env: Environment; baseUrl?: string }, command: Command) => {
      const { lang } = globals(command);
      const given = envCredentials();
      const emailPrompt =
        opts.env === 'demo'
          ? words(lang, 'line.prompt.email_example', { environment: opts.env, example: DEMO_EMAIL })
          : words(lang, 'line.prompt.email', { environment: opts.env });
      const email = given?.email ?? (await ask(emailPrompt));
      const password = given?.password ?? (await ask(words(lang, 'line.prompt.password', {}), { secret: true }));
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:signIn', { environment: opts.env, email, password, baseUrl: opts.baseUrl });
        await printAnswer(command, status, () => [
          `${words(lang, 'line.session.signed_in', { environment: status.environment, email: status.email ?? '' })}\n`,
          // The access token lives in memory only, and refresh needs it: each later run signs in again.
          given ? '' : `${words(lang, 'line.session.sign_in_by_env', {})}\n`,
        ]);
      });
    });

  const logout = new Command('logout')
    .description(help('help.logout.what'))
    .addOption(envOption(help('help.common.env')))
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:signOut', { environment: opts.env });
        await printAnswer(command, status, (lang) => `${words(lang, 'line.session.signed_out', { environment: status.environment })}\n`);
      });
    });

  const whoami = new Command('whoami')
    .description(help('help.whoami.what'))
    .addOption(envOption(help('help.common.env')))
    .action(async (opts: { env?: Environment }, command: Command) => {
      await withApp(command, async (ctx) => {
        const status = await call(ctx, 'session:status', { environment: opts.env });
        await printAnswer(command, status, (lang) => whoLine(status, lang));
      });
    });

  return [login, logout, whoami];
}
