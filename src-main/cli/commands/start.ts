// `casedesk start` (what `npm start` runs): the desktop app where Electron is installed, otherwise
// (or with --browser) the same app in a browser, served on 127.0.0.1 with the Demo service running.
import { Command } from 'commander';
import { globals } from '../cli-context';
import { noteLine, words } from '../cli-globals';
import { portNumber } from '../cli-options';
import type { HelpWords } from '../cli-help';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NATIVE_BUILD_COMMAND } from '../../sqlite/native-binding';

/** This file is src-main/cli/commands/start.ts under tsx, bundled into out/cli/ otherwise. */
const PROJECT_ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../..' : '../..', import.meta.url));

/**
 * The Electron binary, if it was ever downloaded on this machine. Requiring the `electron` package
 * would try to download it (and fail where only the npm registry is reachable), so look, don't touch.
 */
function electronBinary(): string | null {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Builds (or finds up to date) the Electron-ABI copy of the store's native module; its script says what it does. */
function prepareElectronNative(): boolean {
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'native-electron.mjs')], { stdio: 'inherit' });
  return run.status === 0;
}

export function startCommand(help: HelpWords): Command {
  return new Command('start')
    .description(help('help.start.what'))
    .option('--browser', help('help.start.browser'), false)
    .option('--port <n>', help('help.start.port'), portNumber, 0)
    .action(async (opts: { browser: boolean; port: number }, command: Command) => {
      const electron = opts.browser ? null : electronBinary();
      const { lang } = globals(command);
      if (!electron && !opts.browser) process.stderr.write(noteLine('note', { code: 'start.no_electron', params: {} }, lang));
      // The policy and the data folder it allows first: one that cannot be used stops here, before a build.
      const { cliPolicy, dataDirOf } = await import('../cli-policy');
      const policy = cliPolicy();
      const dataDir = dataDirOf(command, policy);
      if (electron) {
        // Electron cannot load the native module npm install built for Node: its own copy first.
        if (!prepareElectronNative()) {
          process.stderr.write(noteLine('note', { code: 'native.electron_build_failed', params: { command: NATIVE_BUILD_COMMAND } }, lang));
          process.exitCode = 1;
          return;
        }
        const { build } = await import('electron-vite');
        await build({ configFile: `${PROJECT_ROOT}/electron.vite.config.ts` });
        const child = spawn(electron, [PROJECT_ROOT], { stdio: 'inherit', env: { ...process.env, CASEDESK_DATA_DIR: dataDir } });
        await new Promise((resolve) => child.once('exit', resolve));
        return;
      }
      const [{ buildRenderer }, { startBrowserHost }, { openAppContext }] = await Promise.all([
        import('../../host/renderer-build'),
        import('../../host/browser-host'),
        import('../cli-app'),
      ]);
      // A test run builds out/renderer once (its global setup) and says so: rebuilding it here would
      // cost seconds a run and rewrite the files other tests' hosts are serving.
      const rendererDir = await buildRenderer({ ifMissing: process.env.CASEDESK_RENDERER_BUILT === '1' });
      const ctx = openAppContext(dataDir, lang, {
        policy,
        preparationInWorker: true,
        credentials: () => null,
        face: 'app',
      });
      const demoUrl = await ctx.baseUrl('demo');
      // A host that cannot start (the port taken) must not leave the store open and the process running.
      const host = await startBrowserHost(ctx, { rendererDir, port: opts.port }).catch(async (err: unknown) => {
        await ctx.close();
        throw err;
      });
      process.stdout.write(`${words(lang, 'line.start.running', { url: host.url })}\n`);
      process.stdout.write(`${demoUrl ? words(lang, 'line.start.demo', { url: demoUrl }) : words(lang, 'line.start.stop', {})}\n`);
      await new Promise<void>((resolve) => {
        const stop = () =>
          void host
            .close()
            .then(() => ctx.close())
            .then(resolve, resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}
