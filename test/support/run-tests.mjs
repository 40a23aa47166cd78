// `npm test`: every test (vitest), with the static checks (`npm run lint`, `npm run typecheck`) beside
// it at the lowest CPU priority. The tests wait on child processes, servers and Chromium for about a
// quarter of their run on two cores; the checks fill that idle time instead of taking a minute of
// their own before the tests start (issue 31). At the lowest priority they barely slow a test down.
// The checks' output is printed whole after the tests', so nothing interleaves; the run fails when any
// of the three fails, and all three always run to their end, so one failure never hides another's.
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

const CHECKS = ['lint', 'typecheck'];

/** The npm that runs this file when there is one (`npm test`), else the one on the PATH. */
function npmCommand(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli ? [process.execPath, [npmCli, ...args]] : ['npm', args];
}

/**
 * The commands still running: a signal that stops this run is passed on to them, so none is left
 * behind. npm does not pass SIGTERM on to the script it runs, so the checks run in a process group of
 * their own (POSIX), and the whole group is signalled.
 */
const running = new Map();
const ownGroup = process.platform !== 'win32';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.exitCode = 1;
    for (const [child, grouped] of running) {
      try {
        if (grouped) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    }
  });
}

/** Runs a command to its end; resolves with its exit code and, unless it inherits stdio, its output. */
function run([command, args], { quiet, lowPriority }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: quiet && ownGroup,
      shell: command === 'npm' && process.platform === 'win32',
    });
    running.set(child, quiet && ownGroup);
    child.once('close', () => running.delete(child));
    // Set before npm starts its own children (it takes a while to load), so they inherit it.
    if (lowPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch (error) {
        process.stderr.write(`npm test: the checks run at normal priority (${error.code ?? error.message})\n`);
      }
    }
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => resolve({ code: 1, output: Buffer.from(`${error.message}\n`) }));
    child.once('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(output) }));
  });
}

const checks = CHECKS.map((script) =>
  run(npmCommand(['run', '-s', script]), { quiet: true, lowPriority: true }).then((r) => ({ ...r, name: `npm run ${script}` })),
);
const vitestBin = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const tests = run([process.execPath, [vitestBin, 'run', ...process.argv.slice(2)]], { quiet: false, lowPriority: false });

const testsResult = await tests;
const results = await Promise.all(checks);
for (const { name, code, output } of results) {
  process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
  process.stdout.write(output);
}
const failed = [...results.filter((r) => r.code !== 0).map((r) => r.name), ...(testsResult.code === 0 ? [] : ['vitest run'])];
process.stdout.write(failed.length === 0 ? '\nnpm test: lint, typecheck and every test passed\n' : `\nnpm test failed: ${failed.join(', ')}\n`);
if (failed.length > 0) process.exitCode = 1;
