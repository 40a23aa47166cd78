// `npm test`'s static checks, side by side: `npm run lint` (prettier, eslint, dependency-cruiser in
// turn) and `npm run typecheck` (tsc, then vue-tsc) each keep one core busy, and CI has two (issue 31).
// Each one's output is printed whole once it ends, so the two never interleave; the run fails when
// either fails, and both always run to their end, so one failure never hides the other's.
import { spawn } from 'node:child_process';

const SCRIPTS = ['lint', 'typecheck'];

/** `npm run -s <script>`, its output kept: the npm that runs this file when there is one. */
function run(script) {
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli ? [process.execPath, [npmCli]] : ['npm', []];
  return new Promise((resolve) => {
    const child = spawn(command, [...args, 'run', '-s', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: !npmCli && process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.once('error', (error) => resolve({ script, code: 1, output: Buffer.from(`${error.message}\n`) }));
    child.once('close', (code) => resolve({ script, code: code ?? 1, output: Buffer.concat(output) }));
  });
}

const results = await Promise.all(SCRIPTS.map(run));
for (const { script, code, output } of results) {
  process.stdout.write(`> npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`}\n`);
  process.stdout.write(output);
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
